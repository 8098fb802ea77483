// The claim's length against the server's limit, counted as the server counts (inputs.py,
// validate_claim): whitespace runs as one space, ends trimmed, in Unicode code points, so an
// emoji is one character (the textarea's own maxlength would count two, and cut silently).

// Python's str.split() whitespace, exactly: `[c for c in map(chr, range(0x110000)) if
// c.isspace()]`. JavaScript's \s differs both ways (it takes U+FEFF, and leaves U+001C-U+001F
// and U+0085), so a claim the page counted as fitting could be refused, and the other way round.
const PYTHON_WHITESPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

// The claim as the server reads it: whitespace runs as one space, ends trimmed.
export function normalClaim(text) {
  return text.split(PYTHON_WHITESPACE).filter(Boolean).join(" ");
}

export function claimLength(text) {
  return Array.from(normalClaim(text)).length;
}

// Keeps `counter` saying how many characters the claim has of its `data-max-chars` limit;
// over it, the counter turns to an error and the textarea is marked invalid.
export function initClaimCounter(claim, counter) {
  const limit = Number(claim.dataset.maxChars);
  const update = () => {
    const length = claimLength(claim.value);
    const over = length > limit;
    let text = `${length} / ${limit} characters`;
    if (over) text += `: ${length - limit} over the limit, shorten the claim`;
    else if (length === limit) text += ": the limit is reached";
    counter.textContent = text;
    counter.dataset.kind = over ? "error" : length === limit ? "full" : "";
    claim.setAttribute("aria-invalid", over ? "true" : "false");
  };
  claim.addEventListener("input", update);
  update();
  return { limit, update };
}

// A field limited to `data-max-chars` characters counted as the server counts them, in code
// points (`maxlength` counts UTF-16 units: an emoji would be two, and the field would stop at half
// the limit). Typing past the limit is not taken and a paste is cut at it, as `maxlength` does;
// `note` says so while the field is full (the server refuses a longer title, so the page never
// sends one), and is hidden otherwise.
export function initLimitNote(input, note) {
  const limit = Number(input.dataset.maxChars);
  const update = () => {
    const length = Array.from(input.value).length;
    if (length > limit) cutAtCaret(input, length - limit);
    const full = Array.from(input.value).length >= limit;
    note.hidden = !full;
    note.textContent = full ? `${limit} / ${limit} characters: the limit is reached` : "";
    note.dataset.kind = full ? "full" : "";
  };
  input.addEventListener("input", update);
  // "reset" comes before the form's fields are emptied: look again once they are.
  input.form?.addEventListener("reset", () => setTimeout(update));
  update();
}

// Drops the `over` characters just before the caret (the end of what was typed or pasted),
// whole code points only, and leaves the caret after what was kept.
function cutAtCaret(input, over) {
  const caret = input.selectionEnd ?? input.value.length;
  const before = Array.from(input.value.slice(0, caret));
  let after = input.value.slice(caret);
  const dropped = Math.min(over, before.length);
  const kept = before.slice(0, before.length - dropped).join("");
  if (over > dropped) after = Array.from(after).slice(0, -(over - dropped)).join("");
  input.value = kept + after;
  input.setSelectionRange(kept.length, kept.length);
}
