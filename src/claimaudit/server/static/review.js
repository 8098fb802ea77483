// The "Review a draft" panel: paste a Markdown or LaTeX draft (and its bibliography, if it cites
// keys), review it on the server, and read it back: each cited sentence coloured by its worst
// verdict, its per-paper cards under its paragraph, the summary counts and the annotated copy.
// The draft is untrusted text: it only ever enters the page as text nodes.

import { api } from "./api.js";
import { pageMessage } from "./messages.js";
import { LABELS, legend, renderRecord, REVIEW_MARK, reviewBadge, verdictBadge } from "./cards.js";
import { chosenModel, el, followJudge, loadJudges, readThreshold, restoreFocus, setStatus } from "./dom.js";
import { initDraftFormat, SHOWN } from "./format.js";
import { keepFields } from "./keep.js";

// Worst first, as the review module colours a sentence that cites several papers.
const SEVERITY = ["contradicts", "not_addressed", "insufficient_evidence", "not_checked", "supports"];
const VERDICTS = ["supports", "contradicts", "not_addressed", "insufficient_evidence", "not_checked"];

// Records come one per (sentence, paper); a claim is one cited sentence with all its records.
// `threshold`: the review threshold the answer says the records were judged against.
function claimsOf(records, threshold) {
  const bySentence = new Map();
  for (const record of records) {
    const index = record.sentence.index;
    if (!bySentence.has(index)) bySentence.set(index, { sentence: record.sentence, records: [] });
    bySentence.get(index).records.push(record);
  }
  const claims = [...bySentence.values()].sort((a, b) => a.sentence.start - b.sentence.start);
  claims.forEach((claim, i) => {
    claim.number = i + 1;
    claim.threshold = threshold;
    claim.worst = SEVERITY.find((v) => claim.records.some((r) => r.verdict === v)) || "not_checked";
    claim.needsReview = claim.records.some((r) => r.needsReview);
    // The sentence's badge is as strong as the least confident record of its worst verdict.
    const worst = claim.records.filter((r) => r.verdict === claim.worst).map((r) => r.confidence);
    claim.confidence = worst.some((c) => c === null || c === undefined) ? null : Math.min(...worst);
  });
  return claims;
}

// The draft's blocks (runs of non-blank lines) as [start, end) offsets. Offsets count code
// points, as the server's do, so the draft is handled as an array of code points. A LaTeX
// draft's offsets are in the LaTeX as sent, so it is shown as written, commands and all.
function blocksOf(chars) {
  const blocks = [];
  let lineStart = 0;
  let blockStart = null;
  let blockEnd = 0;
  for (let i = 0; i <= chars.length; i++) {
    if (i < chars.length && chars[i] !== "\n") continue;
    if (chars.slice(lineStart, i).join("").trim()) {
      if (blockStart === null) blockStart = lineStart;
      blockEnd = i;
    } else if (blockStart !== null) {
      blocks.push([blockStart, blockEnd]);
      blockStart = null;
    }
    lineStart = i + 1;
  }
  if (blockStart !== null) blocks.push([blockStart, blockEnd]);
  return blocks;
}

const panelId = (claim) => `review-claim-${claim.number}`;

// Opening a sentence's evidence moves focus into it (its summary), so a keyboard reader lands
// on what opened; a click on the sentence itself only opens it.
function openClaim(claim, { focus = false } = {}) {
  const panel = document.getElementById(panelId(claim));
  if (!panel) return;
  panel.open = true;
  panel.scrollIntoView({ block: "nearest" });
  if (focus) panel.querySelector("summary").focus();
}

// The sentence is a mouse target only: its marker is the one control (one tab stop each).
function sentenceSpan(claim, text) {
  const span = el(
    "span",
    {
      class: `sentence verdict-${claim.worst}${claim.needsReview ? " needs-review" : ""}`,
      "data-claim": claim.number,
      "data-verdict": claim.worst,
      title: `${LABELS[claim.worst]}: show the evidence`,
    },
    text,
  );
  span.addEventListener("click", () => openClaim(claim));
  return span;
}

// What the marker says to a screen reader: the sentence's verdicts (worst first), not a colour.
function markerName(claim) {
  const verdicts = SEVERITY.filter((v) => claim.records.some((r) => r.verdict === v)).map((v) => LABELS[v]);
  const review = claim.needsReview ? ", needs review" : "";
  return `Evidence for sentence ${claim.number}: ${verdicts.join(", ")}${review}`;
}

function marker(claim) {
  const button = el("button", {
    type: "button",
    class: `claim-marker verdict-${claim.worst}${claim.needsReview ? " needs-review" : ""}`,
    "data-claim": claim.number,
    "aria-label": markerName(claim),
    "aria-expanded": "false",
    "aria-controls": panelId(claim),
    text: claim.needsReview ? `${claim.number} ${REVIEW_MARK}` : claim.number,
  });
  // Enter, Space or a click toggle the evidence; opened, focus goes into it.
  button.addEventListener("click", () => {
    const panel = document.getElementById(panelId(claim));
    if (panel && panel.open) panel.open = false;
    else openClaim(claim, { focus: true });
  });
  button.addEventListener("keydown", (event) => {
    const panel = document.getElementById(panelId(claim));
    if (event.key === "Escape" && panel && panel.open) {
      event.preventDefault();
      panel.open = false;
    }
  });
  return button;
}

function card(record, threshold) {
  const node = renderRecord(record, threshold, "review again");
  const cited = record.citations.join(", ");
  // A citation that names no paper ("[7]" with no such References entry) is its card's
  // reference already: "[7]", not "[7] ... cited as [7]".
  if (cited !== record.paperRef) node.append(el("p", { class: "cited muted", text: `cited as ${cited}` }));
  return node;
}

function claimPanel(claim) {
  const cards = el("div", { class: "cards" });
  const panel = el(
    "details",
    {
      class: `claim-panel verdict-${claim.worst}`,
      id: `review-claim-${claim.number}`,
      "data-claim": claim.number,
      "data-verdict": claim.worst,
    },
    el(
      "summary",
      {},
      verdictBadge(claim.worst, claim.confidence),
      claim.needsReview ? reviewBadge(true) : null,
      ` ${claim.number} · line ${claim.sentence.line} · ${claim.records.length} paper${claim.records.length > 1 ? "s" : ""}`,
    ),
    cards,
  );
  // Cards are built when first opened: each fetches its evidence's neighbouring passages.
  panel.addEventListener("toggle", () => {
    if (panel.open && !cards.childElementCount) cards.append(...claim.records.map((r) => card(r, claim.threshold)));
    const button = document.querySelector(`#review-draft .claim-marker[data-claim="${claim.number}"]`);
    if (button) button.setAttribute("aria-expanded", String(panel.open));
  });
  // Escape inside the evidence closes it and takes focus back to the sentence's marker.
  panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const button = document.querySelector(`#review-draft .claim-marker[data-claim="${claim.number}"]`);
    panel.open = false;
    if (button) {
      event.preventDefault();
      button.focus();
    }
  });
  return panel;
}

// A Markdown heading is a block of its own, shown bold. A LaTeX \section often shares its block
// with the paragraph after it, so LaTeX blocks are shown plain, as written.
const MARKDOWN_HEADING = /^#{1,6}\s/;

function renderDraft(draft, format, claims) {
  const chars = Array.from(draft);
  const text = (start, end) => chars.slice(start, end).join("");
  const placed = new Set();
  const nodes = [];
  for (const [start, end] of blocksOf(chars)) {
    const heading = format === "markdown" && MARKDOWN_HEADING.test(text(start, Math.min(end, start + 8)));
    // A right-to-left paragraph of the draft is shown so, as an editor shows it (cards.js).
    const block = el("div", { class: heading ? "draft-block heading" : "draft-block", dir: "auto" });
    const ended = [];
    let position = start;
    for (const claim of claims) {
      const from = Math.max(claim.sentence.start, start);
      const to = Math.min(claim.sentence.end, end);
      if (from >= to) continue;
      if (from > position) block.append(text(position, from));
      block.append(sentenceSpan(claim, text(from, to)));
      position = to;
      if (claim.sentence.end <= end) {
        block.append(marker(claim));
        ended.push(claim);
      }
    }
    if (position < end) block.append(text(position, end));
    nodes.push(block);
    for (const claim of ended) {
      nodes.push(claimPanel(claim));
      placed.add(claim.number);
    }
  }
  const rest = claims.filter((c) => !placed.has(c.number));
  if (rest.length) {
    nodes.push(el("h3", { text: "Cited sentences not shown above" }), ...rest.map(claimPanel));
  }
  return nodes;
}

function renderSummary(summary) {
  const counts = VERDICTS.map((verdict) =>
    el(
      "li",
      { class: `count verdict-${verdict}`, "data-verdict": verdict },
      el("span", { class: "n", text: summary.verdicts[verdict] ?? 0 }),
      ` ${LABELS[verdict]}`,
    ),
  );
  // [key, count, label for one, label for any other count]
  const totals = [
    ["cited", summary.citedSentences, "cited sentence", "cited sentences"],
    ["records", summary.records, "record (one per paper)", "records (one per paper)"],
    ["needs-review", summary.needsReview, "needs review", "need review"],
    ["not-checked", summary.notChecked, "not checked", "not checked"],
    ["uncited", summary.uncitedSentences, "uncited sentence", "uncited sentences"],
  ].map(([key, n, one, many]) =>
    el(
      "li",
      { class: "total", "data-count": key },
      el("span", { class: "n", text: n }),
      ` ${n === 1 ? one : many}`,
    ),
  );
  return [el("ul", { class: "counts" }, ...counts), el("ul", { class: "totals" }, ...totals), legend()];
}

function renderUncited(uncited) {
  if (!uncited.length) return [];
  return [
    el(
      "details",
      {},
      el("summary", { text: `Uncited sentences (${uncited.length}): not checked` }),
      el(
        "ul",
        {},
        ...uncited.map((s) => el("li", {}, el("span", { class: "muted", text: `line ${s.line} ` }), el("span", { dir: "auto", text: s.text }))),
      ),
    ),
  ];
}

// A bibliography block that could not be read, as the command line's warning names it.
function unreadText(entry) {
  const where = `${entry.file || "the bibliography"}${entry.line ? ` line ${entry.line}` : ""}`;
  return `${where}: ${entry.reason}`;
}

// What the reader may have lost: its warnings (a macro it does not know wrapping a citation)
// and the bibliography's unread entries. Server text, so only ever text nodes.
function warningsOf(found) {
  return [...(found.warnings || []), ...(found.unreadEntries || []).map(unreadText)];
}

function renderWarnings(messages) {
  if (!messages.length) return [];
  return [
    el("h3", { id: "review-warnings-title", text: `Warnings (${messages.length})` }),
    el("ul", {}, ...messages.map((m) => el("li", {}, el("strong", { text: "Warning: " }), m))),
  ];
}

// Said in the status too, which a screen reader announces: the list is above the draft.
function warningNote(count) {
  if (!count) return "";
  return ` ${count} warning${count === 1 ? "" : "s"} above the draft.`;
}

function download(name, type, content) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function initReviewPanel() {
  const form = document.getElementById("review-form");
  const draft = document.getElementById("draft");
  const DRAFT_HINTS = draft.getAttribute("aria-describedby");
  draft.addEventListener("input", () => {
    draft.removeAttribute("aria-invalid");
    draft.setAttribute("aria-describedby", DRAFT_HINTS);
  });
  const judge = document.getElementById("review-judge");
  const status = document.getElementById("review-status");
  const submit = document.getElementById("review-submit");
  const output = document.getElementById("review-output");
  const annotated = document.getElementById("review-annotated");
  const modelField = document.getElementById("review-model-field");
  const downloadButton = document.getElementById("review-download");
  // The annotated copy of the last review, in its draft's format.
  let annotatedText = "";
  let annotatedFormat = "markdown";

  keepFields(["draft", "review-bib", "review-bib-format", "review-topic", "review-judge", "review-model", "review-threshold", "review-fresh"]);
  const chosenFormat = initDraftFormat(draft); // after keepFields: a kept draft is guessed from
  followJudge(judge, modelField);
  loadJudges(judge);
  // Once a token is given, what failed without it is asked again and its error dropped.
  document.addEventListener("claimaudit:token", () => {
    loadJudges(judge);
    if (status.dataset.kind === "error") setStatus(status, "");
  });

  downloadButton.addEventListener("click", () => {
    const shown = SHOWN[annotatedFormat];
    download(shown.file, shown.type, annotatedText);
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const format = chosenFormat();
    if (!draft.value.trim()) {
      setStatus(status, `Paste a ${SHOWN[format].name} draft to review.`, "error");
      // The error belongs to the field: marked invalid, described by the message, focused.
      draft.setAttribute("aria-invalid", "true");
      draft.setAttribute("aria-describedby", `${DRAFT_HINTS} ${status.id}`);
      draft.focus();
      return;
    }
    // Left empty, the server applies its own default threshold.
    const threshold = readThreshold(document.getElementById("review-threshold"), status, "“Bibliography and options”");
    if (threshold.refused) return;
    const text = draft.value;
    const body = { [format]: text };
    if (threshold.value !== undefined) body.threshold = threshold.value;
    const bibliography = document.getElementById("review-bib").value;
    if (bibliography.trim()) {
      body.bibliography = { text: bibliography };
      // Without one, the server reads text starting with [ or { as CSL-JSON, else BibTeX.
      const bibFormat = document.getElementById("review-bib-format").value;
      if (bibFormat) body.bibliography.format = bibFormat;
    }
    const topic = document.getElementById("review-topic").value.trim();
    if (topic) body.topic = topic;
    if (judge.value) body.judge = judge.value;
    const model = chosenModel(modelField, document.getElementById("review-model"));
    if (model) body.model = model;
    if (document.getElementById("review-fresh").checked) body.cache = false;
    submit.disabled = true;
    output.hidden = true;
    setStatus(status, "Reviewing: each cited sentence against each paper it cites…", "busy");
    let landing = null; // where focus goes when the results are in
    try {
      const found = await api("/v1/reviews", { method: "POST", json: body });
      const claims = claimsOf(found.records, found.threshold);
      document.getElementById("review-summary").replaceChildren(...renderSummary(found.summary));
      const warnings = warningsOf(found);
      const warningsPanel = document.getElementById("review-warnings");
      warningsPanel.replaceChildren(...renderWarnings(warnings));
      warningsPanel.hidden = !warnings.length;
      document.getElementById("review-draft").replaceChildren(...renderDraft(text, format, claims));
      document.getElementById("review-uncited").replaceChildren(...renderUncited(found.uncited));
      annotatedText = found.annotated;
      annotatedFormat = format;
      annotated.textContent = found.annotated;
      document.getElementById("review-annotated-title").textContent = SHOWN[format].annotated;
      downloadButton.textContent = `Download ${SHOWN[format].file}`;
      output.hidden = false;
      const s = found.summary;
      setStatus(
        status,
        `${s.citedSentences} cited sentence${s.citedSentences === 1 ? "" : "s"}, ${s.records} record${s.records === 1 ? "" : "s"}; ${s.needsReview} need${s.needsReview === 1 ? "s" : ""} review.${warningNote(warnings.length)}`,
        "done",
      );
      landing = output;
    } catch (error) {
      setStatus(status, pageMessage(error), "error");
    } finally {
      submit.disabled = false;
      restoreFocus(landing, submit);
    }
  });
}
