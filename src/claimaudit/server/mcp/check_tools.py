"""The MCP tool that checks one claim against papers (``check_claim``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from mcp.server.mcpserver.context import Context
from pydantic import Field

from claimaudit.server.mcp.arguments import JudgeName, ModelId, Threshold, Topic
from claimaudit.server.mcp.tool_calls import answer, progress_reporter
from claimaudit.server.schemas import CLAIM_FIELD, PAPERS_FIELD
from claimaudit.server.service import MAX_PAPERS_PER_CHECK, Service

if TYPE_CHECKING:
    from claimaudit.server.mcp.server import ScreenedMCPServer


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
        progress = progress_reporter(ctx)
        checked = await server.work.run(
            lambda cancel: answer(
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
