"""The review functions' arguments from Python, checked before anything is read or judged: a
wrong one is a UsageError naming it, never a TypeError or AttributeError from deep inside (or,
for ``workers``, quietly taken as some other number)."""

from __future__ import annotations

import os
import re
import threading
from os import PathLike

from claimaudit.checker.pipeline import Checker
from claimaudit.engines import check_engine
from claimaudit.errors import DraftError, UsageError
from claimaudit.guards.untrusted import check_text as valid_text
from claimaudit.refcheck.verify import ReferenceVerifier
from claimaudit.review.bibliography import Bibliography
from claimaudit.review.limits import ReviewLimits
from claimaudit.review.result import ReviewResult


def _type(value: object) -> str:
    return type(value).__name__


def check_text(text: object) -> None:
    """The draft's text: a path is refused in words, since it would be taken for the text, and
    so is text with a lone surrogate (a bare UnicodeEncodeError from the sentence splitter)."""
    if isinstance(text, str):
        valid_text(text, "the draft's text")
        return
    if isinstance(text, PathLike):
        raise UsageError(
            "text must be the draft's text, not a path: pass Path(...).read_text(encoding='utf-8')"
        )
    raise UsageError(f"text must be the draft's text (a string), not {_type(text)}")


# A LaTeX command with its argument ("\cite{", "\section*["): in a draft's text, never in
# the name of a file (a Windows path's "\Users\" has no brace after it).
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+\*?\s*[{\[]")


def check_draft_path(path: object) -> None:
    """The LaTeX draft's path: a string that names no file and reads as LaTeX (a line break,
    a command with its argument) is its text, refused in words; it was read as a file name,
    "…/SciPy \\cite{x}.: no such file"."""
    if not isinstance(path, str) or os.path.lexists(path):
        return
    if "\n" in path or _LATEX_COMMAND.search(path):
        raise DraftError(
            "review_latex takes the path of a .tex file, not the draft's text: write the text "
            "to a file and pass its path (the HTTP API's and the MCP tool's review_latex take "
            "the text)"
        )


def check_checker(checker: object) -> None:
    if isinstance(checker, Checker):
        return
    hint = " (make_checker(judge) makes one from a judge)" if hasattr(checker, "decide") else ""
    raise UsageError(f"checker must be a Checker{hint}, not {_type(checker)}")


def check_workers(workers: object) -> None:
    """None (the judge's own concurrency) or a whole number from 1: 0, -3 and 1.5 were taken
    as one at a time."""
    if workers is None:
        return
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise UsageError(f"workers must be a whole number from 1 or None, not {workers!r}")


def check_review_args(
    *,
    checker: object,
    bibliography: object = None,
    workers: object = None,
    on_progress: object = None,
    verifier: object = None,
    cancel: object = None,
    engine: object = None,
    limits: object = None,
) -> None:
    """UsageError naming the first argument of the wrong kind (the topic is checked with the
    claim, as everywhere)."""
    check_checker(checker)
    if bibliography is not None and not isinstance(bibliography, Bibliography):
        raise UsageError(
            "bibliography must be a Bibliography (load_bibliography(path) reads one), "
            f"not {_type(bibliography)}"
        )
    check_workers(workers)
    if on_progress is not None and not callable(on_progress):
        raise UsageError(f"on_progress must be a function or None, not {_type(on_progress)}")
    if verifier is not None and not isinstance(verifier, ReferenceVerifier):
        raise UsageError(f"verifier must be a ReferenceVerifier or None, not {_type(verifier)}")
    if cancel is not None and not isinstance(cancel, threading.Event):
        raise UsageError(f"cancel must be a threading.Event or None, not {_type(cancel)}")
    check_engine(engine)
    if limits is not None and not isinstance(limits, ReviewLimits):
        raise UsageError(f"limits must be a ReviewLimits or None, not {_type(limits)}")


def check_result(result: object, function: str) -> None:
    if not isinstance(result, ReviewResult):
        raise UsageError(
            f"{function} takes the ReviewResult of review_report or review_latex, "
            f"not {_type(result)}"
        )
