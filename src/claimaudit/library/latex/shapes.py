"""The argument shapes pylatexenc's walker must know to parse papers and drafts, so that a
macro's or environment's arguments (a label, a width, a placement) are not read as body text;
and the private macros the reader rewrites the source into before it is walked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pylatexenc.latexwalker import get_default_latex_context_db as walker_context_db
from pylatexenc.macrospec import EnvironmentSpec, LatexContextDb, MacroSpec

from claimaudit.library.latex.babel import shorthand_specs
from claimaudit.library.latex.citations import CITE_SPECS
from claimaudit.library.latex.cleveref import PAGE_STYLES
from claimaudit.library.latex.cleveref import STYLES as CREF_STYLES
from claimaudit.library.latex.counter_formats import COUNTER_FORMAT
from claimaudit.library.latex.units import SIUNITX_SPECS
from claimaudit.library.latex.verbatim import verbatim_specs

# ``\\renewcommand{\\abstractname}{Feedback}`` is rewritten to this private macro before the
# paper's own macros are expanded, so the walker sees where an abstract's heading is renamed.
ABSTRACT_NAME = "claimauditabstractname"
# A box's own heading line (see ``extract_latex``) is rewritten to this private macro.
BOX_HEADING = "claimauditboxheading"

# The sectioning macros, the one list both LaTeX readers (a paper's and a draft's) go by. Those
# that name the section their text is in, and those every standard class runs into their
# paragraph, whose title opens it (a class may run in more: ``refs.run_in_headings``). Each
# takes a star, a short title and its title; pylatexenc knows no shape for \part or
# \paragraph, and read "\part{Intro}" as a macro then a group ("PART: Intro" in the text).
SECTION_MACROS = frozenset({"part", "chapter", "section", "subsection", "subsubsection"})
RUN_IN_ALWAYS = frozenset({"paragraph", "subparagraph"})
SECTIONING_MACROS = SECTION_MACROS | RUN_IN_ALWAYS

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
    # Headings: their title an argument, so that it is printed as one (pylatexenc has no shape
    # for some, and ran "\\paragraph{Scope}Paths" into "ScopePaths").
    **dict.fromkeys(SECTIONING_MACROS, "*[{"),
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
