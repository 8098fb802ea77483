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


def _review_tool(tmp_path: Path, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """A review tool's result, in process (nothing here reaches the judge: no paper is in
    the library)."""
    service = Service(tmp_path / "library.sqlite3")
    service.ensure_library()
    try:
        result = anyio.run(build_server(service).call_tool, tool, arguments)
    finally:
        service.close()
    data: dict[str, Any] = result.structured_content
    return data


CSL_YAML = "references:\n- id: k\n  DOI: 10.1234/k\n"


def test_the_review_tools_take_the_api_s_bibliography_formats(tmp_path: Path) -> None:
    # The API's bibliography.format, as bibliography_format: CSL YAML sent as text could not
    # be read over MCP at all.
    service = Service(tmp_path / "library.sqlite3")
    try:
        tools = {t.name: t for t in anyio.run(build_server(service).list_tools)}
    finally:
        service.close()
    for name in ("review_report", "review_latex"):
        schema = tools[name].input_schema["properties"]["bibliography_format"]
        assert schema["anyOf"][0]["enum"] == ["bibtex", "csl-json", "csl-yaml"]
    arguments = {"bibliography": CSL_YAML, "bibliography_format": "csl-yaml"}
    markdown = _review_tool(tmp_path, "review_report", {"markdown": "A holds [@k].", **arguments})
    latex = _review_tool(tmp_path, "review_latex", {"latex": "A holds \\cite{k}.", **arguments})
    assert [r["paperRef"] for r in markdown["records"] + latex["records"]] == ["doi:10.1234/k"] * 2


@pytest.mark.parametrize("bib", ["@article{k, title = {a}\n", "% entries to come\n", ""])
def test_a_bibliography_with_no_usable_entry_is_read_on(tmp_path: Path, bib: str) -> None:
    # As `claimaudit review --bib` reads such a file: it was a tool error.
    path = tmp_path / "refs.bib"
    path.write_text(bib, encoding="utf-8")
    for sent in ({"bibliography": bib}, {"bibliography_path": str(path)}):
        data = _review_tool(tmp_path, "review_report", {"markdown": "A holds [@k].", **sent})
        [record] = data["records"]
        assert (record["paperRef"], record["verdict"]) == ("@k", "not_checked")
        broken = bib.startswith("@")
        reason = "could not be read" if broken else "no bibliography entry for @k"
        assert reason in record["error"]
        assert ("unreadEntries" in data) == broken


def test_a_bibliography_format_without_its_text_is_refused(tmp_path: Path) -> None:
    service = Service(tmp_path / "library.sqlite3")
    service.ensure_library()
    try:
        with pytest.raises(ToolError) as refused:
            anyio.run(
                build_server(service).call_tool,
                "review_report",
                {"markdown": "A holds [@k].", "bibliography_format": "csl-yaml"},
            )
    finally:
        service.close()
    assert str(refused.value).endswith(
        "bibliography_format is the format of the bibliography sent as text: send it with "
        "bibliography (a bibliography_path is read by its suffix)"
    )


@pytest.mark.parametrize("tool", ["review_report", "review_latex"])
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("a" * 300 + ".bib", "cannot read bibliography {path}: File name too long"),
        ("x\x00y.bib", "bibliography_path holds U+0000 (a null character), which no file name can"),
        (
            "~x\x00y/a.bib",
            "bibliography_path holds U+0000 (a null character), which no file name can",
        ),
    ],
)
def test_a_bibliography_path_no_file_can_have_is_one_known_line(
    tmp_path: Path, tool: str, name: str, message: str
) -> None:
    # QA: "internal error (OSError)" and "(ValueError)"; the CLI's --bib names such a path.
    path = name if name.startswith("~") else str(tmp_path / name)
    draft = "markdown" if tool == "review_report" else "latex"
    service = Service(tmp_path / "library.sqlite3")
    service.ensure_library()
    try:
        with pytest.raises(ToolError) as refused:
            anyio.run(
                build_server(service).call_tool,
                tool,
                {draft: "A holds [@k] \\cite{k}.", "bibliography_path": path},
            )
    finally:
        service.close()
    assert str(refused.value) == f"Error executing tool {tool}: {message.format(path=path)}"
