"""What LaTeX numbers, counted, so the text reads as the compiled paper prints it: references
("Figure~\\ref{fig:a} shows" is "Figure 2.6 shows", not "Figure shows"), theorem heads
("Relationship 11.") and caption labels ("Figure 2.1: ", printed as ``latex_captions`` says).

The numbers are counted by ``latex_numbering``; this module prints them.
"""

from __future__ import annotations

import re

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexEnvironmentNode, LatexMacroNode

from claimaudit.library.latex.captions import CaptionStyle
from claimaudit.library.latex.citations import CitedWorks, citation_macros
from claimaudit.library.latex.cleveref import (
    PAGE_STYLES,
    VARIOREF_AS_CREF,
    CrefNames,
    cref_names,
    render_cref,
)
from claimaudit.library.latex.cleveref import STYLES as CREF_STYLES
from claimaudit.library.latex.context import text_converter
from claimaudit.library.latex.macro_text import macro_args, subfloat_text
from claimaudit.library.latex.numbering import Numbering, Target, document_class
from claimaudit.library.latex.paper_text import PARAGRAPH_MARK, to_text
from claimaudit.library.latex.shapes import RUN_IN_ALWAYS, SUBFLOAT_MACROS

_AUTOREF_NAME = re.compile(
    # ``\\renewcommand{\\x}{...}``, ``\\providecommand*``, TeX's ``\\def\\x{...}`` (``\\gdef``)
    r"\\(?:(?:(?:re)?newcommand|providecommand)\*?|[gex]?def(?![A-Za-z@]))"
    r"\s{0,40}\{?\s{0,40}\\([A-Za-z]+)autorefname"
    r"\s{0,40}\}?\s{0,40}\{([^{}\n]{1,40})\}"
)
# What a page reference prints is the page's number, which a source does not give.
_PAGE_REFERENCES = frozenset({"pageref", "autopageref", "vpageref"})
# hyperref's own names for \autoref.
_AUTOREF_DEFAULTS = {
    "chapter": "chapter",
    "section": "section",
    "subsection": "subsection",
    "subsubsection": "subsubsection",
    "figure": "Figure",
    "table": "Table",
    "equation": "Equation",
    "theorem": "Theorem",
}


# Classes whose headings of these levels are run in, set at the start of their paragraph
# (``\\@startsection`` with a negative space after): llncs's ``\\subsubsection``.
RUN_IN_HEADINGS = {"llncs": frozenset({"subsubsection"})}
# Those every standard class runs in: ``RUN_IN_ALWAYS`` (``shapes``, with the other headings).


def run_in_headings(source: str) -> frozenset[str]:
    """The heading macros ``source``'s class runs into their paragraph: their title is the
    paragraph's first words, not the name of a section (a ``\\paragraph{Setting.}`` under
    ``\\section{Method}`` is in "Method"). The library's reader and a draft's review read so."""
    return RUN_IN_ALWAYS | RUN_IN_HEADINGS.get(document_class(source) or "", frozenset())


def autoref_names(source: str) -> dict[str, str]:
    """hyperref's names, with those the paper defines (``\\relationshipautorefname``)."""
    names = dict(_AUTOREF_DEFAULTS)
    for match in _AUTOREF_NAME.finditer(source):
        names[match.group(1)] = match.group(2).strip()
    return names


def numbered_converter(
    numbers: Numbering,
    names: dict[str, str],
    captions: CaptionStyle | None,
    math_mode: str,
    notes: list[str],
    cited: CitedWorks | None = None,
    crefs: CrefNames | None = None,
    *,
    run_in: frozenset[str] = frozenset(),
) -> LatexNodes2Text:
    """The paper's text converter (``latex_context.text_converter``) printing what the count
    found: references (cleveref's with ``crefs``' names), theorem heads and caption labels,
    the headings ``run_in`` names as the words opening their paragraph;
    and textual citations with the names ``cited`` gives their keys (``latex_citations``)."""

    def theorem(node: LatexEnvironmentNode, l2tobj: LatexNodes2Text) -> str:
        body = str(l2tobj.nodelist_to_text(node.nodelist or []))
        optional = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
        note = " ".join(to_text(l2tobj, optional[:1]).split())  # ``\\begin{lemma}[Young]``
        if note and node.environmentname in numbers.note_replaces:
            return _with_head(numbers, node.pos, body, replaced=note)
        return _with_head(numbers, node.pos, body, note)

    def caption(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        args = macro_args(node)
        text = to_text(l2tobj, args[-1:]) if args else ""
        target = numbers.captions.get(node.pos)
        letter = numbers.subcaptions.get(node.pos)
        if captions is not None and letter is not None:
            text = f"({letter}) {text.lstrip()}"
        elif captions is not None and target is not None:
            text = captions.label(target) + text.lstrip()
        # (A label the class might print otherwise is left out.) Each caption of a float is a
        # paragraph of its own, as printed, however the source runs them together.
        return f"\n\n{text}\n\n"

    def subfloat(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        return subfloat_text(node, l2tobj, numbers.subcaptions.get(node.pos, ""))

    def run_in_heading(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        # Its title runs into the paragraph's text, as a ``\\paragraph``'s does, a space after
        # it however the source goes on (``\\subsubsection{Setting}Graphs``: TeX's skip).
        args = macro_args(node)
        title = " ".join(to_text(l2tobj, args[-1:]).split()) if args else ""
        source: str = node.parsing_state.s
        end = node.pos + node.len
        while source[end : end + 1] == "}":  # the end of an expanded macro's group
            end += 1
        glued = end < len(source) and not source[end].isspace()
        return f"\n\n{title}{' ' if glued else ''}" if title else ""

    return text_converter(
        math_mode,
        notes,
        lambda style, key: reference(numbers, style, key, names, crefs or cref_names("")),
        dict.fromkeys(numbers.theorem_names, theorem),
        {
            **citation_macros(cited or CitedWorks()),
            **dict.fromkeys(("caption", "subcaption", "captionof"), caption),
            **dict.fromkeys(SUBFLOAT_MACROS, subfloat),
            **dict.fromkeys(run_in, run_in_heading),
        },
    )


def _with_head(
    numbers: Numbering, position: int, body: str, note: str = "", *, replaced: str = ""
) -> str:
    """A theorem's text as printed: its head ("Relationship 11.", "Lemma 2 (Young)." for
    ``\\begin{lemma}[Young]``), then its body; the body alone where the count gave it no
    number."""
    head = numbers.heads.get(position)
    if head is None:
        return body
    if replaced:
        head = replaced  # amsthm's ``\\begin{proof}[Proof of Lemma 2]``
    elif note:
        head = f"{head} ({note})"
    # A theorem is a paragraph of its own, as LaTeX sets it (a list of one item): its head
    # never joins the sentence typed on the line before it.
    text = f"{head}{'.' if numbers.head_period else ''} {body.lstrip()}"
    return f"\n\n{PARAGRAPH_MARK}{text}\n\n{PARAGRAPH_MARK}"


def reference(
    numbers: Numbering, style: str, key: str, names: dict[str, str], crefs: CrefNames
) -> str:
    """What a reference command prints for ``key`` (cleveref's: a list of labels)."""
    if crefs.loaded and style in VARIOREF_AS_CREF:
        style = VARIOREF_AS_CREF[style]
    if style in CREF_STYLES or style in PAGE_STYLES:
        return render_cref(style, [k.strip() for k in key.split(",")], numbers.labels, crefs)
    target = numbers.labels.get(key)
    if style == "subref":
        # subcaption's, as it prints it without options of its own ("(a)"); else nothing.
        if target is None or not target.letter or not numbers.subrefs_in_parentheses:
            return ""
        return f"({target.letter})"
    return render(target, style, names)


def render(target: Target | None, style: str, names: dict[str, str]) -> str:
    """What ``\\ref`` (``style`` "ref"; varioref's ``\\vref`` too, without its page), hyperref's
    ``\\autoref`` (``\\Autoref`` capitalised) and ``\\nameref``, or ``\\eqref`` prints for
    ``target``; "" when unresolved, and for a page reference (no page is known)."""
    if target is None or style in _PAGE_REFERENCES:
        return ""
    if style == "eqref":
        return f"({target.number})"
    if style in ("nameref", "Nameref"):
        return target.title
    if style in ("autoref", "Autoref"):
        name = names.get(target.kind, "")
        if style == "Autoref":
            name = name[:1].upper() + name[1:]
        return f"{name} {target.number}" if name else target.number
    return target.number
