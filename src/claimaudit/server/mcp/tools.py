"""The MCP server's tools, registered per feature (``register_*``, a module each): another
feature adds one function to ``TOOLSETS``. Each calls the service as ``tool_calls`` says: on a
worker thread that a cancelled call or a client gone stops (``claimaudit.server.mcp.cancel``);
a refusal the service knows is a tool error in the API's words, and a long call reports its
progress when the client asks."""

from __future__ import annotations

from claimaudit.server.mcp.check_tools import register_check_tools
from claimaudit.server.mcp.library_tools import register_library_tools
from claimaudit.server.mcp.paper_tools import register_paper_tools
from claimaudit.server.mcp.review_tools import register_review_tools

# One entry per feature; each registers its tools on the server.
TOOLSETS = (
    register_check_tools,
    register_review_tools,
    register_library_tools,
    register_paper_tools,
)
