"""The macros a ``.bib`` file's ``@preamble`` defines, applied to its fields as LaTeX prints them.

BibTeX copies ``@preamble{"\\newcommand{\\noop}[1]{}"}`` into the document, and the classic
sorting trick ``title = {{\\noop{a}}Title}`` (BibTeX sorts by "aTitle", LaTeX prints "Title")
relies on it. Read without it, the title was "aTitle", and compared with the catalogue's as
that. The preamble's simple definitions (those a paper's own LaTeX source is read for,
``claimaudit.library.latex.definitions``) are expanded in every field, an optional first
argument as LaTeX reads it (``\\newcommand{\\x}[2][dft]{...}``: its default where the call
gives no ``[...]``), and the usual names of the trick (``\\noop``, ``\\noopsort``,
``\\SortNoop``), which print nothing, even where the preamble sits in another file.
Expansion is bounded as a paper's is (passes, size).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from claimaudit.bibmacros import MAX_JOINED_CHARS, written_text

# The sorting trick's usual macros, each printing nothing of its one argument.
_SORTING_MACROS = {"noop": (1, ""), "noopsort": (1, ""), "SortNoop": (1, "")}

# Fields biblatex reads verbatim (its data model's ``verbatim`` and ``uri`` fields).
_VERBATIM_FIELDS = frozenset(
    {"url", "doi", "eprint", "file", "pdf", "urlraw", "verba", "verbb", "verbc"}
)


@dataclass(frozen=True)
class PreambleMacros:
    """The macros a preamble defines: name -> (arguments, body), and the default of an
    optional first argument for those that have one (counted among the arguments, as
    ``\\newcommand``'s ``[2][dft]`` counts it)."""

    macros: dict[str, tuple[int, str]]
    defaults: dict[str, str] = field(default_factory=dict)


def preamble_macros(preambles: Iterable[str]) -> PreambleMacros:
    """The simple macros ``preambles`` (their values as written, ``"..." # "..."`` too)
    define, the sorting trick's among them unless they say otherwise."""
    from claimaudit.library.latex.definitions import read_definitions

    macros = dict(_SORTING_MACROS)
    defaults: dict[str, str] = {}
    # BibTeX writes every @preamble out in order, as one text: a later \providecommand
    # defines only what no earlier block did.
    found, _ = read_definitions("\n".join(written_text(raw) for raw in preambles))
    for name, macro in found.items():
        defaults.pop(name, None)
        # Delimited parameters (``\def\x#1.{...}``): no braced call, left as written.
        if macro.delimiters is not None:
            macros.pop(name, None)
            continue
        macros[name] = (macro.arguments, macro.body)
        if macro.default is not None:
            defaults[name] = macro.default
    return PreambleMacros(macros, defaults)


def apply_macros(name: str, value: str, preamble: PreambleMacros) -> str:
    """Field ``name``'s ``value`` with its calls of the ``preamble``'s macros expanded (each
    body in braces, as TeX groups it), as written when it calls none, would grow past
    ``MAX_JOINED_CHARS``, or the field is one biblatex reads verbatim (a path's
    ``C:\\noop\\x.pdf`` is no call)."""
    if "\\" not in value or not preamble.macros or name in _VERBATIM_FIELDS:
        return value
    from claimaudit.library.latex.macros import expand_known

    return expand_known(value, preamble.macros, preamble.defaults, MAX_JOINED_CHARS)
