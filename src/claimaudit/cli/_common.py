"""Shared CLI plumbing: one-line errors, exit codes and common options."""

from __future__ import annotations

import codecs
import os
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import IO, Annotated, NoReturn

import typer
from rich.console import Console
from rich.progress import Progress
from rich.text import Text
from typer._click.globals import get_current_context

from claimaudit.cli import _progress
from claimaudit.cli._consoles import SaneConsole
from claimaudit.cli._progress import StepProgress
from claimaudit.cli._terminal import shown
from claimaudit.errors import InvalidTextError
from claimaudit.guards.bibliography_path import bibliography_path_problem
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.own_stdout import own_stream
from claimaudit.guards.stdio_names import is_stream
from claimaudit.guards.untrusted import check_text
from claimaudit.guards.userfiles import (
    is_symlink_loop,
    make_folder,
    missing_reason,
    remove_empty_folders,
    write_atomic,
)
from claimaudit.guards.write_all import PartlyWrittenError, write_all_atomic
from claimaudit.library.paths import LIBRARY_ENV, resolve_library_path
from claimaudit.net.redaction import redact_text

EXIT_OK = 0
EXIT_MATCHED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command Ctrl-C stopped


class _OutputConsole(SaneConsole):
    """Standard output's console: when its reader goes away (``| head -1``) the command stops
    quietly with exit 141, as every command does, not rich's exit 1 (which means "matched")."""

    @property
    def file(self) -> IO[str]:
        # While standard output is claimed, descriptor 1 reaches stderr (``own_stdout``).
        own = own_stream()
        return own if own is not None else super().file

    @file.setter
    def file(self, new_file: IO[str]) -> None:
        self._file = new_file

    def on_broken_pipe(self) -> None:
        from claimaudit._entry import EXIT_BROKEN_PIPE, silence_stdout

        silence_stdout()
        raise SystemExit(EXIT_BROKEN_PIPE)


err_console = SaneConsole(stderr=True)
out_console = _OutputConsole()


def write_data(text: str, console: Console | None = None) -> None:
    """``text`` (JSON, JSON Lines, tab-separated lines) to standard output as UTF-8, whatever
    the locale's encoding: in ASCII or Latin-1 it could not be written, or not read back as
    JSON. Text for a person goes through ``out_console``, escaping what its encoding lacks."""
    stream = (console or out_console).file
    buffer = getattr(stream, "buffer", None)
    if buffer is None or _is_utf8(getattr(stream, "encoding", None)):
        stream.write(text)
        return
    stream.flush()  # what the console wrote before comes first
    buffer.write(text.encode("utf-8", "backslashreplace"))
    buffer.flush()


def _is_utf8(encoding: str | None) -> bool:
    try:
        return codecs.lookup(encoding or "").name == "utf-8"
    except LookupError:
        return False


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print a one-line error to stderr and exit; never a traceback. The message may quote
    a file, a reference or a backend's words: it is redacted and made safe to print."""
    say_error(message)
    raise typer.Exit(code)


def say_error(message: str) -> None:
    """``fail``'s line, for a command that goes on after an error (the next of several papers)."""
    first_line = " ".join(shown(redact_text(message)).split())
    err_console.print(Text.assemble(("error:", "bold red"), " ", first_line))


def require_text(**values: str | None) -> None:
    """Exit 2 when an argument is not valid text (invalid UTF-8 on the command line)."""
    for option, value in values.items():
        if value is not None:
            try:
                # An upper-case name is a positional argument's metavar (QUERY), not an option.
                name = option if option.isupper() else f"--{option.replace('_', '-')}"
                check_text(value, name)
            except InvalidTextError as error:
                fail(str(error))


def missing_message(path: Path | str, given: str) -> str:
    """The words every command uses for an input that names no file: the argument or option
    it was given as (``SOURCE``, ``--bib``), its path, and why (a link that loops, or none).
    Five commands said it five ways ("no such report: X", "cannot read bibliography X: No such
    file or directory", "X: no such file or folder"...)."""
    return f"{given} {shown_name(path)}: {missing_reason(Path(path))}"


def fail_missing(path: Path | str, given: str) -> NoReturn:
    """Exit 2 with ``missing_message``'s one line."""
    fail(missing_message(path, given))


def require_bibliography(path: Path | None, given: str) -> None:
    """Exit 2 with one line, in the same words for ``refs``, ``review --bib`` and ``library
    import-bib`` (and MCP's ``bibliographyPath``), naming ``given``, when a bibliography to read
    is standard input, a folder, a FIFO or a device, or names no file
    (``bibliography_path_problem``)."""
    if path is None:
        return
    problem = bibliography_path_problem(path, given)
    if problem is not None:
        fail(problem)


def require_input_file(path: Path, given: str, what: str, note: str = "") -> None:
    """Exit 2 with one line unless ``path`` is a regular file to read, in ``missing_message``'s
    words: the argument or option it was given as, its path, why, and ``what`` to give instead.
    ``batch``, ``review`` and ``library import-jsonl`` named neither the argument nor, for a
    folder, said it as the bibliography commands do (". is a folder; give the corpus file")."""
    if path.is_dir():
        fail(f"{given} {shown_name(path)} is a folder; give {what}")
    if path.exists() and not path.is_file():  # a FIFO or a device, never opened: it may block
        fail(f"{given} {shown_name(path)} is not a regular file; give {what}{note}")
    if not path.is_file():
        fail_missing(path, given)


def require_file(path: Path | None, option: str) -> None:
    """Exit 2 with one line when a file option names a folder."""
    if path is not None and path.is_dir():
        fail(f"{option} {shown_name(path)} is a folder; give a file")


def progress_bar(label: str) -> Progress:
    """A progress bar on stderr (label, bar, done/total, time elapsed) that stays when done;
    while stderr is not a terminal, a plain line every ``_progress.PLAIN_INTERVAL`` seconds."""
    return StepProgress(
        label,
        console=err_console,
        interval=_progress.PLAIN_INTERVAL,
        live=_progress.draws_live(err_console),
    )


def given_as(param: str, flag: str, env: str) -> str:
    """How the running command was given ``param``: ``env`` when its value came from that
    variable, else ``flag``. An error about a value must name where the user can fix it."""
    ctx = get_current_context(silent=True)
    # typer's own copy of click holds ParameterSource: compared by name, not imported.
    source = ctx.get_parameter_source(param) if ctx is not None else None
    return env if getattr(source, "name", None) == "ENVIRONMENT" else flag


def _refuse_blank_library(
    ctx: typer.Context, param: typer.CallbackParam, value: Path | None
) -> Path | None:
    if value is None:
        return value
    # typer's own copy of click holds ParameterSource: compared by name, not imported.
    source = ctx.get_parameter_source(param.name or "")
    given = LIBRARY_ENV if getattr(source, "name", None) == "ENVIRONMENT" else "--library"
    # A path of only spaces made a library file named "   " (and errors read "no library at ;").
    if not str(value).strip():
        fail(f"{given} is blank; name the library file")
    path = resolve_library_path(value)
    if path.is_dir():
        # Every command in one set of words, naming where it was given: the library commands,
        # serve and mcp said "library path X is a directory, not a file", check and review
        # "--library X is a folder; give the library file".
        fail(f"{given} {shown_name(path)} is a folder; give the library file")
    if is_symlink_loop(path):
        # Reading commands said "no library at X; add a paper" (which then failed), writing
        # ones "cannot open library X: unable to open database file".
        fail(f"{given} {shown_name(path)}: {missing_reason(path)}")
    in_the_way = _file_in_the_way(path.parent)
    if not in_the_way.is_dir():
        # "cannot create the library folder notes.txt: File exists", as --out names it.
        fail(f"{given} {shown_name(path)}: {shown_name(in_the_way)} is not a folder")
    return value


LibraryOption = Annotated[
    Path | None,
    typer.Option(
        "--library",
        metavar="PATH",
        envvar=LIBRARY_ENV,
        help="Library database file (default: under the user data directory).",
        callback=_refuse_blank_library,
    ),
]


def require_writable(path: Path | None, option: str) -> None:
    """Exit 2 with one line, before any work is done, when an output file cannot be written;
    the folders it needs are made, and removed when the command ends with nothing written in
    them (refused by a later check, or failed). A long run must not end by failing to save
    its result."""
    if path is None:
        return
    refuse_symlink_loop(path, option)
    if is_stream(path):
        # Written in place (userfiles.atomic_writer): no file is made in its folder (/dev).
        if not os.access(path, os.W_OK):
            fail(f"{option} {shown_name(path)}: not writable")
        return
    # A symbolic link's target is what gets written (userfiles.atomic_writer), beside it its
    # temporary: the link's own folder, checked alone, let a review run to its end and then
    # fail on a target folder that may not be written.
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        _remove_when_done(make_folder(target.parent))
    except FileExistsError:
        # mkdir's "File exists" for notes.txt/r.json, notes.txt a file: say which is wrong.
        in_the_way = shown_name(_file_in_the_way(target.parent))
        fail(f"{option} {shown_name(path)}: {in_the_way} is not a folder")
    except OSError as error:
        fail(f"{option} {shown_name(path)}: cannot make its folder ({error.strerror})")
    if not _may_write(target.parent) or (target.exists() and not _may_write(target)):
        where = "" if target == path else f" (a link to {shown_name(target)})"
        fail(f"{option} {shown_name(path)}{where}: not writable")


def _may_write(path: Path) -> bool:
    # The effective ids, as the write itself uses them (root without its override included).
    return os.access(path, os.W_OK, effective_ids=os.access in os.supports_effective_ids)


def _remove_when_done(made: list[Path]) -> None:
    # At the command's end, whatever its exit: a folder the output went into is not empty,
    # and stays; one a refusal (a judge option checked after the outputs) left empty goes.
    ctx = get_current_context(silent=True)
    if ctx is not None and made:
        ctx.call_on_close(partial(remove_empty_folders, made))


def refuse_symlink_loop(path: Path, option: str) -> None:
    """Exit 2 with one line when ``path`` is a symbolic link that loops: ``exists()`` is False
    for it as for a new file, so only the write, after all the work, would find it out."""
    if is_symlink_loop(path):
        fail(f"{option} {shown_name(path)}: {missing_reason(path)}")


def lock_refusal(option: str, out: Path, error: OSError) -> str:
    """Why ``out``'s lock file (made beside it) could not be made, in one line: a file where
    its folder must be was "cannot lock out/x.jsonl: File exists", naming neither."""
    if isinstance(error, (FileExistsError, NotADirectoryError)) and not out.parent.is_dir():
        in_the_way = shown_name(_file_in_the_way(out.parent))
        return f"{option} {shown_name(out)}: {in_the_way} is not a folder"
    if isinstance(error, PermissionError) and out.parent.is_dir() and not _may_write(out.parent):
        return (
            f"{option} {shown_name(out)}: its folder {shown_name(out.parent)} may not be written "
            f"({error.strerror})"
        )
    return f"cannot lock {shown_name(out)}: {error.strerror or error}"


def _file_in_the_way(folder: Path) -> Path:
    """The nearest of ``folder`` and its parents that exists (a file, where a folder is needed)."""
    for place in (folder, *folder.parents):
        if place.exists() or place.is_symlink():
            return place
    return folder


def write_texts(files: Mapping[Path, str]) -> None:
    """``write_all.write_all_atomic`` of each text as UTF-8: all written or none; a refusal is
    one line that names the file and says none was changed, and exit 2. A stream (a device, a
    FIFO) is written last, in place: its failure says what was written before it."""
    try:
        write_all_atomic(
            {path: text.encode("utf-8") for path, text in files.items()}, say_waiting_for_reader
        )
    except BrokenPipeError:
        raise
    except OSError as error:
        what = f"{shown_name(error.filename)}: " if error.filename else ""
        # As write_all_atomic tells them: a folder is refused with the files.
        streams = {path for path in files if is_stream(path) and not path.is_dir()}
        if error.filename is not None and Path(error.filename) in streams:
            # Nothing of a device or FIFO can be kept; the files are in place by then.
            said = "; the other outputs were written" if len(files) > len(streams) else ""
        elif len(files) == 1:
            said = "; the file was not changed"
        else:
            said = f"; none of the {len(files)} files was changed"
        if isinstance(error, PartlyWrittenError):
            # Rare (the system refused to give a file back): say which now hold the new text.
            said = "; these now hold the new text: " + ", ".join(map(str, error.changed))
        fail(f"cannot write {what}{error.strerror or error}{said}")


def say_waiting_for_reader(path: Path) -> None:
    """Said once when an output is a FIFO no program reads yet: the write waits there, silent."""
    note = (
        f"waiting for a program to read {shown_name(path)} (a FIFO that nothing reads yet); "
        "it is written once one does (Ctrl-C stops)"
    )
    err_console.print(Text(shown(note)))


def write_text(path: Path, content: str) -> None:
    """``userfiles.write_atomic`` of ``content`` as UTF-8; a refusal is one line and exit 2."""
    try:
        write_atomic(path, content.encode("utf-8"), partial(say_waiting_for_reader, path))
    except BrokenPipeError:
        raise  # /dev/stdout read by `| head`: the quiet exit 141 every command gives
    except OSError as error:
        fail(f"cannot write {shown_name(path)}: {error.strerror or error}")
