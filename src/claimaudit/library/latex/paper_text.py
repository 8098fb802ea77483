"""The converter's plain text of a paper: the private marks it leaves for the reader (where a
list item, its label, a paragraph or a displayed formula begins; a blank the author typed
before high punctuation), a formula's operators spaced as TeX prints them, and ``to_text``,
which never lets a node pylatexenc cannot render stop the paper."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexNode,
    LatexSpecialsNode,
)

from claimaudit.library.latex.gaps import BLANK_KEPT, DROPPED, without_dropped
from claimaudit.library.latex.math import raised_text, spaced_chars
from claimaudit.library.latex.quotes import closed_single_quotes, opening_quotes

# Where a list item begins, for its paragraph to become a "list" block (never joined to the
# next): a private-use character, which no paper's text holds and ``str.strip`` keeps.
ITEM_MARK = "\ue000"
# Where an item's label ends: the spaces typed after it are one space in the text.
LABEL_END = "\ue001"
# Where the source starts a new paragraph (a blank line): pylatexenc sets a displayed formula
# apart by blank lines too, and only the words before a formula carry on past it.
PARAGRAPH_MARK = "\ue002"
_SOURCE_BLANK_LINE = re.compile(r"\n[ \t]*\n\s*")
# ``BLANK_KEPT`` (``latex_gaps``) is set after a blank the source types before high
# punctuation. A run of blanks is read once, from its start.
_BLANK_BEFORE_HIGH_PUNCTUATION = re.compile(r"(?<!\s)(\s++)(?=[:;!?])")
_HIGH_PUNCTUATION = frozenset(":;!?")
# What prints a blank the author typed: a tie, a thin or medium space, a control space.
_TYPED_BLANKS = frozenset({",", ";", ":", " "})
# Where a displayed formula begins: a blank line typed just before one ("where\n\n
# \\begin{equation*}") opens no paragraph, as the words before it go on in the PDF.
DISPLAY_MARK = "\ue003"
_BLANK_BEFORE_DISPLAY = re.compile(f"{PARAGRAPH_MARK}(\\s*){DISPLAY_MARK}")


# Each run of spaces is tried once (it must start after a non-space), so a long run costs
# linear time.
_INSIDE_DELIMITERS = re.compile("(?<=[\u230a\u2308\u27e8]) +|(?<! ) +(?=[\u230b\u2309\u27e9])")


class PaperText(LatexNodes2Text):  # type: ignore[misc]  # pylatexenc has no type hints
    """pylatexenc's converter with a formula's typed operators spaced as TeX prints them."""

    def nodelist_to_text(self, nodelist: Sequence[LatexNode]) -> str:
        # Where inline code or a citation was dropped, its mark goes here, once its siblings
        # (an opening bracket before it) are known; no mark leaves the converter.
        return without_dropped(str(super().nodelist_to_text(nodelist)))

    def group_node_to_text(self, node: LatexGroupNode) -> str:
        # A group opening with a dropped command hands its mark on to the bracket before it:
        # a macro's expansion is such a group ("(\\mycite{a} x)" is "({\\cite{a}} x)").
        raw = str(super().nodelist_to_text(node.nodelist))
        text = without_dropped(raw)
        return DROPPED + text if raw.startswith(DROPPED) else text

    def chars_node_to_text(self, node: LatexCharsNode, textcol: int = 0) -> str:
        text = str(super().chars_node_to_text(node, textcol=textcol))
        if not node.parsing_state.in_math_mode:
            text = with_kept_blanks(opening_quotes(text))
            return _SOURCE_BLANK_LINE.sub(f"\n\n{PARAGRAPH_MARK}", text)
        return spaced_chars(node, text) if self.math_mode == "text" else text

    def macro_node_to_text(self, node: LatexMacroNode) -> str:
        text = str(super().macro_node_to_text(node))
        return text + kept_after(node) if node.macroname in _TYPED_BLANKS else text

    def specials_node_to_text(self, node: LatexSpecialsNode) -> str:
        text = str(super().specials_node_to_text(node))
        return text + kept_after(node) if node.specials_chars == "~" else text

    def _fmt_indented_block(self, contents: str, indent: str = "    ") -> str:
        # pylatexenc sets a displayed formula apart as an indented block.
        return DISPLAY_MARK + str(super()._fmt_indented_block(contents, indent=indent))

    def math_node_to_text(self, node: LatexNode) -> str:
        raised = raised_text(node) if self.math_mode == "text" else None
        if raised is not None:
            return raised
        text = str(super().math_node_to_text(node))
        if self.math_mode != "text":
            return text
        # An operator's spaces and the ones typed beside it: one space, not two; and none
        # typed inside floor, ceiling or angle brackets, which TeX never prints.
        text = re.sub(r"(?<=\S)  +(?=\S)", " ", text)
        return _INSIDE_DELIMITERS.sub("", text)


def with_kept_blanks(text: str) -> str:
    """``text`` (typed in one run, outside mathematics) with ``BLANK_KEPT`` after each blank
    it types just before high punctuation ("résultat : 5")."""
    return _BLANK_BEFORE_HIGH_PUNCTUATION.sub(rf"\1{BLANK_KEPT}", text)


def kept_after(node: LatexNode) -> str:
    """``BLANK_KEPT`` after a typed blank (``~``, ``\\,``) that the source sets just before
    high punctuation ("vrai~!"), in text; else nothing."""
    source: str = node.parsing_state.s
    end = node.pos + node.len
    typed = not node.parsing_state.in_math_mode and source[end : end + 1] in _HIGH_PUNCTUATION
    return BLANK_KEPT if typed else ""


def to_text(
    converter: LatexNodes2Text, nodes: Sequence[LatexNode], *, paragraphs: bool = False
) -> str:
    """Plain text of ``nodes``; a node pylatexenc cannot render is dropped, not fatal. With
    ``paragraphs``, each new paragraph of the source opens with ``PARAGRAPH_MARK``, and each
    blank the source types before high punctuation is followed by ``BLANK_KEPT``."""
    text = _BLANK_BEFORE_DISPLAY.sub(r"\1", _to_text(converter, nodes))
    # The closing quote of a "`Y \\cite{a}'" typed in another run of characters than its opening.
    text = closed_single_quotes(text.replace(DISPLAY_MARK, ""))
    return text if paragraphs else text.replace(PARAGRAPH_MARK, "").replace(BLANK_KEPT, "")


def _to_text(converter: LatexNodes2Text, nodes: Sequence[LatexNode]) -> str:
    try:
        return str(converter.nodelist_to_text(list(nodes)))
    except Exception:  # pylatexenc raises assorted errors on odd macro use
        parts: list[str] = []
        for node in nodes:
            try:
                parts.append(str(converter.nodelist_to_text([node])))
            except Exception:  # skip just the node it chokes on
                continue
        return "".join(parts)
