"""The server keeps judged results in its library: a repeated question never reaches the judge.

A real server process; the ``gated-cached`` test judge (``tests/server/launcher.py``) leaves an
``entered-<n>`` file each time it is asked, so the tests see whether a judge was consulted.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import DEEP_RULES_REF, GOOD_ENOUGH_REF, RunningServer


def _entered(server: RunningServer) -> int:
    return len(list(server.gate.glob("entered-*")))


COST = ("calls", "judgeTokens", "judgeSeconds")


def _without_cost(record: dict[str, Any]) -> dict[str, Any]:
    """What a record says, less what it cost this run (a cached judgement costs nothing)."""
    return {k: v for k, v in record.items() if k not in COST}


def _check(api: httpx.Client, claim: str, **extra: Any) -> dict[str, Any]:
    body = {"claim": claim, "papers": [DEEP_RULES_REF], "judge": "gated-cached", **extra}
    response = api.post("/v1/checks", json=body)
    assert response.status_code == 200, response.text
    [record] = response.json()["records"]
    assert record["verdict"] == "supports"
    return dict(record)


def test_a_repeated_check_is_answered_from_the_cache(
    api: httpx.Client, server: RunningServer
) -> None:
    claim = "Cached answers need no judge: first asking."
    before = _entered(server)
    first = _check(api, claim)
    assert _entered(server) == before + 1
    again = _check(api, claim)
    assert _entered(server) == before + 1  # the judge was not asked again
    assert _without_cost(again) == _without_cost(first)
    assert again["judgeSeconds"] == 0.0 and again["judgeTokens"] is None
    # The policy applies on read: a new threshold needs no new judgement.
    relaxed = _check(api, claim, threshold=0.0)
    assert _entered(server) == before + 1 and relaxed["needsReview"] is False
    # "cache": false judges afresh; another claim or topic is another question.
    _check(api, claim, cache=False)
    assert _entered(server) == before + 2
    _check(api, claim, topic="baselines")
    assert _entered(server) == before + 3


def test_a_judge_without_a_cache_identity_is_always_asked(
    api: httpx.Client, server: RunningServer
) -> None:
    body = {"claim": "Never cached.", "papers": [DEEP_RULES_REF], "judge": "gated"}
    before = _entered(server)
    for _ in range(2):
        assert api.post("/v1/checks", json=body).status_code == 200
    assert _entered(server) == before + 2


def test_a_repeated_review_is_answered_from_the_cache(
    api: httpx.Client, server: RunningServer
) -> None:
    draft = (
        "Caching saves judging, reviewed twice (arXiv:2105.14372). "
        "Version control is cheap to adopt (arXiv:1609.00037).\n"
    )
    body = {"markdown": draft, "judge": "gated-cached"}
    before = _entered(server)
    first = api.post("/v1/reviews", json=body).json()
    assert _entered(server) == before + 2
    again = api.post("/v1/reviews", json=body).json()
    assert _entered(server) == before + 2
    assert [r["paperRef"] for r in again["records"]] == [DEEP_RULES_REF, GOOD_ENOUGH_REF]
    assert [_without_cost(r) for r in again["records"]] == [
        _without_cost(r) for r in first["records"]
    ]
    assert again["annotated"] == first["annotated"]
    assert _without_cost(again["summary"]) == _without_cost(first["summary"])


def test_the_local_judge_result_is_stored_in_the_library(
    api: httpx.Client, example_library: Path
) -> None:
    claim = "Deep learning models should be compared with simple baselines."
    body = {"claim": claim, "papers": [DEEP_RULES_REF]}
    first = api.post("/v1/checks", json=body).json()["records"][0]
    assert first["judge"] == "local" and first["verdict"] != "not_checked"
    with sqlite3.connect(example_library) as db:
        rows = db.execute(
            "SELECT paper_ref, judge, record FROM judged_results WHERE claim = ?", (claim,)
        ).fetchall()
    assert [(ref, judge) for ref, judge, _ in rows] == [(DEEP_RULES_REF, "local")]
    again = api.post("/v1/checks", json=body).json()["records"][0]
    assert _without_cost(again) == _without_cost(first)
    assert first["judgeSeconds"] > 0 and again["judgeSeconds"] == 0.0  # not judged again
