"""``serve --timeout`` and ``mcp --timeout``: a plugin judge under the server that never
answers leaves the paper ``not_checked`` at the deadline given, not the 60 s default (real
servers, a judge held by a gate); one that is never built is refused at
``CLAIMAUDIT_PLUGIN_TIMEOUT`` (in process)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from mcp.server.mcpserver.exceptions import ToolError

from claimaudit import plugins
from claimaudit.backends.plugin_wait import PLUGIN_TIMEOUT_ENV
from claimaudit.judges.protocol import Judge, JudgeSettings
from tests.server.conftest import DEEP_RULES_REF, ServerLauncher, one_paper_app, stop
from tests.server.gated_mcp import gated_mcp, held_check
from tests.server.mcp.listing import serving


def test_a_stuck_plugin_judge_is_not_checked_within_serve_s_timeout(
    launcher: ServerLauncher, example_library: Path
) -> None:
    server = launcher.start(example_library, "--timeout", "0.5")
    hold = server.gate / "hold"
    hold.touch()  # the gated judge now answers nothing until the hold is lifted
    try:
        # The client waits 30 s at most: a check held to the default 60 s would fail here.
        with server.client() as client:
            response = client.post(
                "/v1/checks",
                json={"claim": "A held claim.", "papers": [DEEP_RULES_REF], "judge": "gated"},
                timeout=30.0,
            )
        assert response.status_code == 200, response.text
        [record] = response.json()["records"]
        assert record["verdict"] == "not_checked"
        assert record["error"] == "judge 'gated' did not answer within 0.5 s"
    finally:
        hold.unlink()
        stop(server)


def test_a_stuck_plugin_judge_is_not_checked_within_mcp_s_timeout(
    example_library: Path, tmp_path: Path
) -> None:
    with gated_mcp(example_library, tmp_path, "--timeout", "0.5") as (mcp, gate):
        try:
            # Answered well before the 60 s default, which the wait here would not reach.
            mcp.send(held_check(3))
            reply = mcp.reply(3, timeout=30.0)
        finally:
            (gate / "hold").unlink()
    records = reply["result"]["structuredContent"]["records"]
    assert [r["verdict"] for r in records] == ["not_checked", "not_checked"]
    assert records[0]["error"] == "judge 'gated' did not answer within 0.5 s"


@pytest.fixture
def stuck_judge(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A fresh registry with another package's judge ``stuck``, whose factory waits until the
    test ends; building it is given up after 0.2 s."""
    monkeypatch.setenv(PLUGIN_TIMEOUT_ENV, "0.2")
    monkeypatch.setattr(plugins, "_registry", None)
    let_go = threading.Event()

    def make(settings: JudgeSettings) -> Judge:
        let_go.wait(120.0)
        raise RuntimeError("let go")

    class Plugin:
        @staticmethod
        def register(registry: plugins.Registry) -> None:
            registry.add_judge("stuck", make, "a judge whose factory hangs")

    # Loaded with time to spare: only building its judge is to miss the deadline.
    plugins.get_registry().load("stuck", lambda: Plugin, "qa-hangs 0.1", seconds=60.0)
    try:
        yield
    finally:
        let_go.set()


STUCK = (
    "judge 'stuck' (from qa-hangs 0.1) could not be built: its factory did not return within "
    "0.2 s (CLAIMAUDIT_PLUGIN_TIMEOUT)"
)


def test_a_plugin_judge_whose_factory_hangs_is_a_503_and_blocks_no_other_judge(
    stuck_judge: None, tmp_path: Path
) -> None:
    with one_paper_app(tmp_path) as client:
        check = {"claim": "Some text.", "papers": ["local:t1"], "judge": "stuck"}
        stuck = client.post("/v1/checks", json=check)
        again = client.post("/v1/checks", json=check)
        # The judges' pool was held while the factory ran: the default judge waited on it too.
        local = client.post("/v1/checks", json={**check, "judge": "local"})
    assert stuck.status_code == 503, stuck.text
    assert stuck.json()["error"] == {"status": 503, "code": "plugin_unavailable", "message": STUCK}
    assert again.status_code == 503
    assert again.json()["error"]["message"] == (
        "judge 'stuck' (from qa-hangs 0.1) could not be built: an earlier build did not return "
        "in time and may still be running"
    )
    assert local.status_code == 200, local.text


def test_a_plugin_judge_whose_factory_hangs_is_a_tool_error_over_mcp(
    stuck_judge: None, tmp_path: Path
) -> None:
    arguments = {"claim": "Some text.", "papers": ["local:t1"], "judge": "stuck"}
    with serving(tmp_path / "library.sqlite3") as server, pytest.raises(ToolError) as refused:
        anyio.run(server.call_tool, "check_claim", arguments)
    assert str(refused.value) == f"Error executing tool check_claim: {STUCK}"
