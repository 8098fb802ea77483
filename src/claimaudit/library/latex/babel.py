"""babel's German shorthands (``"a`` for "ä", ``"s`` for "ß", ``"`...\"'`` for „...“), read
as the characters they print, in a document that loads babel for German (``ngerman``,
``german``, ``austrian``, ``swissgerman``, also as a class option) or polyglossia's German;
and the document's main language (``main_language``), whose quote marks csquotes prints.

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
_GERMAN = re.compile(r"(?<![\w])n?(?:german|austrian|swissgerman)(?![\w])")
_COMMENT = re.compile(r"(?<!\\)%[^\n]*+")
# A package or class with its options. Each part's length is bounded: a hostile run of
# "\\usepackage{" is then read in linear time, not once to its end from each of them.
_PACKAGE = re.compile(
    r"\\(usepackage|RequirePackage|documentclass)\s{0,40}(?:\[([^\[\]]{0,300})\])?"
    r"\s{0,40}\{([^{}]{0,300})\}"
)
_POLYGLOSSIA = re.compile(
    r"\\set(?:default|main|other)language\s{0,40}(?:\[[^\[\]]{0,300}\])?\s{0,40}"
    r"\{\s{0,40}german\s{0,40}\}"
)
_MAIN_POLYGLOSSIA = re.compile(
    r"\\set(?:default|main)language\s{0,40}(?:\[([^\[\]]{0,300})\])?\s{0,40}"
    r"\{\s{0,40}([A-Za-z]{1,40})\s{0,40}\}"
)
# babel's language options, so that an option that names none (``a4paper``, ``11pt``,
# ``shorthands=off``) is not taken for the main language, and one that names a language this
# reader has no quote marks for is (``[ngerman,spanish]``: Spanish).
LANGUAGES = frozenset(
    "english american USenglish usenglish canadian british UKenglish ukenglish australian "
    "newzealand german ngerman austrian naustrian swissgerman nswissgerman french francais "
    "frenchb acadian canadien spanish catalan galician basque italian portuguese portuges "
    "brazil brazilian dutch afrikaans danish norsk nynorsk norwegian swedish finnish icelandic "
    "estonian latvian lithuanian polish czech slovak slovene slovenian croatian serbian "
    "serbianc bulgarian russian ukrainian belarusian greek turkish hungarian magyar romanian "
    "albanian hebrew arabic latin irish welsh scottish breton esperanto indonesian bahasa "
    "malay vietnamese japanese chinese korean".split()
)


def uses_german_shorthands(source: str) -> bool:
    """Whether ``source``'s preamble sets German with babel (its own option or the class's,
    which babel takes too) or polyglossia; a comment sets nothing."""
    begin = source.find("\\begin{document}")
    preamble = _COMMENT.sub("", source if begin < 0 else source[:begin])
    if _POLYGLOSSIA.search(preamble):
        return True
    babel = german = False
    for package in _PACKAGE.finditer(preamble):
        command, options, names = package.groups()
        loads_babel = command != "documentclass" and "babel" in re.split(r"[\s,]+", names)
        babel = babel or loads_babel
        if (loads_babel or command == "documentclass") and _GERMAN.search(options or ""):
            german = True
    return babel and german


def shorthand_specs() -> list[SpecialsSpec]:
    """The shorthands for the parser: only for a document ``uses_german_shorthands``."""
    return [SpecialsSpec(chars) for chars in _PRINTED]


def shorthand_text_specs() -> list[SpecialsTextSpec]:
    """What each prints, for the text converter (harmless elsewhere: the parser makes no such
    node in a document without them)."""
    return [SpecialsTextSpec(chars, simplify_repl=text) for chars, text in _PRINTED.items()]


def main_language(source: str) -> str | None:
    """The language ``source``'s preamble makes its main one: polyglossia's default language
    (``[variant=british]{english}`` read as "british", ``[variant=swiss]{german}`` as
    "swissgerman"); babel's ``main=`` option, else the last language among the class's
    options and babel's own, as babel takes it. None where neither sets one."""
    begin = source.find("\\begin{document}")
    preamble = _COMMENT.sub("", source if begin < 0 else source[:begin])
    chosen: str | None = None
    for match in _MAIN_POLYGLOSSIA.finditer(preamble):
        options, chosen = (match.group(1) or "").lower(), match.group(2)
        variant = next((v for v in ("british", "uk", "swiss") if v in options), None)
        if variant is not None and chosen in ("english", "german"):
            chosen = "swissgerman" if variant == "swiss" else "british"
    if chosen is not None:
        return chosen
    named: list[str] = []
    babel = False
    for package in _PACKAGE.finditer(preamble):
        command, options, names = package.groups()
        loads_babel = command != "documentclass" and "babel" in re.split(r"[\s,]+", names)
        if not (loads_babel or command == "documentclass"):
            continue
        babel = babel or loads_babel
        for option in re.split(r"[\s,]+", options or ""):
            key, _, value = option.partition("=")
            if key == "main" and value.strip() in LANGUAGES:
                return value.strip()
            if option in LANGUAGES:
                named.append(option)
    return named[-1] if babel and named else None
