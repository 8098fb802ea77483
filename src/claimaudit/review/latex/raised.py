"""A LaTeX draft's raised citation marks: ``works\\textsuperscript{1}``,
``works.\\textsuperscript{1,2}``, ``works\\textsuperscript{1--3}``, as a Nature-style draft
typed by hand writes them, cite the ``thebibliography`` items of those numbers, as a Markdown
draft's "works¹" cites its References entry 1; so do Unicode's raised digits typed in the
draft ("works¹", "works.¹⁻³"), by the same rules.

LaTeX numbers the items of a ``thebibliography`` in order unless ``\\bibitem[label]`` gives
them labels: labels that are numbers number them so, any other label (an author-year style's
"Smith(2020)") numbers none, and a ``.bib`` file's numbering is its style's, unknown here.
Inline mathematics of nothing but a superscript, ``works$^{1}$`` or ``works\\(^{1,2}\\)``, is
such a mark too; one with a base, ``$x^2$``, is a power. A raised number is read as a mark only
where a Markdown draft's would be
(``review.superscripts``): after a word of two letters or more that is no unit, or after a
full stop or comma; never after a digit (``10\\textsuperscript{6}``), a one-letter symbol
(``m\\textsuperscript{2}``, ``R\\textsuperscript{2}``) or a unit (``cm\\textsuperscript{2}``),
and an ordinal's ``\\textsuperscript{st}`` holds no number. Nor is a byline's or a
contribution note's mark one (``byline_marks``): a paragraph holding no word of four letters
or more in lower case ("Jane Doe\\textsuperscript{1}" set in a ``center``), or names listed
with their marks ("Jane Doe\\textsuperscript{1} and John Roe\\textsuperscript{2} contributed
equally").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pylatexenc.latexwalker import LatexMacroNode, LatexMathNode, LatexNode

from claimaudit.review.latex.cites import CitationCommand
from claimaudit.review.latex.draft import BibItem
from claimaudit.review.latex.text import BlockBuilder
from claimaudit.review.numbered import NUMBERS, group_numbers
from claimaudit.review.superscripts import (
    holds_prose,
    listed_names,
    stands_as_mark,
    unicode_runs,
)

RAISED_COMMAND = "textsuperscript"
# What a raised mark is typed with: the command, mathematics' superscript, or a raised digit.
RAISED_SIGNS = (f"\\{RAISED_COMMAND}", "^", *"⁰¹²³⁴⁵⁶⁷⁸⁹")
# TeX's "--" and "---" print dashes: "1--3" is the range 1-3.
_TEX_DASH = re.compile(r"-{2,3}")


def numbered_items(items: Sequence[BibItem]) -> dict[int, str]:
    """Each number a ``thebibliography`` prints -> its item's key; none when its labels are
    not numbers (an author-year list) or two items carry one number."""
    if all(item.label is None for item in items):
        return {number: item.key for number, item in enumerate(items, start=1)}
    labels = [item.label or "" for item in items]
    if not all(label.isdigit() for label in labels) or len(set(labels)) < len(labels):
        return {}
    return {int(label): item.key for label, item in zip(labels, items, strict=True)}


# Inline mathematics of nothing but a superscript: "$^{1,2}$", "$^1$", "\\(^{1}\\)".
_MATH_MARK = re.compile(r"(?:\$|\\\()\s*\^\s*(?:\{([^{}$]*)\}|(\d))\s*(?:\$|\\\))")


def raised_body(node: LatexNode) -> str | None:
    """What a raised mark holds, as typed: ``\\textsuperscript{1--3}``'s "1--3" (TeX's dash,
    which the parser reads apart) or ``$^{1,2}$``'s "1,2"; None for anything else (a
    superscript with a base, ``$x^2$``, is a power)."""
    if isinstance(node, LatexMacroNode):
        arguments = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
        return arguments[-1].latex_verbatim().strip()[1:-1] if arguments else None
    if isinstance(node, LatexMathNode) and node.displaytype == "inline":
        mark = _MATH_MARK.fullmatch(node.latex_verbatim())
        return None if mark is None else mark.group(1) or mark.group(2)
    return None


def raised_keys(body: str, before: str, numbered: Mapping[int, str]) -> tuple[str, ...] | None:
    """The keys a ``\\textsuperscript`` of ``body`` cites, set just after the text ``before``;
    None when it is no citation (a power, a unit's, an ordinal, a number no item has)."""
    written = _TEX_DASH.sub("-", body)
    if not numbered or not NUMBERS.match(written) or not stands_as_mark(before):
        return None
    numbers = group_numbers(written)
    if not numbers or not all(n in numbered for n in numbers):
        return None
    return tuple(dict.fromkeys(numbered[n] for n in numbers))


def typed_marks(
    text: str, before: str, numbered: Mapping[int, str]
) -> list[tuple[int, int, tuple[str, ...]]]:
    """The raised marks typed as Unicode superscripts in ``text`` ("works¹", "works.¹⁻³"),
    which the paragraph's ``before`` precedes, each ``(start, end, keys)``: cited by the rules
    of ``\\textsuperscript{1}`` (``raised_keys``), as a Markdown draft's "works¹" is."""
    found: list[tuple[int, int, tuple[str, ...]]] = []
    for start, end, body in unicode_runs(text) if numbered else []:
        keys = raised_keys(body, (before + text[:start])[-128:], numbered)
        if keys is not None:
            found.append((start, end, keys))
    return found


def byline_marks(builder: BlockBuilder) -> list[tuple[int, CitationCommand]]:
    """The raised citations of the paragraph ``builder`` holds that are a byline's or a
    contribution note's marks, each ``(position, command)``: all of them in a paragraph of
    no prose (names, an affiliation), else those after personal names listed together."""
    raised = [(at, c) for at, c in builder.citations if c.command == RAISED_COMMAND]
    if not raised:
        return []
    text = "".join(builder.chars)
    if not holds_prose(text):
        return raised
    listed = listed_names(text, [(at, at) for at, _ in raised])
    return [(at, c) for at, c in raised if at in listed]
