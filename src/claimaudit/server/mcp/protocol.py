"""Where the MCP server departs from the SDK's defaults, at the protocol's level.

- Arguments reach a tool exactly as sent: the SDK would first ``json.loads`` every string whose
  annotation is not exactly ``str`` (``str | None``), so a CSL-JSON bibliography sent as text
  became a list and was refused, and ``"null"`` became None. The server validates the raw
  arguments strictly itself (``ScreenedMCPServer.call_tool``), which never needs that help.
- Only what is served is advertised: the SDK registers prompts and resources handlers (and so
  advertises both) though the server has none, and answered ``prompts/get`` with code 0 and a
  traceback on stderr. Without the handlers they are -32601 Method not found, as any other.
- A request before ``initialize``, or a second ``initialize``, is refused in words an agent can
  act on; the SDK's own answer to the first is "Invalid request parameters", with no data.
- A client gets no field of a revision later than the one it negotiated (2025-06-18's titles,
  output schemas and structured content for a 2024-11-05 or 2025-03-26 client): the SDK sends
  them whatever the version.
"""

from __future__ import annotations

from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.mcpserver.utilities.func_metadata import FuncMetadata
from mcp.shared.exceptions import MCPError

INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
# The SDK's answer to a request that comes before the handshake (its pre-init gate).
_SDK_GATE = (INVALID_PARAMS, "Invalid request parameters")
NOT_INITIALIZED = "Invalid request: not initialized; send initialize first"
INITIALIZED_TWICE = "Invalid request: already initialized; send initialize once per connection"
UNSERVED = (
    "prompts/list",
    "prompts/get",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "resources/subscribe",
    "resources/unsubscribe",
)


class AsSent(FuncMetadata):
    """A tool's metadata whose arguments are validated as sent: no string is read as JSON."""

    def pre_parse_json(self, data: dict[str, Any]) -> dict[str, Any]:
        return dict(data)

    @classmethod
    def of(cls, metadata: FuncMetadata) -> AsSent:
        if isinstance(metadata, AsSent):
            return metadata
        return cls(
            arg_model=metadata.arg_model,
            output_schema=metadata.output_schema,
            output_model=metadata.output_model,
            wrap_output=metadata.wrap_output,
        )


def serve_only_tools(server: Server[Any]) -> None:
    """Drop the SDK's handlers for what the server does not have (prompts, resources): their
    methods are then Method not found, and the capabilities no longer name them."""
    for method in UNSERVED:
        # The SDK has no public way to unregister a handler.
        server._request_handlers.pop(method, None)


async def handshake_once(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
    """Middleware: ``initialize`` once, before anything but ``ping``, said so plainly."""
    initialized = ctx.session.client_params is not None
    if ctx.method == "initialize" and initialized:
        raise MCPError(code=INVALID_REQUEST, message=INITIALIZED_TWICE)
    try:
        return await call_next(ctx)
    except MCPError as error:
        if (error.error.code, error.error.message) == _SDK_GATE and not initialized:
            raise MCPError(code=INVALID_REQUEST, message=NOT_INITIALIZED) from None
        raise


# The fields the server may send, by the revision that added them (ISO dates compare as
# strings). A client that negotiated an earlier revision gets none of them: the SDK sends them
# whatever the version.
ADDED = {
    "serverInfo": (("2025-06-18", "title"), ("2025-11-25", "icons"), ("2025-11-25", "websiteUrl")),
    "tool": (
        ("2025-03-26", "annotations"),
        ("2025-06-18", "title"),
        ("2025-06-18", "outputSchema"),
        ("2025-11-25", "icons"),
    ),
    "tools/call": (("2025-06-18", "structuredContent"),),
}


def later_than(version: str, where: str) -> tuple[str, ...]:
    """The fields of ``where`` that revisions later than ``version`` added."""
    return tuple(field for added, field in ADDED[where] if added > version)


async def fields_of_the_version(
    ctx: ServerRequestContext[Any, Any], call_next: CallNext
) -> HandlerResult:
    """Middleware: a result without the fields that revisions later than the client's added."""
    result = await call_next(ctx)
    if not isinstance(result, dict):
        return result
    version = result.get("protocolVersion") if ctx.method == "initialize" else None
    version = version or ctx.protocol_version
    if not isinstance(version, str):
        return result
    if ctx.method == "initialize" and isinstance(result.get("serverInfo"), dict):
        info = _without(result["serverInfo"], *later_than(version, "serverInfo"))
        return {**result, "serverInfo": info}
    if ctx.method == "tools/list" and isinstance(result.get("tools"), list):
        later = later_than(version, "tool")
        return {**result, "tools": [_without(tool, *later) for tool in result["tools"]]}
    if ctx.method == "tools/call":
        later = later_than(version, "tools/call")
        return {key: item for key, item in result.items() if key not in later}
    return result


def _without(value: Any, *keys: str) -> Any:
    if not isinstance(value, dict):
        return value
    return {key: item for key, item in value.items() if key not in keys}
