"""A cancelled MCP tool call stops its work, as an HTTP check stops when its client leaves: the
paper being judged is finished, no other is begun (a real server, a judge held by a gate)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.server.gated_mcp import gated_mcp, held_check, judged, wait_for


def test_a_cancelled_check_judges_no_further_paper(example_library: Path, tmp_path: Path) -> None:
    with gated_mcp(example_library, tmp_path) as (mcp, gate):
        mcp.send(held_check("held"))
        wait_for(gate / "entered-1")
        params = {"requestId": "held", "reason": "the user stopped it"}
        mcp.send(
            json.dumps(
                {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": params}
            ).encode()
        )
        # Answered after the cancellation was read: the call's task has been cancelled.
        assert mcp.request("ping", {})["result"] == {}
        (gate / "hold").unlink()
    # The end of input waited for the paper in progress, and the second was never judged.
    assert mcp.process.returncode == 0, (tmp_path / "stderr.log").read_text()
    assert judged(gate) == ["entered-1"]
