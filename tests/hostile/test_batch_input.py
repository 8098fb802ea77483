"""An input that is not JSON Lines (a CSV, an indented JSON file) is refused whole, up front."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.helpers import assert_one_line_usage_error, cli

CLAIMS = [
    {"id": "a", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]},
    {"id": "b", "claim": "Coffee is brewed from beans.", "papers": ["scifact:2"]},
]


@pytest.mark.parametrize(
    ("name", "text", "problem"),
    [
        (
            "claims.csv",
            "id,claim,papers\na,Aspirin lowers fever.,scifact:1\n",
            "claims.csv is not JSON Lines: line 1 is not a JSON object (one claim object per line)",
        ),
        (
            "claims.json",
            json.dumps(CLAIMS, indent=2) + "\n",
            "claims.json is not JSON Lines: line 1 starts a JSON array; write one claim object "
            "per line",
        ),
        (
            "claim.json",
            json.dumps(CLAIMS[0], indent=2) + "\n",
            "claim.json is not JSON Lines: line 1 is not a JSON object",
        ),
    ],
)
def test_an_input_that_is_not_json_lines_is_refused_and_out_kept(
    tmp_path: Path, scripted_cli: list[str], name: str, text: str, problem: str
) -> None:
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    # An earlier run's output, with a not_checked record that a retry would take out.
    earlier = {"id": "z", "paperRef": "scifact:9", "verdict": "not_checked", "inputKey": "k:1"}
    out.write_text(json.dumps(earlier) + "\n" + '{"id": "z", "paperRef": "sci', encoding="utf-8")
    before = out.read_bytes()
    result = cli("batch", src, "--out", out, "--retry-not-checked", *scripted_cli)
    assert_one_line_usage_error(result, problem)
    assert out.read_bytes() == before  # not retried, not cut, nothing appended
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, "out.jsonl"])


def test_a_bad_line_after_the_first_is_still_a_not_checked_record(
    tmp_path: Path, scripted_cli: list[str]
) -> None:
    src = tmp_path / "claims.jsonl"
    lines = [json.dumps(CLAIMS[0]), "a,torn line", json.dumps({**CLAIMS[1], "id": "  "})]
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = cli("batch", src, "--out", out, *scripted_cli)
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["verdict"]) for r in records] == [
        ("a", "supports"),
        ("line-2", "not_checked"),
        ("line-3", "not_checked"),  # a blank id joins to nothing, as an empty one
    ]
    assert records[2]["error"].startswith("line 3: missing or invalid 'id'")


def test_a_raw_nul_in_a_string_of_line_1_is_a_bad_line_that_says_so(
    tmp_path: Path, scripted_cli: list[str]
) -> None:
    # It was "line 1 is not a JSON object (one claim object per line)", refusing the whole
    # file, though the line is a claim object holding a raw NUL; on line 2 it was a bad line.
    src = tmp_path / "claims.jsonl"
    torn = json.dumps(CLAIMS[0]).replace("Aspirin", "Aspirin\x00")  # json.dumps escapes it
    src.write_text(torn + "\n" + json.dumps(CLAIMS[1]) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = cli("batch", src, "--out", out, *scripted_cli)
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["id"], r["verdict"]) for r in records] == [
        ("line-1", "not_checked"),
        ("b", "supports"),
    ]
    assert records[0]["error"] == (
        "line 1: invalid JSON (a raw NUL byte in a string; write it as \\u0000)"
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("SQLite format 3\x00\x01\x02", "it holds a NUL byte, as binary files do"),
        ('{"id": \x00 1}', "it holds a NUL byte, as binary files do"),
        ('{"id": \x01 1}', "it holds a raw control character U+0001 outside a string"),
    ],
)
def test_a_line_1_with_a_raw_control_character_says_so(
    tmp_path: Path, scripted_cli: list[str], text: str, problem: str
) -> None:
    src = tmp_path / "claims.jsonl"
    src.write_text(text + "\n", encoding="utf-8")
    result = cli("batch", src, "--out", tmp_path / "out.jsonl", *scripted_cli)
    assert_one_line_usage_error(
        result, f"claims.jsonl is not JSON Lines: line 1 is not a JSON object: {problem}"
    )
    assert not (tmp_path / "out.jsonl").exists()


def test_an_interrupted_run_into_a_stream_promises_no_resume(
    tmp_path: Path, scripted_cli: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # It said "interrupted; rerun with --out /dev/null to resume", though a stream is never
    # read back and a rerun checks every pair again (as a full disk's message already says).
    import claimaudit.cli.batch as batch_command

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(batch_command, "run_locked", interrupted)
    src = tmp_path / "claims.jsonl"
    src.write_text(json.dumps(CLAIMS[0]) + "\n", encoding="utf-8")
    result = cli("batch", src, "--out", "/dev/null", *scripted_cli)
    assert result.exit_code == 130, result.stderr
    assert "error: interrupted; run it again (--out /dev/null is no file to resume from" in (
        result.stderr
    )
    result = cli("batch", src, "--out", tmp_path / "out.jsonl", *scripted_cli)
    assert f"interrupted; rerun with --out {tmp_path / 'out.jsonl'} to resume" in result.stderr


def test_a_run_into_a_stream_that_judged_nothing_advises_no_retry(
    tmp_path: Path, scripted_cli: list[str]
) -> None:
    # It said "/dev/null holds each pair's error (rerun with --retry-not-checked)": a stream
    # holds nothing and is never read back, so a retry has nothing to take out.
    src = tmp_path / "claims.jsonl"
    line = {"id": "a", "claim": "Aspirin lowers fever.", "papers": ["scifact:404"]}
    src.write_text(json.dumps(line) + "\n", encoding="utf-8")
    result = cli("batch", src, "--out", "/dev/null", *scripted_cli)
    assert result.exit_code == 1, result.stderr
    assert "error: no pair was judged (1 not_checked); each pair's error was written to " in (
        result.stderr
    )
    assert "--retry-not-checked" not in result.stderr


def test_bad_lines_written_to_a_stream_advise_no_retry(
    tmp_path: Path, scripted_cli: list[str]
) -> None:
    # It said "(/dev/null holds why); fix it and rerun (add --retry-not-checked ...)", though a
    # stream holds nothing afterwards and is never read back.
    src = tmp_path / "claims.jsonl"
    src.write_text(json.dumps(CLAIMS[0]) + "\n" + json.dumps({"id": 1}) + "\n", encoding="utf-8")
    result = cli("batch", src, "--out", "/dev/null", *scripted_cli)
    assert (
        "warning: input line 2 was refused as bad input (the not_checked record written to "
        "/dev/null said why); fix it and run it again"
    ) in result.stderr, result.stderr
    assert "--retry-not-checked" not in result.stderr
    kept = cli("batch", src, "--out", tmp_path / "out.jsonl", *scripted_cli)
    assert "(add --retry-not-checked to take the old not_checked records out of --out)" in (
        kept.stderr
    )
