"""A long check does not block the rest of the API (real server, a judge held by a gate)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx

from tests.server.conftest import DEEP_RULES_REF, GOOD_ENOUGH_REF, RunningServer

WAIT_LIMIT_S = 60.0


def _wait_for(path: Path) -> None:
    deadline = time.monotonic() + WAIT_LIMIT_S
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.02)


def test_health_and_library_answer_while_a_check_is_held(server: RunningServer) -> None:
    hold = server.gate / "hold"
    hold.touch()
    results: dict[str, httpx.Response] = {}

    def long_check() -> None:
        with server.client() as client:
            results["check"] = client.post(
                "/v1/checks",
                json={"claim": "A held claim.", "papers": [DEEP_RULES_REF], "judge": "gated"},
            )

    entered = sorted(server.gate.glob("entered-*"))
    worker = threading.Thread(target=long_check)
    worker.start()
    try:
        # The judge is now inside decide() and cannot return until the hold is lifted.
        _wait_for(server.gate / f"entered-{len(entered) + 1}")
        with server.client() as client:
            assert client.get("/health").status_code == 200
            papers = client.get("/v1/library").json()["papers"]
            assert {p["ref"] for p in papers} >= {DEEP_RULES_REF, GOOD_ENOUGH_REF}
            hits = client.get("/v1/library/search", params={"q": "baseline"}).json()["hits"]
            assert hits
            # A second check with another judge is not stuck behind the held one either
            # (two check workers by default).
            other = client.post(
                "/v1/checks",
                json={"claim": "Version control helps.", "papers": [GOOD_ENOUGH_REF]},
            )
            assert other.status_code == 200 and other.json()["records"][0]["judge"] == "local"
        assert "check" not in results and worker.is_alive()
    finally:
        hold.unlink()
        worker.join(WAIT_LIMIT_S)
    response = results["check"]
    assert response.status_code == 200
    [record] = response.json()["records"]
    assert record["judge"] == "gated" and record["verdict"] == "supports"


def test_a_long_review_runs_on_the_check_workers(server: RunningServer) -> None:
    hold = server.gate / "hold"
    hold.touch()
    results: dict[str, httpx.Response] = {}
    draft = "A held review sentence cites a paper (arXiv:2105.14372).\n"

    def long_review() -> None:
        with server.client() as client:
            results["review"] = client.post(
                "/v1/reviews", json={"markdown": draft, "judge": "gated"}
            )

    entered = sorted(server.gate.glob("entered-*"))
    worker = threading.Thread(target=long_review)
    worker.start()
    try:
        _wait_for(server.gate / f"entered-{len(entered) + 1}")
        with server.client() as client:
            assert client.get("/health").status_code == 200
            assert client.get("/v1/library").status_code == 200
            other = client.post(
                "/v1/checks", json={"claim": "Tests help.", "papers": [GOOD_ENOUGH_REF]}
            )
            assert other.status_code == 200 and other.json()["records"][0]["judge"] == "local"
        assert "review" not in results and worker.is_alive()
    finally:
        hold.unlink()
        worker.join(WAIT_LIMIT_S)
    response = results["review"]
    assert response.status_code == 200
    [record] = response.json()["records"]
    assert record["judge"] == "gated" and record["sentence"]["line"] == 1
