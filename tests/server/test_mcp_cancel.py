"""A cancelled MCP tool call stops its work, as an HTTP check stops when its client leaves: the
paper being judged is finished, no other is begun (a real server, a judge held by a gate)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.hostile.mcpwire import RawMCP
from tests.server.conftest import DEEP_RULES_REF, GOOD_ENOUGH_REF, NARROW_CLAIM
from tests.server.launcher import GATE_ENV

# Only a guard against a hang: the gate's files appear within moments.
WAIT_LIMIT_S = 60.0


def wait_for(path: Path) -> None:
    deadline = time.monotonic() + WAIT_LIMIT_S
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.02)


def held_check(request_id: object) -> bytes:
    """A check of two papers with the ``gated`` judge: one judgement per paper."""
    arguments = {"claim": NARROW_CLAIM, "papers": [DEEP_RULES_REF, GOOD_ENOUGH_REF]}
    params = {"name": "check_claim", "arguments": {**arguments, "judge": "gated"}}
    call = {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}
    return json.dumps(call).encode()


def test_a_cancelled_check_judges_no_further_paper(example_library: Path, tmp_path: Path) -> None:
    gate = tmp_path / "gate"
    gate.mkdir()
    (gate / "hold").touch()
    env = {GATE_ENV: str(gate)}
    with RawMCP(example_library, tmp_path / "stderr.log", env, "tests.server.launcher") as mcp:
        mcp.send(held_check("held"))
        wait_for(gate / "entered-1")
        cancelled = {"requestId": "held", "reason": "the user stopped it"}
        mcp.send(
            json.dumps(
                {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": cancelled}
            ).encode()
        )
        # Answered after the cancellation was read: the call's task has been cancelled.
        assert mcp.request("ping", {})["result"] == {}
        (gate / "hold").unlink()
    # The end of input waited for the paper in progress, and the second was never judged.
    assert mcp.process.returncode == 0, (tmp_path / "stderr.log").read_text()
    assert sorted(path.name for path in gate.glob("entered-*")) == ["entered-1"]
