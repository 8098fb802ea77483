"""The MCP server in process, as the tool tests call it: over a library of their own, its
service closed however the test ends."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import anyio
from mcp.types import Tool

from claimaudit.server.mcp.server import ScreenedMCPServer, build_server
from claimaudit.server.service import Service


@contextmanager
def serving(library: Path) -> Iterator[ScreenedMCPServer]:
    """A server over ``library``, made first when it does not exist."""
    service = Service(library)
    service.ensure_library()
    try:
        yield build_server(service)
    finally:
        service.close()


def listed_tools(library: Path) -> dict[str, Tool]:
    """The tools of a server over ``library``, by name; nothing is opened but the library."""
    service = Service(library)
    try:
        return {tool.name: tool for tool in anyio.run(build_server(service).list_tools)}
    finally:
        service.close()
