"""The issue's smaller items: token, IPv6 host, escape sequences, .csv, folders, paging."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from claimaudit.server.binding import bind_problem, listen_host
from tests.conftest import REPO_ROOT
from tests.hostile.helpers import assert_no_traceback, assert_one_line_usage_error, cli

# Colour, a clipboard write (OSC 52), a hyperlink (OSC 8), an 8-bit CSI clearing the screen, CR,
# and bidirectional overrides that would print "evil\u202eexe.md" as "evildm.exe".
ESCAPES = (
    "\x1b[31mRED\x1b[0m \x1b]52;c;cm0gLXJmIH4=\x07 "
    "\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\ \x9b2J\r evil\u202eexe.md\u2066x\u2069"
)


@pytest.fixture
def library(tmp_path: Path) -> Path:
    path = tmp_path / "lib.sqlite3"
    paper = tmp_path / "paper.md"
    paper.write_text(
        f"# Title {ESCAPES}\n\n## Section {ESCAPES}\n\nSparse matrices save memory {ESCAPES}.\n",
        encoding="utf-8",
    )
    title = f"Given {ESCAPES}"
    result = cli("library", "add", paper, "--ref", "local:esc", "--library", path, "--title", title)
    assert result.exit_code == 0 and "\x1b" not in result.stdout
    return path


def _clean(output: str) -> None:
    for char in ("\x1b", "\x9b", "\x07", "\r", "\u202e", "\u2066", "\u2069"):
        assert char not in output, repr(output[:300])


@pytest.mark.parametrize(
    "args",
    [
        ["library", "show", "local:esc"],
        ["library", "show", "local:esc", "--json"],
        ["library", "list"],
        ["library", "search", "sparse matrices"],
        ["library", "search", "sparse matrices", "--json"],
        ["check", "Sparse matrices save memory.", "-p", "local:esc", "--no-cache"],
        ["check", "Sparse matrices save memory.", "-p", "local:esc", "--format", "json"],
        ["check", "Sparse matrices save memory.", "-p", "local:esc", "--format", "jsonl"],
        ["check", "Sparse matrices save memory.", "-p", f"local:x{ESCAPES}"],
        ["library", "remove", "local:esc"],
    ],
)
def test_escape_sequences_never_reach_the_terminal(library: Path, args: list[str]) -> None:
    result = cli(*args, "--library", library)
    assert result.exit_code in (0, 2), result.stderr
    assert_no_traceback(result.stdout, result.stderr)
    _clean(result.stdout + result.stderr)
    if "--json" in args or "json" in args:
        assert "RED" in result.stdout  # the text is kept, its escapes are escaped in JSON


def test_escape_sequences_in_a_draft_never_reach_the_terminal(
    library: Path, tmp_path: Path
) -> None:
    draft = tmp_path / "draft.md"
    draft.write_text(f"# Draft\n\nSparse matrices save memory {ESCAPES} [@local:esc].\n")
    result = cli("review", draft, "--library", library)
    assert result.exit_code == 0, result.stderr
    _clean(result.stdout + result.stderr)
    assert "RED" in result.stdout


def test_a_blank_or_spaced_token_is_refused() -> None:
    assert "blank" in (bind_problem("127.0.0.1", " " * 20) or "")
    assert "spaces" in (bind_problem("0.0.0.0", "  a-long-enough-secret-token  ") or "")
    assert "control" in (bind_problem("0.0.0.0", "a-long-enough-secret\x1btoken") or "")
    assert bind_problem("0.0.0.0", "a-long-enough-secret-token") is None


def test_serve_with_a_whitespace_token_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAIMAUDIT_TOKEN", " " * 24)
    assert_one_line_usage_error(cli("serve", "--port", "9"), "CLAIMAUDIT_TOKEN is blank")


def test_listen_host_unbrackets_ipv6() -> None:
    assert listen_host("[::1]") == "::1" and listen_host("127.0.0.1") == "127.0.0.1"


def _ipv6_port() -> int:
    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
            return int(sock.getsockname()[1])
    except OSError:
        pytest.skip("no IPv6 loopback on this machine")


def test_serve_on_the_ipv6_loopback(tmp_path: Path) -> None:
    port = _ipv6_port()
    library = str(tmp_path / "lib.sqlite3")
    command = [sys.executable, "-m", "claimaudit", "serve", "--host", "[::1]", "--port", str(port)]
    command += ["--library", library, "--log-level", "warning"]
    process = subprocess.Popen(
        command, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.stdout.read() if process.stdout else ""
            try:
                response = httpx.get(f"http://[::1]:{port}/health", timeout=2)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server never answered on [::1]"
                time.sleep(0.1)
        assert response.json()["status"] == "ok"
    finally:
        process.terminate()
        process.wait(timeout=15)


def test_a_csv_file_is_not_a_paper(tmp_path: Path) -> None:
    table = tmp_path / "data.csv"
    table.write_text("id,claim\n1,Sparse matrices save memory\n")
    result = cli("library", "add", table, "--ref", "local:t", "--library", tmp_path / "l.db")
    assert_one_line_usage_error(result, ".csv files are not papers")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("{}\n")
    result = cli("library", "add", corpus, "--ref", "local:t", "--library", tmp_path / "l.db")
    assert_one_line_usage_error(result, "library import-jsonl")
    # A name whose "suffix" is part of an arXiv id is still text.
    named = tmp_path / "1706.03762v5"
    named.write_text("Attention replaces recurrence.\n")
    added = cli("library", "add", named, "--ref", "local:n", "--library", tmp_path / "l.db")
    assert added.exit_code == 0, added.stderr


def test_folders_given_as_files_are_one_line(library: Path, tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    claims = tmp_path / "claims.jsonl"
    claims.write_text(json.dumps({"id": 1, "claim": "Sparse.", "papers": ["local:esc"]}) + "\n")
    draft = tmp_path / "draft.md"
    draft.write_text("# Draft\n\nSparse matrices save memory [@a].\n")
    cases = [
        (["batch", claims, "--out", folder, "--library", library], "--out"),
        (["batch", folder, "--out", tmp_path / "o.jsonl", "--library", library], "is a folder"),
        (["review", draft, "--bib", folder, "--library", library], "--bib"),
        (["review", draft, "--json", folder, "--library", library], "--json"),
        (["review", folder, "--library", library], "is a folder"),
        (["check", "Sparse matrices.", "-p", "local:esc", "--library", folder], "--library"),
        (["library", "list", "--library", folder], "is a folder; give the library file"),
        (["library", "import-jsonl", folder, "--library", library], "is a folder"),
    ]
    for args, fragment in cases:
        assert_one_line_usage_error(cli(*args), fragment, str(folder))


def test_a_library_that_does_not_exist_is_named(tmp_path: Path) -> None:
    absent = tmp_path / "absent.sqlite3"
    result = cli("check", "Sparse matrices save memory.", "-p", "1706.03762", "--library", absent)
    assert_one_line_usage_error(result, f"no library at {absent}")
    assert not absent.exists()
    result = cli("library", "show", "local:x", "--library", absent)
    assert_one_line_usage_error(result, f"no library at {absent}")


def test_library_show_pages_a_long_paper(tmp_path: Path) -> None:
    library = tmp_path / "lib.sqlite3"
    corpus = tmp_path / "corpus.jsonl"
    sentences = [f"Sentence number {i} of a long paper." for i in range(1000)]
    corpus.write_text(json.dumps({"doc_id": 1, "title": "Long", "abstract": sentences}) + "\n")
    assert cli("library", "import-jsonl", corpus, "--library", library).exit_code == 0
    page = cli("library", "show", "scifact:1", "--library", library)
    assert page.exit_code == 0
    ids = [line for line in page.stdout.splitlines() if line.startswith("P")]
    assert ids[0] == "P001" and ids[-1] == "P100" and len(ids) == 100
    assert "showing passages 1-100 of 1000; --offset 100" in page.stdout
    tail = cli("library", "show", "scifact:1", "--offset", "990", "--library", library)
    ids = [line for line in tail.stdout.splitlines() if line.startswith("P")]
    assert ids == [f"P{i}" for i in range(991, 1001)] and "showing" not in tail.stdout
    show = ["library", "show", "scifact:1", "--json", "--library", library]
    data = json.loads(cli(*show, "--limit", "5", "--offset", "10").stdout)
    assert data["passageCount"] == 1000 and data["offset"] == 10
    assert [p["id"] for p in data["passages"]] == ["P011", "P012", "P013", "P014", "P015"]
    everything = json.loads(cli(*show, "--limit", "0").stdout)
    assert len(everything["passages"]) == 1000
    # Past what SQLite can be asked for: refused as a usage error, not a traceback.
    for option in ("--offset", "--limit"):
        beyond = cli(*show, option, "99999999999999999999")
        assert beyond.exit_code == 2 and option in beyond.stderr
        assert_no_traceback(beyond.stdout, beyond.stderr)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_under_standard_output_is_one_line(library: Path) -> None:
    command = [sys.executable, "-m", "claimaudit", "library", "list", "--library", str(library)]
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            command, cwd=REPO_ROOT, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120
        )
    assert done.returncode == 2
    assert done.stderr.strip() == "error: cannot write the output: No space left on device"


def test_a_file_name_that_is_not_utf8_is_stored_as_text(tmp_path: Path) -> None:
    # Python hands such a name over with its bad byte as a lone surrogate (surrogateescape).
    path = tmp_path / b"\xff-notes.txt".decode("utf-8", "surrogateescape")
    path.write_text("Sparse matrices save memory.\n", encoding="utf-8")
    library = tmp_path / "lib.sqlite3"
    added = cli("library", "add", path, "--ref", "local:ff", "--library", library)
    assert added.exit_code == 0, added.output
    assert "local:ff: \\xff-notes" in added.stdout
    shown = cli("library", "show", "local:ff", "--library", library)
    assert "\\xff-notes.txt" in shown.stdout
    refused = cli("library", "add", path, "--library", library)  # no --ref: the name is quoted
    # In the shell's $'...' form, as every message names a file (``guards.filenames``).
    assert_one_line_usage_error(refused, "$'", "\\xff-notes.txt': cannot tell which paper")
