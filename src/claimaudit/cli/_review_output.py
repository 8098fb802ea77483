"""What ``claimaudit review`` writes: the table and summary line on the terminal, and its files
(annotated draft, JSON, HTML), each written atomically and never over the draft's own files."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from claimaudit.accounting import counted
from claimaudit.cli._common import (
    fail,
    out_console,
    require_writable,
    write_data,
    write_text,
    write_texts,
)
from claimaudit.cli._references import status_line
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.userfiles import require_distinct, same_file
from claimaudit.review import ReviewResult
from claimaudit.review.latex.annotate import annotate_latex

# An output of "-" is standard output; a file called "-" is named with another folder
# ("out/-"): pathlib reads "./-" as "-".
STDOUT = Path("-")


def stdout_option(outputs: dict[str, Path | None], latex: bool) -> str | None:
    """The one output option given as ``-`` (standard output), if any; exit 2 when two ask
    for it, or when a LaTeX draft's annotated copy (its included files beside it) does."""
    asked = [option for option, path in outputs.items() if path == STDOUT]
    if len(asked) > 1:
        fail(f"{' and '.join(asked)} both ask for standard output (-); give all but one a file")
    if latex and "--out" in asked:
        fail("--out -: a LaTeX draft's annotated copy goes to a file (its included files go "
             "beside it); give a path")  # fmt: skip
    return asked[0] if asked else None


def write_output(path: Path, content: str) -> None:
    """``content`` to the file ``path``, or to standard output for ``-``."""
    if path == STDOUT:
        # UTF-8, as the file would hold them, whatever the terminal's encoding.
        write_data(content)
        out_console.file.flush()
    else:
        write_text(path, content)


def write_outputs(files: dict[Path, str]) -> None:
    """A review's files (``write_texts``: all written or none, the error naming the file that
    failed and saying none was changed), then the one given as ``-`` to standard output."""
    shown = files.pop(STDOUT, None)
    if files:
        write_texts(files)
    if shown is not None:
        write_output(STDOUT, shown)


def check_outputs(
    report: Path,
    outputs: dict[str, Path | None],
    inputs: set[Path],
    bib: Path | None = None,
    library: Path | None = None,
) -> None:
    """No output (by option) may be the draft, the --bib file (``bib``), a file the draft reads
    (``inputs``), the library or another output, by any path (see ``userfiles.same_file``);
    each must be one that can be written (see ``require_writable``)."""
    protected = [("the draft", report), ("--bib", bib), ("the library", library)]
    protected += [("the draft's file", path) for path in sorted(inputs)]
    # Standard output ("-") is no file to overwrite.
    files = [(o, p) for o, p in outputs.items() if p != STDOUT]
    require_distinct(files, protected)
    # Before any judging, as eval does: a long run must not end by failing to save its result.
    for option, path in files:
        require_writable(path, option)


def annotated_paths(out: Path, main: str, names: list[str]) -> dict[str, Path]:
    """Where each annotated file of a LaTeX draft goes: the main file to ``out``, the files
    it includes beside it under their names relative to the draft's folder."""
    return {name: out if name == main else out.parent / name for name in names}


def summary_line(result: ReviewResult) -> str:
    s = result.summary
    verdicts = ", ".join(f"{n} {v.replace('_', ' ')}" for v, n in s.verdicts.items() if n)
    line = (
        f"{counted(s.claims, 'cited sentence')}, {counted(s.records, 'record')} "
        f"({verdicts or 'none'}); {counted(s.needs_review, 'needs review', 'need review')}, "
        f"{s.not_checked} not checked, {counted(s.uncited, 'uncited sentence')}"
    )
    if s.references is not None:
        line += f"; references: {status_line(s.references)}"
    return f"{line}; {s.cost.cost_line()}"


def annotated_files(
    result: ReviewResult, out: Path, todo: bool, inputs: set[Path], library: Path
) -> dict[Path, str]:
    """Each annotated file of a LaTeX draft by where it goes; none over a file of the draft
    or over the library."""
    assert result.latex is not None
    texts = annotate_latex(result, todo=todo)
    places = annotated_places(out, result.latex.draft.main, list(texts), inputs, library)
    return {places[name]: text for name, text in texts.items()}


def annotated_places(
    out: Path,
    main: str,
    names: list[str],
    inputs: set[Path],
    library: Path,
    outputs: Mapping[str, Path | None] | None = None,
) -> dict[str, Path]:
    """Where the annotated copies of the files ``names`` go; exit 2 when one would land on a
    file of the draft, on the library or on another output (``outputs``: --json, --html)."""
    places = annotated_paths(out, main, names)
    # The main file's copy is --out itself, already checked against the other outputs; the
    # copies of included files go beside it, where --json or --html may also point.
    others = [(o, p) for o, p in (outputs or {}).items() if p is not None and p != STDOUT]
    for name, path in places.items():
        copy = f"the annotated copy of {shown_name(name)}"
        if any(same_file(path, given) for given in inputs):
            fail(
                f"--out: {copy} would overwrite the draft's own file; "
                "write the annotated draft into another folder"
            )
        if same_file(path, library):
            fail(
                f"--out: {copy} would overwrite the library {shown_name(library)}; "
                "write the annotated draft into another folder"
            )
        for option, other in others if name != main else ():
            if same_file(path, other):
                fail(
                    f"{option} {shown_name(other)} is the same file as {copy} "
                    "that --out writes beside it; choose another path"
                )
    return places
