"""``claimaudit mcp``: the checker as tools for a research agent, over MCP on stdio.

Built on the official MCP Python SDK (``MCPServer``). Tools return the same JSON as the HTTP
API (review records exactly as ``claimaudit check --format json`` writes them). A request the
service refuses (empty claim, unknown judge, paper not in the library, ...) comes back as a tool
error with the same one-line message the API gives. A check or review whose call the client
cancels, or whose client goes away, stops as an HTTP one does (``claimaudit.server.mcp_cancel``);
so does a library tool's (a cancelled ``library_add`` stores nothing).

Tools are registered per feature (``register_*``), so another feature adds one function.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.context import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.stdio import stdio_server
from mcp.types import CallToolResult, InputRequiredResult, TextContent
from mcp.types import Tool as ToolInfo
from pydantic import Field, ValidationError

from claimaudit import __version__
from claimaudit.errors import CancelledWorkError, as_known
from claimaudit.jsonsafe import escape_unsafe
from claimaudit.logredaction import redact_root_handlers
from claimaudit.policy import DEFAULT_THRESHOLD
from claimaudit.redaction import safe_line
from claimaudit.search_words import search_words
from claimaudit.server.advice import mcp_advice, request_message
from claimaudit.server.judges import MAX_MODEL_CHARS
from claimaudit.server.mcp_cancel import ToolWork
from claimaudit.server.mcp_stdio import screened_stdio
from claimaudit.server.service import MAX_LIST_LIMIT, MAX_SEARCH_LIMIT, Reviewed, Service
from claimaudit.server.validation import EXTRA_FIELD, field_errors

T = TypeVar("T")
_log = logging.getLogger("claimaudit.mcp")

# The arguments several tools share, described once.
Topic = Annotated[str | None, Field(description="Extra query words for evidence selection.")]
JudgeName = Annotated[str | None, Field(description="Judge backend (default local).")]
# Its length and text are the service's to refuse, in the API's words; the schema says the limit.
ModelId = Annotated[
    str | None,
    Field(
        description="Model id for a judge that takes one (jev, openai); the openai judge needs "
        "one unless the server sets OPENAI_MODEL.",
        json_schema_extra={"maxLength": MAX_MODEL_CHARS},
    ),
]
Threshold = Annotated[
    float | None,
    Field(
        ge=0.0,
        le=1.0,
        allow_inf_nan=False,
        description="Confidence below which a record needs review (default: the judge's "
        f"validated threshold, else {DEFAULT_THRESHOLD}).",
    ),
]
BibliographyText = Annotated[
    str | None,
    Field(
        description="BibTeX or CSL-JSON text resolving the draft's citation keys; this or "
        "bibliography_path is needed when the draft names a bibliography file."
    ),
]
BibliographyPath = Annotated[
    str | None,
    Field(description="Or: a .bib, CSL-JSON .json or CSL YAML .yaml file on this machine."),
]

INSTRUCTIONS = (
    "claimaudit checks whether the papers cited for a claim support it, and where. Call "
    "check_claim with one sentence and the references you cite for it: each paper gets its own "
    "record with a verdict (supports, contradicts, not_addressed, insufficient_evidence, or "
    "not_checked for an operational failure) and a passage copied verbatim from the paper. "
    "Treat needsReview=true as 'do not cite this as support without reading the evidence'. "
    "To check a whole draft, call review_report with its Markdown, or review_latex with its "
    "LaTeX. Each takes judge (default local) and, for the jev and openai judges, model. "
    "Papers must be in the local library: find them with library_list or library_search, and "
    "add a file with library_add."
)


def _answer(work: Callable[[], T]) -> T:
    """Run a service call; a refusal the service knows becomes a clear tool error.

    Anything else is a one-line tool error too, and one line on stderr: a traceback there (a
    RecursionError's runs to 100 KB) can stall a client that does not drain stderr."""
    try:
        return work()
    except Exception as exc:
        known = as_known(exc)
        if known is not None:
            raise ToolError(safe_line(request_message(known))) from None
        _log.error("tool failed: %s", type(exc).__name__)
        raise ToolError(
            f"internal error ({type(exc).__name__}); the request was not carried out"
        ) from None


def register_check_tools(server: ScreenedMCPServer, service: Service) -> None:
    from claimaudit.server.schemas import check_wire

    @server.tool(
        title="Check a claim against papers",
        description=(
            "Check one claim against each cited paper in the local library; returns one review "
            "record per paper, in the order given."
        ),
    )
    async def check_claim(
        claim: Annotated[str, Field(description="The sentence to check.")],
        papers: Annotated[
            list[str],
            Field(description="Paper references: arXiv id or URL, DOI, or prefix:id."),
        ],
        topic: Topic = None,
        judge: JudgeName = None,
        model: ModelId = None,
        threshold: Threshold = None,
    ) -> dict[str, Any]:
        checked = await server.work.run(
            lambda cancel: _answer(
                lambda: service.check(
                    claim,
                    papers,
                    topic=topic,
                    judge=judge,
                    model=model,
                    threshold=threshold,
                    cancel=cancel,
                )
            )
        )
        return check_wire(checked)


def register_review_tools(server: ScreenedMCPServer, service: Service) -> None:
    from claimaudit.server.review_schemas import review_wire

    async def review(
        call: Callable[..., Reviewed],
        draft: str,
        bibliography: str | None,
        bibliography_path: str | None,
        topic: str | None,
        judge: str | None,
        model: str | None,
        threshold: float | None,
    ) -> dict[str, Any]:
        path = Path(bibliography_path).expanduser() if bibliography_path else None
        reviewed = await server.work.run(
            lambda cancel: _answer(
                lambda: call(
                    draft,
                    bibliography=bibliography,
                    bibliography_path=path,
                    topic=topic,
                    judge=judge,
                    model=model,
                    threshold=threshold,
                    cancel=cancel,
                )
            )
        )
        return review_wire(reviewed)

    @server.tool(
        title="Review a Markdown draft",
        description=(
            "Check every cited sentence of a Markdown draft against each paper it cites "
            "(Pandoc keys such as [@key] via a bibliography, numbered references with a "
            "References section, arXiv ids and DOIs in the text). Returns one record per "
            "(sentence, paper) with the sentence's position, the uncited sentences, a summary "
            "and the draft annotated with a footnote per cited sentence."
        ),
    )
    async def review_report(
        markdown: Annotated[str, Field(description="The draft's Markdown text.")],
        bibliography: BibliographyText = None,
        bibliography_path: BibliographyPath = None,
        topic: Topic = None,
        judge: JudgeName = None,
        model: ModelId = None,
        threshold: Threshold = None,
    ) -> dict[str, Any]:
        return await review(
            service.review,
            markdown,
            bibliography,
            bibliography_path,
            topic,
            judge,
            model,
            threshold,
        )

    @server.tool(
        title="Review a LaTeX draft",
        description=(
            "Check every cited sentence of a LaTeX draft (one file: an \\input in it is "
            "refused) against each paper it cites (\\cite, \\citep, \\parencite ... keys "
            "through its thebibliography or a bibliography; arXiv ids and DOIs in the text). "
            "Returns what review_report returns, the draft annotated with a % comment line "
            "per paper after each cited sentence."
        ),
    )
    async def review_latex(
        latex: Annotated[str, Field(description="The draft's LaTeX text.")],
        bibliography: BibliographyText = None,
        bibliography_path: BibliographyPath = None,
        topic: Topic = None,
        judge: JudgeName = None,
        model: ModelId = None,
        threshold: Threshold = None,
    ) -> dict[str, Any]:
        return await review(
            service.review_latex,
            latex,
            bibliography,
            bibliography_path,
            topic,
            judge,
            model,
            threshold,
        )


def register_library_tools(server: ScreenedMCPServer, service: Service) -> None:
    from claimaudit.library.wire import Added, Hit, Paper

    @server.tool(title="List library papers", description="Papers in the local library.")
    async def library_list(
        query: Annotated[
            str | None, Field(description="Only papers whose reference or title contains this.")
        ] = None,
        limit: Annotated[int, Field(ge=1, le=MAX_LIST_LIMIT)] = 100,
    ) -> dict[str, Any]:
        papers, total = await _cancellable(
            server, lambda cancel: _begun(cancel, lambda: service.paper_listing(query, limit))
        )
        return {"papers": [Paper.of(p).wire() for p in papers], "total": total}

    @server.tool(
        title="Search library passages",
        description="Passages of library papers that best match plain words (BM25), best first.",
    )
    async def library_search(
        # At least a character, as the API's q: an empty query would find nothing, silently.
        query: Annotated[str, Field(min_length=1, description="Plain words, no syntax.")],
        ref: Annotated[str | None, Field(description="Search only this paper.")] = None,
        limit: Annotated[int, Field(ge=1, le=MAX_SEARCH_LIMIT)] = 10,
    ) -> dict[str, Any]:
        hits = await _cancellable(
            server, lambda cancel: _begun(cancel, lambda: service.search(query, ref, limit))
        )
        return {
            "hits": [Hit.of(h).wire() for h in hits],
            "leftOut": list(search_words(query).left_out),
        }

    @server.tool(
        title="Add a paper to the library",
        description=(
            "Ingest a paper file or folder from this machine (PDF, LaTeX, Markdown, text, or a "
            "folder with one paper's source) under a reference such as arXiv:1706.03762v5."
        ),
    )
    async def library_add(
        path: Annotated[str, Field(description="Path of the file or folder on this machine.")],
        ref: Annotated[
            str | None, Field(description="The paper's reference (default: from the file name).")
        ] = None,
        title: Annotated[str | None, Field(description="Title (default: from the file).")] = None,
        replace: Annotated[bool, Field(description="Overwrite different content.")] = False,
    ) -> dict[str, Any]:
        # Reading a big PDF takes a while: a call cancelled meanwhile (or whose client goes)
        # stores nothing, and a PDF being read stops (its child process is killed).
        result = await _cancellable(
            server,
            lambda cancel: service.add_file(
                Path(path).expanduser(), ref=ref, title=title, replace=replace, cancel=cancel
            ),
        )
        return Added.of(result).wire()


async def _cancellable(server: ScreenedMCPServer, work: Callable[[threading.Event], T]) -> T:
    """``work(cancel)`` answered as ``_answer`` does, on a worker thread that a cancelled call
    or a client gone stops (``ToolWork``)."""
    return await server.work.run(lambda cancel: _answer(lambda: work(cancel)))


def _begun(cancel: threading.Event, work: Callable[[], T]) -> T:
    """``work()``, unless the call was cancelled while it waited for a thread: one query is
    quick, so not beginning it is all there is to stop."""
    if cancel.is_set():
        raise CancelledWorkError("cancelled before it began")
    return work()


# One entry per feature; each registers its tools on the server.
TOOLSETS = (register_check_tools, register_review_tools, register_library_tools)


class ScreenedMCPServer(MCPServer):
    """The SDK's server, its stdio input screened first (see ``claimaudit.server.mcp_stdio``),
    and its tools' arguments checked as the API checks a request body: strictly (no string read
    as a number), unknown arguments refused, and a refusal reads as the API's ("papers: Field
    required"), one line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.work = ToolWork()

    async def list_tools(self) -> list[ToolInfo]:
        tools = await super().list_tools()
        for tool in tools:
            tool.input_schema = {**tool.input_schema, "additionalProperties": False}
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
        if tool is not None:
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
        with screened_stdio(self.work.stop_all) as (lines, wire):
            # The SDK types its streams as anyio.AsyncFile; it only iterates, writes, flushes.
            streams = stdio_server(stdin=lines, stdout=wire)  # type: ignore[arg-type]
            async with streams as (read_stream, write_stream):
                await self._lowlevel_server.run(
                    read_stream,
                    write_stream,
                    self._lowlevel_server.create_initialization_options(),
                )


def _escaped(result: CallToolResult | InputRequiredResult) -> CallToolResult | InputRequiredResult:
    """A tool's JSON text with what a terminal would obey (bidi overrides, C1 controls) as
    ``\\u`` escapes, as the API and ``--json`` write it (``claimaudit.jsonsafe``); the
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
        instructions=INSTRUCTIONS,
        # stdio carries the protocol on stdout; the SDK logs to stderr, and only warnings.
        log_level="WARNING",
    )
    # The SDK has just put its own handler on the root logger (warnings to stderr): it must
    # redact as --debug's does, since a library's warning may quote a URL with a key.
    redact_root_handlers()
    for register in TOOLSETS:
        register(server, service)
    return server


def run_stdio(library: Path) -> None:
    service = Service(library, advice=mcp_advice)
    service.ensure_library()
    try:
        build_server(service).run("stdio")
    finally:
        service.close()
