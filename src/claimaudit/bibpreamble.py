"""The macros a ``.bib`` file's ``@preamble`` defines, applied to its fields as LaTeX prints them.

BibTeX copies ``@preamble{"\\newcommand{\\noop}[1]{}"}`` into the document, and the classic
sorting trick ``title = {{\\noop{a}}Title}`` (BibTeX sorts by "aTitle", LaTeX prints "Title")
relies on it. Read without it, the title was "aTitle", and compared with the catalogue's as
that. The preamble's simple definitions (those a paper's own LaTeX source is read for,
``claimaudit.library.latex.definitions``) are expanded in every field, and the usual names of
the trick (``\\noop``, ``\\noopsort``, ``\\SortNoop``), which print nothing, even where the
preamble sits in another file. Expansion is bounded as a paper's is (passes, size).
"""

from __future__ import annotations

from collections.abc import Iterable

from claimaudit.bibmacros import MAX_JOINED_CHARS, written_text

# The sorting trick's usual macros, each printing nothing of its one argument.
_SORTING_MACROS = {"noop": (1, ""), "noopsort": (1, ""), "SortNoop": (1, "")}

# Fields biblatex reads verbatim (its data model's ``verbatim`` and ``uri`` fields).
_VERBATIM_FIELDS = frozenset(
    {"url", "doi", "eprint", "file", "pdf", "urlraw", "verba", "verbb", "verbc"}
)


def preamble_macros(preambles: Iterable[str]) -> dict[str, tuple[int, str]]:
    """Name -> (arguments, body) for the simple macros ``preambles`` (their values as written,
    ``"..." # "..."`` too) define, the sorting trick's among them unless they say otherwise."""
    from claimaudit.library.latex.definitions import read_definitions

    macros = dict(_SORTING_MACROS)
    # BibTeX writes every @preamble out in order, as one text: a later \providecommand
    # defines only what no earlier block did.
    found, _ = read_definitions("\n".join(written_text(raw) for raw in preambles))
    for name, macro in found.items():
        # An optional argument or delimited parameters: not a simple call, left as written.
        if macro.default is None and macro.delimiters is None:
            macros[name] = (macro.arguments, macro.body)
        else:
            macros.pop(name, None)
    return macros


def apply_macros(name: str, value: str, macros: dict[str, tuple[int, str]]) -> str:
    """Field ``name``'s ``value`` with its calls of ``macros`` expanded (each body in braces,
    as TeX groups it), as written when it calls none, would grow past ``MAX_JOINED_CHARS``, or
    the field is one biblatex reads verbatim (a path's ``C:\\noop\\x.pdf`` is no call)."""
    if "\\" not in value or not macros or name in _VERBATIM_FIELDS:
        return value
    from claimaudit.library.latex.macros import expand_known

    return expand_known(value, macros, {}, MAX_JOINED_CHARS)
