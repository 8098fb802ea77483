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

// A reference (an arXiv id, a DOI, a URL) may break after "/", ".", ":" or "_" on a narrow
// screen (a <wbr> there), never inside a number or a word.
export function breakable(text) {
  const parts = String(text).split(/(?<=[/.:_])/);
  return parts.flatMap((part, i) => (i === 0 ? [part] : [document.createElement("wbr"), part]));
}

export function setStatus(node, message, kind = "") {
  node.textContent = message;
  node.dataset.kind = kind;
}

export function percent(value) {
  return `${Math.round(value * 100)}%`;
}

// Fills a Judge select from the server, keeping the choice made (or kept from before a reload,
// `data-wanted`) if the judge is still there; "change" then tells who shows the Model field.
export async function loadJudges(select) {
  try {
    const found = await api("/v1/judges");
    const chosen = select.value || select.dataset.wanted;
    select.replaceChildren(
      ...found.judges.map((j) => el("option", { value: j.name, selected: j.default, title: j.description, text: j.name })),
    );
    if (chosen && found.judges.some((j) => j.name === chosen)) select.value = chosen;
    select.dispatchEvent(new Event("change"));
  } catch {
    // Without judges the server's default applies; a 401 shows the token prompt.
  }
}

// Judges that run their own packaged model and refuse another: no Model field for them (nor for
// the server's default, before the judges are known).
const OWN_MODEL = new Set(["local"]);

// Shows `field` (the Model input's label) while the chosen judge takes a model id.
export function followJudge(select, field) {
  const show = () => {
    field.hidden = !select.value || OWN_MODEL.has(select.value);
  };
  select.addEventListener("change", show);
  show();
}

// The Model input's value when its field is shown: a hidden field sends nothing.
export function chosenModel(field, input) {
  const model = input.value.trim();
  return !field.hidden && model ? model : null;
}

// After a request, focus goes to what it brought (`target`), or back to the button that sent it,
// unless the reader has moved it elsewhere meanwhile: a disabled button drops focus to <body>.
export function restoreFocus(target, button) {
  const active = document.activeElement;
  if (active && active !== document.body && active !== button) return;
  (target || button).focus();
}

// The review threshold typed in `input` (a number input): {value} (undefined when empty, the
// server's default), or {refused} after saying why in `status`. What is not a number ("1e",
// "-") reads as "" in a number input: sent as nothing, the server's default would apply while
// the field still shows what was typed. `where`: the panel's name for the fold it is in.
export function readThreshold(input, status, where) {
  const { badInput, rangeUnderflow, rangeOverflow } = input.validity;
  if (!badInput && !rangeUnderflow && !rangeOverflow) {
    return { value: input.value === "" ? undefined : Number(input.value) };
  }
  setStatus(status, `The review threshold must be a number from 0 to 1, such as 0.8 (empty: the server's default): change it under ${where}.`, "error");
  // As the claim's error: the field is marked invalid, described by the message, and focused.
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", status.id);
  const fold = input.closest("details");
  if (fold) fold.open = true;
  input.focus();
  const clear = () => {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  };
  input.addEventListener("input", clear, { once: true });
  return { refused: true };
}
