"""Thai, Lao, Burmese and Khmer as the rankers read a claim written in them: each run of these
scripts as its overlapping pairs of letters, each letter with the marks written on it
("ภาษาไทย" -> "ภา าษ ษา าไ ไท ทย"), as Chinese is read (``text.cjkpairs``).

These scripts are written without spaces between words, so the index's tokenizer reads a
whole phrase as one word, and broken at its marks (``wordchars.unspaced_marks_as_breaks``) its
pieces are no words either: a claim's word equalled no passage's, and a Thai claim ranked a
paper's passages as if it shared no word with them. Pairs need no dictionary, and a word's
pairs are found wherever the word is written inside a phrase. A mark (a vowel above or below,
a tone mark) stays with the letter it is written on: a pair never begins with one, which the
word readers would drop (``wordchars.word_regex``).

Only a claim holding these scripts reads so (``has_unspaced``), and then its passages with it:
a claim in another script ranks a paper exactly as before.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

# Thai, Lao, Burmese (with its extensions in the block) and Khmer.
UNSPACED_CLASS = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_RUN = re.compile(f"[{UNSPACED_CLASS}]+")


@cache
def _letter() -> re.Pattern[str]:
    """A letter (or digit, sign) of these scripts with the marks written on it."""
    marks = "".join(
        chr(c)
        for block in (range(0x0E00, 0x0F00), range(0x1000, 0x10A0), range(0x1780, 0x1800))
        for c in block
        if unicodedata.category(chr(c)).startswith("M")
    )
    return re.compile(f"[{marks}]*[^{marks}][{marks}]*")


def has_unspaced(text: str) -> bool:
    """Whether ``text`` holds a letter of Thai, Lao, Burmese or Khmer."""
    return not text.isascii() and _RUN.search(text) is not None


def letter_pairs(run: str) -> list[str]:
    """The overlapping pairs of ``run``'s letters, each with its marks (a lone letter: itself)."""
    letters = _letter().findall(run)
    return ["".join(letters[i : i + 2]) for i in range(len(letters) - 1)] or [run]


def unspaced_as_pairs(text: str) -> str:
    """``text`` with each run of these scripts as its letter pairs, apart from each other and
    from the text around."""
    if text.isascii():
        return text
    return _RUN.sub(lambda run: " " + " ".join(letter_pairs(run.group())) + " ", text)
