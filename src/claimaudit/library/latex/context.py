"""How pylatexenc is set up to read papers: the text converter, with every command's and
environment's printing in place. Shared by paper extraction and draft review.

The pieces live a module each: the walker's argument shapes (``shapes``), what each command
prints (``macro_text``), and the converter's marks and plain text (``paper_text``). Their
names are importable from here too, as other code imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pylatexenc.latex2text import EnvironmentTextSpec, LatexNodes2Text, MacroTextSpec
from pylatexenc.latex2text import get_default_latex_context_db as text_context_db
from pylatexenc.latexwalker import LatexEnvironmentNode, LatexMacroNode

from claimaudit.library.latex.babel import shorthand_text_specs
from claimaudit.library.latex.citations import CitedWorks, citation_macros
from claimaudit.library.latex.cleveref import PAGE_STYLES
from claimaudit.library.latex.cleveref import STYLES as CREF_STYLES
from claimaudit.library.latex.gaps import BLANK_KEPT, dropped
from claimaudit.library.latex.macro_text import (
    DISCARDED_MACROS,
    SKIPPED_ENVIRONMENTS,
    TEXT_MACROS,
    address,
    macro_args,
    ordinal,
    quoted,
    space_before,
    subfloat,
    subfloat_text,
    xspace,
)
from claimaudit.library.latex.math import operator_macros
from claimaudit.library.latex.paper_text import (
    DISPLAY_MARK,
    ITEM_MARK,
    LABEL_END,
    PARAGRAPH_MARK,
    PaperText,
    kept_after,
    to_text,
    with_kept_blanks,
)
from claimaudit.library.latex.printing import EnvironmentText, MacroText
from claimaudit.library.latex.shapes import (
    ABSTRACT_NAME,
    BOX_HEADING,
    SECTION_MACROS,
    SECTIONING_MACROS,
    SUBFLOAT_MACROS,
    walker_context,
)
from claimaudit.library.latex.spacing import spacing_macros
from claimaudit.library.latex.units import siunitx_macros
from claimaudit.library.latex.verbatim import CODE_MACROS
from claimaudit.library.term_labels import term_label

# What other code imports from here (the review's LaTeX reader among it).
__all__ = [
    "ABSTRACT_NAME",
    "BLANK_KEPT",
    "BOX_HEADING",
    "ITEM_MARK",
    "LABEL_END",
    "PARAGRAPH_MARK",
    "SECTIONING_MACROS",
    "SECTION_MACROS",
    "SKIPPED_ENVIRONMENTS",
    "SUBFLOAT_MACROS",
    "References",
    "kept_after",
    "macro_args",
    "space_before",
    "subfloat_text",
    "text_converter",
    "to_text",
    "walker_context",
    "with_kept_blanks",
    "xspace",
]

# List environments: a description's item labels are terms ("Branches: ..."), another list's
# (``\\item[(a)]``) stand for its bullet or number, as typed.
_DESCRIPTION_LISTS = frozenset({"description", "compactdesc"})
_OTHER_LISTS = frozenset({"itemize", "enumerate", "compactitem", "compactenum"})

# What a cross-reference prints: (style, label) -> text, "" when it cannot be resolved.
References = Callable[[str, str], str]
_REFERENCES = (
    "ref",
    "autoref",
    "Autoref",
    "eqref",
    "pageref",
    "autopageref",
    "vpageref",
    "nameref",
    "Nameref",
    "subref",
    "vref",
    "Vref",
    *CREF_STYLES,
    *PAGE_STYLES,
)


def text_converter(
    math_mode: str = "text",
    notes: list[str] | None = None,
    references: References | None = None,
    environments: Mapping[str, EnvironmentText] | None = None,
    macros: Mapping[str, MacroText] | None = None,
) -> LatexNodes2Text:
    """pylatexenc's converter, set up for papers. Footnotes are taken out of their sentence
    into ``notes`` (each becomes its own passage after its paragraph, as a PDF prints it apart);
    each list item starts a paragraph of its own, without pylatexenc's "*" bullet, opening
    with its label where it has one (the spaces after it marked by ``LABEL_END``), a
    description item's read as a term ("Branches: A branch is ...");
    ``\\ref``, ``\\autoref``, ``\\eqref`` and cleveref's ``\\cref`` and its kin print what
    ``references`` says (nothing without);
    ``environments`` and ``macros`` print as their functions say (a theorem with its numbered
    head, a caption with its label); citation commands print nothing unless ``macros`` says
    otherwise (``latex_citations.citation_macros``)."""
    collected = notes if notes is not None else []
    handlers = {
        **operator_macros(),
        **citation_macros(CitedWorks()),
        **siunitx_macros(),
        **spacing_macros(),
        "nth": ordinal,
        **dict.fromkeys(("enquote", "textquote", "foreignquote", "hyphenquote"), quoted),
        **dict.fromkeys(SUBFLOAT_MACROS, subfloat),
        "url": address,
        "nolinkurl": address,
        "path": address,
        "xspace": xspace,
        # Inline code is no prose: dropped, its gap closed as a citation's is (``latex_gaps``).
        **dict.fromkeys(CODE_MACROS, dropped),
        **(macros or {}),
    }

    def reference(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        args = macro_args(node)
        if references is None or not args:
            return ""
        # A range's two labels are given as a list of two.
        keys = args[-2:] if node.macroname.endswith("range") else args[-1:]
        key = ",".join(
            str(arg.latex_verbatim()).strip().removeprefix("{").removesuffix("}").strip()
            for arg in keys
        )
        return references(node.macroname, key)

    def footnote(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        args = macro_args(node)
        # The note's text is the last argument; marginnote's ``{text}[offset]`` has it first.
        if args:
            arg = args[0] if node.macroname == "marginnote" else args[-1]
            text = str(l2tobj.nodelist_to_text([arg]))
            # A list in a note runs on in its one passage: its items' marks are spaces.
            text = text.replace(ITEM_MARK, " ").replace(LABEL_END, " ")
            text = text.replace(PARAGRAPH_MARK, "").replace(DISPLAY_MARK, "")
            # ``BLANK_KEPT`` stays: the reader closes the note's gaps as a paragraph's.
            collected.append(" ".join(text.split()))
        return ""

    lists: list[str] = []  # the list environments being read, innermost last

    def in_list(node: LatexEnvironmentNode, l2tobj: LatexNodes2Text) -> str:
        lists.append(node.environmentname)
        try:
            return str(l2tobj.nodelist_to_text(node.nodelist))
        finally:
            lists.pop()

    def item(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        label = macro_args(node)
        text = " ".join(str(l2tobj.nodelist_to_text(label)).split()) if label else ""
        if not text:
            return f"\n\n{ITEM_MARK}"
        if lists and lists[-1] in _DESCRIPTION_LISTS:
            text = term_label(text)
        return f"\n\n{ITEM_MARK}{text}{LABEL_END}"

    context = text_context_db()
    context.add_context_category(
        "claimaudit",
        macros=[
            *(MacroTextSpec(name, discard=True) for name in DISCARDED_MACROS),
            *(MacroTextSpec(name, simplify_repl=reference) for name in _REFERENCES),
            *(
                MacroTextSpec(name, simplify_repl=repl)
                for name, repl in TEXT_MACROS.items()
                if name not in handlers
            ),
            *(MacroTextSpec(name, simplify_repl=f) for name, f in handlers.items()),
            MacroTextSpec("footnote", simplify_repl=footnote),
            # A note given apart from its ``\\footnotemark``: placed as ``\\footnote``'s is.
            MacroTextSpec("footnotetext", simplify_repl=footnote),
            # A margin note is printed, but beside the text, not in its sentence: a passage of
            # its own after its paragraph, as a footnote is (a PDF reads it apart too).
            MacroTextSpec("marginpar", simplify_repl=footnote),
            MacroTextSpec("marginnote", simplify_repl=footnote),
            MacroTextSpec("item", simplify_repl=item),
            # ``\par`` ends a paragraph as a blank line does; pylatexenc drops it, gluing the
            # two paragraphs' words together.
            MacroTextSpec("par", simplify_repl=f"\n\n{PARAGRAPH_MARK}"),
        ],
        specials=shorthand_text_specs(),
        # The same environments the walker skips, wherever they nest (a drawing in a figure).
        environments=[
            *(EnvironmentTextSpec(name, discard=True) for name in SKIPPED_ENVIRONMENTS),
            *(
                EnvironmentTextSpec(name, simplify_repl=in_list)
                for name in _DESCRIPTION_LISTS | _OTHER_LISTS
            ),
            *(
                EnvironmentTextSpec(name, simplify_repl=function)
                for name, function in (environments or {}).items()
            ),
        ],
        prepend=True,
    )
    return PaperText(latex_context=context, math_mode=math_mode, strict_latex_spaces=True)
