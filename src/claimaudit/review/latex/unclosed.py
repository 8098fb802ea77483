"""A LaTeX draft's macro argument whose brace is never closed (``\\footnote{Open note`` to the
end of a file) or environment never closed (``\\begin{itemize}`` with no ``\\end{itemize}``):
TeX stops there, and the reader would take the rest of the file into it. The review refuses
it as the paper reader does (``claimaudit.library.latex.unclosed``, whose checks and words this
reuses), naming the argument's macro or the environment, its file and line. An argument is
checked in each file on its own: TeX stops at a file's end inside an argument too.

The draft's files are parsed one by one, so what the paper reader reads as one source is
exempt here as there: an environment a definition's body opens or closes (``\\newcommand{\\bi}
{\\begin{itemize}}``, in any file of the draft or a package beside it), and one that a file
opens and another closes (a header ``\\input`` before the body that ends it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pylatexenc.latexwalker import LatexNode

from claimaudit.errors import InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import line_of
from claimaudit.library.latex.unclosed import (
    drop_open_definitions,
    unbalanced_environments,
    unclosed_argument_node,
    unclosed_argument_problem,
    unclosed_environment,
    unclosed_environment_problem,
)


def refuse_unclosed(
    parsed: Sequence[tuple[str, str, str, Sequence[LatexNode]]], bodies: Iterable[str]
) -> None:
    """InputError for the first argument or environment never closed in ``parsed`` (an argument
    first, as the paper reader checks: one left open takes in the environments' ends): each
    file's name, its text, the text parsed (definitions blanked) and its nodes; ``bodies``:
    the bodies of the macros the draft's packages define."""
    exempt: set[str] = set()
    for body in bodies:
        exempt |= unbalanced_environments(body)
    seen: set[str] = set()
    for _, text, printed, _ in parsed:
        exempt |= drop_open_definitions(text)[1]
        unbalanced = unbalanced_environments(printed)
        exempt |= unbalanced & seen  # opened in one file and closed in another
        seen |= unbalanced
    for name, text, _, nodes in parsed:
        argument = unclosed_argument_node(nodes)
        if argument is not None:
            # The file parsed has every offset of the file as written.
            problem = unclosed_argument_problem(*argument, line=line_of(text, argument[1]))
            raise InputError(f"{shown_name(name)}: {problem}; close it and review the draft again")
    for name, text, _, nodes in parsed:
        # A preamble parsed apart from its document has a source of its own (``latex_files``).
        for part in _by_source(nodes):
            environment = unclosed_environment(part, exempt)
            if environment is not None:
                # The file parsed has every offset of the file as written.
                line = line_of(text, environment.pos)
                problem = unclosed_environment_problem(environment, None, line=line)
                raise InputError(
                    f"{shown_name(name)}: {problem}; close it and review the draft again"
                )


def _by_source(nodes: Sequence[LatexNode]) -> list[list[LatexNode]]:
    """``nodes`` in runs parsed from one source each."""
    runs: list[list[LatexNode]] = []
    for node in nodes:
        if runs and runs[-1][0].parsing_state.s is node.parsing_state.s:
            runs[-1].append(node)
        else:
            runs.append([node])
    return runs
