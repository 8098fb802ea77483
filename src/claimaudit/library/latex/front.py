"""A LaTeX paper's front matter: the title block a template sets by hand before the first
heading (no passage: names and addresses are no evidence), and the authors the source names,
stored as the paper's authors: plain names, without affiliation marks, notes or addresses."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexCommentNode,
    LatexEnvironmentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexMathNode,
    LatexNode,
)

from claimaudit.library.latex.macro_text import macro_args
from claimaudit.library.latex.paper_text import to_text
from claimaudit.library.latex.shapes import SECTION_MACROS

# PLOS's template prints the title, the authors with their affiliation marks, affiliations and
# e-mail addresses in a ``flushleft`` before the abstract.
_TITLE_BLOCK_ENVIRONMENTS = frozenset({"flushleft", "center", "flushright", "titlepage"})
# An address's name is taken from the start of its run (the look-behind), possessively: tried
# from every character of a long word, it read that word to its end each time.
_TITLE_BLOCK_SIGN = re.compile(
    r"(?<![\w.+-])[\w.+-]++@[\w-]+(?:\.[\w-]+)+"
    r"|\\(?:textsuperscript|thanks|footnotemark|affil|author|and|inst)(?![A-Za-z@])"
)
# Inside ``\author{...}``: marks, notes and addresses that are no part of a name.
_NOT_NAMES = frozenset(
    {
        "thanks",
        "footnote",
        "footnotemark",
        "textsuperscript",
        "inst",
        "IEEEauthorrefmark",
        "orcidlink",
        "orcid",
        "email",
        "affil",
        "affiliation",
        "href",
        "url",
        "fnref",
        "corref",
        "thanksref",
        "ddag",
        "dag",
        "dagger",
        "ddagger",
        "S",
        "P",
    }
)
# A line break in ``\author``: what follows is an affiliation or an address.
_BREAKS = frozenset({"\\", "newline", "par", "linebreak"})
_MAX_NAME = 120


def is_title_block(node: LatexNode) -> bool:
    """An environment that holds authors, their marks or addresses (before the first heading,
    as the caller checks)."""
    return (
        isinstance(node, LatexEnvironmentNode)
        and node.environmentname in _TITLE_BLOCK_ENVIRONMENTS
        and _TITLE_BLOCK_SIGN.search(node.latex_verbatim()) is not None
    )


def latex_authors(nodes: Sequence[LatexNode], converter: LatexNodes2Text) -> str | None:
    """The authors ``\\author`` names (several per macro where ``\\and`` parts them), else the
    names a hand-set title block marks with affiliation numbers (``{Ada~Lovelace}
    \\textsuperscript{1}``); ``None`` where the source names none."""
    names: list[str] = []
    body = front_nodes(nodes)
    for node in body:
        if isinstance(node, LatexMacroNode) and node.macroname == "author" and macro_args(node):
            names.extend(_names(macro_args(node)[-1], converter))
    if not names:
        for node in body:
            if isinstance(node, LatexMacroNode) and node.macroname in SECTION_MACROS:
                break
            if is_title_block(node):
                assert isinstance(node, LatexEnvironmentNode)
                names.extend(_marked_names(node.nodelist, converter))
    unique = list(dict.fromkeys(n for n in names if n))
    return ", ".join(unique) or None


def front_nodes(nodes: Sequence[LatexNode]) -> list[LatexNode]:
    """The preamble's nodes, then the document's; before its first heading, each environment's
    nodes after it, however deep (elsarticle sets its title, authors and abstract in a
    ``frontmatter`` environment)."""
    out: list[LatexNode] = []
    for node in nodes:
        out.append(node)
        if isinstance(node, LatexEnvironmentNode) and node.environmentname == "document":
            _opened(node.nodelist, out)
    return out


def _opened(nodes: Sequence[LatexNode], out: list[LatexNode]) -> bool:
    """Append ``nodes`` to ``out``, opening the environments before the first heading; True
    once a heading is met."""
    for index, node in enumerate(nodes):
        if isinstance(node, LatexMacroNode) and node.macroname in SECTION_MACROS:
            out.extend(nodes[index:])
            return True
        out.append(node)
        if isinstance(node, LatexEnvironmentNode) and _opened(node.nodelist, out):
            out.extend(nodes[index + 1 :])
            return True
    return False


def _names(arg: LatexNode | None, converter: LatexNodes2Text) -> Iterator[str]:
    parts: list[list[LatexNode]] = [[]]
    closed = False  # past a line break: an affiliation
    skip_group = False  # a mark macro's argument that the walker left as a group
    for node in getattr(arg, "nodelist", None) or []:
        if isinstance(node, LatexMacroNode) and node.macroname == "and":
            parts.append([])
            closed = skip_group = False
            continue
        if closed or isinstance(node, (LatexMathNode, LatexCommentNode)):
            continue
        if isinstance(node, LatexMacroNode) and node.macroname in _BREAKS:
            closed = True
        elif isinstance(node, LatexMacroNode) and node.macroname in _NOT_NAMES:
            skip_group = not (node.nodeargd and node.nodeargd.argnlist)
        elif skip_group and isinstance(node, LatexGroupNode):
            skip_group = False
        else:
            skip_group = skip_group and isinstance(node, LatexCharsNode) and not node.chars.strip()
            parts[-1].append(node)
    for part in parts:
        name = _clean(to_text(converter, part))
        if name:
            yield name


def _marked_names(nodes: Sequence[LatexNode], converter: LatexNodes2Text) -> Iterator[str]:
    """Groups followed by ``\\textsuperscript`` (an affiliation mark): the authors' names."""
    for index, node in enumerate(nodes):
        if not isinstance(node, LatexGroupNode):
            continue
        after = next(
            (
                n
                for n in nodes[index + 1 :]
                if not (isinstance(n, LatexCharsNode) and not n.chars.strip())
            ),
            None,
        )
        if isinstance(after, LatexMacroNode) and after.macroname == "textsuperscript":
            name = _clean(to_text(converter, node.nodelist))
            if name:
                yield name


def _clean(text: str) -> str:
    name = " ".join(text.split()).strip(" ,;*")
    if not name or "@" in name or len(name) > _MAX_NAME or not any(c.isalpha() for c in name):
        return ""
    return name
