"""What the API and the MCP tools answer, against what the command line gives: a paper
described alike, a summary's cost as its records'."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from claimaudit.cli import _install_commands, app
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.mcp import ScreenedMCPServer, build_server
from claimaudit.server.service import Service
from tests.server.conftest import DEEP_RULES_REF, GOOD_ENOUGH_REF, NARROW_CLAIM

LOOPBACK = "http://127.0.0.1"
MISSING_REF = "arXiv:2401.00001"
# What only the command line tells: the file a paper was read from (a server never says where
# its files are), and the listing's second name for the count.
LOCAL_ONLY = {"sourcePath", "passageCount"}


@pytest.fixture(scope="module")
def library(example_library: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the example papers: the checks here fill its results cache."""
    copy = tmp_path_factory.mktemp("schemas") / "library.sqlite3"
    shutil.copyfile(example_library, copy)
    return copy


@pytest.fixture(scope="module")
def api(library: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(library=library)), base_url=LOOPBACK) as client:
        yield client


@pytest.fixture(scope="module")
def mcp(library: Path) -> Iterator[ScreenedMCPServer]:
    service = Service(library)
    try:
        yield build_server(service)
    finally:
        service.close()


def _cli(*args: str) -> Any:
    _install_commands()
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _call(server: ScreenedMCPServer, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = anyio.run(server.call_tool, tool, arguments)
    assert result.is_error is False, result.content
    structured: dict[str, Any] = result.structured_content
    return structured


def test_a_paper_is_described_as_the_command_line_describes_it(
    api: TestClient, mcp: ScreenedMCPServer, library: Path
) -> None:
    # The reader and its version above all: a record's paperExtractor is compared with it.
    listed = _cli("library", "list", "--library", str(library), "--json")
    local = {p["ref"]: {k: v for k, v in p.items() if k not in LOCAL_ONLY} for p in listed}
    assert {"extractor", "authors", "sourceFormat"} <= set(local[DEEP_RULES_REF])
    assert local[DEEP_RULES_REF]["extractor"].startswith("markdown/")
    assert local[GOOD_ENOUGH_REF]["sourceFormat"] == "markdown"
    shown = _cli("library", "show", DEEP_RULES_REF, "--library", str(library), "--json")
    shown_paper = {k: v for k, v in shown.items() if k not in {"passages", "offset"}}
    shown_paper["passages"] = shown_paper.pop("passageCount")
    assert {k: v for k, v in shown_paper.items() if k not in LOCAL_ONLY} == local[DEEP_RULES_REF]

    detail = api.get(f"/v1/library/{DEEP_RULES_REF}").json()
    assert detail["paper"] == local[DEEP_RULES_REF]
    http_listed = api.get("/v1/library").json()["papers"]
    assert {p["ref"]: p for p in http_listed} == local
    mcp_listed = _call(mcp, "library_list", {})["papers"]
    assert {p["ref"]: p for p in mcp_listed} == local


CHECK = {"claim": NARROW_CLAIM, "papers": [DEEP_RULES_REF, MISSING_REF]}
DRAFT = f"Simple baselines come first ({MISSING_REF}).\n"


def test_a_summary_has_no_tokens_when_no_record_reported_any(
    api: TestClient, mcp: ScreenedMCPServer
) -> None:
    # The embedded judge reports no tokens: no record has any, so the summary has none either
    # (not a count of zero that nobody made).
    for answer in (api.post("/v1/checks", json=CHECK).json(), _call(mcp, "check_claim", CHECK)):
        assert [r["judgeTokens"] for r in answer["records"]] == [None, None]
        assert answer["summary"]["judgeTokens"] is None
    for reviewed in (
        api.post("/v1/reviews", json={"markdown": DRAFT}).json(),
        _call(mcp, "review_report", {"markdown": DRAFT}),
    ):
        assert reviewed["summary"]["judgeTokens"] is None
