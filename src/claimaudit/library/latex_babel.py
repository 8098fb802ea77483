"""babel's German shorthands (``"a`` for "ä", ``"s`` for "ß", ``"`...\"'`` for „...“), read
as the characters they print, in a document that loads babel for German (``ngerman``,
``german``, ``austrian``, ``swissgerman``, also as a class option) or polyglossia's German.

pylatexenc knows none of them: ``Gr"o"sere ... M"adchen, "`so"'`` was stored as typed. They
are "specials" to the parser, as ``~`` is, only in such a document: in any other, ``"`` is a
quote mark the author typed.
"""

from __future__ import annotations

import re

from pylatexenc.latex2text import SpecialsTextSpec
from pylatexenc.macrospec import SpecialsSpec

# What each shorthand prints (babel-german's manual); a hyphenation or ligature hint prints
# nothing but its letters.
_PRINTED = {
    **{f'"{c}': u for c, u in zip("aouAOUeEiI", "äöüÄÖÜëËïÏ", strict=True)},
    **{'"s': "ß", '"z': "ß", '"S': "SS", '"Z': "SZ"},
    **{f'"{pair}': pair for pair in ("ck", "ff", "ll", "mm", "nn", "pp", "rr", "tt")},
    **{'"`': "\u201e", "\"'": "\u201c", '"<': "\u00ab", '">': "\u00bb"},
    **{'"-': "", '""': "", '"|': "", '"=': "-", '"~': "-", '"/': "/"},
}
_GERMAN = r"(?:n?german|n?austrian|n?swissgerman)"
_BABEL_OPTIONS = re.compile(
    r"^[^%\n]*\\(?:usepackage|documentclass|RequirePackage)\s*\[([^\]]*)\]", re.MULTILINE
)
_BABEL = re.compile(r"^[^%\n]*\\usepackage\s*(?:\[[^\]]*\])?\s*\{[^}]*\bbabel\b", re.MULTILINE)
_POLYGLOSSIA = re.compile(
    r"^[^%\n]*\\set(?:default|main|other)language\s*(?:\[[^\]]*\])?\s*\{\s*german\s*\}",
    re.MULTILINE,
)


def uses_german_shorthands(source: str) -> bool:
    """Whether ``source`` (its preamble, at least) sets German with babel or polyglossia."""
    if _POLYGLOSSIA.search(source):
        return True
    if not _BABEL.search(source):
        return False
    return any(
        re.search(rf"(?<![\w]){_GERMAN}(?![\w])", options.group(1))
        for options in _BABEL_OPTIONS.finditer(source)
    )


def shorthand_specs() -> list[SpecialsSpec]:
    """The shorthands for the parser: only for a document ``uses_german_shorthands``."""
    return [SpecialsSpec(chars) for chars in _PRINTED]


def shorthand_text_specs() -> list[SpecialsTextSpec]:
    """What each prints, for the text converter (harmless elsewhere: the parser makes no such
    node in a document without them)."""
    return [SpecialsTextSpec(chars, simplify_repl=text) for chars, text in _PRINTED.items()]
