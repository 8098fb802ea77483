// The draft's format (Markdown or LaTeX) in the "Review a draft" panel. Until the person picks
// one, it follows the pasted text: clearly LaTeX text selects LaTeX, anything else Markdown. A
// pick wins over the guess and is kept across a reload (a guess is not kept: it is made again
// from the kept draft).

import { remember, remembered } from "./keep.js";

const KEPT = "review-format";
export const FORMATS = ["markdown", "latex"];

// Commands a Markdown report does not contain: the document's frame, a citation command with
// its braces, a thebibliography. `\cite` alone (no brace) may be prose about LaTeX.
const CLEARLY_LATEX = /\\documentclass\b|\\begin\{(?:document|thebibliography)\}|\\(?:no)?cite[a-zA-Z]*\*?(?:\[[^\]\n]*\]){0,2}\{/;

export function looksLikeLatex(text) {
  return CLEARLY_LATEX.test(text);
}

// What the panel shows for each format: the draft's label and placeholder (from the textarea's
// data-placeholder-<format>), the annotated copy's title and its download.
export const SHOWN = {
  markdown: {
    label: "Markdown draft",
    name: "Markdown",
    annotated: "Annotated Markdown (a footnote per cited sentence)",
    file: "annotated.md",
    type: "text/markdown;charset=utf-8",
  },
  latex: {
    label: "LaTeX draft",
    name: "LaTeX",
    annotated: "Annotated LaTeX (a “% claimaudit:” comment line per paper after each cited sentence)",
    file: "annotated.tex",
    type: "text/x-tex;charset=utf-8",
  },
};

// Wires the radio buttons to `draft`; returns () => the chosen format.
export function initDraftFormat(draft) {
  const radios = FORMATS.map((format) => document.getElementById(`draft-format-${format}`));
  const label = document.getElementById("draft-label");
  const picked = remembered(KEPT);
  let chosen = FORMATS.includes(picked) ? picked : null;

  function show(format) {
    for (const radio of radios) radio.checked = radio.value === format;
    label.textContent = SHOWN[format].label;
    draft.placeholder = draft.dataset[`placeholder${format === "latex" ? "Latex" : "Markdown"}`];
  }

  const current = () => chosen || (looksLikeLatex(draft.value) ? "latex" : "markdown");

  for (const radio of radios) {
    radio.addEventListener("change", () => {
      if (!radio.checked) return;
      chosen = radio.value;
      remember(KEPT, chosen);
      show(chosen);
    });
  }
  draft.addEventListener("input", () => {
    if (!chosen) show(current());
  });
  show(current());
  return current;
}
