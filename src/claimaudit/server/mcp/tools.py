"""The MCP server's tools, registered per feature (``register_*``): another feature adds one
function to ``TOOLSETS``. Each calls the service on a worker thread that a cancelled call or a
client gone stops (``claimaudit.server.mcp.cancel``); a refusal the service knows is a tool
error in the API's words, and a long call reports its progress when the client asks."""

from __future__ import annotations

import contextlib
import inspect
import logging
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, get_type_hints

import anyio.from_thread
from mcp.server.mcpserver.context import Context
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from claimaudit.bibfile import BibFormat
from claimaudit.checker.policy import DEFAULT_THRESHOLD
from claimaudit.errors import CancelledWorkError, as_known
from claimaudit.guards.jsonsafe import escape_unsafe_text
from claimaudit.identity import MAX_REF_CHARS
from claimaudit.inputs import MAX_TITLE_CHARS, MAX_TOPIC_CHARS
from claimaudit.library.search_words import MAX_SEARCH_LIMIT, MAX_SEARCH_QUERY_CHARS
from claimaudit.net.redaction import safe_line
from claimaudit.server.advice import tool_message
from claimaudit.server.drafts import bibliography_file
from claimaudit.server.judges import MAX_MODEL_CHARS
from claimaudit.server.schemas import CLAIM_FIELD, JUDGE_FIELD, PAPERS_FIELD
from claimaudit.server.service import (
    MAX_FILTER_CHARS,
    MAX_LIST_LIMIT,
    MAX_LIST_OFFSET,
    MAX_PAPERS_PER_CHECK,
    Reviewed,
    Service,
)

if TYPE_CHECKING:
    from claimaudit.server.mcp.server import ScreenedMCPServer

T = TypeVar("T")
_log = logging.getLogger("claimaudit.mcp")

# The arguments several tools share, described once. The limits a schema states are the
# service's, which refuses past them in the API's words (a schema's own would be pydantic's).
Topic = Annotated[
    str | None,
    Field(
        description="Extra query words for evidence selection.",
        json_schema_extra={"maxLength": MAX_TOPIC_CHARS},
    ),
]
# Its enum is the judges registered when the tools are listed (``mcp._with_judges``).
JudgeName = Annotated[str | None, Field(description=JUDGE_FIELD)]
Reference = Annotated[
    str | None,
    Field(
        description="The paper's reference (default: from the file name).",
        json_schema_extra={"maxLength": MAX_REF_CHARS},
    ),
]
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
        description="BibTeX, CSL-JSON or CSL YAML text resolving the draft's citation keys; "
        "this or bibliographyPath is needed when the draft names a bibliography file."
    ),
]
# The API's ``bibliography.format``: the same names, described alike.
BibliographyFormat = Annotated[
    BibFormat | None,
    Field(
        description="The format of bibliography: bibtex, csl-json or csl-yaml (Pandoc's CSL "
        "YAML); by default CSL-JSON when the text starts with [ or {, else BibTeX."
    ),
]
BibliographyPath = Annotated[
    str | None,
    Field(description="Or: a .bib, CSL-JSON .json or CSL YAML .yaml file on this machine."),
]
# The first names of bibliographyFormat and bibliographyPath, snake_case where every other
# argument is camelCase: still taken, so that no client's call breaks, and marked deprecated.
OldBibliographyFormat = Annotated[
    BibFormat | None,
    Field(
        description="Deprecated: the old name of bibliographyFormat.",
        json_schema_extra={"deprecated": True},
    ),
]
OldBibliographyPath = Annotated[
    str | None,
    Field(
        description="Deprecated: the old name of bibliographyPath.",
        json_schema_extra={"deprecated": True},
    ),
]


def _renamed(name: str, value: T | None, old: str, old_value: T | None) -> T | None:
    """The argument sent as ``name`` or under its deprecated name ``old``; both sent with
    different values is refused, since either could be the one meant."""
    if value is not None and old_value is not None and value != old_value:
        raise ToolError(f"{name} and {old} (its deprecated name) differ: send {name} only")
    return value if value is not None else old_value


def _answer(work: Callable[[], T]) -> T:
    """Run a service call; a refusal the service knows becomes a clear tool error.

    Anything else is a one-line tool error too, and one line on stderr: a traceback there (a
    RecursionError's runs to 100 KB) can stall a client that does not drain stderr."""
    try:
        return work()
    except Exception as exc:
        known = as_known(exc)
        if known is not None:
            # Escaped as the text it is, not only on the wire: a client shows the message as
            # text, and it may quote what was sent (a path holding ESC or U+202E).
            raise ToolError(escape_unsafe_text(safe_line(tool_message(known)))) from None
        _log.error("tool failed: %s", type(exc).__name__)
        raise ToolError(
            f"internal error ({type(exc).__name__}); the request was not carried out"
        ) from None


def register_check_tools(server: ScreenedMCPServer, service: Service) -> None:
    from claimaudit.server.schemas import CheckResponse, check_wire

    @server.tool(
        title="Check a claim against papers",
        description=(
            "Check one claim against each cited paper in the local library; returns one review "
            "record per paper, in the order given."
        ),
    )
    async def check_claim(
        # The claim's limit and a reference's are the service's, stated as the API states
        # them (``schemas.CLAIM_FIELD``, ``schemas.PAPERS_FIELD``).
        claim: Annotated[str, Field(description=CLAIM_FIELD)],
        papers: Annotated[
            list[str],
            Field(
                description=PAPERS_FIELD,
                json_schema_extra={"minItems": 1, "maxItems": MAX_PAPERS_PER_CHECK},
            ),
        ],
        ctx: Context[Any, Any],
        topic: Topic = None,
        judge: JudgeName = None,
        model: ModelId = None,
        threshold: Threshold = None,
    ) -> dict[str, Any]:
        progress = _progress(ctx)
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
                    on_progress=progress(cancel),
                )
            )
        )
        return check_wire(checked)

    server.outputs["check_claim"] = CheckResponse


@dataclass(frozen=True)
class ReviewArguments:
    """The arguments ``review_report`` and ``review_latex`` share, after the draft, in their
    order on the wire. Written once: FastMCP reads a tool's input schema from its signature,
    and each review tool's signature is built from these fields (``_review_tool``), so the two
    tools cannot come to differ in a name, a type, a description or a default."""

    bibliography: BibliographyText = None
    # camelCase, as every other argument and record field: the tool's names on the wire.
    bibliographyFormat: BibliographyFormat = None
    bibliographyPath: BibliographyPath = None
    topic: Topic = None
    judge: JudgeName = None
    model: ModelId = None
    threshold: Threshold = None
    bibliography_format: OldBibliographyFormat = None
    bibliography_path: OldBibliographyPath = None


def _review_parameters() -> list[inspect.Parameter]:
    """``ReviewArguments``' fields as a function's parameters, their types with their
    descriptions and limits (``Annotated``), as written in a tool's own signature."""
    hints = get_type_hints(ReviewArguments, include_extras=True)
    return [
        inspect.Parameter(
            field.name,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=field.default,
            annotation=hints[field.name],
        )
        for field in fields(ReviewArguments)
    ]


def register_review_tools(server: ScreenedMCPServer, service: Service) -> None:
    from claimaudit.server.review_schemas import ReviewResponse, review_wire

    async def review(
        call: Callable[..., Reviewed], ctx: Context[Any, Any], draft: str, sent: ReviewArguments
    ) -> dict[str, Any]:
        progress = _progress(ctx)
        bibliography_format = _renamed(
            "bibliographyFormat",
            sent.bibliographyFormat,
            "bibliography_format",
            sent.bibliography_format,
        )
        bibliography_path = _renamed(
            "bibliographyPath", sent.bibliographyPath, "bibliography_path", sent.bibliography_path
        )
        reviewed = await server.work.run(
            lambda cancel: _answer(
                lambda: call(
                    draft,
                    bibliography=sent.bibliography,
                    bibliography_format=bibliography_format,
                    # Read inside ``_answer``: a name no file can have is a known refusal.
                    bibliography_path=bibliography_file(bibliography_path),
                    topic=sent.topic,
                    judge=sent.judge,
                    model=sent.model,
                    threshold=sent.threshold,
                    cancel=cancel,
                    on_progress=progress(cancel),
                )
            )
        )
        return review_wire(reviewed)

    def _review_tool(
        name: str, draft: str, draft_description: str, call: Callable[..., Reviewed]
    ) -> Callable[..., Awaitable[dict[str, Any]]]:
        """The tool ``name``: the draft's text as argument ``draft``, then ``ReviewArguments``."""

        async def tool(ctx: Context[Any, Any], **arguments: Any) -> dict[str, Any]:
            text = arguments.pop(draft)
            return await review(call, ctx, text, ReviewArguments(**arguments))

        signature = inspect.Signature(
            [
                inspect.Parameter(
                    draft,
                    inspect.Parameter.POSITIONAL_OR_KEYWORD,
                    annotation=Annotated[str, Field(description=draft_description)],
                ),
                inspect.Parameter(
                    "ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Context[Any, Any]
                ),
                *_review_parameters(),
            ],
            return_annotation=dict[str, Any],
        )
        # What the SDK reads: the schema from ``inspect.signature`` (which gives
        # ``__signature__``), the context argument from the annotations, the name for the
        # schema's title ("review_reportArguments").
        tool.__signature__ = signature  # type: ignore[attr-defined]
        tool.__annotations__ = {
            **{p.name: p.annotation for p in signature.parameters.values()},
            "return": signature.return_annotation,
        }
        tool.__name__ = tool.__qualname__ = name
        return tool

    server.tool(
        title="Review a Markdown draft",
        description=(
            "Check every cited sentence of a Markdown draft against each paper it cites "
            "(Pandoc keys such as [@key] via a bibliography, numbered references with a "
            "References section, arXiv ids and DOIs in the text). Returns one record per "
            "(sentence, paper) with the sentence's position, the uncited sentences, a summary "
            "and the draft annotated with a footnote per cited sentence."
        ),
    )(_review_tool("review_report", "markdown", "The draft's Markdown text.", service.review))
    server.tool(
        title="Review a LaTeX draft",
        description=(
            "Check every cited sentence of a LaTeX draft (one file: an \\input in it is "
            "refused) against each paper it cites (\\cite, \\citep, \\parencite ... keys "
            "through its thebibliography or a bibliography; arXiv ids and DOIs in the text). "
            "Returns what review_report returns, the draft annotated with a % comment line "
            "per paper after each cited sentence."
        ),
    )(_review_tool("review_latex", "latex", "The draft's LaTeX text.", service.review_latex))

    server.outputs["review_report"] = server.outputs["review_latex"] = ReviewResponse


def register_library_tools(server: ScreenedMCPServer, service: Service) -> None:
    from claimaudit.library.ingest import named_path
    from claimaudit.library.wire import Added, HitList, Paper
    from claimaudit.server.schemas import PaperList

    @server.tool(title="List library papers", description="Papers in the local library.")
    async def library_list(
        # At most as long as the API's q (a filter typed into a box, not a text to search).
        query: Annotated[
            str | None,
            Field(
                max_length=MAX_FILTER_CHARS,
                description="Only papers whose reference or title contains this.",
            ),
        ] = None,
        limit: Annotated[
            int, Field(ge=1, le=MAX_LIST_LIMIT, description="The most papers to list.")
        ] = 100,
        offset: Annotated[
            int,
            Field(
                ge=0,
                le=MAX_LIST_OFFSET,
                description="Papers to pass over first (0-based), to page past `limit`.",
            ),
        ] = 0,
    ) -> dict[str, Any]:
        papers, total = await _cancellable(
            server,
            lambda cancel: _begun(cancel, lambda: service.paper_listing(query, limit, offset)),
        )
        return {"papers": [Paper.of(p).wire() for p in papers], "total": total}

    @server.tool(
        title="Search library passages",
        description="Passages of library papers that best match plain words (BM25), best first.",
    )
    async def library_search(
        # At least a character, as the API's q: the service refuses an empty query in the
        # words every surface uses (the schema documents it).
        query: Annotated[
            str,
            Field(
                max_length=MAX_SEARCH_QUERY_CHARS,  # as the API's q
                description="Plain words, no syntax.",
                json_schema_extra={"minLength": 1},
            ),
        ],
        ref: Annotated[
            str | None,
            Field(
                description="Search only this paper.",
                json_schema_extra={"maxLength": MAX_REF_CHARS},
            ),
        ] = None,
        limit: Annotated[
            int, Field(ge=1, le=MAX_SEARCH_LIMIT, description="The most passages to return.")
        ] = 10,
        exact: Annotated[
            bool,
            Field(
                description="With ref: search only the copy stored under exactly that "
                "reference (an unversioned copy kept beside stored versions, a hit's exact)."
            ),
        ] = False,
    ) -> dict[str, Any]:
        hits, more = await _cancellable(
            server,
            lambda cancel: _begun(
                cancel, lambda: service.search_page(query, ref, limit, exact=exact)
            ),
        )
        return HitList.of(hits, query, more=more).wire()

    @server.tool(
        title="Add a paper to the library",
        description=(
            "Ingest a paper file or folder from this machine (PDF, LaTeX, Markdown, text, or a "
            "folder with one paper's source) under a reference such as arXiv:1706.03762v5. A "
            "relative path resolves against the server's working directory."
        ),
    )
    async def library_add(
        path: Annotated[str, Field(description="Path of the file or folder on this machine.")],
        ref: Reference = None,
        title: Annotated[
            str | None,
            Field(
                description="Title (default: from the file).",
                json_schema_extra={"maxLength": MAX_TITLE_CHARS},
            ),
        ] = None,
        replace: Annotated[bool, Field(description="Overwrite different content.")] = False,
    ) -> dict[str, Any]:
        # Reading a big PDF takes a while: a call cancelled meanwhile (or whose client goes)
        # stores nothing, and a PDF being read stops (its child process is killed).
        result = await _cancellable(
            server,
            lambda cancel: service.add_file(
                named_path(path), ref=ref, title=title, replace=replace, cancel=cancel
            ),
        )
        return Added.of(result).wire()

    @server.tool(
        title="Download an arXiv paper into the library",
        description=(
            "Download a paper from arXiv (its LaTeX source, else its PDF) and ingest it under "
            "its versioned reference with arXiv's title; an unversioned id gets the newest "
            "version. The version already stored is not downloaded again unless replace."
        ),
    )
    async def library_add_arxiv(
        ref: Annotated[
            str,
            Field(
                description="The arXiv paper: arXiv:1706.03762, 1706.03762v5 or its abs URL.",
                json_schema_extra={"minLength": 1, "maxLength": MAX_REF_CHARS},
            ),
        ],
        title: Annotated[
            str | None,
            Field(
                description="Title (default: arXiv's).",
                json_schema_extra={"maxLength": MAX_TITLE_CHARS},
            ),
        ] = None,
        replace: Annotated[
            bool, Field(description="Download and read it again though it is stored.")
        ] = False,
    ) -> dict[str, Any]:
        # A download takes seconds (arXiv spaces requests): a call cancelled meanwhile stores
        # nothing.
        result = await _cancellable(
            server,
            lambda cancel: service.add_arxiv(ref, title=title, replace=replace, cancel=cancel),
        )
        return Added.of(result).wire()

    server.outputs.update(
        library_list=PaperList,
        library_search=HitList,
        library_add=Added,
        library_add_arxiv=Added,
    )


async def _cancellable(server: ScreenedMCPServer, work: Callable[[threading.Event], T]) -> T:
    """``work(cancel)`` answered as ``_answer`` does, on a worker thread that a cancelled call
    or a client gone stops (``ToolWork``)."""
    return await server.work.run(lambda cancel: _answer(lambda: work(cancel)))


def _progress(
    ctx: Context[Any, Any],
) -> Callable[[threading.Event], Callable[[int, int], None] | None]:
    """For a call's ``cancel``, ``on_progress(done, total)`` for its work, sent as
    ``notifications/progress`` when the client asked for it (a ``progressToken``; else the SDK
    sends nothing) and the call is not cancelled. It is called on the work's thread, so each
    report is handed to the event loop."""
    try:
        ctx.request_context  # noqa: B018 (raises outside a request: a call made in-process)
    except ValueError:
        return lambda cancel: None

    def for_call(cancel: threading.Event) -> Callable[[int, int], None]:
        async def send(done: int, total: int) -> None:
            # Looked at on the event loop, where a cancellation sets ``cancel``: a call the
            # client cancelled before its work began reports nothing after it.
            if not cancel.is_set():
                await ctx.report_progress(done, total)

        def report(done: int, total: int) -> None:
            # A report that cannot be sent (the client gone) must not fail the work.
            with contextlib.suppress(Exception):
                anyio.from_thread.run(send, done, total)

        return report

    return for_call


def _begun(cancel: threading.Event, work: Callable[[], T]) -> T:
    """``work()``, unless the call was cancelled while it waited for a thread: one query is
    quick, so not beginning it is all there is to stop."""
    if cancel.is_set():
        raise CancelledWorkError("cancelled before it began")
    return work()


# One entry per feature; each registers its tools on the server.
TOOLSETS = (register_check_tools, register_review_tools, register_library_tools)
