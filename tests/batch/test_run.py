from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.batch.items import input_key, read_items, require_json_lines
from claimaudit.batch.resume import read_resume
from claimaudit.batch.run import pending_pairs, run_batch
from claimaudit.checker.pipeline import Checker
from claimaudit.errors import DatasetError, UsageError
from claimaudit.identity import parse_ref
from claimaudit.judges.protocol import Decision, JudgeReply
from tests.fakes import MemorySource, ScriptedJudge, pick


@pytest.fixture
def source() -> MemorySource:
    src = MemorySource()
    src.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    src.add(parse_ref("scifact:2"), "Two", ["Coffee is brewed from roasted beans."])
    return src


def _write_input(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _read(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_one_record_per_pair_with_id(tmp_path: Path, source: MemorySource) -> None:
    src = _write_input(
        tmp_path / "in.jsonl",
        [
            json.dumps(
                {"id": "c1", "claim": "Aspirin lowers fever.", "papers": ["scifact:1", "scifact:2"]}
            ),
            json.dumps(
                {
                    "id": 7,
                    "claim": "Coffee comes from beans.",
                    "papers": ["scifact:2"],
                    "topic": "coffee",
                }
            ),
        ],
    )
    out = tmp_path / "out.jsonl"
    stats = run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    rows = _read(out)
    assert stats.written == 3 and stats.skipped == 0
    assert [(r["id"], r["paperRef"]) for r in rows] == [
        ("c1", "scifact:1"),
        ("c1", "scifact:2"),
        (7, "scifact:2"),
    ]
    assert rows[2]["searchQuery"] == "Coffee comes from beans. coffee"


def test_malformed_lines_become_not_checked_with_line_numbers(
    tmp_path: Path, source: MemorySource
) -> None:
    src = _write_input(
        tmp_path / "in.jsonl",
        [
            # A first line that is no object refuses the whole file (not JSON Lines).
            json.dumps({"id": "first", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}),
            "{not json",
            json.dumps({"id": "x", "claim": "", "papers": ["scifact:1"]}),
            json.dumps({"id": "y", "claim": "Aspirin lowers fever.", "papers": []}),
            json.dumps(["a list"]),
            "",
            json.dumps({"claim": "no id", "papers": ["scifact:1"]}),
            json.dumps({"id": "ok", "claim": "Aspirin.", "papers": ["scifact:1", "bogus ref"]}),
        ],
    )
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    rows = _read(out)
    errors = [r["error"] for r in rows if r["verdict"] == "not_checked"]
    assert errors[0].startswith("line 2: invalid JSON")
    assert errors[1] == "line 3: the claim is empty"
    # QA: as `check`, the API and MCP say it (not "'papers' must be a non-empty list").
    assert errors[2] == "line 4: no paper to check the claim against"
    assert errors[3] == "line 5: expected a JSON object"
    assert errors[4].startswith("line 7: missing or invalid 'id'")
    assert "not a paper reference" in errors[5]
    assert [r["verdict"] for r in rows[-2:]] == ["supports", "not_checked"]


def test_resume_after_interruption_skips_written_pairs(
    tmp_path: Path, source: MemorySource
) -> None:
    lines = [
        json.dumps({"id": f"c{i}", "claim": f"Claim {i}", "papers": ["scifact:1", "scifact:2"]})
        for i in range(4)
    ]
    src = _write_input(tmp_path / "in.jsonl", lines)
    out = tmp_path / "out.jsonl"
    calls = 0

    def crash_on_fourth(decision: Decision) -> JudgeReply:
        nonlocal calls
        calls += 1
        if calls == 4:
            raise KeyboardInterrupt  # what Ctrl-C raises mid-run
        return pick("supports", "P001")(decision)

    with pytest.raises(KeyboardInterrupt):
        run_batch(src, out, Checker(source, ScriptedJudge(crash_on_fourth)))
    assert len(_read(out)) == 3
    # A crash mid-write leaves a torn line; resume must drop it, not choke on it.
    with out.open("a", encoding="utf-8") as handle:
        handle.write('{"id": "c1", "paperRef": "scif')
    judge = ScriptedJudge(pick("supports", "P001"))
    stats = run_batch(src, out, Checker(source, judge))
    rows = _read(out)
    assert stats.skipped == 3 and stats.written == 5 and len(judge.seen) == 5
    assert sorted((r["id"], r["paperRef"]) for r in rows) == sorted(
        (f"c{i}", f"scifact:{j}") for i in range(4) for j in (1, 2)
    )
    # A third run has nothing left to do.
    again = run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    assert again.written == 0 and again.skipped == 8


def test_ids_keep_their_json_type_so_input_and_output_join(
    tmp_path: Path, source: MemorySource
) -> None:
    src = _write_input(
        tmp_path / "in.jsonl",
        [
            json.dumps({"id": 7, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}),
            json.dumps({"id": "7", "claim": "Coffee is brewed.", "papers": ["scifact:2"]}),
            json.dumps({"id": 12345678901234567890, "claim": "Aspirin.", "papers": ["x y"]}),
            json.dumps({"id": 8, "claim": "", "papers": ["scifact:1"]}),
        ],
    )
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    rows = _read(out)
    # A checked pair, a pair that failed, and a bad line each carry the id exactly as given.
    assert [r["id"] for r in rows] == [7, "7", 12345678901234567890, 8]
    assert [r["verdict"] for r in rows] == ["supports", "supports", "not_checked", "not_checked"]


@pytest.mark.parametrize(
    "bad_id", ["true", "7.0", "7.5", "null", '""', '"  "', '"\\t\\u3000"', "[7]"]
)
def test_an_id_that_is_no_string_or_whole_number_is_refused(
    tmp_path: Path, source: MemorySource, bad_id: str
) -> None:
    line = '{"id": ' + bad_id + ', "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}'
    src = _write_input(tmp_path / "in.jsonl", [line])
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    (row,) = _read(out)
    assert row["verdict"] == "not_checked" and row["id"] == "line-1"
    assert row["error"].startswith("line 1: missing or invalid 'id'")


def test_output_written_with_text_ids_resumes_without_checking_again(
    tmp_path: Path, source: MemorySource
) -> None:
    lines = [
        json.dumps({"id": 7, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}),
        json.dumps({"id": 9, "claim": "Coffee is brewed.", "papers": ["scifact:2"]}),
    ]
    src = _write_input(tmp_path / "in.jsonl", lines)
    out = tmp_path / "out.jsonl"
    # What earlier versions wrote: the integer id as text; the second record predates input keys.
    old = [
        {"id": "7", "inputLine": 1, "inputKey": input_key(lines[0].encode(), 1)},
        {"id": "9"},
    ]
    records = [
        {"claim": "x", "paperRef": ref, "verdict": "not_addressed", **extra}
        for ref, extra in zip(["scifact:1", "scifact:2"], old, strict=True)
    ]
    out.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    judge = ScriptedJudge(pick("supports", "P001"))
    stats = run_batch(src, out, Checker(source, judge))
    assert stats.skipped == 2 and stats.written == 0 and judge.seen == []
    assert _read(out) == records


def test_a_first_line_with_a_number_too_long_says_so_as_any_other_line(
    tmp_path: Path, source: MemorySource
) -> None:
    # Line 1 refused the whole file as "not a JSON object"; line 2 said what it is.
    line = '{"id": ' + "9" * 5000 + ', "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}'
    src = _write_input(tmp_path / "in.jsonl", [line, line])
    require_json_lines(src)
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    errors = [r["error"] for r in _read(out) if r["verdict"] == "not_checked"]
    assert [e.split(" (")[0] for e in errors] == [
        "line 1: invalid JSON",
        "line 2: invalid JSON",
    ]
    assert all("(a number too long to read" in e for e in errors)
    # Not an object at all, it is still refused as before.
    bare = _write_input(tmp_path / "bare.jsonl", ["9" * 5000])
    with pytest.raises(DatasetError, match="line 1 is not a JSON object"):
        require_json_lines(bare)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("id,claim,papers\n1,Aspirin lowers fever.,scifact:1\n", "line 1 is not a JSON object"),
        (
            '[\n  {"id": 1, "claim": "Aspirin.", "papers": ["scifact:1"]}\n]\n',
            "line 1 starts a JSON array",
        ),
        (
            '[{"id": 1, "claim": "Aspirin.", "papers": ["scifact:1"]}]\n',
            "line 1 starts a JSON array",
        ),
        ('{\n  "id": 1,\n  "claim": "Aspirin lowers fever."\n}\n', "line 1 is not a JSON object"),
        ('\n\n"a string"\n{"id": 1}\n', "line 3 is not a JSON object"),
    ],
)
def test_an_input_that_is_not_json_lines_is_refused_before_anything_is_written(
    tmp_path: Path, source: MemorySource, text: str, problem: str
) -> None:
    src = tmp_path / "claims.csv"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    judge = ScriptedJudge(pick("supports", "P001"))
    with pytest.raises(DatasetError, match=f"^{src} is not JSON Lines: {problem}"):
        run_batch(src, out, Checker(source, judge))
    assert not out.exists() and judge.seen == []


def test_the_output_escapes_what_a_terminal_would_obey(
    tmp_path: Path, source: MemorySource
) -> None:
    # A claim holding a bidi override: `cat out.jsonl` must not show text reordered.
    claim = "Aspirin lowers fever \u202eexe.md in adults."
    src = _write_input(
        tmp_path / "in.jsonl",
        [json.dumps({"id": "b", "claim": claim, "papers": ["scifact:1"]}, ensure_ascii=False)],
    )
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    text = out.read_text(encoding="utf-8")
    assert "\u202e" not in text and "\\u202e" in text
    [row] = _read(out)
    assert row["claim"] == claim  # the same text to any JSON reader
    again = run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    assert again.written == 0 and again.skipped == 1  # resumes from the escaped file


def _never_judged(decision: Decision) -> JudgeReply:
    raise AssertionError("a bad line was judged")


def test_a_refused_claim_keeps_its_claim_and_gets_a_record_per_paper(
    tmp_path: Path, source: MemorySource
) -> None:
    secret = "https://user:hunter2@example.org/a?token=abc"
    long_claim = "Aspirin " * 300  # over the 2,000-character limit
    src = _write_input(
        tmp_path / "in.jsonl",
        [
            json.dumps({"id": 1, "claim": "et al.", "papers": [" arXiv:1907.10121 ", "scifact:2"]}),
            json.dumps({"id": 2, "claim": f"see {secret}", "papers": ["scifact:1", "1907.10121"]}),
            json.dumps({"id": 3, "claim": long_claim, "papers": ["scifact:1"]}),
            json.dumps({"id": 4, "claim": "Fig. 1", "papers": "scifact:1"}),
        ],
    )
    out = tmp_path / "out.jsonl"
    judge = ScriptedJudge(pick("supports", "P001"))
    judge.script = _never_judged
    stats = run_batch(src, out, Checker(source, judge))
    rows = _read(out)
    assert stats.written == 6
    assert [(r["id"], r["claim"], r["paperRef"]) for r in rows] == [
        (1, "et al.", "arXiv:1907.10121"),
        (1, "et al.", "scifact:2"),
        (2, "see https://***@example.org/a?token=***", "scifact:1"),
        (2, "see https://***@example.org/a?token=***", "arXiv:1907.10121"),
        (3, long_claim[:2000], "scifact:1"),
        # No list of papers to read: one record, with no paper.
        (4, "Fig. 1", ""),
    ]
    assert {r["verdict"] for r in rows} == {"not_checked"}
    assert (
        rows[0]["error"]
        == rows[1]["error"]
        == ("line 1: the claim has no words to check (only punctuation, numbers or common words)")
    )
    assert "hunter2" not in out.read_text(encoding="utf-8")


def test_a_bad_line_s_records_are_done_on_resume(tmp_path: Path, source: MemorySource) -> None:
    src = _write_input(
        tmp_path / "in.jsonl",
        [
            json.dumps({"id": 1, "claim": "[1]", "papers": ["scifact:1", "scifact:2"]}),
            json.dumps({"id": 2, "claim": "Fig. 1", "papers": "scifact:1"}),
        ],
    )
    out = tmp_path / "out.jsonl"
    judge = ScriptedJudge(pick("supports", "P001"))
    judge.script = _never_judged
    assert run_batch(src, out, Checker(source, judge)).written == 3
    first = out.read_text(encoding="utf-8")
    stats = run_batch(src, out, Checker(source, judge))
    assert (stats.written, stats.skipped) == (0, 3)
    assert out.read_text(encoding="utf-8") == first
    # A run stopped between a bad line's records: only the missing one is written again.
    lines = first.splitlines(keepends=True)
    out.write_text(lines[0] + lines[2], encoding="utf-8")
    stats = run_batch(src, out, Checker(source, judge))
    assert (stats.written, stats.skipped) == (1, 2)
    assert sorted(out.read_text(encoding="utf-8").splitlines()) == sorted(first.splitlines())


def test_a_key_given_twice_is_a_bad_line_naming_the_key(
    tmp_path: Path, source: MemorySource
) -> None:
    # json would keep the last "claim", checking something the line does not mainly say.
    src = _write_input(
        tmp_path / "in.jsonl",
        [
            '{"id": 1, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"], "claim": "dup"}',
            '{"id": 2, "claim": "Aspirin lowers fever.", "papers": [{"a": 1, "a": 2}]}',
            '{"id": 3, "id": 4, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}',
        ],
    )
    out = tmp_path / "out.jsonl"
    judge = ScriptedJudge(pick("supports", "P001"))
    judge.script = _never_judged
    run_batch(src, out, Checker(source, judge))
    rows = _read(out)
    assert [(r["id"], r["verdict"], r["error"]) for r in rows] == [
        (1, "not_checked", "line 1: claim: Input should be given once, not 2 times"),
        (2, "not_checked", "line 2: papers[0].a: Input should be given once, not 2 times"),
        ("line-3", "not_checked", "line 3: id: Input should be given once, not 2 times"),
    ]


def test_an_over_long_reference_is_cut_in_its_record_and_done_on_resume(
    tmp_path: Path, source: MemorySource
) -> None:
    long_ref = "local:" + "a" * 100_000
    src = _write_input(
        tmp_path / "in.jsonl",
        [
            json.dumps({"id": 1, "claim": "Aspirin lowers fever.", "papers": [long_ref]}),
            json.dumps({"id": 2, "claim": "[1]", "papers": [long_ref]}),
        ],
    )
    out = tmp_path / "out.jsonl"
    judge = ScriptedJudge(pick("supports", "P001"))
    judge.script = _never_judged
    assert run_batch(src, out, Checker(source, judge)).written == 2
    rows = _read(out)
    assert [r["paperRef"] for r in rows] == [long_ref[:2000]] * 2
    assert "100,006 characters" in str(rows[0]["error"])
    stats = run_batch(src, out, Checker(source, judge))
    assert (stats.written, stats.skipped) == (0, 2)


def test_every_bad_line_keeps_what_it_could_read_of_its_claim_and_papers(tmp_path: Path) -> None:
    claim = "Aspirin lowers fever."
    papers = '["scifact:1", "local:notes"]'
    src = _write_input(
        tmp_path / "in.jsonl",
        [
            f'{{"id": "dup", "claim": "{claim}", "papers": {papers}, "topic": "a", "topic": "b"}}',
            f'{{"claim": "{claim}", "papers": {papers}}}',  # no id
            f'{{"id": "num", "claim": 5, "papers": {papers}}}',
            f'{{"id": "mixed", "claim": "{claim}", "papers": ["scifact:1", 7]}}',
        ],
    )
    out = tmp_path / "out.jsonl"
    judge = ScriptedJudge(pick("supports", "P001"))
    judge.script = _never_judged
    stats = run_batch(src, out, Checker(MemorySource(), judge))
    rows = _read(out)
    assert [(r["id"], r["claim"], r["paperRef"]) for r in rows] == [
        ("dup", claim, "scifact:1"),
        ("dup", claim, "local:notes"),
        ("line-2", claim, "scifact:1"),
        ("line-2", claim, "local:notes"),
        # A claim that is no text is not shown, but the papers it was to be checked against are.
        ("num", "", "scifact:1"),
        ("num", "", "local:notes"),
        ("mixed", claim, "scifact:1"),  # the paper that is no string cannot be shown
    ]
    assert {r["verdict"] for r in rows} == {"not_checked"}
    assert stats.bad_lines == [1, 2, 3, 4] and stats.bad_records == 7


def test_a_bad_line_written_whole_by_an_earlier_version_stays_done(tmp_path: Path) -> None:
    line = '{"claim": "Aspirin lowers fever.", "papers": ["scifact:1", "scifact:2"]}'  # no id
    src = _write_input(tmp_path / "in.jsonl", [line])
    out = tmp_path / "out.jsonl"
    # What 0.x wrote for it: one record, no claim, no paper.
    old = {"claim": "", "paperRef": "", "verdict": "not_checked", "needsReview": True}
    old |= {"error": "line 1: missing or invalid 'id'", "id": "line-1", "inputLine": 1}
    old["inputKey"] = input_key(line.encode(), 1)
    out.write_text(json.dumps(old) + "\n", encoding="utf-8")
    stats = run_batch(src, out, Checker(MemorySource(), ScriptedJudge(pick("supports", "P001"))))
    assert (stats.written, stats.skipped) == (0, 1)
    assert len(_read(out)) == 1


def test_a_claim_or_topic_holding_a_control_character_is_a_bad_line(
    tmp_path: Path, source: MemorySource
) -> None:
    src = _write_input(
        tmp_path / "in.jsonl",
        [
            json.dumps({"id": 1, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}),
            json.dumps({"id": 2, "claim": "Aspirin \u202eraises fever.", "papers": ["scifact:1"]}),
            json.dumps({"id": 3, "claim": "Aspirin\x00 lowers fever.", "papers": ["scifact:1"]}),
            json.dumps({"id": 4, "claim": "Aspirin.", "papers": ["scifact:1"], "topic": "\x07"}),
            json.dumps({"id": 5, "claim": "Aspirin \u202blowers\u202c.", "papers": ["scifact:1"]}),
        ],
    )
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    rows = _read(out)
    assert [(r["id"], r["verdict"]) for r in rows] == [
        (1, "supports"),
        (2, "not_checked"),
        (3, "not_checked"),
        (4, "not_checked"),
        (5, "not_checked"),
    ]
    assert [r["error"] for r in rows[1:]] == [
        "line 2: the claim holds U+202E (a right-to-left override) at character 9",
        "line 3: the claim holds U+0000 (a null character) at character 8",
        "line 4: the topic holds U+0007 (a control character) at character 1",
        "line 5: the claim holds U+202B (a right-to-left embedding) at character 9",
    ]


def test_a_byte_order_mark_on_any_line_is_read_past(tmp_path: Path, source: MemorySource) -> None:
    # What `cat a.jsonl b.jsonl` gives when each file was saved with a mark (Windows Notepad).
    line = json.dumps({"id": 1, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]})
    other = json.dumps({"id": 2, "claim": "Coffee is brewed.", "papers": ["scifact:2"]})
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"\xef\xbb\xbf" + line.encode() + b"\n\xef\xbb\xbf" + other.encode() + b"\n")
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    assert [(r["id"], r["verdict"]) for r in _read(out)] == [(1, "supports"), (2, "supports")]


@pytest.mark.parametrize("claim", ["Aspirin lowers fever.", ""])  # a good line, a bad line
def test_two_papers_that_read_the_same_masked_are_two_pairs_on_resume(
    tmp_path: Path, source: MemorySource, claim: str
) -> None:
    # They differ only in a password and a token, which no record holds.
    papers = [
        "https://user:pw@example.com/a?api_key=zzz",
        "https://user:other@example.com/a?api_key=yyy",
    ]
    src = _write_input(
        tmp_path / "in.jsonl", [json.dumps({"id": 1, "claim": claim, "papers": papers})]
    )
    out = tmp_path / "out.jsonl"
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    assert run_batch(src, out, checker).written == 2
    first, second = out.read_text(encoding="utf-8").splitlines(keepends=True)
    assert [json.loads(r)["inputPaper"] for r in (first, second)] == [1, 2]
    out.write_text(second, encoding="utf-8")  # a run stopped after the second paper's record
    again = run_batch(src, out, checker)
    assert (again.written, again.skipped) == (1, 1)
    assert sorted(r["inputPaper"] for r in _read(out)) == [1, 2]
    text = out.read_text(encoding="utf-8")
    assert not any(secret in text for secret in ("pw@", "other", "zzz", "yyy"))


def test_a_paper_that_reads_like_no_other_gets_no_place(
    tmp_path: Path, source: MemorySource
) -> None:
    line = {"id": 1, "claim": "Aspirin lowers fever.", "papers": ["scifact:1", "scifact:2"]}
    src = _write_input(tmp_path / "in.jsonl", [json.dumps(line)])
    out = tmp_path / "out.jsonl"
    run_batch(src, out, Checker(source, ScriptedJudge(pick("supports", "P001"))))
    assert all("inputPaper" not in row for row in _read(out))


def test_an_old_record_for_an_id_two_lines_share_leaves_both_lines_to_check(
    tmp_path: Path, source: MemorySource
) -> None:
    # A record from before input keys names only the id: it cannot say which of the two lines
    # it was written for, so neither line's pair may count as done (it would never be checked).
    lines = [
        json.dumps({"id": "7", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]}),
        json.dumps({"id": "7", "claim": "Aspirin raises fever.", "papers": ["scifact:1"]}),
    ]
    src = _write_input(tmp_path / "in.jsonl", lines)
    out = tmp_path / "out.jsonl"
    old = {"id": "7", "claim": "x", "paperRef": "scifact:1", "verdict": "supports"}
    out.write_text(json.dumps(old) + "\n", encoding="utf-8")
    assert pending_pairs(read_items(src), read_resume(out)) == 2
    judge = ScriptedJudge(pick("supports", "P001"))
    stats = run_batch(src, out, Checker(source, judge))
    assert (stats.written, stats.skipped) == (2, 0) and len(judge.seen) == 2
    assert [r["claim"] for r in _read(out)[1:]] == [
        "Aspirin lowers fever.",
        "Aspirin raises fever.",
    ]


@pytest.mark.parametrize("engine", ["ray", 3])
def test_an_engine_that_is_no_engine_is_refused_before_anything_is_written(
    tmp_path: Path, source: MemorySource, engine: object
) -> None:
    # QA: review refuses engine="ray" in one line; run_batch failed with AttributeError:
    # 'str' object has no attribute 'check'.
    claims = _write_input(
        tmp_path / "in.jsonl",
        [json.dumps({"id": "c1", "claim": "Aspirin lowers fever.", "papers": ["scifact:1"]})],
    )
    out = tmp_path / "out.jsonl"
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    with pytest.raises(UsageError) as caught:
        run_batch(claims, out, checker, engine=engine)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "engine must be an Engine (claimaudit.engines.make_engine makes one) or None, "
        f"not {type(engine).__name__}"
    )
    assert not out.exists()
