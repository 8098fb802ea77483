"""What the verifier reads of a passage: its words as a PDF and the paper's source both give them.

Four things a paper's formats print apart are left out of the model's view (and the
consistency checks'); passages and quotes stay verbatim:

- inline citation markers (``citations``);
- a caption's label ("Figure 2: ", "Fig 1. ", "Table 1: "). It says where, not what, and only
  the document class knows how it prints: a LaTeX source whose class is not at hand gives the
  caption without it, the PDF built from it with it;
- sub- and superscript marks on a symbol. A PDF's text layer keeps a script's characters but not
  its raise, so "i_1 = i_2", "C^T" and "x ∈ R^n" in a LaTeX reading are "i1 = i2", "CT" and
  "x ∈ Rn" in the PDF of the same paper. The marks are dropped where the base is one letter or
  symbol, or a named operator ("min_x"), which is where a formula has them. Kept: a power of a
  number ("10^-3", "2^10"), which the consistency checks read, and underscores inside names
  ("differential_evolution", "TEMP_DIR"), which both formats print;
- the spaces around a multiplication sign (U+00D7). TeX shrinks them to nothing in a tight line
  ("4x4" in the PDF, "4 x 4" in the source, the x standing for the sign), and the tokenizer,
  which splits at punctuation but not at a mathematical symbol, reads "4x4" as one word: the
  sign is read spaced in both.
"""

from __future__ import annotations

import re
import unicodedata

from claimaudit.judges.local.citations import without_citations

# Typographic variants the vocabulary lacks or spells apart: a PDF's curly apostrophes and
# quotes, minus signs, dashes and ligatures (one ligature character is an unknown token) must
# read as its LaTeX source's plain ones, so one paper gives one verdict in either format. The
# model's tokenizer applies them after NFKC (``runtime.typography_first``), the consistency
# checks through ``plain_typography``: both read "doesn\u2019t" as "doesn't".
TYPOGRAPHY: tuple[tuple[str, str], ...] = (
    *((quote, "'") for quote in "\u2018\u2019\u201a\u201b\u2032"),
    *((quote, '"') for quote in "\u201c\u201d\u201e\u201f\u2033"),
    *((dash, "-") for dash in "\u2010\u2011\u2012\u2013\u2014\u2212"),
    ("\u00ad", ""),  # a soft hyphen left inside a word
)
_TYPOGRAPHY_TABLE = str.maketrans(dict(TYPOGRAPHY))


def plain_typography(text: str) -> str:
    """``text`` as the model's tokenizer reads it before its own normaliser: NFKC, then the
    typographic variants above as plain characters."""
    return unicodedata.normalize("NFKC", text).translate(_TYPOGRAPHY_TABLE)


# A subscript on one letter or symbol standing alone ("i_1", "w_1,1", "∑_i=1") or on a named
# operator ("min_x"); not an underscore inside a longer name ("TEMP_DIR", "fig_3").
_SUBSCRIPT = re.compile(r"(?<![\w_^])([^\W\d_]|[^\w\s\d(\[{]|min|max|lim|sup|inf|log)_(?=[^\s_])")
# A superscript on anything but a number ("C^T", "(C^T)^T", "x^*", "5^th"); "10^-3" and "2^10"
# keep theirs.
_SUPERSCRIPT = re.compile(r"(?<=\S)(?<!\d)\^(?=\S)|(?<=\d)\^(?=[^\d\s+\-\u2212])")


# A caption label at a passage's start; "Figure 4.6 provides an example" is a sentence, not one.
_CAPTION_LABEL = re.compile(
    r"^(?:Supplementary\s+)?(?:Figure|Fig\.?|Table)\s+S?\d+(?:\.\d+)*[a-z]?\s*[:.|]\s+(?=\S)"
)


def without_script_marks(text: str) -> str:
    """``text`` with the marks of sub- and superscripts on symbols left out, as a PDF reads."""
    if "_" not in text and "^" not in text:
        return text
    return _SUPERSCRIPT.sub("", _SUBSCRIPT.sub(r"\1", text))


# A multiplication sign with a character against it on either side.
_TIMES = re.compile(r"\s*\u00d7\s*")


def with_spaced_times(text: str) -> str:
    """``text`` with one space either side of each multiplication sign."""
    return _TIMES.sub(" \u00d7 ", text) if "\u00d7" in text else text


def without_caption_label(text: str) -> str:
    """``text`` without a caption label at its start."""
    return _CAPTION_LABEL.sub("", text, count=1)


def as_read(text: str) -> str:
    """A passage as the verifier reads it: no citation markers, caption label or script marks,
    and multiplication signs spaced."""
    return with_spaced_times(without_script_marks(without_caption_label(without_citations(text))))
