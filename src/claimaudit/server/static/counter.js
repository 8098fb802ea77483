// The claim's length against the server's limit, counted as the server counts (inputs.py,
// validate_claim): whitespace runs as one space, ends trimmed, in Unicode code points, so an
// emoji is one character (the textarea's own maxlength would count two, and cut silently).

export function claimLength(text) {
  const words = text.split(/\s+/).filter(Boolean);
  return Array.from(words.join(" ")).length;
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
