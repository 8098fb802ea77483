"""The quote marks csquotes' ``\\enquote{X}`` (outer) and ``\\enquote*{X}`` (inner) print: those
of the language in force where it stands, as csquotes adapts them to babel's or polyglossia's
language. It had printed English ones in every paper: a German one's „so“ read “so”.

The language is the document's main one (``latex_babel.main_language``), changed from where
a ``\\selectlanguage{X}`` stands. Languages with no marks here print English ones, as csquotes
does where it knows no style.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from typing import NamedTuple

from claimaudit.library.latex.babel import main_language


class QuoteMarks(NamedTuple):
    outer_open: str
    outer_close: str
    inner_open: str
    inner_close: str


_AMERICAN = QuoteMarks("\u201c", "\u201d", "\u2018", "\u2019")
_BRITISH = QuoteMarks("\u2018", "\u2019", "\u201c", "\u201d")
_GERMAN = QuoteMarks("\u201e", "\u201c", "\u201a", "\u2018")
_SWISS = QuoteMarks("\u00ab", "\u00bb", "\u2039", "\u203a")
# French sets a space inside its guillemets (csquotes' \mkfrenchopenquote).
_FRENCH = QuoteMarks("\u00ab ", " \u00bb", "\u201c", "\u201d")
# csquotes' styles and babel's names for them (csquotes.def).
_STYLES = {
    **dict.fromkeys(("british", "UKenglish", "ukenglish", "australian", "newzealand"), _BRITISH),
    **dict.fromkeys(("german", "ngerman", "austrian", "naustrian"), _GERMAN),
    **dict.fromkeys(("swissgerman", "nswissgerman"), _SWISS),
    **dict.fromkeys(("french", "francais", "frenchb", "acadian", "canadien"), _FRENCH),
}
_SELECT = re.compile(r"\\selectlanguage\s{0,40}\{\s{0,40}([A-Za-z]{1,40})\s{0,40}\}")


class _Languages(NamedTuple):
    main: str | None
    starts: list[int]  # where each \selectlanguage stands, in order
    names: list[str]


@lru_cache(maxsize=2)
def _languages(source: str) -> _Languages:
    # Read once for a source: every \enquote of a paper asks.
    switches = [(m.start(), m.group(1)) for m in _SELECT.finditer(source)]
    return _Languages(
        main_language(source), [at for at, _ in switches], [name for _, name in switches]
    )


def quote_marks(source: str, position: int) -> QuoteMarks:
    """The marks ``\\enquote`` prints at ``position`` of ``source``."""
    languages = _languages(source)
    index = bisect.bisect_right(languages.starts, position) - 1
    language = languages.names[index] if index >= 0 else languages.main
    return _STYLES.get(language or "", _AMERICAN)


# LaTeX prints a backtick in text as an opening single quote, as it prints two as "\u201c",
# and the straight quote that closes one as a closing single quote: "`Y holds' is known"
# prints "\u2018Y holds\u2019 is known". Both readers kept the backtick as typed. A straight
# quote a word follows is an apostrophe ("`it's'"); other straight quotes are kept as typed.
# A quotation is read up to the next opening quote only, so each character is read once.
OPENING_SINGLE = "\u2018"
_SINGLE_QUOTED = re.compile("\u2018((?:[^\u2018']|'(?=\\w))*+)'(?!\\w)")


def opening_quotes(chars: str) -> str:
    """``chars`` typed in text (not in mathematics or code) with each backtick the opening
    single quote it prints; the same length, so offsets into the source still hold."""
    return chars.replace("`", OPENING_SINGLE)


def closed_single_quotes(text: str) -> str:
    """``text`` with the straight quote closing each opening single quote the closing single
    quote LaTeX prints there ("\u2018Y holds' is" reads "\u2018Y holds\u2019 is"); the same
    length."""
    if OPENING_SINGLE not in text or "'" not in text:
        return text
    return _SINGLE_QUOTED.sub(f"{OPENING_SINGLE}\\1\u2019", text)


def language_quote_marks(language: str) -> QuoteMarks | None:
    """The marks csquotes prints for ``language`` (a babel name), None where it has none here;
    English ones for an English name."""
    if language in _STYLES:
        return _STYLES[language]
    return _AMERICAN if language in ("english", "american", "USenglish", "usenglish") else None
