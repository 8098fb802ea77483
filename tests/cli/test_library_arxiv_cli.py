"""``claimaudit library add arxiv:ID``: download from a local arXiv peer, then ingest."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from claimaudit.cli import _install_commands, app
from claimaudit.identity import parse_ref
from claimaudit.library.store import Library
from tests.library.helpers import PDF_TEXT, make_blank_pdf, make_pdf
from tests.sources.arxivserver import ArxivServer

_install_commands()
runner = CliRunner()


def run(*args: str | Path) -> Result:
    return runner.invoke(app, ["library", *map(str, args)])


@pytest.fixture
def arxiv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ArxivServer]:
    monkeypatch.setattr("claimaudit.sources.arxiv.MIN_INTERVAL", 0.0)
    pdf = make_pdf(tmp_path / "paper.pdf").read_bytes()
    blank = make_blank_pdf(tmp_path / "blank.pdf").read_bytes()
    with ArxivServer() as server:
        server.add("1706.03762", "Attention Is All\n  You Need", {5: pdf, 7: pdf})
        server.add("hep-th/9901001", "Old style", {2: pdf})
        server.add("2001.00001", "A scan", {1: blank})
        monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", server.url)
        yield server


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "library.sqlite3"


def test_add_from_arxiv_then_show(arxiv: ArxivServer, db: Path) -> None:
    added = run("add", "arxiv:1706.03762", "--library", db)
    assert added.exit_code == 0, added.stderr
    assert "added arXiv:1706.03762v7 from arXiv: Attention Is All You Need" in added.stdout
    shown = run("show", "1706.03762", "--library", db)
    assert "arXiv:1706.03762v7" in shown.stdout and "BLEU score of 28.4" in shown.stdout
    assert f"{arxiv.url}/pdf/1706.03762v7" in shown.stdout
    again = run("add", "arXiv:1706.03762v7", "--library", db)
    assert again.exit_code == 0 and "already in the library; nothing to do" in again.stdout
    assert [s.path for s in arxiv.seen].count("/pdf/1706.03762v7") == 1
    older = run("add", "arxiv:1706.03762v5", "--title", "Mine", "--library", db)
    assert older.exit_code == 0 and "added arXiv:1706.03762v5 from arXiv: Mine" in older.stdout
    old_style = run("add", "arxiv:hep-th/9901001", "--library", db)
    assert old_style.exit_code == 0 and "arXiv:hep-th/9901001v2" in old_style.stdout
    with Library.open(db) as library:
        assert library.require_paper(parse_ref("1706.03762v5")).title == "Mine"
        assert len(library.list_papers()) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["arxiv:1706.03762v9"], "arXiv has no paper arXiv:1706.03762v9"),
        (["arxiv:2001.00001"], "the PDF has no text layer; run OCR first"),
        (["arxiv:not-an-id"], "not a paper reference"),
        (["arxiv:1706.03762", "--ref", "1706.03762"], "--ref does not apply to arxiv:ID"),
    ],
)
def test_failures_are_one_line_and_change_nothing(
    arxiv: ArxivServer, db: Path, args: list[str], message: str
) -> None:
    outcome = run("add", *args, "--library", db)
    assert outcome.exit_code == 2 and message in outcome.stderr
    assert len(outcome.stderr.strip().splitlines()) == 1 and "Traceback" not in outcome.stderr
    if db.exists():
        with Library.open(db) as library:
            assert library.list_papers() == []


def test_arxiv_down_is_a_clean_failure(arxiv: ArxivServer, db: Path) -> None:
    arxiv.fail_next(503, count=4, retry_after="0")
    outcome = run("add", "arxiv:1706.03762", "--library", db)
    assert outcome.exit_code == 2
    assert "arXiv answered HTTP 503" in outcome.stderr and "gave up after 4" in outcome.stderr


def test_a_local_file_named_like_an_id_is_still_a_file(
    arxiv: ArxivServer, db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    make_pdf(tmp_path / "arxiv:1706.03762v1", text="Local copy. " + PDF_TEXT)
    outcome = run("add", "arxiv:1706.03762v1", "--ref", "1706.03762v1", "--library", db)
    assert outcome.exit_code == 0 and arxiv.seen == []


@pytest.mark.parametrize("named", ["https://arxiv.org/abs/1706.03762", "1706.03762"])
def test_an_arxiv_url_or_id_downloads_as_arxiv_id_does(
    arxiv: ArxivServer, db: Path, named: str
) -> None:
    outcome = run("add", named, "--library", db)
    assert outcome.exit_code == 0, outcome.stderr
    assert "added arXiv:1706.03762v7 from arXiv" in outcome.stdout


def test_a_doi_says_how_to_add_its_paper(arxiv: ArxivServer, db: Path) -> None:
    outcome = run("add", "https://doi.org/10.1371/journal.pcbi.1005510", "--library", db)
    assert outcome.exit_code == 2 and arxiv.seen == [] and not db.exists()
    [line] = outcome.stderr.splitlines()
    # The text as typed, its "//" kept, and the command that adds the paper.
    assert line.startswith("error: PATH https://doi.org/10.1371/journal.pcbi.1005510: no such file")
    assert "library add PATH --ref doi:10.1371/journal.pcbi.1005510" in line


def test_an_arxiv_base_url_that_is_not_http_is_one_line_at_once(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It was "arXiv unreachable at garbage (UnsupportedProtocol); gave up after 4 attempts".
    monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", "garbage")
    result = run("add", "arxiv:1706.03762", "--library", db)
    assert (result.exit_code, result.stderr) == (
        2,
        "error: CLAIMAUDIT_ARXIV_BASE_URL is not an http(s) URL: garbage\n",
    )
    assert not db.exists()


@pytest.mark.parametrize(
    ("env", "value", "refusal"),
    [
        ("SSL_CERT_FILE", "absent.pem", "names an unusable CA file (no such file or directory)"),
        ("SSL_CERT_FILE", "garbage.pem", "names an unusable CA file (it holds no PEM certificate)"),
        ("SSL_CERT_DIR", "absent", "names no folder"),
    ],
)
def test_a_ca_setting_that_cannot_be_used_is_one_line_at_once(
    arxiv: ArxivServer,
    db: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    env: str,
    value: str,
    refusal: str,
) -> None:
    # A missing or unreadable file was a FileNotFoundError or ssl.SSLError traceback; a missing
    # folder failed each HTTPS request to verify ("arXiv unreachable", after every retry).
    (tmp_path / "garbage.pem").write_text("garbage\n", encoding="utf-8")
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    monkeypatch.setenv(env, str(tmp_path / value))
    result = run("add", "arxiv:1706.03762", "--library", db)
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: {env} {refusal}: {tmp_path / value}\n",
    )
    assert not db.exists() and arxiv.seen == []


def test_a_stored_version_is_retitled_only_with_replace(arxiv: ArxivServer, db: Path) -> None:
    # QA: --title --replace said "nothing to do" and kept the old title; without --replace the
    # new title was dropped without a word.
    assert run("add", "arxiv:1706.03762v7", "--library", db).exit_code == 0
    kept = run("add", "arxiv:1706.03762v7", "--title", "Mine", "--library", db)
    assert kept.exit_code == 0, kept.stderr
    assert " ".join(kept.stdout.split()) == (
        "arXiv:1706.03762v7 is already in the library, titled 'Attention Is All You Need'; "
        "add --replace to change its title"
    )
    retitled = run("add", "arxiv:1706.03762v7", "--title", "Mine", "--replace", "--library", db)
    assert retitled.exit_code == 0, retitled.stderr
    assert "retitled arXiv:1706.03762v7: Mine" in retitled.stdout
    with Library.open(db) as library:
        assert library.require_paper(parse_ref("1706.03762v7")).title == "Mine"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("1706.03762v0", "not a valid arXiv version: v0 (versions run from v1 to v9999)"),
        ("2301.1234", "not a valid arXiv identifier: '2301.1234': from 2015 (1501) arXiv ids"),
    ],
)
def test_a_bare_id_arxiv_never_issued_says_why(db: Path, text: str, why: str) -> None:
    # QA: "1706.03762v0: no such file or folder", where arxiv:1706.03762v0 said why.
    refused = run("add", text, "--library", db)
    assert refused.exit_code == 2
    assert " ".join(refused.stderr.split()).startswith(
        f"error: PATH {text}: no such file, and no arXiv paper: {why}"
    )
    assert not db.exists()
