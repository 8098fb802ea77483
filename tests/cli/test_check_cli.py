"""``claimaudit check`` end to end: real library, real HTTP judges on 127.0.0.1."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from claimaudit.cli import app
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.plugins import Registered, get_registry
from claimaudit.records import RELATIONS, CheckedRecord, NotCheckedRecord, record_from_dict
from claimaudit.sources.protocol import Source, SourcePaper
from tests.cli.conftest import DEEP_RULES_REF
from tests.fakes import MemorySource, ScriptedJudge, pick
from tests.httpfake import closed_port
from tests.judges.faultserver import TEST_KEY, FaultServer
from tests.judges.openaiserver import OpenAIServer

CLAIM = "Deep learning models should be compared against simpler baseline methods."


@pytest.fixture
def fault(monkeypatch: pytest.MonkeyPatch) -> Iterator[FaultServer]:
    with FaultServer(key=TEST_KEY, delay=3.0) as server:
        monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
        monkeypatch.setenv("TYPESAFE_BASE_URL", server.url)
        yield server


def _invoke(runner: CliRunner, library: Path, *args: str) -> Result:
    return runner.invoke(app, ["check", CLAIM, "--library", str(library), *args])


def _check(
    runner: CliRunner, library: Path, *args: str
) -> tuple[int, list[dict[str, object]], str]:
    # Each test here must reach its judge server: no answers from the results cache.
    result = _invoke(runner, library, "--format", "json", "--no-cache", *args)
    records = json.loads(result.stdout)["records"] if result.stdout.strip() else []
    return result.exit_code, records, result.stderr


def _check_paper(
    runner: CliRunner, library: Path, judge: str, *args: str
) -> tuple[int, list[dict[str, object]], str]:
    """``_check`` of the library's paper (DEEP_RULES_REF) with ``judge``."""
    return _check(runner, library, "--paper", DEEP_RULES_REF, "--judge", judge, *args)


def _stored_passages(library: Path) -> dict[str, str]:
    with Library.open(library) as opened:
        return {p.passage_id: p.text for p in opened.passages(parse_ref(DEEP_RULES_REF))}


def test_jev_path_end_to_end(runner: CliRunner, paper_library: Path, jev_mock: str) -> None:
    code, records, _ = _check(runner, paper_library, "--paper", "2105.14372", "--judge", "jev")
    assert code == 0
    [data] = records
    record = record_from_dict(data)
    assert isinstance(record, CheckedRecord)
    assert record.judge == "jev" and record.model
    # The Jev mock answers deterministically from the request (a hash of it, not its meaning):
    # this verdict follows from the stored passages, which changed with paragraph passages
    # and again with the paper's two figure captions (markdown/19).
    assert record.verdict == "contradicts"
    assert max(record.probabilities, key=record.probabilities.__getitem__) == record.verdict
    assert set(record.probabilities) == set(RELATIONS)
    assert record.paper_ref == DEEP_RULES_REF
    assert record.paper_title.lower().startswith("ten quick tips for deep learning in biology")
    assert record.passages_selected <= record.passages_considered
    stored = _stored_passages(paper_library)
    assert record.passages_considered == len(stored)
    if record.evidence_passage_id is not None:
        assert record.evidence == stored[record.evidence_passage_id]  # copied verbatim


def test_jev_sends_both_questions_in_one_request(
    runner: CliRunner, paper_library: Path, fault: FaultServer
) -> None:
    code, [data], _ = _check_paper(runner, paper_library, "jev")
    assert code == 0 and data["verdict"] != "not_checked"
    [request] = fault.systemone_requests
    body = request.json
    assert set(body["questions"]) == {"relation", "evidence"}
    assert set(body["questions"]["relation"]["criteria"]) == set(RELATIONS)
    assert "none" in body["questions"]["evidence"]["criteria"]
    assert CLAIM in body["state"]
    assert request.authorization == f"Bearer {TEST_KEY}"


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("http500", "HTTP 500"),
        ("http401", "HTTP 401"),
        ("slow", "timed out"),
        ("prob_sum_1_3", "sum to"),
        ("prob_missing_option", "incomplete probability distribution"),
        ("prob_over_one", "outside [0, 1]"),
        ("choice_not_option", "not an option"),
        ("non_json", "not a System One reply"),
        ("echo_auth", "HTTP 401"),
    ],
)
def test_judge_faults_become_not_checked(
    runner: CliRunner, paper_library: Path, fault: FaultServer, mode: str, message: str
) -> None:
    fault.set_mode(mode)
    code, [data], stderr = _check_paper(
        runner, paper_library, "jev", "--timeout", "0.5", "--fail-on", "not-checked"
    )
    assert code == 1  # --fail-on not-checked matched
    record = record_from_dict(data)
    assert isinstance(record, NotCheckedRecord)
    assert message in record.error
    assert record.needs_review
    assert TEST_KEY not in json.dumps(data) and TEST_KEY not in stderr


def test_unreachable_judge_and_missing_key(
    runner: CliRunner, paper_library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
    monkeypatch.setenv("TYPESAFE_BASE_URL", f"http://127.0.0.1:{closed_port()}")
    _, [data], _ = _check_paper(runner, paper_library, "jev")
    assert data["verdict"] == "not_checked" and "unreachable" in str(data["error"])
    # No key: refused before any work, as a missing model is (not a not_checked record).
    monkeypatch.delenv("TYPESAFE_API_KEY")
    code, records, stderr = _check_paper(runner, paper_library, "jev")
    assert (code, records) == (2, [])
    assert stderr.strip() == "error: the jev judge needs an API key: set TYPESAFE_API_KEY"


def test_source_failures_are_not_checked_per_paper(
    runner: CliRunner, paper_library: Path, jev_mock: str
) -> None:
    code, records, _ = _check(
        runner,
        paper_library,
        "--judge",
        "jev",
        "--paper",
        "arxiv.org/nothing",
        "--paper",
        "1706.03762",
        "--paper",
        "2105.14372v9",
        "--paper",
        DEEP_RULES_REF,
    )
    assert code == 0
    verdicts = [r["verdict"] for r in records]
    assert verdicts[:3] == ["not_checked"] * 3 and verdicts[3] == "contradicts"
    assert "not a paper reference" in str(records[0]["error"])
    # The default source (auto) says how to get the paper: the library or a Valyu key.
    assert "is not in the local library" in str(records[1]["error"])
    assert "; add it or set VALYU_API_KEY" in str(records[1]["error"])
    assert records[2]["paperRef"] == "arXiv:2105.14372v9"


def test_a_missing_paper_s_record_keeps_the_command_line_s_advice(
    runner: CliRunner, paper_library: Path, jev_mock: str
) -> None:
    # The command line's records (its JSON too) end in its own commands: the HTTP API and MCP
    # name theirs (tests/server/test_api.py, test_mcp.py).
    _, records, _ = _check(
        runner,
        paper_library,
        *("--judge", "jev", "--paper", "doi:10.1000/absent", "--paper", "2401.00001v1"),
    )
    doi, arxiv = (str(r["error"]) for r in records)
    assert doi == (
        f"doi:10.1000/absent is not in the local library ({paper_library}); "
        "add it with `claimaudit library add`"
    )
    # One wording for every kind of reference; the advice differs by what can add the paper.
    assert arxiv == (
        f"arXiv:2401.00001v1 is not in the local library ({paper_library}); add it or set "
        "VALYU_API_KEY (`claimaudit library add arxiv:2401.00001v1` or `check --fetch`)"
    )


def test_the_library_source_still_names_fetch_for_an_arxiv_paper(
    runner: CliRunner, paper_library: Path, jev_mock: str
) -> None:
    # With --source library no key would help, and the advice lost `check --fetch` too:
    # "add it with `claimaudit library add`", though --fetch downloads an arXiv paper.
    _, [record], _ = _check(
        runner, paper_library, *("--judge", "jev", "--source", "library", "--paper", "2401.00001v1")
    )
    assert record["error"] == (
        f"arXiv:2401.00001v1 is not in the local library ({paper_library}); add it "
        "(`claimaudit library add arxiv:2401.00001v1` or `check --fetch`)"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "", "--paper", "1706.03762"], "the claim is empty"),
        (["check", "x" * 2001, "--paper", "1706.03762"], "limit is 2000"),
        (
            ["check", "Attention helps.", "--paper", "1706.03762", "--judge", "oracle"],
            "unknown judge 'oracle'",
        ),
        (
            ["check", "Attention helps.", "--paper", "1706.03762", "--paper", "arXiv:1706.03762"],
            "more than once",
        ),
        (["batch", "missing.jsonl", "--out", "o.jsonl"], "missing.jsonl: no such file"),
        (["batch", "-", "--out", "o.jsonl"], "- (standard input) is not read"),
        # A timeout past a day: every record used to fail with OverflowError.
        (
            ["check", "Attention helps.", "--paper", "1706.03762", "--timeout", "1e10"],
            "'--timeout': Input should be less than or equal to 86400",
        ),
        (
            ["batch", "in.jsonl", "--out", "o.jsonl", "--timeout", "86401"],
            "'--timeout': Input should be less than or equal to 86400",
        ),
        (
            ["check", "Attention helps.", "--paper", "1706.03762", "--timeout", "0.05"],
            "'--timeout': Input should be greater than or equal to 0.1",
        ),
    ],
)
def test_usage_errors_are_one_line_exit_2(
    runner: CliRunner, library_copy: Path, args: list[str], message: str
) -> None:
    before = library_copy.read_bytes()
    result = runner.invoke(app, [*args, "--library", str(library_copy)])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert library_copy.read_bytes() == before


def test_table_output_shows_verdict_and_quote(
    runner: CliRunner, paper_library: Path, jev_mock: str
) -> None:
    result = _invoke(runner, paper_library, "--paper", DEEP_RULES_REF, "--judge", "jev")
    assert result.exit_code == 0
    assert "arXiv:2105.14372" in result.stdout
    # The mock's verdict follows from the stored passages (see test_jev_path_end_to_end).
    assert "contradicts" in result.stdout
    assert "supports" not in result.stdout and "not addressed" not in result.stdout


# ---------------------------------------------------------------------- the openai judge


def test_openai_judge_needs_a_model(runner: CliRunner, paper_library: Path) -> None:
    code, records, stderr = _check(runner, paper_library, "--paper", "x:1", "--judge", "openai")
    assert code == 2 and records == []
    assert stderr.strip() == (
        "error: the openai judge needs a model id: pass --model or set OPENAI_MODEL"
    )


def test_an_empty_model_is_no_model_as_over_http_and_mcp(
    runner: CliRunner, paper_library: Path
) -> None:
    # QA: refused for the local judge ("--model '' applies to the jev and openai judges") while
    # the API's and the MCP tools' empty model is none given, and the local judge runs.
    code, records, stderr = _check(runner, paper_library, "--paper", DEEP_RULES_REF, "--model", "")
    assert code == 0, stderr
    [record] = records
    assert record["judge"] == "local" and str(record["model"]).startswith("claimaudit-verifier")
    # The openai judge, given none, says so as without --model.
    code, records, stderr = _check(
        runner, paper_library, "--paper", "x:1", "--judge", "openai", "--model", ""
    )
    assert code == 2 and records == []
    assert stderr.strip() == (
        "error: the openai judge needs a model id: pass --model or set OPENAI_MODEL"
    )


def test_a_model_for_the_local_judge_names_the_flag(runner: CliRunner, paper_library: Path) -> None:
    code, records, stderr = _check(runner, paper_library, "--paper", "x:1", "--model", "gpt-4o")
    assert code == 2 and records == []
    assert stderr.strip().startswith("error: the local judge runs its own model (")
    assert stderr.strip().endswith("); --model 'gpt-4o' applies to the jev and openai judges")


@pytest.mark.parametrize("judge", ["local", "jev"])
def test_a_context_window_for_a_judge_without_one_names_the_flag(
    runner: CliRunner, paper_library: Path, monkeypatch: pytest.MonkeyPatch, judge: str
) -> None:
    # QA: accepted and ignored (a verdict given), where --model is refused in these words.
    monkeypatch.setenv("TYPESAFE_API_KEY", "k")
    code, records, stderr = _check(
        runner, paper_library, "--paper", "x:1", "--judge", judge, "--context-tokens", "256"
    )
    assert code == 2 and records == []
    assert stderr.strip().startswith(f"error: the {judge} judge takes no context window (")
    assert stderr.strip().endswith("); --context-tokens 256 applies to the openai judge")


def test_openai_judge_end_to_end(
    runner: CliRunner, paper_library: Path, openai_chat: OpenAIServer
) -> None:
    openai_chat.prefer = ["supports", "P020"]
    code, [data], _ = _check_paper(runner, paper_library, "openai", "--model", "m")
    assert code == 0
    record = record_from_dict(data)
    assert isinstance(record, CheckedRecord)
    assert (record.judge, record.model, record.verdict) == ("openai", "fake-chat-1", "supports")
    assert record.evidence_passage_id == "P020"
    stored = _stored_passages(paper_library)
    assert record.evidence == stored["P020"]
    # Both questions and the two look-ups of the window (GET /v1/models, /props).
    assert record.calls == {"openai": 4} and record.probabilities_available
    assert [r.json["model"] for r in openai_chat.requests] == ["m", "m"]


def test_openai_table_shows_missing_probabilities_and_the_summary(
    runner: CliRunner, paper_library: Path, openai_chat: OpenAIServer
) -> None:
    openai_chat.set_mode("no_logprobs")
    openai_chat.prefer = ["supports", "P020"]
    result = _invoke(
        runner, paper_library, "--paper", DEEP_RULES_REF, "--judge", "openai", "--model", "m"
    )
    assert result.exit_code == 0, result.stderr
    assert "n/a" in result.stdout  # no confidence to show
    summary = "1 paper: 1 with a verdict, 0 not checked; 1 needs review; backend calls: openai 4"
    assert summary in result.stderr


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("http401", "rejected the API key (OPENAI_API_KEY): HTTP 401"),
        ("http503", "request failed: HTTP 503"),
        ("non_json", "not a chat completion"),
    ],
)
def test_openai_failures_are_not_checked_records(
    runner: CliRunner, paper_library: Path, openai_chat: OpenAIServer, mode: str, message: str
) -> None:
    openai_chat.set_mode(mode)
    code, [data], stderr = _check_paper(
        runner, paper_library, "openai", "--model", "m", "--fail-on", "not-checked"
    )
    assert code == 1 and data["verdict"] == "not_checked"
    assert message in data["error"]
    # The CLI keeps the default 2 retries for 503 (sent with Retry-After: 0): 3 attempts.
    # And the two look-ups of the window (GET /v1/models, /props).
    assert data["calls"] == {"openai": 2 + (3 if mode == "http503" else 1)}
    assert TEST_KEY not in json.dumps(data) + stderr


# ---------------------------------------------------------------------- a bug in a plugin


def test_a_bug_in_a_source_plugin_is_not_checked_and_debug_shows_its_traceback(
    runner: CliRunner, paper_library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Exploding(Source):
        name = "exploding"

        def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
            raise RuntimeError("bug in a source plugin")

    registered = Registered(lambda *, path: Exploding(), "test source", "tests")
    monkeypatch.setitem(get_registry().sources, "exploding", registered)
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])  # --debug configures logging: undone after
    monkeypatch.setattr(root, "level", root.level)
    args = ["--paper", DEEP_RULES_REF, "--source", "exploding", "--format", "jsonl"]
    quiet = _invoke(runner, paper_library, *args)
    assert quiet.exit_code == 0 and "Traceback" not in quiet.stderr
    assert json.loads(quiet.stdout)["error"] == "source 'exploding' failed: RuntimeError"
    loud = runner.invoke(app, ["--debug", "check", CLAIM, "--library", str(paper_library), *args])
    assert loud.exit_code == 0
    assert json.loads(loud.stdout)["error"] == "source 'exploding' failed: RuntimeError"
    assert "Traceback" in loud.stderr and "bug in a source plugin" in loud.stderr


def test_json_output_is_the_records_and_their_summary(
    runner: CliRunner, paper_library: Path, jev_mock: str
) -> None:
    args = ("--paper", DEEP_RULES_REF, "--paper", "2105.14372v9", "--judge", "jev")
    result = _invoke(runner, paper_library, "--format", "json", "--no-cache", *args)
    assert result.exit_code == 0
    answer = json.loads(result.stdout)
    assert set(answer) == {"records", "summary", "threshold"}
    checked, missing = answer["records"]
    assert missing["verdict"] == "not_checked"
    summary = answer["summary"]
    assert (summary["records"], summary["notChecked"], summary["needsReview"]) == (2, 1, 2)
    assert summary["verdicts"][checked["verdict"]] == 1 and summary["verdicts"]["not_checked"] == 1
    assert summary["calls"] == {"jev": 1}
    # Several papers: a progress bar on stderr, never in the JSON on stdout.
    assert "checking" in result.stderr and "2/2" in result.stderr


def _check_p020_at_width(
    runner: CliRunner, library: Path, openai_chat: OpenAIServer, columns: int
) -> Result:
    """The table of a check judged "supports" with passage P020 as evidence, in a terminal
    ``columns`` wide."""
    openai_chat.prefer = ["supports", "P020"]
    args = ["--paper", DEEP_RULES_REF, "--judge", "openai", "--model", "m", "--no-cache"]
    return runner.invoke(
        app,
        ["check", CLAIM, "--library", str(library), *args],
        env={"COLUMNS": str(columns)},
    )


@pytest.mark.parametrize("columns", [80, 60])
def test_the_table_shows_the_whole_evidence_passage_wrapped_at_narrow_widths(
    runner: CliRunner, paper_library: Path, openai_chat: OpenAIServer, columns: int
) -> None:
    compact = _check_p020_at_width(runner, paper_library, openai_chat, columns)
    assert compact.exit_code == 0, compact.stderr
    assert "checking" not in compact.stderr  # one paper: no progress bar
    header, _rule, first, *rest = [line for line in compact.stdout.splitlines() if line.strip()]
    assert header.split()[:3] == ["verdict", "conf.", "review"]
    assert max(len(line) for line in compact.stdout.splitlines()) <= columns
    verdict, confidence, review, reference = first.split()
    assert (verdict, review, reference) == ("supports", "yes", DEEP_RULES_REF)  # a whole ref
    assert 0.0 <= float(confidence) < 0.8  # the fake's logprobs: not confident enough
    assert rest[0].split()[0] == "P020"
    # The quote is the point: every word of it, wrapped over as many lines as it takes.
    evidence = " ".join(_stored_passages(paper_library)["P020"].split())
    shown = " ".join(line.strip() for line in rest)
    assert f"\u201c{evidence}\u201d" in shown


@pytest.mark.parametrize("columns", [30, 40, 60, 80])
def test_a_narrow_terminal_shows_the_whole_reference_and_the_whole_quote(
    runner: CliRunner, paper_library: Path, openai_chat: OpenAIServer, columns: int
) -> None:
    # Too narrow for the table's evidence column to hold the reference, each record is
    # printed as stacked "label: value" lines rather than folded a few characters a line.
    result = _check_p020_at_width(runner, paper_library, openai_chat, columns)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= columns
    assert any(DEEP_RULES_REF in line for line in lines)  # on one line, to be copied
    words = result.stdout.split()
    assert "supports" in words and "P020" in words
    evidence = " ".join(_stored_passages(paper_library)["P020"].split())
    assert f"\u201c{evidence}\u201d" in " ".join(words)  # every word whole, none split


def test_wide_adds_the_title_and_keeps_the_whole_passage(
    runner: CliRunner, paper_library: Path, openai_chat: OpenAIServer
) -> None:
    openai_chat.prefer = ["supports", "P020"]
    args = ["--paper", DEEP_RULES_REF, "--judge", "openai", "--model", "m", "--no-cache"]
    wide = runner.invoke(
        app,
        ["check", CLAIM, "--library", str(paper_library), *args, "--wide"],
        env={"COLUMNS": "80"},
    )
    assert wide.exit_code == 0
    evidence = _stored_passages(paper_library)["P020"]
    shown = " ".join(wide.stdout.split())
    assert " ".join(evidence.split()) in shown  # the whole passage
    assert "Ten Quick Tips for Deep Learning in Biology" in shown  # and the title


def test_an_error_in_the_table_is_whole(runner: CliRunner, paper_library: Path) -> None:
    result = runner.invoke(
        app,
        ["check", CLAIM, "--library", str(paper_library), "--paper", "2105.14372v9"],
        env={"COLUMNS": "80"},
    )
    assert result.exit_code == 0
    shown = " ".join(result.stdout.split())
    assert "not checked" in shown
    assert "arXiv:2105.14372v9 is not in the local library" in shown
    assert "add it or set VALYU_API_KEY" in shown


@pytest.mark.parametrize(
    "command",
    [[], ["check"], ["batch"], ["review"], ["eval"], ["serve"], ["plugins"], ["library", "add"]],
)
def test_help_names_values_as_the_readme_does(runner: CliRunner, command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    # No Python types (<bool>, <list[str]>, <float range>) and no braces around arguments.
    assert not re.search(r"<[a-z][^>]*>|\{[a-z_]+\}", result.stdout), result.stdout
    if command == ["check"]:
        assert "Usage: claimaudit check [OPTIONS] CLAIM" in result.stdout
        assert re.search(r"--paper +-p +REF", result.stdout)
        for shown in ("--fetch    ", "--context-tokens", "table|json|jsonl"):
            assert shown in result.stdout


def test_a_file_or_a_list_given_as_paper_says_what_to_do(
    runner: CliRunner, paper_library: Path, tmp_path: Path
) -> None:
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(b"%PDF-1.4\n")
    result = _invoke(
        runner,
        paper_library,
        "--paper",
        str(pdf),
        "--paper",
        "1907.10121,1706.03762",
        "--paper",
        str(tmp_path / "absent.pdf"),
        "--format",
        "json",
    )
    errors = [r["error"] for r in json.loads(result.stdout)["records"]]
    assert errors[0].endswith(
        "; to check a file, add it first: claimaudit library add PATH --ref local:NAME"
    )
    assert errors[1].endswith("; give each paper its own --paper")
    # A path to nothing is not a file to add: the reason alone.
    assert errors[2].endswith("(expected an arXiv id or URL, a DOI, or prefix:id)")


def test_a_password_in_the_claims_url_is_masked_in_records_not_for_the_judge(
    runner: CliRunner, library_copy: Path, openai_chat: OpenAIServer
) -> None:
    openai_chat.prefer = ["supports", "P020"]
    claim = f"{CLAIM} See https://reader:{TEST_KEY}-pw@data.example/set."
    args = ["check", claim, "-p", DEEP_RULES_REF, "-p", "local:absent", "--judge", "openai"]
    args += ["--model", "m", "--library", str(library_copy), "--format", "json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.stderr
    records = json.loads(first.stdout)["records"]
    shown = f"{CLAIM} See https://***@data.example/set."
    assert [r["claim"] for r in records] == [shown, shown]
    assert records[0]["searchQuery"] == shown
    assert "-pw@" not in first.stdout + first.stderr
    # The judge reads the claim as written: masking it could change the verdict.
    asked = len(openai_chat.requests)
    assert all("reader:" in json.dumps(r.json) for r in openai_chat.requests)
    # The judgement kept in the library answers the same claim again, without a request.
    again = runner.invoke(app, args)
    assert json.loads(again.stdout)["records"][0]["judgeSeconds"] == 0.0
    assert len(openai_chat.requests) == asked


@pytest.mark.parametrize(
    ("given", "used", "needs_review"), [([], 0.6, False), (["--threshold", "0.99"], 0.99, True)]
)
def test_json_output_names_the_threshold_that_decided_needs_review(
    runner: CliRunner,
    monkeypatch: pytest.MonkeyPatch,
    given: list[str],
    used: float,
    needs_review: bool,
) -> None:
    # QA: the API and MCP answers carry the threshold; `check --format json` left it out, so
    # its reader could not tell why a record needs review. The same object, the same place.
    memory = MemorySource()
    memory.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    fitted = ScriptedJudge(pick("supports", "P001", 0.95), review_threshold=0.6)
    registry = get_registry()
    monkeypatch.setitem(registry.judges, "fitted", Registered(lambda _: fitted, "", "t"))
    monkeypatch.setitem(registry.sources, "memory", Registered(lambda *, path: memory, "", "t"))
    args = ["check", "Aspirin lowers fever.", "-p", "scifact:1", "--judge", "fitted"]
    args += ["--source", "memory", "--no-cache", "--format", "json", *given]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    answer = json.loads(result.stdout)
    assert list(answer) == ["records", "summary", "threshold"]  # as POST /v1/checks answers
    assert answer["threshold"] == used
    assert answer["records"][0]["needsReview"] is needs_review


def test_a_reference_read_as_an_edition_given_too_is_checked_once(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: --paper X --paper Xv2, with v1 and v2 stored, judged v2 twice: two records of one
    # paper. The second says it is the first's paper, and the judge is asked once.
    library = tmp_path / "library.sqlite3"
    with Library.open(library) as lib:
        for version in ("v1", "v2"):
            passages = [Passage("P001", f"Aspirin lowers fever in adults ({version}).")]
            lib.add_paper(NewPaper(parse_ref(f"1907.10121{version}"), "SciPy", passages, version))
    judge = ScriptedJudge(pick("supports", "P001"))
    monkeypatch.setitem(get_registry().judges, "eager", Registered(lambda _: judge, "", "t"))
    args = ["check", "Aspirin lowers fever.", "-p", "arXiv:1907.10121", "-p", "1907.10121v2"]
    args += ["--judge", "eager", "--library", str(library), "--no-cache", "--format", "json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    first, second = json.loads(result.stdout)["records"]
    assert (first["verdict"], first["matchedRef"]) == ("supports", "arXiv:1907.10121v2")
    assert (second["verdict"], second["paperRef"]) == ("not_checked", "arXiv:1907.10121v2")
    assert second["error"] == (
        "arXiv:1907.10121 and arXiv:1907.10121v2 are the same paper here (both read as "
        "arXiv:1907.10121v2): it is checked once, in the record of arXiv:1907.10121"
    )
    assert len(judge.seen) == 1


def test_a_version_not_stored_is_not_checked_and_names_the_stored_one(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: v1 asked while v2 is stored said only "not in the local library". Never a verdict on
    # v2: the judge is not asked.
    library = tmp_path / "library.sqlite3"
    with Library.open(library) as lib:
        passages = [Passage("P001", "Aspirin lowers fever in adults.")]
        lib.add_paper(NewPaper(parse_ref("1907.10121v2"), "SciPy", passages, "hash"))
    judge = ScriptedJudge(pick("supports", "P001"))
    monkeypatch.setitem(get_registry().judges, "eager", Registered(lambda _: judge, "", "t"))
    args = ["check", "Aspirin lowers fever.", "-p", "1907.10121v1", "--judge", "eager"]
    result = runner.invoke(app, [*args, "--library", str(library), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    [record] = json.loads(result.stdout)["records"]
    assert record["verdict"] == "not_checked" and judge.seen == []
    assert record["error"].startswith(
        f"arXiv:1907.10121v1 is not in the local library ({library}), which holds "
        "arXiv:1907.10121v2: cite that version, or arXiv:1907.10121 without a version"
    )


@pytest.mark.parametrize("command", ["check", "batch", "review", "eval"])
def test_the_help_gives_the_context_windows_the_judge_takes(
    runner: CliRunner, command: str
) -> None:
    # QA: the help said `N [x>=1]` while every window under 256 tokens was refused; past 10**9
    # no model's window is meant.
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    [line] = [line for line in result.stdout.splitlines() if "--context-tokens" in line]
    assert "[256<=x<=1000000000]" in line


def test_a_context_window_under_the_smallest_is_a_usage_error(
    runner: CliRunner, paper_library: Path
) -> None:
    window = ["--context-tokens", "255"]
    args = ["--paper", "x:1", "--judge", "openai", "--model", "m", *window]
    code, records, stderr = _check(runner, paper_library, *args)
    assert code == 2 and records == []
    assert "256" in stderr and len(stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("output", ["json", "jsonl"])
def test_wide_with_a_json_format_is_refused_not_ignored(
    runner: CliRunner, paper_library: Path, output: str
) -> None:
    # QA: `--wide --format json` printed the same JSON as without it, saying nothing.
    result = _invoke(runner, paper_library, "--paper", "x:1", "--format", output, "--wide")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        f"error: --wide applies to --format table; --format {output} carries every field whole"
    )


@pytest.mark.parametrize("paper", ["", "  "])
def test_an_empty_paper_is_a_not_checked_record_that_fail_on_not_checked_catches(
    runner: CliRunner, paper_library: Path, paper: str
) -> None:
    # By design (README, `check`): the run goes on and says why, exit 0, so a script that
    # builds --paper from an empty variable is caught by --fail-on not-checked, not silently.
    code, records, stderr = _check(runner, paper_library, "--paper", paper)
    assert code == 0
    assert [(r["verdict"], r["error"]) for r in records] == [
        ("not_checked", "empty paper reference")
    ]
    code, records, stderr = _check(
        runner, paper_library, "--paper", paper, "--fail-on", "not-checked"
    )
    assert code == 1 and [r["verdict"] for r in records] == ["not_checked"]
    assert "Traceback" not in stderr
