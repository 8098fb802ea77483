"""What each LaTeX command prints in a paper's text: the commands that are noise (labels,
layout, author blocks, struck-out text), the environments skipped as not prose, the font, box
and link commands that print one of their arguments, and the functions that print the rest
(an ordinal, a URL, a sub-figure, a quotation in its language's marks, xspace's space)."""

from __future__ import annotations

import re

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexMacroNode, LatexNode

from claimaudit.library.latex.counter_formats import COUNTER_FORMAT
from claimaudit.library.latex.paper_text import to_text
from claimaudit.library.latex.quotes import language_quote_marks, quote_marks
from claimaudit.library.latex.shapes import ABSTRACT_NAME

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
# Macros whose output is noise in plain text: labels, layout, author blocks. (Citations print
# as ``latex_citations`` says: nothing, or a textual one's names.)
DISCARDED_MACROS = tuple(
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
TEXT_MACROS = {
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


def ordinal(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
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


def address(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
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


def subfloat(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    return subfloat_text(node, l2tobj)


def quoted(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
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


def macro_args(node: LatexMacroNode) -> list[LatexNode]:
    return [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
