"""Ctrl-C in a command that works for a while: exit 130 and one line saying what was done; SIGTERM
(``kill``, a scheduler) the same, exit 143.

Each test runs the real command in a child process, waits until it is waiting on a local
server that never answers, and only then sends the signal; ``library list`` asks no server, so
there a patched read raises the interrupt in process."""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.identity import parse_ref
from claimaudit.judges.protocol import Decision, JudgeReply
from claimaudit.library import _migrations, first_add
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.plugins import Registered, get_registry
from tests.fakes import ScriptedJudge, pick
from tests.signals import SilentServer, child_env, console_script, interrupt_when_asked

# Ctrl-C, and SIGTERM, which stopped these commands where they stood: no line, a lock or a
# temporary file left behind.
STOPS = pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["int", "term"]
)


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    paper = tmp_path / "notes.md"
    body = "\n\n".join(f"Deep learning needs labelled data, remark {i}." for i in range(5))
    paper.write_text(f"# Notes on deep learning\n\n{body}\n", encoding="utf-8")
    return paper


def _interrupt_once_stored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+C lands just after an imported entry is stored, before it is reported: a real
    signal cannot be timed to land there, so the step after storing raises it."""

    def stored_then_interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("claimaudit.library.add_file.shadowed_by", stored_then_interrupted)


def _notes_then_arxiv_bib(folder: Path, notes: Path) -> Path:
    """A bibliography whose first entry is a local file and whose second is an arXiv download
    (which a SilentServer never answers: the import waits there)."""
    bib = folder / "refs.bib"
    bib.write_text(
        f"@misc{{notes2020, title = {{Notes}}, file = {{{notes}}}}}\n"
        "@misc{vaswani2017, eprint = {1706.03762}, archivePrefix = {arXiv}}\n",
        encoding="utf-8",
    )
    return bib


def _only_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    return lines[0]


@STOPS
def test_ctrl_c_in_check_says_nothing_was_printed(
    tmp_path: Path, notes: Path, signum: int, status: int
) -> None:
    library = tmp_path / "library.db"
    with Library.open(library) as opened:
        add_path(opened, notes, ref=parse_ref("local:notes"))
    with SilentServer().running() as judge:
        env = child_env({"OPENAI_BASE_URL": judge.url, "OPENAI_API_KEY": "sk-test-0000"})
        check = ["check", "Deep learning needs data.", "-p", "local:notes", "--judge", "openai"]
        done = interrupt_when_asked(
            [*console_script(), *check, "--model", "m", "--library", str(library)],
            judge,
            env,
            signum=signum,
        )
    assert done.returncode == status
    assert _only_line(done.stderr).startswith("error: interrupted; no result was printed")


@STOPS
def test_ctrl_c_in_library_add_says_the_paper_was_not_added(
    tmp_path: Path, signum: int, status: int
) -> None:
    library, temp = tmp_path / "library.db", tmp_path / "temp"
    temp.mkdir()
    with SilentServer().running() as arxiv:
        env = child_env({"CLAIMAUDIT_ARXIV_BASE_URL": arxiv.url, "TMPDIR": str(temp)})
        add = ["library", "add", "arxiv:1706.03762", "--library", str(library)]
        done = interrupt_when_asked([*console_script(), *add], arxiv, env, signum=signum)
    assert done.returncode == status
    assert _only_line(done.stderr) == "error: interrupted; arXiv:1706.03762 was not added"
    assert not library.exists()  # nothing stored: no library made
    assert sorted(p.name for p in tmp_path.iterdir()) == ["temp"]  # nor its draft file
    assert list(temp.iterdir()) == []  # the download's temporary folder is gone


@STOPS
def test_ctrl_c_in_import_bib_says_how_many_were_added(
    tmp_path: Path, notes: Path, signum: int, status: int
) -> None:
    library = tmp_path / "library.db"
    bib = _notes_then_arxiv_bib(tmp_path, notes)
    with SilentServer().running() as arxiv:
        env = child_env({"CLAIMAUDIT_ARXIV_BASE_URL": arxiv.url})
        command = ["library", "import-bib", str(bib), "--fetch", "--library", str(library)]
        done = interrupt_when_asked([*console_script(), *command], arxiv, env, signum=signum)
    assert done.returncode == status
    assert _only_line(done.stderr) == (
        "error: interrupted; 1 entry added before it stopped, a rerun skips them"
    )
    with Library.open(library, create=False) as opened:  # the entry done is kept
        assert opened.count_papers() == 1


def test_kill_9_in_a_first_import_bib_keeps_the_entries_it_said_were_added(
    tmp_path: Path, notes: Path
) -> None:
    library = tmp_path / "lib" / "library.db"
    bib = _notes_then_arxiv_bib(tmp_path, notes)
    with SilentServer().running() as arxiv:  # the second entry's download never ends
        env = child_env({"CLAIMAUDIT_ARXIV_BASE_URL": arxiv.url})
        command = ["library", "import-bib", str(bib), "--fetch", "--library", str(library)]
        # SIGKILL, as an OOM kill: no handler, no finally runs.
        done = interrupt_when_asked([*console_script(), *command], arxiv, env, signum=9)
    assert done.returncode == -9
    assert "added notes2020 local:notes2020" in " ".join(done.stdout.split())
    with Library.open(library, create=False) as opened:  # what it said was added is there
        assert [str(p.ref) for p in opened.list_papers()] == ["local:notes2020"]
    assert not [p.name for p in library.parent.iterdir() if p.name.startswith(".")]  # no draft


def test_an_add_while_a_first_import_bib_runs_lands_in_the_same_library(
    tmp_path: Path, notes: Path
) -> None:
    library = tmp_path / "lib" / "library.db"
    bib = _notes_then_arxiv_bib(tmp_path, notes)
    other = tmp_path / "other.md"
    other.write_text("# Other notes\n\nConvolutions share weights.\n", encoding="utf-8")
    with SilentServer().running() as arxiv:  # the import waits on its second entry
        env = child_env({"CLAIMAUDIT_ARXIV_BASE_URL": arxiv.url})
        importing = ["library", "import-bib", str(bib), "--fetch", "--library", str(library)]
        child = subprocess.Popen(
            [*console_script(), *importing], env=env, stdout=subprocess.PIPE, text=True
        )
        try:
            assert arxiv.asked.wait(120)
            # A second terminal (xargs -P) adds another paper meanwhile: both must be kept.
            adding = ["library", "add", str(other), "--ref", "local:other"]
            added = subprocess.run(
                [*console_script(), *adding, "--library", str(library)],
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
            )
        finally:
            child.send_signal(signal.SIGINT)
            child.communicate(timeout=120)
    assert added.returncode == 0, added.stderr
    assert child.returncode == 130
    with Library.open(library, create=False) as opened:
        assert sorted(str(p.ref) for p in opened.list_papers()) == [
            "local:notes2020",
            "local:other",
        ]


# import-jsonl asks no server: the child waits, at a known point, in a patched import.
# Says "importing" on the command's own stdout: a plain print() goes to stderr while a command
# runs with its stdout a pipe (``guards.own_stdout``).
_IMPORT_THAT_WAITS = """
import sys, time
import claimaudit.cli.library as library_cli
from claimaudit.cli import main
from claimaudit.guards.own_stdout import own_stream

def waiting(*args, **kwargs):
    print("importing", file=own_stream() or sys.stdout, flush=True)
    time.sleep(120)

library_cli.import_corpus = waiting
sys.argv[0] = "claimaudit"
main()
"""


def _one_doc_corpus(folder: Path) -> Path:
    corpus = folder / "corpus.jsonl"
    corpus.write_text('{"doc_id": 1, "title": "T", "abstract": ["A sentence."]}\n', "utf-8")
    return corpus


def _import_stopped(script: str, corpus: Path, library: Path, signum: int) -> tuple[int, str]:
    """``library import-jsonl`` run by ``script``, sent ``signum`` once it prints "importing";
    its exit status and stderr."""
    command = ["library", "import-jsonl", str(corpus), "--library", str(library)]
    child = subprocess.Popen(
        [sys.executable, "-c", script, *command],
        env=child_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "importing\n"
        child.send_signal(signum)
        _, stderr = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    return child.returncode, stderr


def test_sigterm_in_a_first_import_jsonl_exits_143_and_leaves_no_draft(tmp_path: Path) -> None:
    library = tmp_path / "lib" / "library.db"
    returncode, _ = _import_stopped(
        _IMPORT_THAT_WAITS, _one_doc_corpus(tmp_path), library, signal.SIGTERM
    )
    assert returncode == 143
    assert not library.parent.exists()  # no library, no draft, no -wal or -shm, no folder


# The real import, then a wait: a stop that comes once the import's transaction is committed.
_IMPORT_THEN_WAIT = """
import sys, time
import claimaudit.cli.library as library_cli
from claimaudit.cli import main
from claimaudit.guards.own_stdout import own_stream

real = library_cli.import_corpus

def then_waiting(*args, **kwargs):
    real(*args, **kwargs)
    print("importing", file=own_stream() or sys.stdout, flush=True)
    time.sleep(120)

library_cli.import_corpus = then_waiting
sys.argv[0] = "claimaudit"
main()
"""


@STOPS
@pytest.mark.parametrize(
    ("script", "said", "stored"),
    [
        (_IMPORT_THAT_WAITS, "nothing of corpus.jsonl was imported (all or nothing)", []),
        (_IMPORT_THEN_WAIT, "corpus.jsonl was imported before it stopped", ["scifact:1"]),
    ],
    ids=["before", "after"],
)
def test_a_stopped_import_jsonl_says_in_one_line_what_it_stored(
    tmp_path: Path, notes: Path, signum: int, status: int, script: str, said: str, stored: list[str]
) -> None:
    library = tmp_path / "library.db"
    with Library.open(library) as opened:  # an existing library, with a paper of its own
        add_path(opened, notes, ref=parse_ref("local:notes"))
    returncode, stderr = _import_stopped(script, _one_doc_corpus(tmp_path), library, signum)
    assert returncode == status
    assert _only_line(stderr) == f"error: interrupted; {said}" + (
        ", rerun to import it" if not stored else ""
    )
    with Library.open(library, create=False) as opened:
        assert sorted(str(p.ref) for p in opened.list_papers()) == ["local:notes", *stored]


@STOPS
def test_ctrl_c_in_refs_says_nothing_was_printed(tmp_path: Path, signum: int, status: int) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{vaswani2017, eprint = {1706.03762}, archivePrefix = {arXiv}}\n", "utf-8")
    with SilentServer().running() as arxiv:
        env = child_env({"CLAIMAUDIT_ARXIV_BASE_URL": arxiv.url})
        command = ["refs", str(bib), "--library", str(tmp_path / "library.db")]
        done = interrupt_when_asked([*console_script(), *command], arxiv, env, signum=signum)
    assert done.returncode == status
    assert _only_line(done.stderr) == (
        "error: interrupted; no result was printed; answers already received are kept, "
        "rerun to continue"
    )


@STOPS
def test_ctrl_c_in_eval_says_no_figures_and_out_is_kept(
    tmp_path: Path, signum: int, status: int
) -> None:
    claims, corpus, out = tmp_path / "claims.jsonl", tmp_path / "corpus.jsonl", tmp_path / "o"
    claim = {"id": 1, "claim": "Deep learning needs data.", "evidence": {}, "cited_doc_ids": [7]}
    claims.write_text(json.dumps(claim) + "\n", encoding="utf-8")
    abstract = ["Deep learning needs labelled data.", "It is costly."]
    doc = {"doc_id": 7, "title": "Notes", "abstract": abstract}
    corpus.write_text(json.dumps(doc) + "\n", encoding="utf-8")
    earlier = json.dumps({"id": 1, "verdict": "supports", "gold": "supports"}) + "\n"
    out.write_text(earlier, encoding="utf-8")  # an earlier eval's row: eval may replace it
    with SilentServer().running() as judge:
        env = child_env({"OPENAI_BASE_URL": judge.url, "OPENAI_API_KEY": "sk-test-0000"})
        command = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus)]
        options = ["--judge", "openai", "--model", "m", "--out", str(out)]
        done = interrupt_when_asked(
            [*console_script(), *command, *options], judge, env, signum=signum
        )
    assert done.returncode == status
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert lines[-1] == f"error: interrupted; no figures were printed; {out} is as it was"
    # Before it, what eval set out to do and, off a terminal, how far it got: no pair judged.
    assert lines[0].startswith("evaluating 1 pair with judge")
    assert all(re.fullmatch(r"evaluating 0/1 \([0-9:]+\)", line) for line in lines[1:-1]), lines
    assert out.read_text(encoding="utf-8") == earlier


@STOPS
def test_ctrl_c_in_batch_says_how_to_resume_and_leaves_no_lock(
    tmp_path: Path, notes: Path, signum: int, status: int
) -> None:
    # Under SIGTERM it said nothing and left .records.jsonl.lock behind.
    library, claims = tmp_path / "library.db", tmp_path / "claims.jsonl"
    with Library.open(library) as opened:
        add_path(opened, notes, ref=parse_ref("local:notes"))
    line = {"id": "a", "claim": "Deep learning needs data.", "papers": ["local:notes"]}
    claims.write_text(json.dumps(line) + "\n", encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    out = work / "records.jsonl"
    with SilentServer().running() as judge:
        env = child_env({"OPENAI_BASE_URL": judge.url, "OPENAI_API_KEY": "sk-test-0000"})
        command = ["batch", str(claims), "--out", str(out), "--library", str(library)]
        options = ["--judge", "openai", "--model", "m", "--no-cache"]
        done = interrupt_when_asked(
            [*console_script(), *command, *options], judge, env, signum=signum
        )
    assert done.returncode == status
    assert _only_line(done.stderr.split("\n", 1)[1]) == (
        f"error: interrupted; rerun with --out {out} to resume"
    )
    assert list(work.iterdir()) == []  # no lock, and no empty --out


def test_ctrl_c_in_batch_to_stdout_says_a_rerun_checks_every_pair(
    tmp_path: Path, notes: Path
) -> None:
    # It said "rerun with --out /dev/stdout to resume", but a stream is never read back.
    library, claims = tmp_path / "library.db", tmp_path / "claims.jsonl"
    with Library.open(library) as opened:
        add_path(opened, notes, ref=parse_ref("local:notes"))
    line = {"id": "a", "claim": "Deep learning needs data.", "papers": ["local:notes"]}
    claims.write_text(json.dumps(line) + "\n", encoding="utf-8")
    with SilentServer().running() as judge:
        env = child_env({"OPENAI_BASE_URL": judge.url, "OPENAI_API_KEY": "sk-test-0000"})
        command = ["batch", str(claims), "--out", "/dev/stdout", "--library", str(library)]
        options = ["--judge", "openai", "--model", "m", "--no-cache"]
        done = interrupt_when_asked([*console_script(), *command, *options], judge, env)
    assert done.returncode == 130
    assert _only_line(done.stderr.split("\n", 1)[1]) == (
        "error: interrupted; run it again (--out /dev/stdout is no file to resume from: every "
        "pair is checked again)"
    )


@STOPS
def test_ctrl_c_in_review_says_what_is_kept_and_writes_nothing(
    tmp_path: Path, notes: Path, signum: int, status: int
) -> None:
    library, draft = tmp_path / "library.db", tmp_path / "draft.md"
    with Library.open(library) as opened:
        add_path(opened, notes, ref=parse_ref("local:notes"))
    draft.write_text("# Draft\n\nDeep learning needs labelled data [@local:notes].\n", "utf-8")
    work = tmp_path / "work"
    work.mkdir()
    with SilentServer().running() as judge:
        env = child_env({"OPENAI_BASE_URL": judge.url, "OPENAI_API_KEY": "sk-test-0000"})
        command = ["review", str(draft), "--library", str(library), "--json", str(work / "r")]
        options = ["--judge", "openai", "--model", "m"]
        done = interrupt_when_asked(
            [*console_script(), *command, *options], judge, env, signum=signum
        )
    assert done.returncode == status
    # Nothing was judged before the signal, so nothing is said to be kept.
    assert _only_line(done.stderr.split("\n", 1)[1]) == "error: interrupted"  # after progress
    assert list(work.iterdir()) == []


@pytest.mark.parametrize(
    ("options", "identity", "kept"),
    [
        ([], "scripted-1", True),
        (["--no-cache"], "scripted-1", False),  # QA: said to be cached under --no-cache
        ([], None, False),  # a judge whose answers are never cached
    ],
)
def test_an_interrupted_review_says_pairs_are_cached_only_when_they_are(
    runner: CliRunner,
    tmp_path: Path,
    notes: Path,
    monkeypatch: pytest.MonkeyPatch,
    options: list[str],
    identity: str | None,
    kept: bool,
) -> None:
    library, draft = tmp_path / "library.db", tmp_path / "draft.md"
    with Library.open(library) as opened:
        add_path(opened, notes, ref=parse_ref("local:notes"))
    draft.write_text(
        "# Draft\n\nDeep learning needs labelled data [@local:notes].\n\n"
        "Labelled data is costly to make [@local:notes].\n",
        "utf-8",
    )
    answer = pick("supports", "P001")

    def first_then_ctrl_c(decision: Decision) -> JudgeReply:
        if judge.seen[1:]:
            raise KeyboardInterrupt
        return answer(decision)

    judge = ScriptedJudge(first_then_ctrl_c, cache_identity=identity)
    registered = Registered(lambda _: judge, "", "t")
    monkeypatch.setitem(get_registry().judges, "stops", registered)
    done = runner.invoke(
        app, ["review", str(draft), "--library", str(library), "--judge", "stops", *options]
    )
    assert done.exit_code == 130
    said = "error: interrupted; pairs already judged are cached, rerun to continue"
    assert _only_line(done.stderr.split("\n", 1)[-1]) == (said if kept else "error: interrupted")
    assert len(judge.seen) == 2
    with Library.open(library) as opened:
        count = opened.connection.execute("SELECT count(*) FROM judged_results").fetchone()[0]
    assert count == (1 if kept else 0)


def test_ctrl_c_in_library_list_says_nothing_changed(
    runner: CliRunner, library_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Listing asks no server, so the interrupt comes from the read itself, in process.
    def interrupted(self: Library, *args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Library, "iter_papers", interrupted)
    done = runner.invoke(app, ["library", "list", "--library", str(library_copy)])
    assert done.exit_code == 130
    assert _only_line(done.stderr) == "error: interrupted; nothing was listed, no paper changed"


def test_ctrl_c_in_an_upgrade_by_library_list_does_not_call_the_library_unchanged(
    runner: CliRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # The upgrade's committed steps stay (an older claimaudit cannot open the file now, as the
    # line before says), so "the library is unchanged" after it was false.
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert _migrations.migrate(conn, target=1) == 1
    conn.close()
    real_apply = _migrations._apply

    def interrupted_at_5(conn: sqlite3.Connection, step: _migrations.Migration) -> None:
        if step.version == 5:
            raise KeyboardInterrupt
        real_apply(conn, step)

    monkeypatch.setattr(_migrations, "_apply", interrupted_at_5)
    with caplog.at_level("WARNING"):
        done = runner.invoke(app, ["library", "list", "--library", str(path)])
    assert done.exit_code == 130
    assert any("from schema version 1 to 4" in r.getMessage() for r in caplog.records)
    assert done.stderr.rstrip().rsplit("\n", 1)[-1] == (
        "error: interrupted; nothing was listed, no paper changed"
    )


@pytest.mark.parametrize("source", ["file", "arxiv"])
def test_ctrl_c_while_a_first_add_makes_its_library_says_the_paper_was_not_added(
    runner: CliRunner, tmp_path: Path, notes: Path, monkeypatch: pytest.MonkeyPatch, source: str
) -> None:
    # A real signal cannot be timed to land in the draft's creation, so the creation raises it.
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("claimaudit.library.first_add.connect", interrupted)
    library = tmp_path / "new" / "library.db"
    paper = str(notes) if source == "file" else "arxiv:1706.03762"
    done = runner.invoke(app, ["library", "add", paper, "--library", str(library)])
    assert done.exit_code == 130
    named = notes if source == "file" else "arXiv:1706.03762"
    assert _only_line(done.stderr) == f"error: interrupted; {named} was not added"
    assert not library.parent.exists()  # no library, no draft, no folder made for it


def test_ctrl_c_just_after_a_first_add_put_its_library_in_place_says_it_was_stored(
    runner: CliRunner, tmp_path: Path, notes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "not added" was said of a paper stored in the library just put in place. A real signal
    # cannot be timed to land there, so the step after placement raises it.
    real = first_add._put_in_place

    def placed_then_interrupted(draft: Path, resolved: Path) -> bool:
        real(draft, resolved)
        raise KeyboardInterrupt

    monkeypatch.setattr(first_add, "_put_in_place", placed_then_interrupted)
    library = tmp_path / "library.db"
    done = runner.invoke(
        app, ["library", "add", str(notes), "--ref", "local:notes", "--library", str(library)]
    )
    assert done.exit_code == 130
    assert _only_line(done.stderr) == (
        f"error: interrupted; {notes} was stored as local:notes before it stopped"
    )
    with Library.open(library, create=False) as opened:
        assert [str(p.ref) for p in opened.iter_papers()] == ["local:notes"]


def test_ctrl_c_just_after_an_entry_is_stored_counts_it_in_import_bib(
    runner: CliRunner, tmp_path: Path, notes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The entry stored but not yet reported was left out of "N entries added".
    _interrupt_once_stored(monkeypatch)
    library, bib = tmp_path / "library.db", tmp_path / "refs.bib"
    bib.write_text(f"@misc{{notes2020, title = {{Notes}}, file = {{{notes}}}}}\n", "utf-8")
    done = runner.invoke(app, ["library", "import-bib", str(bib), "--library", str(library)])
    assert done.exit_code == 130
    assert _only_line(done.stderr) == (
        "error: interrupted; 1 entry added before it stopped, a rerun skips them"
    )
    with Library.open(library, create=False) as opened:
        assert len(list(opened.iter_papers())) == 1


def test_an_entry_stored_just_before_an_interrupt_has_its_line_in_import_bib(
    runner: CliRunner, tmp_path: Path, notes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: the count said 1 entry added, but the entry's own line (which papers were stored)
    # was never printed: a stored entry the user could not name.
    _interrupt_once_stored(monkeypatch)
    library, bib = tmp_path / "library.db", tmp_path / "refs.bib"
    bib.write_text(
        f"@misc{{first, title = {{First}}, file = {{{notes}}}}}\n"
        f"@misc{{second, title = {{Second}}, file = {{{notes}}}}}\n",
        "utf-8",
    )
    done = runner.invoke(app, ["library", "import-bib", str(bib), "--library", str(library)])
    assert done.exit_code == 130
    assert _only_line(done.stderr) == (
        "error: interrupted; 1 entry added before it stopped, a rerun skips them"
    )
    assert done.stdout.splitlines() == ["   added first local:first: stored as it was interrupted"]
