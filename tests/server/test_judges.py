"""``serve --timeout`` and ``mcp --timeout``: a plugin judge under the server that never
answers leaves the paper ``not_checked`` at the deadline given, not the 60 s default (real
servers, a judge held by a gate)."""

from __future__ import annotations

from pathlib import Path

from tests.server.conftest import DEEP_RULES_REF, ServerLauncher, stop
from tests.server.gated_mcp import gated_mcp, held_check


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
