"""How much judging a request may cause: review limits, and work stopped for a client that left.

A server of its own, with one check worker and a review limit of 5 pairs, so that a request
queued behind abandoned work shows when that work has ended.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from tests.server.conftest import (
    DEEP_RULES_REF,
    GOOD_ENOUGH_REF,
    RunningServer,
    ServerLauncher,
    stop,
)
from tests.server.test_api import _error

MAX_PAIRS = 5
WAIT_LIMIT_S = 60.0
# Time for the server to see a closed connection: it looks ten times a second.
NOTICE_S = 1.0
WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight")


@pytest.fixture(scope="module")
def single(launcher: ServerLauncher, example_library: Path) -> Iterator[RunningServer]:
    running = launcher.start(
        example_library, "--check-workers", "1", "--max-review-pairs", str(MAX_PAIRS)
    )
    yield running
    stop(running)


def _draft(sentences: int) -> str:
    """``sentences`` distinct cited sentences: as many pairs, each judged on its own."""
    return "".join(
        f"Claim number {WORDS[i]} about baselines is made here [@{DEEP_RULES_REF}].\n\n"
        for i in range(sentences)
    )


def _entered(server: RunningServer) -> int:
    return len(list(server.gate.glob("entered-*")))


def _wait_for(path: Path) -> None:
    deadline = time.monotonic() + WAIT_LIMIT_S
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.02)


def test_a_sentence_citing_more_papers_than_a_check_takes_is_refused_unjudged(
    server: RunningServer,
) -> None:
    others = [f"@arXiv:2101.{i:05d}" for i in range(1, 51)]  # not in the library
    cites = "; ".join([f"@{DEEP_RULES_REF}", *others])
    body = {"markdown": f"Deep learning needs careful baselines [{cites}].\n", "judge": "gated"}
    before = _entered(server)  # the shared server, with the default limits
    with server.client() as client:
        error = _error(client.post("/v1/reviews", json=body), 413)
        assert error["code"] == "review_too_large"
        assert error["message"] == (
            "the sentence at line 1 cites 51 papers; the limit is 50 per sentence"
        )
        assert _entered(server) == before
        # Fifty, as many as one check takes, is a review.
        cites = "; ".join([f"@{DEEP_RULES_REF}", *others[:49]])
        body["markdown"] = f"Deep learning needs careful baselines [{cites}].\n"
        response = client.post("/v1/reviews", json=body)
    assert response.status_code == 200, response.text
    assert len(response.json()["records"]) == 50


def test_a_review_over_the_pair_limit_is_refused_unjudged(single: RunningServer) -> None:
    before = _entered(single)
    with single.client() as client:
        over = {"markdown": _draft(MAX_PAIRS + 1), "judge": "gated", "cache": False}
        error = _error(client.post("/v1/reviews", json=over), 413)
        assert error["code"] == "review_too_large"
        assert error["message"] == (
            "the draft asks for 6 (sentence, paper) checks; the limit is 5 per review: "
            "send it in parts"
        )
        assert _entered(single) == before
        at = client.post("/v1/reviews", json={**over, "markdown": _draft(MAX_PAIRS)})
    assert at.status_code == 200, at.text
    assert len(at.json()["records"]) == MAX_PAIRS and _entered(single) == before + MAX_PAIRS


def _abandon(server: RunningServer, path: str, body: dict[str, Any]) -> int:
    """Send ``body`` and hang up while the judge holds its first decision; then let the judge
    go on, and return how many decisions the request had begun once a check queued behind it
    (one worker) has been answered."""
    hold = server.gate / "hold"
    hold.touch()
    before = _entered(server)
    address = urlsplit(server.url)
    data = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n\r\n"
    ).encode()
    try:
        with socket.create_connection((address.hostname, address.port), timeout=10) as sock:
            sock.sendall(head + data)
            _wait_for(server.gate / f"entered-{before + 1}")
        time.sleep(NOTICE_S)
    finally:
        hold.unlink()
    probe = {"claim": "Version control helps.", "papers": [GOOD_ENOUGH_REF], "judge": "gated"}
    with server.client() as client:
        assert client.post("/v1/checks", json=probe).status_code == 200
    return _entered(server) - before - 1


def test_a_review_whose_client_left_judges_no_further_pair(single: RunningServer) -> None:
    body = {"markdown": _draft(MAX_PAIRS), "judge": "gated", "cache": False}
    # The pair under way when the client left is finished; the four after it never start.
    assert _abandon(single, "/v1/reviews", body) == 1


def test_a_check_whose_client_left_judges_no_further_paper(single: RunningServer) -> None:
    body = {"claim": "Baselines help.", "papers": [DEEP_RULES_REF, GOOD_ENOUGH_REF]}
    assert _abandon(single, "/v1/checks", {**body, "judge": "gated"}) == 1


def test_a_client_that_stays_gets_every_record(single: RunningServer) -> None:
    with single.client() as client:
        response = client.post(
            "/v1/checks",
            json={
                "claim": "Baselines help.",
                "papers": [DEEP_RULES_REF, GOOD_ENOUGH_REF],
                "judge": "gated",
            },
            timeout=httpx.Timeout(WAIT_LIMIT_S),
        )
    assert response.status_code == 200 and len(response.json()["records"]) == 2
