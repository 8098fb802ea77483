"""A cancelled MCP tool call stops its work, as an HTTP check stops when its client leaves: the
paper being judged is finished, no other is begun (a real server, a judge held by a gate)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from claimaudit.identity import parse_ref
from claimaudit.library.store import Library
from tests.hostile.mcpwire import RawMCP
from tests.server.gated_mcp import gated_mcp, held_check, judged, wait_for
from tests.server.launcher import ADD_GATE_ENV


def cancel(request_id: object) -> bytes:
    params = {"requestId": request_id, "reason": "the user stopped it"}
    return json.dumps(
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": params}
    ).encode()


def test_a_cancelled_check_judges_no_further_paper(example_library: Path, tmp_path: Path) -> None:
    with gated_mcp(example_library, tmp_path) as (mcp, gate):
        mcp.send(held_check("held"))
        wait_for(gate / "entered-1")
        mcp.send(cancel("held"))
        # Answered after the cancellation was read: the call's task has been cancelled.
        assert mcp.request("ping", {})["result"] == {}
        (gate / "hold").unlink()
    # The end of input waited for the paper in progress, and the second was never judged.
    assert mcp.process.returncode == 0, (tmp_path / "stderr.log").read_text()
    assert judged(gate) == ["entered-1"]


def test_a_cancelled_library_add_stores_nothing(example_library: Path, tmp_path: Path) -> None:
    library = tmp_path / "library.sqlite3"
    shutil.copy(example_library, library)
    paper = tmp_path / "notes.md"
    paper.write_text("# Notes\n\nRandom forests are a strong baseline for tabular data.\n")
    gate = tmp_path / "gate"
    gate.mkdir()
    (gate / "hold").touch()
    env = {ADD_GATE_ENV: str(gate)}
    with RawMCP(library, tmp_path / "stderr.log", env, "tests.server.launcher") as mcp:
        arguments = {"path": str(paper), "ref": "local:notes"}
        params = {"name": "library_add", "arguments": arguments}
        call = {"jsonrpc": "2.0", "id": "add", "method": "tools/call", "params": params}
        mcp.send(json.dumps(call).encode())
        wait_for(gate / "adding")  # the file is read; the paper is not stored yet
        mcp.send(cancel("add"))
        assert mcp.request("ping", {})["result"] == {}  # the cancellation has been read
        (gate / "hold").unlink()
    assert mcp.process.returncode == 0, (tmp_path / "stderr.log").read_text()
    with Library.open(library) as opened:
        assert opened.get_paper(parse_ref("local:notes")) is None
        assert len(opened.list_papers()) == 2  # the two examples, as they were


def test_an_uncancelled_library_add_through_the_gate_is_stored(
    example_library: Path, tmp_path: Path
) -> None:
    # The gate itself stores nothing away: the test above sees the cancellation, not the gate.
    library = tmp_path / "library.sqlite3"
    shutil.copy(example_library, library)
    paper = tmp_path / "notes.md"
    paper.write_text("# Notes\n\nRandom forests are a strong baseline for tabular data.\n")
    gate = tmp_path / "gate"
    gate.mkdir()
    env = {ADD_GATE_ENV: str(gate)}
    with RawMCP(library, tmp_path / "stderr.log", env, "tests.server.launcher") as mcp:
        reply = mcp.call("library_add", {"path": str(paper), "ref": "local:notes"})
        assert reply["result"]["isError"] is False, reply
        assert (gate / "adding").exists()
    with Library.open(library) as opened:
        assert opened.get_paper(parse_ref("local:notes")) is not None
