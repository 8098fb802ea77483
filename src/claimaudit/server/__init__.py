"""Serving claimaudit: an HTTP API with a web page (``claimaudit serve``) and, beside it, an MCP
server for research agents (``claimaudit.server.mcp.server``, its stdio wire in ``mcp_stdio`` and
``mcp_wire``, the stopping of cancelled calls in ``mcp_cancel``).

Both go through ``service.Service``, so a record is the same whichever way it was asked for.
This package's ``__init__`` stays empty of imports: the MCP server must not pull in FastAPI.
"""
