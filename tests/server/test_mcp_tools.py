"""The MCP tools (``claimaudit.server.mcp_tools``): what each asks of the service and reports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.server.mcpserver.exceptions import ToolError

from claimaudit.server.mcp import build_server
from claimaudit.server.service import Service
from tests.hostile.mcpwire import RawMCP
from tests.server.conftest import NARROW_CLAIM


@pytest.mark.parametrize("path", ["", " \t"])
def test_library_add_refuses_an_empty_path(tmp_path: Path, path: str) -> None:
    # In-process. Path("") is ".": the server's working directory was read as a paper.
    service = Service(tmp_path / "library.sqlite3")
    service.ensure_library()
    try:
        server = build_server(service)
        with pytest.raises(ToolError) as refused:
            anyio.run(server.call_tool, "library_add", {"path": path, "ref": "local:x"})
        listed = anyio.run(server.call_tool, "library_list", {})
    finally:
        service.close()
    assert str(refused.value) == (
        "Error executing tool library_add: the path is empty: name the paper's file or folder"
    )
    assert listed.structured_content["papers"] == []


def test_long_calls_report_progress_when_asked(tmp_path: Path) -> None:
    missing = ["local:missing-1", "local:missing-2", "local:missing-3"]  # no judge needed
    draft = "Sparse matrices save memory (arXiv:2401.00001, arXiv:2401.00002).\n"
    calls = [
        ("check", "check_claim", {"claim": NARROW_CLAIM, "papers": missing}, "t1"),
        ("review", "review_report", {"markdown": draft}, 7),
        ("unasked", "check_claim", {"claim": NARROW_CLAIM, "papers": missing}, None),
    ]
    sent: dict[str, list[dict[str, Any]]] = {}
    with RawMCP(tmp_path / "library.sqlite3", tmp_path / "stderr.log", {}) as mcp:
        for request_id, tool, arguments, token in calls:
            params: dict[str, Any] = {"name": tool, "arguments": arguments}
            if token is not None:
                params["_meta"] = {"progressToken": token}
            call = {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}
            mcp.send(json.dumps(call).encode())
            sent[request_id] = mcp.messages_until(request_id)

    def progress(messages: list[dict[str, Any]]) -> list[tuple[object, float, float]]:
        return [
            (m["params"]["progressToken"], m["params"]["progress"], m["params"]["total"])
            for m in messages
            if m.get("method") == "notifications/progress"
        ]

    # Before the first paper (or pair), then after each one.
    assert progress(sent["check"]) == [("t1", 0, 3), ("t1", 1, 3), ("t1", 2, 3), ("t1", 3, 3)]
    assert progress(sent["review"]) == [(7, 0, 2), (7, 1, 2), (7, 2, 2)]
    assert progress(sent["unasked"]) == []
    assert all("result" in messages[-1] for messages in sent.values())


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"claim": "Sparse \u202eyromem evas.", "papers": ["local:x"]},
            "the claim holds U+202E (a right-to-left override) at character 8",
        ),
        (
            {"claim": "Sparse \u202bsave memory\u202c.", "papers": ["local:x"]},
            "the claim holds U+202B (a right-to-left embedding) at character 8",
        ),
        (
            {"claim": NARROW_CLAIM, "papers": ["local:x"], "topic": "sparse\x00"},
            "the topic holds U+0000 (a null character) at character 7",
        ),
    ],
)
def test_check_claim_refuses_a_claim_or_topic_holding_a_control_character(
    tmp_path: Path, arguments: dict[str, Any], message: str
) -> None:
    service = Service(tmp_path / "library.sqlite3")
    service.ensure_library()
    try:
        with pytest.raises(ToolError) as refused:
            anyio.run(build_server(service).call_tool, "check_claim", arguments)
    finally:
        service.close()
    assert str(refused.value) == f"Error executing tool check_claim: {message}"
