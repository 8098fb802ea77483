"""The MCP server's tools as a client lists them, in process, for the tests that read their
schemas."""

from __future__ import annotations

from pathlib import Path

import anyio
from mcp.types import Tool

from claimaudit.server.mcp.server import build_server
from claimaudit.server.service import Service


def listed_tools(library: Path) -> dict[str, Tool]:
    """The tools of a server over ``library``, by name; nothing is opened but the library."""
    service = Service(library)
    try:
        return {tool.name: tool for tool in anyio.run(build_server(service).list_tools)}
    finally:
        service.close()
