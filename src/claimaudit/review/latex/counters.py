"""LaTeX's counter commands in a draft under review: ``\\addtocounter``, ``\\stepcounter``,
``\\setcounter`` and ``\\refstepcounter``. They print nothing (their arguments are never a
sentence's words); on the ``footnote`` counter they move the number a ``\\footnotetext`` pairs
with its ``\\footnotemark`` by, as LaTeX's own counter moves."""

from __future__ import annotations

from pylatexenc.latexwalker import LatexMacroNode
from pylatexenc.macrospec import MacroSpec

from claimaudit.review.latex.include import group_text

COUNTER_SPECS = [
    MacroSpec("addtocounter", "{{"),
    MacroSpec("setcounter", "{{"),
    MacroSpec("stepcounter", "{"),
    MacroSpec("refstepcounter", "{"),
]
COUNTER_COMMANDS = frozenset(spec.macroname for spec in COUNTER_SPECS)


def footnote_counter(node: LatexMacroNode, current: int) -> int:
    """The footnote counter after the counter command ``node``: ``current`` unless it sets
    the ``footnote`` counter to a value the reader can read (a written integer; a value such
    as ``\\value{page}`` leaves it alone)."""
    arguments = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
    if not arguments or group_text(arguments[0]) != "footnote":
        return current
    name = node.macroname
    if name in ("stepcounter", "refstepcounter"):
        return current + 1
    value = _integer(group_text(arguments[1])) if len(arguments) > 1 else None
    if value is None:
        return current
    return current + value if name == "addtocounter" else value


def _integer(written: str) -> int | None:
    """A written integer (``-1``, ``+2``, ``3``), within sense; None for anything else."""
    digits = written.replace(" ", "").removeprefix("+").removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) < 7):
        return None
    return -int(digits) if written.strip().startswith("-") else int(digits)
