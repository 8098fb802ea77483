"""Resuming a batch with another judge than the one whose verdicts ``--out`` holds.

A resumed run counts every pair ``--out`` holds as done, so a rerun with another ``--judge``
(or ``$CLAIMAUDIT_JUDGE``) would judge only the pairs left, and report, and ``--fail-on``
decide on, the old judge's verdicts for the rest as if this run's judge had given them. Such a
run is refused before ``--out`` is changed: it holds verdicts that may have cost money, and is
the user's to keep or to give up (another ``--out``). Only verdicts count: a ``not_checked``
record names no judge, and is checked again by whatever judge a ``--retry-not-checked`` uses.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from claimaudit.errors import NestingError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import load_json


def other_judges(out: Path, keys: Iterable[str], judge: str) -> Counter[str]:
    """How many records of input lines ``keys`` in ``out`` carry a verdict of a judge other
    than ``judge`` (by name), by that judge's name; empty when every verdict is ``judge``'s.
    Lines that are no record are skipped, as a resume skips them."""
    wanted = set(keys)
    found: Counter[str] = Counter()
    if not out.is_file():
        return found  # nothing written yet, or a stream that is only written
    with out.open("rb") as handle:
        for raw in handle:
            if b'"judge"' not in raw:
                continue  # not_checked records and lines that are no record: most need no parse
            try:
                data = load_json(raw.decode("utf-8-sig"))
            except (UnicodeDecodeError, NestingError, json.JSONDecodeError):
                continue
            if not isinstance(data, dict) or data.get("inputKey") not in wanted:
                continue
            named = data.get("judge")
            if data.get("verdict") != "not_checked" and isinstance(named, str) and named != judge:
                found[named] += 1
    return found


def judge_change_error(out: Path, found: Counter[str], judge: str) -> str:
    """The one-line refusal of a resume whose ``--out`` holds ``found`` (``other_judges``)."""
    names = sorted(found, key=lambda name: (-found[name], name))
    total = sum(found.values())
    if len(names) == 1:
        by, advice = f"the {names[0]} judge", f"resume with --judge {names[0]}"
    else:
        by = f"the {', '.join(names[:-1])} and {names[-1]} judges"
        advice = "resume with the judge that wrote them"
    verdicts = "verdict" if total == 1 else "verdicts"
    return (
        f"{shown_name(out)} holds {total} {verdicts} of this input's pairs by {by}, not by this "
        f"run's {judge} judge, and a resumed run would keep them as its own: {advice}, or give "
        "another --out"
    )
