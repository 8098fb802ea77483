"""How a LaTeX float's caption label prints ("Figure 2.1: ", "Fig 1. "), as far as the source
says: the standard classes print "Figure 1: ", the caption package's ``labelsep`` changes the
": ", and a paper may rename ``\\figurename``. Another class, or a setting of its own, may
print labels otherwise, so none is printed there: a quote never shows a label the paper does
not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claimaudit.library.latex.numbering import Target


@dataclass(frozen=True)
class CaptionStyle:
    """How a float's caption label prints ("Figure 2.1: ", "Fig 1. ")."""

    names: dict[str, str]  # "figure" -> "Figure" (or the paper's ``\\figurename``)
    separator: str

    def label(self, target: Target) -> str:
        return f"{self.names[target.kind]} {target.number}{self.separator}"


_STANDARD_CLASSES = frozenset({"article", "report", "book"})
_SEPARATORS = {"colon": ": ", "period": ". ", "space": " ", "quad": " ", "endash": " \u2013 "}
_CAPTION_PACKAGE = re.compile(
    r"\\usepackage\s{0,40}(?:\[([^\]]{0,500})\])?\s{0,40}\{\s{0,40}caption\s{0,40}\}"
)
_CAPTION_SETUP = re.compile(r"\\captionsetup\s{0,40}(\[[^\]]{0,500}\])?\s{0,40}\{([^{}]{0,500})\}")
_FLOAT_NAME = re.compile(
    # ``\\renewcommand{\\x}{...}``, ``\\providecommand*``, TeX's ``\\def\\x{...}`` (``\\gdef``)
    r"\\(?:(?:(?:re)?newcommand|providecommand)\*?|[gex]?def(?![A-Za-z@]))"
    r"\s{0,40}\{?\s{0,40}\\(figure|table)name"
    r"\s{0,40}\}?\s{0,40}\{([^{}\n]{1,30})\}"
)
_LABELSEP = re.compile(r"labelsep\s{0,40}=\s{0,40}(\w+)")


def caption_style(source: str, document_class: str | None) -> CaptionStyle | None:
    """The caption label of a standard class, as the source configures it; None where a class
    or a setting of its own could print it otherwise (a quote then shows no label)."""
    if document_class not in _STANDARD_CLASSES:
        return None
    options = [m.group(1) or "" for m in _CAPTION_PACKAGE.finditer(source)]
    for match in _CAPTION_SETUP.finditer(source):
        if match.group(1):
            return None  # set for one kind of float only
        options.append(match.group(2))
    separator = ": "
    for option in options:
        if "labelformat" in option or "name=" in option:
            return None
        for sep in _LABELSEP.findall(option):
            if sep not in _SEPARATORS:
                return None
            separator = _SEPARATORS[sep]
    names = {"figure": "Figure", "table": "Table"}
    for match in _FLOAT_NAME.finditer(source):
        names[match.group(1)] = match.group(2).strip()
    return CaptionStyle(names, separator)
