"""Only regular files are read, and never past a limit."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from claimaudit.errors import UsageError
from claimaudit.guards.userfiles import (
    UnreadableFileError,
    as_optional_path,
    as_path,
    missing_reason,
    read_regular,
    require_distinct,
    same_file,
    write_atomic,
)
from claimaudit.guards.write_all import write_all_atomic
from tests.permissions import ordinary_permissions
from tests.signals import child_env, run_python_limited


def test_a_regular_file_is_read_whole_or_up_to_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"x" * 10)
    assert read_regular(path) == b"x" * 10
    assert read_regular(path, limit=10) == b"x" * 10
    with pytest.raises(UnreadableFileError, match="is over 9 bytes"):
        read_regular(path, limit=9)
    with pytest.raises(UnreadableFileError, match="is over 1 MiB"):
        path.write_bytes(b"x" * (1024 * 1024 + 1))
        read_regular(path, limit=1024 * 1024)


def test_a_symlink_to_a_regular_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"words")
    (tmp_path / "link.txt").symlink_to(tmp_path / "a.txt")
    assert read_regular(tmp_path / "link.txt") == b"words"


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    with pytest.raises(UnreadableFileError, match="not a regular file"):
        read_regular(fifo)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_that_never_ends_is_refused() -> None:
    # /dev/zero reports a size of 0, so a size check alone would read it until memory ran out.
    with pytest.raises(UnreadableFileError, match="not a regular file"):
        read_regular(Path("/dev/zero"), limit=1024)


def test_a_missing_file_is_the_systems_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "missing.txt")


def test_a_path_may_be_given_as_a_str_or_any_path_like() -> None:
    class Named(os.PathLike[str]):
        def __fspath__(self) -> str:
            return "/tmp/named"

    assert as_path("~/lib.sqlite3") == Path("~/lib.sqlite3")
    assert as_path(Named()) == Path("/tmp/named")
    assert as_optional_path(None) is None
    for wrong in (3, b"/tmp/lib.sqlite3"):
        with pytest.raises(UsageError, match=r"^library must be a path or a string, not "):
            as_path(wrong, "library")  # type: ignore[arg-type]


def test_one_file_is_seen_through_symlinks_relative_paths_and_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = tmp_path / "draft.md"
    original.write_text("text", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    symlink = tmp_path / "symlink.md"
    symlink.symlink_to(original)
    hard = tmp_path / "hard.md"
    hard.hardlink_to(original)
    monkeypatch.chdir(tmp_path / "sub")
    for other in (symlink, hard, Path("../draft.md"), tmp_path / "sub" / ".." / "draft.md"):
        assert same_file(other, original) and same_file(original, other)
    copy = tmp_path / "copy.md"
    copy.write_text("text", encoding="utf-8")
    assert not same_file(copy, original)
    # A file not made yet is the same as another only by its path.
    assert same_file(tmp_path / "new.json", Path("../new.json"))
    assert not same_file(tmp_path / "new.json", original)


def test_require_distinct_names_the_output_and_what_it_would_overwrite(tmp_path: Path) -> None:
    draft = tmp_path / "draft.md"
    draft.write_text("text", encoding="utf-8")
    linked = tmp_path / "linked.json"
    linked.hardlink_to(draft)
    inputs = [("the draft", draft), ("--bib", None)]
    with pytest.raises(UsageError) as caught:
        require_distinct([("--out", None), ("--json", linked)], inputs)
    assert str(caught.value) == (
        f"--json {linked} is the same file as the draft {draft}; choose another path"
    )
    out = tmp_path / "out.html"
    with pytest.raises(UsageError, match=r"^--html .* is the same file as --json "):
        require_distinct([("--json", out), ("--html", out)], inputs)
    require_distinct([("--json", tmp_path / "a.json"), ("--html", out)], inputs)


# A child writing "before", then ROWS through write_atomic(PATH), then "after" to its stdout.
_WRITES_THROUGH = (
    "import sys\n"
    "from pathlib import Path\n"
    "from claimaudit.guards.userfiles import write_atomic\n"
    "print('before', flush=True)\n"
    "write_atomic(Path(sys.argv[1]), b'ROWS\\n')\n"
    "print('after', flush=True)\n"
)


def _write_through(path: str, stdout: int | IO[bytes]) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-c", _WRITES_THROUGH, path]
    return subprocess.run(command, stdout=stdout, stderr=subprocess.PIPE, env=child_env())


def test_dev_stdout_into_a_pipe_is_written_in_place() -> None:
    # Its real path, /proc/PID/fd/pipe:[N], has no folder to put a temporary file in.
    done = _write_through("/dev/stdout", subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert done.stdout == b"before\nROWS\nafter\n"


def test_dev_stdout_redirected_to_a_file_keeps_what_is_printed_around_it(tmp_path: Path) -> None:
    # Replaced, the file lost "before", and "after" went to the file it replaced.
    target = tmp_path / "out.txt"
    with target.open("wb") as redirect:
        done = _write_through("/dev/stdout", redirect)
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() == b"before\nROWS\nafter\n"


def test_a_link_to_dev_stdout_redirected_to_a_file_is_written_in_place(tmp_path: Path) -> None:
    # Its name is no descriptor's, and what it leads to is a regular file: it was replaced by
    # a new file, which lost "before", while "after" went to the file it replaced.
    target, link = tmp_path / "out.txt", tmp_path / "rows.jsonl"
    link.symlink_to("/dev/stdout")
    with target.open("wb") as redirect:
        done = _write_through(str(link), redirect)
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() == b"before\nROWS\nafter\n"
    assert link.is_symlink()


def test_a_regular_file_is_still_replaced_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_bytes(b"an earlier, longer output\n")
    write_atomic(target, b"ROWS\n")
    assert target.read_bytes() == b"ROWS\n"


def test_a_symlink_loop_is_refused_as_an_output_and_named_as_an_input(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to("loop")
    assert not same_file(loop, tmp_path / "other.json")  # no RuntimeError out of resolve()
    with pytest.raises(OSError, match="Too many levels of symbolic links"):
        write_atomic(loop, b"ROWS\n")
    assert loop.is_symlink()  # not replaced by a file
    assert missing_reason(loop) == "its symbolic links go round in a loop"
    assert missing_reason(tmp_path / "absent") == "no such file"


def test_a_file_whose_name_is_at_the_limit_is_written_whole(tmp_path: Path) -> None:
    # The temporary file beside it was named after it, 14 bytes longer: "File name too long".
    target = tmp_path / ("a" * 250 + ".json")
    write_atomic(target, b"ROWS\n")
    assert target.read_bytes() == b"ROWS\n"
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


@pytest.mark.parametrize("blocker", ["folder in its place", "file for its folder"])
def test_files_written_together_are_all_replaced_or_none(tmp_path: Path, blocker: str) -> None:
    first, second = tmp_path / "paper.tex", tmp_path / "sections" / "practices.tex"
    first.write_text("old paper", encoding="utf-8")
    if blocker == "folder in its place":
        second.mkdir(parents=True)
    else:
        (tmp_path / "sections").write_text("not a folder", encoding="utf-8")
    with pytest.raises(OSError) as caught:
        write_all_atomic({first: b"new paper", second: b"new practices"})
    # The file that failed is named (or the system's own obstacle: the file in its folder's way).
    assert caught.value.filename in (str(second), str(second.parent))
    assert first.read_text(encoding="utf-8") == "old paper"  # not replaced alone
    assert not list(tmp_path.glob(".ca-*.tmp"))  # its temporary is gone too
    # Once the way is clear, both are replaced.
    if second.is_dir():
        second.rmdir()
    else:
        (tmp_path / "sections").unlink()
    write_all_atomic({first: b"new paper", second: b"new practices"})
    assert (first.read_bytes(), second.read_bytes()) == (b"new paper", b"new practices")


def _refuse_replacing(target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``os.replace`` onto ``target`` fail as a file the system will not replace does."""
    real_replace = os.replace

    def refuse(src: str, dst: str | os.PathLike[str]) -> None:
        if Path(dst) == target.resolve():
            raise PermissionError(1, "Operation not permitted", str(src))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", refuse)


def test_a_rename_failing_partway_gives_the_earlier_files_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As a file the system will not replace (chattr +i) does: the second rename fails after
    # the first file was replaced; the first must hold its old bytes again.
    first, second = tmp_path / "paper.tex", tmp_path / "sections" / "a.tex"
    second.parent.mkdir()
    first.write_bytes(b"old paper")
    second.write_bytes(b"old a")
    _refuse_replacing(second, monkeypatch)
    with pytest.raises(PermissionError) as failed:
        write_all_atomic({first: b"new paper", second: b"new a"})
    monkeypatch.undo()
    assert first.read_bytes() == b"old paper" and second.read_bytes() == b"old a"
    assert failed.value.filename == str(second)  # the output file, not the temporary
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["a.tex", "paper.tex", "sections"]


def test_a_new_file_renamed_before_a_failure_is_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "paper.tex", tmp_path / "b.tex"
    second.write_bytes(b"old b")
    _refuse_replacing(second, monkeypatch)
    with pytest.raises(PermissionError):
        write_all_atomic({first: b"new paper", second: b"new b"})
    monkeypatch.undo()
    assert not first.exists() and second.read_bytes() == b"old b"


def test_a_failed_write_of_several_files_leaves_no_folder_it_made(tmp_path: Path) -> None:
    (tmp_path / "zother").write_bytes(b"a file where a folder is needed")
    made, blocked = tmp_path / "sections" / "a.tex", tmp_path / "zother" / "b.tex"
    with pytest.raises(OSError) as failed:
        write_all_atomic({tmp_path / "paper.tex": b"p", made: b"a", blocked: b"b"})
    assert failed.value.filename == str(blocked)
    assert failed.value.strerror == f"{tmp_path / 'zother'} is not a folder"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["zother"]


def test_a_refused_temporary_is_named_as_the_output_it_was_for(tmp_path: Path) -> None:
    # A folder that may not be written (the link's target, or one made read-only since the
    # check before the work): the error named ".ca-w-e1fna51h.tmp", a file the user never saw.
    kept, shared = tmp_path / "kept.md", tmp_path / "shared"
    kept.write_text("before\n", encoding="utf-8")
    shared.mkdir()
    shared.chmod(0o555)
    try:
        with ordinary_permissions(), pytest.raises(PermissionError) as raised:
            write_all_atomic({kept: b"new\n", shared / "report.html": b"<p>new</p>"})
    finally:
        shared.chmod(0o755)
    assert raised.value.filename == str(shared / "report.html")
    assert kept.read_text(encoding="utf-8") == "before\n" and list(shared.iterdir()) == []


def test_a_write_past_the_file_size_limit_names_the_output_and_keeps_it(tmp_path: Path) -> None:
    # A real limit (ulimit -f) in a child: the flush as the file closed failed with EFBIG and
    # no file name, which eval reported as "cannot write the output", read as standard output.
    out = tmp_path / "pairs.jsonl"
    out.write_bytes(b"an earlier run\n")
    code = (
        "import sys\nfrom pathlib import Path\n"
        "from claimaudit.guards.userfiles import atomic_writer\n"
        "try:\n"
        f"    with atomic_writer(Path({str(out)!r})) as handle:\n"
        "        handle.write(b'x' * 200_000)\n"
        "except OSError as error:\n"
        "    print(error.errno, error.filename)\n"
    )
    limit = 64 * 1024
    done = run_python_limited(code, limit)
    assert done.stdout.split() == [str(errno.EFBIG), str(out)], done.stderr
    assert out.read_bytes() == b"an earlier run\n" and os.listdir(tmp_path) == ["pairs.jsonl"]
