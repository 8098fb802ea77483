"""``claimaudit mcp``: the checker as tools for a research agent, over MCP on stdio.

Built on the official MCP Python SDK (``MCPServer``). Tools return the same JSON as the HTTP
API (review records exactly as ``claimaudit check --format json`` writes them). A request the
service refuses (empty claim, unknown judge, paper not in the library, ...) comes back as a tool
error with the same one-line message the API gives. A check or review whose call the client
cancels, or whose client goes away, stops as an HTTP one does (``claimaudit.server.mcp.cancel``);
so does a library tool's (a cancelled ``library_add`` stores nothing).

The tools themselves are ``claimaudit.server.mcp.tools``'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.context import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, InputRequiredResult, TextContent
from mcp.types import Tool as ToolInfo
from pydantic import BaseModel, ValidationError

from claimaudit import __version__
from claimaudit.api import default_judge_name
from claimaudit.guards.jsonsafe import escape_unsafe
from claimaudit.net.logredaction import redact_root_handlers
from claimaudit.net.redaction import safe_line
from claimaudit.server.advice import mcp_advice
from claimaudit.server.judge_schema import with_judge_enum
from claimaudit.server.judges import JudgePool
from claimaudit.server.mcp.cancel import ToolWork
from claimaudit.server.mcp.protocol import (
    INVALID_PARAMS,
    AsSent,
    fields_of_the_version,
    handshake_once,
    serve_only_tools,
)
from claimaudit.server.mcp.stdio import screened_stdio, unknown_tool
from claimaudit.server.mcp.termination import Termination, cancelled_by_sigterm
from claimaudit.server.mcp.tools import TOOLSETS
from claimaudit.server.service import Service
from claimaudit.server.validation import EXTRA_FIELD, field_errors


def instructions(default_judge: str) -> str:
    """What the server tells a client about its tools, naming the judge a call without one
    gets: this server's default, which ``CLAIMAUDIT_JUDGE`` may make another than ``local``
    (the tools' ``judge`` argument names the same one)."""
    return (
        "claimaudit checks whether the papers cited for a claim support it, and where. Call "
        "check_claim with one sentence and the references you cite for it: each paper gets its "
        "own record with a verdict (supports, contradicts, not_addressed, "
        "insufficient_evidence, or not_checked for an operational failure) and a passage "
        "copied verbatim from the paper. Treat needsReview=true as 'do not cite this as "
        "support without reading the evidence'. To check a whole draft, call review_report "
        "with its Markdown, or review_latex with its LaTeX. Each takes judge (default "
        f"{default_judge}) and, for the jev and openai judges, model. Papers must be in the "
        "local library: find them with library_list or library_search, add a file with "
        "library_add, or download an arXiv paper with library_add_arxiv. Read a stored paper's "
        "passages with library_show, one passage (a record's evidencePassageId) with "
        "library_passage, and remove a paper with library_remove."
    )


class ScreenedMCPServer(MCPServer):
    """The SDK's server, its stdio input screened first (see ``claimaudit.server.mcp.stdio``),
    and its tools' arguments checked as the API checks a request body: strictly (no string read
    as a number), unknown arguments refused, and a refusal reads as the API's ("papers: Field
    required"), one line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.work = ToolWork()
        # Whether SIGTERM ended the session (``cancelled_by_sigterm``); ``run_stdio`` gives the
        # one that noted a SIGTERM before the session began.
        self.termination = Termination()
        # A tool's result, as the API's model for the same answer describes it.
        self.outputs: dict[str, type[BaseModel]] = {}
        serve_only_tools(self._lowlevel_server)
        self._lowlevel_server.middleware += [handshake_once, fields_of_the_version]

    async def list_tools(self) -> list[ToolInfo]:
        tools = await super().list_tools()
        judges = sorted(JudgePool.available())
        for tool in tools:
            schema = _with_judges(tool.input_schema, judges)
            tool.input_schema = {**schema, "additionalProperties": False}
            if (output := self.outputs.get(tool.name)) is not None:
                tool.output_schema = output.model_json_schema(by_alias=True, mode="serialization")
        return tools

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        prefix = f"Error executing tool {name}"  # the SDK's, as on every other tool error
        known = {
            tool.name: tool.input_schema.get("properties", {}) for tool in await self.list_tools()
        }
        expected = known.get(name, arguments)
        # Every problem at once, as the API lists a body's: unknown arguments beside the rest.
        problems: list[dict[str, Any]] = [
            {"loc": (argument,), "msg": EXTRA_FIELD}
            for argument in arguments
            if argument not in expected
        ]
        tool = self._tool_manager.get_tool(name)
        if tool is None:
            # A protocol error, as MCP's "Error handling" lists an unknown tool: no tool ran.
            raise MCPError(
                code=INVALID_PARAMS, message=unknown_tool(name), data={"tools": sorted(known)}
            )
        # Strict, as the API reads a body: "0.5" is no threshold. The SDK's own validation
        # coerces, and first parses a string argument that looks like JSON ("[1]").
        given = {key: value for key, value in arguments.items() if key in expected}
        try:
            tool.fn_metadata.arg_model.model_validate(given, strict=True)
        except ValidationError as exc:
            problems += [dict(e) for e in exc.errors()]
        if problems:
            # pydantic's own text spans lines, links to its site and echoes the input.
            raise ToolError(f"{prefix}: {safe_line(field_errors(problems, located=False))}")
        # Valid as sent, so passed on as sent: the SDK would first read a string as JSON.
        tool.fn_metadata = AsSent.of(tool.fn_metadata)
        try:
            return _escaped(await super().call_tool(name, arguments, context))
        except (ToolError, ValidationError) as exc:
            cause = exc if isinstance(exc, ValidationError) else exc.__cause__
            if not isinstance(cause, ValidationError):
                raise
            message = safe_line(field_errors([dict(e) for e in cause.errors()], located=False))
            raise ToolError(f"{prefix}: {message}") from cause

    async def run_stdio_async(self) -> None:
        # As the SDK's own run_stdio_async, with screened streams in place of the raw ones.
        tools = [tool.name for tool in self._tool_manager.list_tools()]
        async with cancelled_by_sigterm(self.termination):
            with screened_stdio(self.work.stop_all, tools) as (lines, wire):
                # The SDK types its streams as anyio.AsyncFile; it only iterates, writes,
                # flushes.
                streams = stdio_server(stdin=lines, stdout=wire)  # type: ignore[arg-type]
                async with streams as (read_stream, write_stream):
                    await self._lowlevel_server.run(
                        read_stream,
                        write_stream,
                        self._lowlevel_server.create_initialization_options(),
                    )


def _with_judges(schema: dict[str, Any], judges: list[str]) -> dict[str, Any]:
    """``schema`` with its ``judge`` argument's strings limited to the judges there are, as
    the API's document limits its requests' (``judge_schema``)."""
    judge = schema.get("properties", {}).get("judge")
    if judge is None:
        return schema
    properties = {**schema["properties"], "judge": with_judge_enum(judge, judges)}
    return {**schema, "properties": properties}


def _escaped(result: CallToolResult | InputRequiredResult) -> CallToolResult | InputRequiredResult:
    """A tool's JSON text with what a terminal would obey (bidi overrides, C1 controls) as
    ``\\u`` escapes, as the API and ``--json`` write it (``claimaudit.guards.jsonsafe``); the
    structured content is escaped as the wire writes it (``mcp_wire.Wire``)."""
    if not isinstance(result, CallToolResult) or result.is_error:
        return result  # an error's text is one safe line already (``safe_line``)
    content = [
        block.model_copy(update={"text": escape_unsafe(block.text)})
        if isinstance(block, TextContent)
        else block
        for block in result.content
    ]
    return result.model_copy(update={"content": content})


def build_server(service: Service) -> ScreenedMCPServer:
    server = ScreenedMCPServer(
        name="claimaudit",
        title="claimaudit",
        version=__version__,
        instructions=instructions(default_judge_name()),
        # stdio carries the protocol on stdout; the SDK logs to stderr, and only warnings.
        log_level="WARNING",
    )
    # The SDK has just put its own handler on the root logger (warnings to stderr): it must
    # redact as --debug's does, since a library's warning may quote a URL with a key.
    redact_root_handlers()
    for register in TOOLSETS:
        register(server, service)
    return server


def run_stdio(
    library: Path, timeout: float | None = None, termination: Termination | None = None
) -> bool:
    """Serve until the client closes stdin (False) or SIGTERM ends the session (True).
    ``termination``: ``sigterm_noted``'s, where a SIGTERM may have come already; the session
    is then not begun."""
    termination = termination if termination is not None else Termination()
    service = Service(library, advice=mcp_advice, timeout=timeout)
    service.ensure_library()
    try:
        if not termination.requested:
            server = build_server(service)
            server.termination = termination
            server.run("stdio")
    finally:
        service.close()
    return termination.requested
