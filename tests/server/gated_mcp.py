"""``claimaudit mcp`` with the test judges (``tests.server.launcher``): a check whose judgement
is held by a gate, so that a test can act while a tool call is in flight."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.hostile.mcpwire import RawMCP
from tests.server.conftest import DEEP_RULES_REF, GOOD_ENOUGH_REF, NARROW_CLAIM
from tests.server.launcher import GATE_ENV

# Only a guard against a hang: what is waited for comes within moments.
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


def judged(gate: Path) -> list[str]:
    """The judgements begun, in order: ``entered-1``, ..."""
    return sorted(path.name for path in gate.glob("entered-*"))


@contextmanager
def gated_mcp(library: Path, folder: Path, *extra: str) -> Iterator[tuple[RawMCP, Path]]:
    """An initialized server (``extra``: more options) and its gate folder, held shut
    (``hold``) to begin with."""
    gate = folder / "gate"
    gate.mkdir()
    (gate / "hold").touch()
    env = {GATE_ENV: str(gate)}
    with RawMCP(library, folder / "stderr.log", env, "tests.server.launcher", extra) as mcp:
        yield mcp, gate
