"""``check``/``batch`` with ``--source`` and ``--fetch``: Valyu and arXiv fakes on 127.0.0.1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.records import RELATIONS, CheckedRecord, NotCheckedRecord, record_from_dict
from tests.cli.conftest import DEEP_RULES_REF
from tests.conftest import SEED_FIELDS
from tests.library.helpers import make_pdf
from tests.sources.arxivserver import ArxivServer
from tests.sources.valyuserver import TEST_VALYU_KEY, ValyuServer, result

CLAIM = "The Transformer dispenses with recurrence and convolutions entirely."
ABSTRACT = [
    "The dominant sequence transduction models are based on complex recurrent or convolutional "
    "neural networks that include an encoder and a decoder.",
    "We propose a new simple network architecture, the Transformer, based solely on attention "
    "mechanisms, dispensing with recurrence and convolutions entirely.",
]
RESULTS = "Experiments on two machine translation tasks show these models to be superior."
ABS = "https://arxiv.org/abs/"


@pytest.fixture
def valyu(monkeypatch: pytest.MonkeyPatch) -> Iterator[ValyuServer]:
    monkeypatch.setattr("claimaudit.sources.valyu.SERVER_ERROR_WAIT", 0.0)
    with ValyuServer() as server:
        server.results = [
            result(f"{ABS}1810.04805v2", "BERT is bidirectional.", title="BERT"),
            result(f"{ABS}1706.03762v7", "\n\n".join(ABSTRACT)),
            result(f"{ABS}1706.03762v7", RESULTS),
        ]
        monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
        monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", server.url)
        yield server


@pytest.fixture
def arxiv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ArxivServer]:
    pdf = make_pdf(tmp_path / "attention.pdf", text=" ".join(ABSTRACT)).read_bytes()
    # The command line builds its own client: no 3-second pacing against a local fake.
    monkeypatch.setattr("claimaudit.sources.arxiv.MIN_INTERVAL", 0.0)
    with ArxivServer() as server:
        server.add("1706.03762", "Attention Is All You Need", {7: pdf})
        monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", server.url)
        yield server


def check(runner: CliRunner, library: Path, *args: str) -> tuple[int, list[dict[str, object]]]:
    outcome = runner.invoke(
        app, ["check", CLAIM, "--library", str(library), "--format", "json", *args]
    )
    assert TEST_VALYU_KEY not in outcome.stdout + outcome.stderr
    records = json.loads(outcome.stdout)["records"] if outcome.stdout.strip() else []
    return outcome.exit_code, records


def test_valyu_and_jev_give_seed_shaped_records(
    runner: CliRunner, paper_library: Path, valyu: ValyuServer, jev_mock: str
) -> None:
    args = ("--paper", "1706.03762v7", "--topic", "recurrence", "--source", "valyu")
    code, [data] = check(runner, paper_library, *args, "--judge", "jev")
    assert code == 0
    assert set(data) >= SEED_FIELDS
    record = record_from_dict(data)
    assert isinstance(record, CheckedRecord)
    assert record.evidence_scope == "search_excerpts"
    assert record.search_query == "arXiv 1706.03762v7 recurrence"
    assert record.paper_title == "Attention Is All You Need"
    assert record.paper_url == f"{ABS}1706.03762v7"
    assert record.paper_ref == record.matched_ref == "arXiv:1706.03762v7"
    # The Jev mock answers deterministically from the request: the choice is its most likely option.
    assert record.judge == "jev" and record.verdict == "contradicts"
    assert max(record.probabilities, key=record.probabilities.__getitem__) == record.verdict
    assert set(record.probabilities) == set(RELATIONS)
    assert record.passages_considered == record.passages_selected == 3
    excerpts = {"P001": ABSTRACT[0], "P002": ABSTRACT[1], "P003": RESULTS}
    if record.evidence_passage_id is not None:
        assert record.evidence == excerpts[record.evidence_passage_id]  # verbatim
    [search] = valyu.searches
    assert search.json["included_sources"] == ["valyu/valyu-arxiv"]


def _break(server: ValyuServer, fault: str) -> None:
    if fault == "http500":
        server.fail_next(500, count=2)  # the first try and the one retry
    elif fault == "other_paper_and_version":
        server.results = [server.results[0], result(f"{ABS}1706.03762v5", "Version five.")]
    elif fault == "empty_content":
        server.results = [result(f"{ABS}1706.03762v7", "   ")]
    elif fault == "missing_fields":
        server.reply_next(200, {"success": True})


@pytest.mark.parametrize(
    ("fault", "message"),
    [
        ("http500", "Valyu search failed: HTTP 500"),
        ("other_paper_and_version", "did not return arXiv:1706.03762v7 among its 2 results"),
        ("empty_content", "returned arXiv:1706.03762v7 but no text excerpts"),
        ("missing_fields", "Valyu search failed: malformed reply"),
    ],
)
def test_valyu_failures_are_not_checked_records(
    runner: CliRunner,
    paper_library: Path,
    valyu: ValyuServer,
    jev_mock: str,
    fault: str,
    message: str,
) -> None:
    _break(valyu, fault)
    code, [data] = check(
        runner, paper_library, "-p", "1706.03762v7", "--source", "valyu", "--judge", "jev"
    )
    record = record_from_dict(data)
    assert code == 0 and isinstance(record, NotCheckedRecord)
    assert message in record.error and record.paper_url == f"{ABS}1706.03762v7"


def test_auto_uses_the_library_then_valyu(
    runner: CliRunner,
    paper_library: Path,
    valyu: ValyuServer,
    jev_mock: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, records = check(
        runner, paper_library, "-p", DEEP_RULES_REF, "-p", "1706.03762", "--judge", "jev"
    )
    assert code == 0
    scopes = [r.get("evidenceScope") for r in records]
    assert scopes[0] in ("full_text", "selected_passages") and scopes[1] == "search_excerpts"
    assert len(valyu.searches) == 1  # only for the paper the library lacks
    monkeypatch.delenv("VALYU_API_KEY")
    _, [data] = check(runner, paper_library, "-p", "1706.03762", "--judge", "jev")
    assert data["verdict"] == "not_checked"
    assert str(data["error"]) == (
        f"arXiv:1706.03762 is not in the local library ({paper_library}); add it or set "
        "VALYU_API_KEY (`claimaudit library add arxiv:1706.03762` or `check --fetch`)"
    )


def test_fetch_adds_missing_arxiv_papers_first(
    runner: CliRunner, library_copy: Path, arxiv: ArxivServer, jev_mock: str
) -> None:
    code, [data] = check(runner, library_copy, "-p", "1706.03762", "--fetch", "--judge", "jev")
    record = record_from_dict(data)
    assert code == 0 and isinstance(record, CheckedRecord), data
    assert record.matched_ref == "arXiv:1706.03762v7" and record.evidence_scope == "full_text"
    assert record.paper_title == "Attention Is All You Need"
    # The source package first (none here), then the PDF.
    assert [s.path for s in arxiv.seen] == [
        "/api/query",
        "/e-print/1706.03762v7",
        "/pdf/1706.03762v7",
    ]
    code, [data] = check(runner, library_copy, "-p", "1706.03762", "--fetch", "--judge", "jev")
    # Now stored: the same question gets the same answer, without a download.
    assert code == 0 and data["verdict"] == record.verdict == "insufficient_evidence"
    assert len(arxiv.seen) == 3
    _, [data] = check(runner, library_copy, "-p", "1706.03762v9", "--fetch", "--judge", "jev")
    assert "could not fetch arXiv:1706.03762v9 from arXiv" in str(data["error"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--source", "nowhere"], "unknown source 'nowhere'"),
        (["--source", "valyu", "--fetch"], "(--fetch) adds papers to the library"),
    ],
)
def test_source_usage_errors(
    runner: CliRunner,
    library_copy: Path,
    args: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("VALYU_API_KEY", "test-key")  # refused before any search
    outcome = runner.invoke(
        app, ["check", CLAIM, "--library", str(library_copy), "-p", "1706.03762", *args]
    )
    assert outcome.exit_code == 2 and message in outcome.stderr
    assert len(outcome.stderr.strip().splitlines()) == 1


def test_batch_takes_a_source(
    runner: CliRunner, tmp_path: Path, valyu: ValyuServer, jev_mock: str
) -> None:
    claims = tmp_path / "claims.jsonl"
    claims.write_text(json.dumps({"id": "a", "claim": CLAIM, "papers": ["1706.03762"]}) + "\n")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(claims), "--out", str(out), "--source", "valyu", "--judge", "jev"]
    outcome = runner.invoke(app, [*args, "--library", str(tmp_path / "absent.sqlite3")])
    assert outcome.exit_code == 0, outcome.stderr
    [row] = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["id"] == "a" and row["evidenceScope"] == "search_excerpts"
    assert row["matchedRef"] == "arXiv:1706.03762v7"


def test_a_resumed_batch_judges_again_on_the_library_a_paper_added_since_its_excerpts(
    runner: CliRunner, library_copy: Path, tmp_path: Path, valyu: ValyuServer, jev_mock: str
) -> None:
    # Judged on Valyu's excerpts while the library lacked the paper, the pair kept that record
    # once the paper was added, though a check now reads the paper's whole text there.
    claims = tmp_path / "claims.jsonl"
    claims.write_text(json.dumps({"id": "a", "claim": CLAIM, "papers": ["1706.03762"]}) + "\n")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(claims), "--out", str(out), "--judge", "jev"]
    args += ["--library", str(library_copy)]
    assert runner.invoke(app, args).exit_code == 0
    [row] = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["evidenceScope"] == "search_excerpts"
    # Asked again with --source valyu, the excerpts are still what a check reads: kept.
    kept = runner.invoke(app, [*args, "--source", "valyu"])
    assert "checking again" not in kept.stderr and "1 already done" in kept.stderr
    paper = tmp_path / "attention.md"
    paper.write_text("# Attention Is All You Need\n\n" + "\n\n".join(ABSTRACT) + "\n", "utf-8")
    added = runner.invoke(
        app,
        ["library", "add", str(paper), "--ref", "arXiv:1706.03762", "--library", str(library_copy)],
    )
    assert added.exit_code == 0, added.stderr
    resumed = runner.invoke(app, args)
    assert resumed.exit_code == 0, resumed.stderr
    assert "checking again 1 pair" in resumed.stderr
    assert "on search excerpts of a paper the library holds now" in resumed.stderr
    [row] = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["evidenceScope"] != "search_excerpts" and row["paperContentHash"]
    again = runner.invoke(app, args)
    assert "checking again" not in again.stderr and "1 already done" in again.stderr


def _batch(runner: CliRunner, tmp_path: Path, library: Path, *args: str) -> tuple[int, list[dict]]:
    claims = tmp_path / "claims.jsonl"
    claims.write_text(json.dumps({"id": "a", "claim": CLAIM, "papers": ["1706.03762"]}) + "\n")
    out = tmp_path / "out.jsonl"
    outcome = runner.invoke(
        app, ["batch", str(claims), "--out", str(out), "--library", str(library), *args]
    )
    rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    return outcome.exit_code, rows


def test_batch_fetch_adds_missing_arxiv_papers_as_check_does(
    runner: CliRunner,
    library_copy: Path,
    tmp_path: Path,
    arxiv: ArxivServer,
    jev_mock: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: check had --fetch and batch had not ("No such option: --fetch").
    monkeypatch.delenv("VALYU_API_KEY", raising=False)
    code, [row] = _batch(runner, tmp_path, library_copy, "--fetch", "--judge", "jev")
    assert code == 0 and row["verdict"] != "not_checked", row
    assert row["matchedRef"] == "arXiv:1706.03762v7" and row["evidenceScope"] == "full_text"
    assert "/pdf/1706.03762v7" in [s.path for s in arxiv.seen]


def test_batch_advises_its_own_fetch(
    runner: CliRunner,
    paper_library: Path,
    tmp_path: Path,
    jev_mock: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A batch record's advice named `check --fetch`, an option of another command.
    monkeypatch.delenv("VALYU_API_KEY", raising=False)
    _, [row] = _batch(runner, tmp_path, paper_library, "--judge", "jev")
    assert row["verdict"] == "not_checked"
    assert row["error"].endswith(
        "(`claimaudit library add arxiv:1706.03762` or `batch --fetch`)"
    ), row["error"]


def test_batch_refuses_fetch_where_check_does(
    runner: CliRunner, library_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VALYU_API_KEY", "test-key")  # refused before any search
    claims = tmp_path / "claims.jsonl"
    claims.write_text(json.dumps({"id": "a", "claim": CLAIM, "papers": ["1706.03762"]}) + "\n")
    args = ["--library", str(library_copy), "--source", "valyu", "--fetch"]
    checked = runner.invoke(app, ["check", CLAIM, "-p", "1706.03762", *args])
    batched = runner.invoke(app, ["batch", str(claims), "--out", str(tmp_path / "o.jsonl"), *args])
    assert checked.exit_code == batched.exit_code == 2
    assert batched.stderr == checked.stderr and "(--fetch) adds papers" in batched.stderr


def _review(runner: CliRunner, tmp_path: Path, library: Path, *args: str) -> tuple[int, list]:
    draft = tmp_path / "draft.md"
    draft.write_text(f"{CLAIM} (arXiv:1706.03762).\n", encoding="utf-8")
    out = tmp_path / "records.json"
    outcome = runner.invoke(
        app, ["review", str(draft), "--library", str(library), "--json", str(out), *args]
    )
    records = json.loads(out.read_text())["records"] if out.exists() else []
    return outcome.exit_code, records


def test_review_fetch_and_source_work_as_check_s(
    runner: CliRunner,
    library_copy: Path,
    tmp_path: Path,
    arxiv: ArxivServer,
    jev_mock: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: check and batch took --source and --fetch, review neither, and its records advised
    # `check --fetch` for a paper its draft cites.
    monkeypatch.delenv("VALYU_API_KEY", raising=False)
    code, [record] = _review(runner, tmp_path, library_copy, "--judge", "jev")
    assert code == 0 and record["verdict"] == "not_checked"
    assert record["error"].endswith("or `review --fetch`)"), record["error"]
    assert arxiv.seen == []
    code, [record] = _review(runner, tmp_path, library_copy, "--judge", "jev", "--fetch")
    assert code == 0 and record["verdict"] != "not_checked", record
    assert record["matchedRef"] == "arXiv:1706.03762v7"
    assert "/pdf/1706.03762v7" in [s.path for s in arxiv.seen]
    monkeypatch.setenv("VALYU_API_KEY", "test-key")  # refused before any search
    refused = runner.invoke(
        app,
        [
            *("review", str(tmp_path / "draft.md"), "--library", str(library_copy)),
            *("--source", "valyu", "--fetch"),
        ],
    )
    assert refused.exit_code == 2 and "(--fetch) adds papers" in refused.stderr
