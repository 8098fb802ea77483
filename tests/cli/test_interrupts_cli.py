"""Ctrl-C in a command that works for a while: exit 130 and one line saying what was done.

Each test runs the real command in a child process, waits until it is waiting on a local
server that never answers, and only then sends SIGINT."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from tests.signals import SilentServer, child_env, console_script, interrupt_when_asked


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    paper = tmp_path / "notes.md"
    body = "\n\n".join(f"Deep learning needs labelled data, remark {i}." for i in range(5))
    paper.write_text(f"# Notes on deep learning\n\n{body}\n", encoding="utf-8")
    return paper


def _only_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    return lines[0]


def test_ctrl_c_in_check_says_nothing_was_printed(tmp_path: Path, notes: Path) -> None:
    library = tmp_path / "library.db"
    with Library.open(library) as opened:
        add_path(opened, notes, ref=parse_ref("local:notes"))
    with SilentServer().running() as judge:
        env = child_env({"OPENAI_BASE_URL": judge.url, "OPENAI_API_KEY": "sk-test-0000"})
        check = ["check", "Deep learning needs data.", "-p", "local:notes", "--judge", "openai"]
        done = interrupt_when_asked(
            [*console_script(), *check, "--model", "m", "--library", str(library)], judge, env
        )
    assert done.returncode == 130
    assert _only_line(done.stderr).startswith("error: interrupted; no result was printed")


def test_ctrl_c_in_library_add_says_the_paper_was_not_added(tmp_path: Path) -> None:
    library = tmp_path / "library.db"
    with SilentServer().running() as arxiv:
        env = child_env({"CLAIMAUDIT_ARXIV_BASE_URL": arxiv.url})
        add = ["library", "add", "arxiv:1706.03762", "--library", str(library)]
        done = interrupt_when_asked([*console_script(), *add], arxiv, env)
    assert done.returncode == 130
    assert _only_line(done.stderr) == "error: interrupted; arXiv:1706.03762 was not added"
    assert not library.exists()  # nothing stored: no library made


def test_ctrl_c_in_import_bib_says_how_many_were_added(tmp_path: Path, notes: Path) -> None:
    library = tmp_path / "library.db"
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"@misc{{notes2020, title = {{Notes}}, file = {{{notes}}}}}\n"
        "@misc{vaswani2017, eprint = {1706.03762}, archivePrefix = {arXiv}}\n",
        encoding="utf-8",
    )
    with SilentServer().running() as arxiv:
        env = child_env({"CLAIMAUDIT_ARXIV_BASE_URL": arxiv.url})
        command = ["library", "import-bib", str(bib), "--fetch", "--library", str(library)]
        done = interrupt_when_asked([*console_script(), *command], arxiv, env)
    assert done.returncode == 130
    assert _only_line(done.stderr) == (
        "error: interrupted; 1 entry added before it stopped, a rerun skips them"
    )
    with Library.open(library, create=False) as opened:  # the entry done is kept
        assert opened.count_papers() == 1
