"""How pylatexenc is set up to read papers: which macros print their text, which are noise,
which environments are skipped, and the argument shapes the parser must know so a macro's
arguments are not read as body text. Shared by paper extraction and draft review.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from pylatexenc.latex2text import EnvironmentTextSpec, LatexNodes2Text, MacroTextSpec
from pylatexenc.latex2text import get_default_latex_context_db as text_context_db
from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexEnvironmentNode,
    LatexMacroNode,
    LatexNode,
    LatexSpecialsNode,
)
from pylatexenc.latexwalker import get_default_latex_context_db as walker_context_db
from pylatexenc.macrospec import EnvironmentSpec, LatexContextDb, MacroSpec

from claimaudit.library.latex.babel import shorthand_specs, shorthand_text_specs
from claimaudit.library.latex.citations import CITE_SPECS, CitedWorks, citation_macros
from claimaudit.library.latex.cleveref import PAGE_STYLES
from claimaudit.library.latex.cleveref import STYLES as CREF_STYLES
from claimaudit.library.latex.counter_formats import COUNTER_FORMAT
from claimaudit.library.latex.math import operator_macros, raised_text, spaced_chars
from claimaudit.library.latex.printing import EnvironmentText, MacroText
from claimaudit.library.latex.quotes import language_quote_marks, quote_marks
from claimaudit.library.latex.spacing import spacing_macros
from claimaudit.library.latex.units import SIUNITX_SPECS, siunitx_macros
from claimaudit.library.latex.verbatim import verbatim_specs
from claimaudit.library.term_labels import term_label

SECTION_MACROS = frozenset({"chapter", "section", "subsection", "subsubsection"})
# Environments whose content is not prose a claim could cite (code, drawings, tables, refs,
# keywords).
SKIPPED_ENVIRONMENTS = frozenset(
    {
        "thebibliography",
        "lstlisting",
        "verbatim",
        "Verbatim",
        "minted",
        "pyverbatim",
        "pycode",
        "pyblock",
        "pyconsole",
        "tikzpicture",
        "tabular",
        "tabularx",
        # Keyword lists (elsarticle's ``keyword``, IEEEtran's ``IEEEkeywords``), as a PDF's
        # keyword lines are left out: words, not sentences.
        "keyword",
        "keywords",
        "IEEEkeywords",
    }
)
# ``\\renewcommand{\\abstractname}{Feedback}`` is rewritten to this private macro before the
# paper's own macros are expanded, so the walker sees where an abstract's heading is renamed.
ABSTRACT_NAME = "claimauditabstractname"
# Macros whose output is noise in plain text: labels, layout, author blocks. (Citations print
# as ``latex_citations`` says: nothing, or a textual one's names.)
_DISCARDED_MACROS = tuple(
    "label maketitle "
    "includegraphics bibliography bibliographystyle author affil keywords thanks date "
    "thispagestyle vspace newcommand renewcommand title setlength addtolength "
    f"setcounter addtocounter stepcounter refstepcounter {ABSTRACT_NAME} {COUNTER_FORMAT} "
    # Settings, not text ("font=small", "figs/").
    "captionsetup graphicspath "
    # A to-do note is the author's reminder, not the paper's claim; struck-out text (soul's
    # \\sout and \\st, ulem's \\xout) is what the paper takes back, as is the changes
    # package's \\deleted text, which its ``final`` option never prints, and its reviewer's
    # \\comment. A \\footnotemark prints only its mark; its note is the \\footnotetext's.
    "todo missingfigure sout st xout deleted comment footnotemark "
    # elsarticle's title block: addresses, e-mail, notes on the title and the authors.
    "address affiliation ead cortext fntext tnotetext".split()
)
# pylatexenc renders these font and link macros as nothing; we want their visible text.
_TEXT_MACROS = {
    "texttt": "%(1)s",
    "textsf": "%(1)s",
    "textmd": "%(1)s",
    "textup": "%(1)s",
    "textnormal": "%(1)s",
    "mbox": "%(1)s",
    "code": "%(1)s",
    "num": "%(2)s",
    "href": "%(2)s",
    # A forced line break inside a paragraph still separates words ("matrices. scipy...").
    "newline": " ",
    "linebreak": " ",
    # A caption's short title ("\\caption[Getting started figure]{...}") is for the list of
    # figures; the caption is its long text. A scaled box prints its content, an epigraph its
    # quote, then who said it.
    "caption": "%(3)s",
    "subcaption": "%(3)s",
    "captionof": "%(4)s",  # the caption package's caption outside a float: type, short, long
    "resizebox": "%(3)s",
    "scalebox": "%(3)s",
    "epigraph": "%(1)s\n\n%(2)s",
    # Logos and a named character pylatexenc prints as nothing ("with a dash of , MATLAB",
    # "differentialevolution" for "differential\\textunderscore evolution").
    "TeX": "TeX",
    "LaTeX": "LaTeX",
    "LaTeXe": "LaTeX2e",
    "BibTeX": "BibTeX",
    "XeTeX": "XeTeX",
    "LuaTeX": "LuaTeX",
    "textunderscore": "_",
    "textquotedbl": '"',
    "S": "\u00a7",
    # Boxes print their text, not their width, angle or lift ("3cmX", "90X" before); a
    # hyperref link its text, not its label.
    "parbox": "%(5)s",
    "rotatebox": "%(3)s",
    "raisebox": "%(4)s",
    "hyperref": "%(2)s",
    # A discretionary hyphen ("sci\\-en\\-tific") prints nothing unless the line breaks there.
    "-": "",
    # A link to a target, a phrase in another language, a box: their text, not the target's
    # name, the language or the width ("tKernels", "englishTransposed" before).
    "hyperlink": "%(2)s",
    "foreignlanguage": "%(3)s",
    "makebox": "%(3)s",
    "framebox": "%(3)s",
    "fbox": "%(1)s",
    # The changes package's edits: the text added (``\\replaced[id=a]{new}{old}``'s new
    # text) is the paper's; the text replaced is not, nor printed with its ``final`` option.
    "added": "%(2)s",
    "replaced": "%(2)s",
    "highlight": "%(2)s",  # the paper's text, marked for a reviewer
    # babel's quote marks (German, French): pylatexenc printed nothing, so a quotation lost its
    # marks ("\\glqq{}2.400\\grqq{}" read "2.400"). French ones are set with their spaces.
    **dict.fromkeys(("glqq", "quotedblbase"), "\u201e"),
    **dict.fromkeys(("glq", "quotesinglbase"), "\u201a"),
    "grqq": "\u201c",
    "grq": "\u2018",
    **dict.fromkeys(("flqq", "guillemotleft", "guillemetleft"), "\u00ab"),
    **dict.fromkeys(("frqq", "guillemotright", "guillemetright"), "\u00bb"),
    **dict.fromkeys(("flq", "guilsinglleft"), "\u2039"),
    **dict.fromkeys(("frq", "guilsinglright"), "\u203a"),
    "og": "\u00ab ",
    "fg": "\u00bb",
}
# A box's own heading line (see ``extract_latex``) is rewritten to this private macro.
BOX_HEADING = "claimauditboxheading"

# Sub-figures written as commands (subfig's, the subfigure package's): [list entry][caption]{body}.
SUBFLOAT_MACROS = ("subfloat", "subfigure", "subtable")
# Argument shapes the walker must know, so a macro's arguments are not read as body text.
_WALKER_ARGS = {
    BOX_HEADING: "{",
    COUNTER_FORMAT: "{",
    ABSTRACT_NAME: "{",
    # hyperref's and varioref's (a star drops the link; \\vpageref takes two texts of its own).
    **dict.fromkeys(
        ("ref", "autoref", "Autoref", "pageref", "autopageref", "nameref", "Nameref"), "*{"
    ),
    **dict.fromkeys(("subref", "vref", "Vref"), "*{"),
    "vpageref": "*[[{",
    # cleveref's, starred or not (the star drops the link): one list of labels, or a range's two.
    **{name: "*{{" if name.endswith("range") else "*{" for name in (*CREF_STYLES, *PAGE_STYLES)},
    **dict.fromkeys(SUBFLOAT_MACROS, "[[{"),
    # Run-in headings: their title an argument, so that it is printed as one (pylatexenc has
    # no shape for them, and ran "\\paragraph{Scope}Paths" into "ScopePaths").
    **dict.fromkeys(("paragraph", "subparagraph"), "*[{"),
    "affil": "[{",
    "address": "[{",  # elsarticle's: [label]{address}
    "affiliation": "[{",
    "ead": "[{",  # [url]{e-mail address}
    "cortext": "[{",
    "fntext": "[{",
    "tnotetext": "[{",
    "keywords": "{",
    "author": "[{",
    "code": "{",
    "num": "[{",
    "footnote": "[{",
    "footnotemark": "[",  # [number]
    "footnotetext": "[{",  # [number]{text}
    "thispagestyle": "{",
    "pagestyle": "{",
    "setlength": "{{",
    "addtolength": "{{",
    "setcounter": "{{",
    "addtocounter": "{{",
    "stepcounter": "{",
    "refstepcounter": "{",
    "bibliography": "{",
    "bibliographystyle": "{",
    # ``\\caption*`` is unnumbered; ``\\captionof{table}[short]{long}`` numbers a table.
    "caption": "*[{",
    "subcaption": "*[{",
    "captionof": "*{[{",
    "captionsetup": "[{",
    "graphicspath": "{",
    "todo": "[{",
    "missingfigure": "[{",
    "marginpar": "[{",  # [left-page text]{text}
    "marginnote": "{[",  # {text}[offset]
    "sout": "{",
    "st": "{",
    "xout": "{",
    "added": "[{",
    "deleted": "[{",
    "replaced": "[{{",
    "comment": "[{",
    "highlight": "[{",
    "resizebox": "{{{",
    "parbox": "[[[{{",
    "rotatebox": "[{{",
    "raisebox": "{[[{",
    "hyperref": "[{",
    "hyperlink": "{{",
    "foreignlanguage": "[{{",
    "makebox": "[[{",
    "framebox": "[[{",
    "fbox": "{",
    "enquote": "*{",
    # csquotes' others: [citation][punctuation]{text}, a language first for the foreign ones.
    "textquote": "*[[{",
    **dict.fromkeys(("foreignquote", "hyphenquote"), "*{[[{"),
    "nth": "{",
    "scalebox": "{[{",
    "epigraph": "{{",
    "dfrac": "{{",  # amsmath's display and text fractions, written like \frac
    "tfrac": "{{",
    "pmod": "{",  # "(mod n)"
    "textsuperscript": "{",  # an exponent or a mark, told apart by what it follows
}
# Environments whose arguments are layout ("\\begin{subfigure}[t]{0.48\\textwidth}"), not text.
_WALKER_ENVIRONMENTS = {
    "minipage": "[[[{",
    "subfigure": "[{",
    "wrapfigure": "[{[{",
    "wraptable": "[{[{",
    "subtable": "[{",
    # Floats' placement ("[t]", "[H]") and algorithmic's line numbering ("[1]"), not text.
    "algorithm": "[",
    "algorithm*": "[",
    "algorithm2e": "[",
    "algorithmic": "[",
    "listing": "[",
    # A framed box's settings ("[colback=red!5]"), not its text.
    "tcolorbox": "[",
    "mdframed": "[",
}
# Where a list item begins, for its paragraph to become a "list" block (never joined to the
# next): a private-use character, which no paper's text holds and ``str.strip`` keeps.
ITEM_MARK = "\ue000"
# Where an item's label ends: the spaces typed after it are one space in the text.
LABEL_END = "\ue001"
# Where the source starts a new paragraph (a blank line): pylatexenc sets a displayed formula
# apart by blank lines too, and only the words before a formula carry on past it.
PARAGRAPH_MARK = "\ue002"
_SOURCE_BLANK_LINE = re.compile(r"\n[ \t]*\n\s*")
# Set after a blank the source types before ":", ";", "!" or "?" (French typography,
# "résultat : 5", "vrai ~!"): the blank is the author's, not the gap a citation printed as
# nothing leaves ("format \\cite{x}, and"), which the reader closes; the mark keeps it from
# that, and goes once it is done. A run of blanks is read once, from its start.
BLANK_KEPT = "\ue004"
_BLANK_BEFORE_HIGH_PUNCTUATION = re.compile(r"(?<!\s)(\s++)(?=[:;!?])")
_HIGH_PUNCTUATION = frozenset(":;!?")
# What prints a blank the author typed: a tie, a thin or medium space, a control space.
_TYPED_BLANKS = frozenset({",", ";", ":", " "})
# Where a displayed formula begins: a blank line typed just before one ("where\n\n
# \\begin{equation*}") opens no paragraph, as the words before it go on in the PDF.
_DISPLAY_MARK = "\ue003"
_BLANK_BEFORE_DISPLAY = re.compile(f"{PARAGRAPH_MARK}(\\s*){_DISPLAY_MARK}")
# List environments: a description's item labels are terms ("Branches: ..."), another list's
# (``\\item[(a)]``) stand for its bullet or number, as typed.
_DESCRIPTION_LISTS = frozenset({"description", "compactdesc"})
_OTHER_LISTS = frozenset({"itemize", "enumerate", "compactitem", "compactenum"})


def walker_context(
    extra: Sequence[MacroSpec] = (),
    *,
    german: bool = False,
    environments: Mapping[str, str] | None = None,
) -> LatexContextDb:
    """The argument shapes papers are parsed with (``extra`` takes precedence); drafts under
    review are parsed with the same, plus their citation commands and ``environments``' (name
    -> shape: those the draft defines with arguments). ``german``: babel's German shorthands
    are read too (``latex_babel``)."""
    context = walker_context_db()
    shapes = {**SIUNITX_SPECS, **_WALKER_ARGS}
    specs = [
        *CITE_SPECS,
        *(MacroSpec(name, args) for name, args in shapes.items()),
        *verbatim_specs(),
    ]
    shapes_of = {**_WALKER_ENVIRONMENTS, **(environments or {})}
    context.add_context_category(
        "claimaudit",
        macros=[*specs, *extra],
        environments=[EnvironmentSpec(name, args) for name, args in shapes_of.items()],
        specials=shorthand_specs() if german else [],
        prepend=True,
    )
    return context


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


def _ordinal(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    """The nth package's ``\\nth{2}``: "2nd" (the PDF sets the suffix raised; its text reads
    the same)."""
    args = macro_args(node)
    number = " ".join(str(l2tobj.nodelist_to_text(args[-1:])).split()) if args else ""
    if not number.isdecimal():  # isdigit() admits "²", which int() refuses
        return number
    value = int(number)
    suffix = "th" if value % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(value % 10)
    return number + (suffix or "th")


# What xspace adds no space before: punctuation, a closing bracket or quote, a dash, a
# forced space ("~", "\\ ", "\\,") or the end of the text.
_NO_SPACE_AFTER = frozenset(".,;:!?)]}'\"/-~\\\u2019\u201d")


def xspace(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    """The xspace package's ``\\xspace`` (a macro ending ``\\SciPy`` with it reads "SciPy
    library", not "SciPylibrary"): a space, unless what follows is punctuation."""
    return space_before(node.parsing_state.s, node.pos + node.len)


def space_before(source: str, position: int) -> str:
    """What ``\\xspace`` prints where ``source`` goes on at ``position``."""
    after = source[position : position + 200].lstrip()
    return " " if after and after[0] not in _NO_SPACE_AFTER else ""


_URL_ESCAPE = re.compile(r"\\([#%&_$~])")


def _address(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    """A URL as printed: its verbatim text, an escape hyperref allows ("\\#", "\\%") its
    character."""
    args = macro_args(node)
    written = str(args[0].latex_verbatim()) if args else ""
    return _URL_ESCAPE.sub(r"\1", written)


def subfloat_text(node: LatexMacroNode, l2tobj: LatexNodes2Text, letter: str = "") -> str:
    """subfig's ``\\subfloat[list entry][caption]{body}`` (the subfigure package's
    ``\\subfigure`` and ``\\subtable`` alike): its body, then its caption as a paragraph of
    its own, as the PDF sets it under the sub-figure, after its ``letter`` ("(a) ") where the
    count knows it (these packages' options set it)."""
    argd = node.nodeargd
    args = list(argd.argnlist) if argd is not None else []
    optional = [a for a in args[:-1] if a is not None]
    body = to_text(l2tobj, args[-1:]) if args and args[-1] is not None else ""
    caption = " ".join(to_text(l2tobj, optional[-1:]).split()) if optional else ""
    if letter:
        caption = f"({letter}) {caption}".strip()
    return f"{body}\n\n{caption}\n\n" if caption else body


def _subfloat(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    return subfloat_text(node, l2tobj)


def _quoted(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    """csquotes' ``\\enquote{X}`` in outer quotes, ``\\enquote*{X}`` in inner ones, as it
    prints them in the language in force there (``latex_quotes``)."""
    argd = node.nodeargd
    inner = argd is not None and bool(argd.argnlist) and argd.argnlist[0] is not None
    args = macro_args(node)
    text = str(l2tobj.nodelist_to_text(args[-1:])) if args else ""
    marks = quote_marks(node.parsing_state.s, node.pos)
    given = argd.argnlist if argd is not None else []
    if node.macroname in ("foreignquote", "hyphenquote") and len(given) > 1 and given[1]:
        # In the marks of the language it names (``\\foreignquote{german}{...}``: „...“).
        marks = language_quote_marks(str(given[1].latex_verbatim()).strip("{} \n")) or marks
    if inner:
        return f"{marks.inner_open}{text}{marks.inner_close}"
    return f"{marks.outer_open}{text}{marks.outer_close}"


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
        "nth": _ordinal,
        **dict.fromkeys(("enquote", "textquote", "foreignquote", "hyphenquote"), _quoted),
        **dict.fromkeys(SUBFLOAT_MACROS, _subfloat),
        "url": _address,
        "nolinkurl": _address,
        "path": _address,
        "xspace": xspace,
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
            text = text.replace(PARAGRAPH_MARK, "").replace(_DISPLAY_MARK, "")
            text = text.replace(BLANK_KEPT, "")
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
            *(MacroTextSpec(name, discard=True) for name in _DISCARDED_MACROS),
            *(MacroTextSpec(name, simplify_repl=reference) for name in _REFERENCES),
            *(
                MacroTextSpec(name, simplify_repl=repl)
                for name, repl in _TEXT_MACROS.items()
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
    return _PaperText(latex_context=context, math_mode=math_mode, strict_latex_spaces=True)


# Each run of spaces is tried once (it must start after a non-space), so a long run costs
# linear time.
_INSIDE_DELIMITERS = re.compile("(?<=[\u230a\u2308\u27e8]) +|(?<! ) +(?=[\u230b\u2309\u27e9])")


class _PaperText(LatexNodes2Text):  # type: ignore[misc]  # pylatexenc has no type hints
    """pylatexenc's converter with a formula's typed operators spaced as TeX prints them."""

    def chars_node_to_text(self, node: LatexCharsNode, textcol: int = 0) -> str:
        text = str(super().chars_node_to_text(node, textcol=textcol))
        if not node.parsing_state.in_math_mode:
            text = with_kept_blanks(text)
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
        return _DISPLAY_MARK + str(super()._fmt_indented_block(contents, indent=indent))

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
    text = text.replace(_DISPLAY_MARK, "")
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


def macro_args(node: LatexMacroNode) -> list[LatexNode]:
    return [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
