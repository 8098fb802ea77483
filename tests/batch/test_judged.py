"""Which verdicts of another judge a resumed batch's ``--out`` holds (``batch.judged``)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from claimaudit.batch.judged import judge_change_error, other_judges


def _record(key: str, judge: str | None, verdict: str = "supports") -> dict[str, object]:
    row: dict[str, object] = {"inputKey": key, "paperRef": "arXiv:1", "verdict": verdict}
    if judge is not None:
        row["judge"] = judge
    return row


def test_only_verdicts_of_this_input_by_another_judge_count(tmp_path: Path) -> None:
    rows = [
        _record("k1", "jev"),
        _record("k2", "jev", "contradicts"),
        _record("k2", "openai"),
        _record("k3", "local"),  # this run's judge
        _record("k4", None, "not_checked"),  # no verdict, no judge: checked again by any
        _record("other", "jev"),  # a line not in this input
    ]
    out = tmp_path / "out.jsonl"
    text = "".join(json.dumps(r) + "\n" for r in rows) + '{"judge": not json\n[1]\n'
    out.write_text(text, encoding="utf-8")
    found = other_judges(out, ["k1", "k2", "k3", "k4"], "local")
    assert found == Counter({"jev": 2, "openai": 1})
    assert other_judges(out, ["k3", "k4"], "local") == Counter()
    assert other_judges(tmp_path / "missing.jsonl", ["k1"], "local") == Counter()


def test_the_refusal_names_the_judges_and_what_to_do(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    one = judge_change_error(out, Counter({"jev": 1}), "local")
    assert one == (
        f"{out} holds 1 verdict of this input's pairs by the jev judge, not by this run's local "
        "judge, and a resumed run would keep them as its own: resume with --judge jev, or give "
        "another --out"
    )
    many = judge_change_error(out, Counter({"openai": 1, "jev": 2}), "local")
    assert "holds 3 verdicts of this input's pairs by the jev and openai judges" in many
    assert many.endswith("resume with the judge that wrote them, or give another --out")
