"""The MCP tools that review a draft (``review_report``, ``review_latex``): one signature,
written once (``ReviewArguments``), for both."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Annotated, Any, get_type_hints

from mcp.server.mcpserver.context import Context
from pydantic import Field

from claimaudit.server.drafts import bibliography_file
from claimaudit.server.mcp.arguments import (
    BibliographyFormat,
    BibliographyPath,
    BibliographyText,
    JudgeName,
    ModelId,
    OldBibliographyFormat,
    OldBibliographyPath,
    Threshold,
    Topic,
)
from claimaudit.server.mcp.tool_calls import answer, progress_reporter, renamed
from claimaudit.server.service import Reviewed, Service

if TYPE_CHECKING:
    from claimaudit.server.mcp.server import ScreenedMCPServer


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
        progress = progress_reporter(ctx)
        bibliography_format = renamed(
            "bibliographyFormat",
            sent.bibliographyFormat,
            "bibliography_format",
            sent.bibliography_format,
        )
        bibliography_path = renamed(
            "bibliographyPath", sent.bibliographyPath, "bibliography_path", sent.bibliography_path
        )
        reviewed = await server.work.run(
            lambda cancel: answer(
                lambda: call(
                    draft,
                    bibliography=sent.bibliography,
                    bibliography_format=bibliography_format,
                    # Read inside ``answer``: a name no file can have is a known refusal.
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
