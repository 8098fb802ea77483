"""Citation-Integrity's citation slots (``<|cit|>``, ``<|other_cit|>``, ``<|multi_cit|>``) taken
out of a claim, with the punctuation that only held them: ``(<|cit|>; <|other_cit|>)`` left
``(;)``, ``Robinson, <|cit|>)`` left ``Robinson,)``. The slots are not claim text, and the
residue is none either: the judge read it as part of the claim."""

from __future__ import annotations

import re

# A slot, or a bracket holding one, with the space before it (not at the start of the text);
# not the space after it, which may part two sentences: "bleed.<|cit|> Severe".
_MARKER = re.compile(r"(?:(?<!\s)\s+)?(?:\[[^\[\]]*<\|[a-z_]+\|>[^\[\]]*\]|<\|[a-z_]+\|>)")


def _placeholder(text: str) -> str:
    """A private-use character ``text`` does not hold: it marks where each slot was."""
    return next(chr(c) for c in range(0xE000, 0xF900) if chr(c) not in text)


def remove_citation_marks(claim: str) -> str:
    """``claim`` without its citation slots nor the brackets and separators left around them."""
    mark = _placeholder(claim)
    text = _MARKER.sub(mark, claim)
    m = re.escape(mark)
    # Slots side by side ("<|cit|>; <|other_cit|>") are one slot.
    text = re.sub(rf"{m}(?:\s*[,;]?\s*{m})+", mark, text)
    # A bracket that held slots only goes, with the space before it: "risk (<|cit|>)." -> "risk."
    text = re.sub(rf"\s*[(\[]\s*{m}\s*[)\]]", "", text)
    # A separator before a slot that ends a list: "Robinson, <|cit|>;" -> "Robinson;".
    text = re.sub(rf"\s*[,;]\s*{m}(?=\s*(?:[,;)\]]|$))", "", text)
    # A slot opening a bracket, and its separator: "(<|cit|>, 18)" -> "(18)".
    text = re.sub(rf"(?<=[(\[])\s*{m}\s*[,;]\s*", "", text)
    return text.replace(mark, "").strip()
