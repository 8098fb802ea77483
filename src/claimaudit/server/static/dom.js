import { api } from "./api.js";

// Small helpers to build elements. Text always goes in as text, never as HTML: paper passages
// and claims are untrusted input.

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function setStatus(node, message, kind = "") {
  node.textContent = message;
  node.dataset.kind = kind;
}

export function percent(value) {
  return `${Math.round(value * 100)}%`;
}

// Fills a Judge select from the server, keeping the choice made if the judge is still there.
export async function loadJudges(select) {
  try {
    const found = await api("/v1/judges");
    const chosen = select.value;
    select.replaceChildren(
      ...found.judges.map((j) => el("option", { value: j.name, selected: j.default, title: j.description, text: j.name })),
    );
    if (chosen && found.judges.some((j) => j.name === chosen)) select.value = chosen;
  } catch {
    // Without judges the server's default applies; a 401 shows the token prompt.
  }
}

// After a request, focus goes to what it brought (`target`), or back to the button that sent it,
// unless the reader has moved it elsewhere meanwhile: a disabled button drops focus to <body>.
export function restoreFocus(target, button) {
  const active = document.activeElement;
  if (active && active !== document.body && active !== button) return;
  (target || button).focus();
}
