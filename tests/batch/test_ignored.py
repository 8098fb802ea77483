"""A batch line's keys that batch does not read but that were plainly meant are warned of."""

from __future__ import annotations

import json
from pathlib import Path

from claimaudit.batch.items import BatchItem, read_items
from claimaudit.batch.resume import read_resume
from claimaudit.batch.run import scan_input

CLAIM = "Aspirin lowers fever."


def _input(path: Path, lines: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_a_line_s_judge_or_threshold_is_named_as_not_read(tmp_path: Path) -> None:
    # A POST /v1/checks body with an id: its per-request options would be judged without.
    line = {"id": 1, "claim": CLAIM, "papers": ["scifact:1"], "judge": "openai", "threshold": 0.1}
    src = _input(tmp_path / "in.jsonl", [line, {"id": 2, "claim": CLAIM, "papers": ["x:1"]}])
    [first, second] = read_items(src)
    assert isinstance(first, BatchItem) and first.ignored == ("judge", "threshold")
    assert isinstance(second, BatchItem) and second.ignored == ()
    warning = scan_input(src, read_resume(tmp_path / "out.jsonl")).ignored.warning()
    assert warning == (
        "input line 1 holds keys batch does not read: 'judge', 'threshold' (a run's options: "
        "--judge, --threshold, for every line); it is judged without them"
    )


def test_a_slip_for_topic_is_named_and_a_note_of_the_user_s_is_not(tmp_path: Path) -> None:
    lines = [
        {"id": n, "claim": CLAIM, "papers": ["scifact:1"], "topc": "fever", "label": "x"}
        for n in range(7)
    ]
    src = _input(tmp_path / "in.jsonl", [*lines, {"id": "n", "claim": CLAIM, "papers": ["x:1"]}])
    warning = scan_input(src, read_resume(tmp_path / "out.jsonl")).ignored.warning()
    assert warning == (
        "input lines 1, 2, 3, 4, 5, ... (7 in all) hold keys batch does not read: 'topc' (did "
        "you mean 'topic'?); they are judged without them"
    )


def test_an_extra_key_of_the_user_s_own_is_no_warning(tmp_path: Path) -> None:
    line = {"id": 1, "claim": CLAIM, "papers": ["scifact:1"], "note": "from the 2024 review"}
    src = _input(tmp_path / "in.jsonl", [line])
    assert scan_input(src, read_resume(tmp_path / "out.jsonl")).ignored.warning() is None
