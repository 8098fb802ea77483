"""Two runs of the full-paper set, claim by claim: is the difference more than noise?

    .venv/bin/python -m training.compare_fullpaper BEFORE.jsonl AFTER.jsonl

Both files are ``python -m training.eval_fullpaper --out FILE`` outputs over the same claims.
Prints each run's right count with a Wilson 95% interval, the claims one run gets right and
the other wrong (with the confidence of each verdict), and McNemar's exact two-sided p-value on
those discordant claims. Run 8a in ``EXPERIMENTS.md`` found that int8 noise alone moves this
158-claim set by 2 to 4 claims, so a change is read against this test, not against the raw
count.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path


def load(path: Path) -> dict[str, dict[str, object]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return {str(r["id"]): r for r in rows if "verdict" in r}


def wilson(right: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = right / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mcnemar_exact(won: int, lost: int) -> float:
    """Two-sided exact McNemar p-value: the discordant claims as fair coin flips."""
    n = won + lost
    if n == 0:
        return 1.0
    k = min(won, lost)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / float(2**n)
    return min(1.0, 2 * tail)


def compare(before: dict[str, dict[str, object]], after: dict[str, dict[str, object]]) -> str:
    shared = sorted(set(before) & set(after))
    if not shared:
        raise SystemExit("the two runs share no judged claim")
    lines: list[str] = []
    for name, run in (("before", before), ("after", after)):
        right = sum(bool(run[c]["right3"]) for c in shared)
        low, high = wilson(right, len(shared))
        lines.append(
            f"{name}: {right}/{len(shared)} right ({right / len(shared):.3f}; "
            f"95% interval {low:.3f} to {high:.3f})"
        )
    won = [c for c in shared if after[c]["right3"] and not before[c]["right3"]]
    lost = [c for c in shared if before[c]["right3"] and not after[c]["right3"]]
    for label, claims in (("won", won), ("lost", lost)):
        lines.append(f"{label}: {len(claims)}")
        for c in claims:
            lines.append(
                f"  {c} (expected {before[c]['expected']}): {_verdict(before[c])} -> "
                f"{_verdict(after[c])}"
            )
    lines.append(f"McNemar exact p = {mcnemar_exact(len(won), len(lost)):.3f}")
    return "\n".join(lines)


def _verdict(row: dict[str, object]) -> str:
    confidence = row.get("confidence")
    shown = f" {float(confidence):.2f}" if isinstance(confidence, (int, float)) else ""
    return f"{row['verdict']}{shown}"


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit("usage: python -m training.compare_fullpaper BEFORE.jsonl AFTER.jsonl")
    print(compare(load(Path(sys.argv[1])), load(Path(sys.argv[2]))))


if __name__ == "__main__":
    main()
