"""The MCP tools that read or remove one stored paper: show it (a page of its passages), read
one passage in its context, remove it. Each is the HTTP route's on the same service call
(``GET /v1/library/{ref}``, ``GET .../passages/{id}``, ``DELETE /v1/library/{ref}``), with
the same limits, answer and refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from claimaudit.server.library_service import (
    CONTENT_HASH,
    DEFAULT_PASSAGE_LIMIT,
    EXTRACTOR,
    MAX_CONTEXT,
    MAX_LIST_OFFSET,
    MAX_PASSAGE_LIMIT,
)
from claimaudit.server.mcp.arguments import StoredRef
from claimaudit.server.mcp.tool_calls import begun, cancellable
from claimaudit.server.service import Service

if TYPE_CHECKING:
    from claimaudit.server.mcp.server import ScreenedMCPServer

Edition = Annotated[
    bool,
    Field(
        description="Read only the copy stored under exactly ref, never a newer version of the "
        "work (an unversioned copy kept beside stored versions; a record's matchedRef)."
    ),
]


def register_paper_tools(server: ScreenedMCPServer, service: Service) -> None:
    from claimaudit.library.wire import Paper, PassageOut
    from claimaudit.server.schemas import PaperDetail, PassageInContext, Removed

    @server.tool(
        title="Show a library paper",
        description="A stored paper's metadata and a page of its passages with their ids, in "
        "document order; the paper's passages counts them all.",
    )
    async def library_show(
        ref: StoredRef,
        exact: Edition = False,
        limit: Annotated[
            int,
            Field(ge=1, le=MAX_PASSAGE_LIMIT, description="The most passages to return."),
        ] = DEFAULT_PASSAGE_LIMIT,
        offset: Annotated[
            int,
            Field(
                ge=0,
                le=MAX_LIST_OFFSET,
                description="Passages to pass over first (0-based), to page past `limit`.",
            ),
        ] = 0,
    ) -> dict[str, Any]:
        stored, passages = await cancellable(
            server,
            lambda cancel: begun(
                cancel,
                lambda: service.paper(ref, exact=exact, limit=limit, offset=offset),
            ),
        )
        detail = PaperDetail(paper=Paper.of(stored), passages=[PassageOut.of(p) for p in passages])
        return detail.wire()

    @server.tool(
        title="Read a passage",
        description="One passage of a stored paper by its id (a record's evidencePassageId), "
        "with the passages before and after it.",
    )
    async def library_passage(
        ref: StoredRef,
        passageId: Annotated[  # camelCase, as every other argument and record field
            str, Field(description="The passage's id: P001, a record's evidencePassageId.")
        ],
        context: Annotated[
            int,
            Field(ge=0, le=MAX_CONTEXT, description="Passages to return on each side."),
        ] = 1,
        exact: Edition = False,
        contentHash: Annotated[
            str | None,
            Field(
                pattern=CONTENT_HASH,
                description="Answer only if the paper is still stored with this content (a "
                "record's paperContentHash), else refuse: it was re-added since.",
            ),
        ] = None,
        extractor: Annotated[
            str | None,
            Field(
                pattern=EXTRACTOR,
                description="Answer only if the paper's passages are still this reader's (a "
                "record's paperExtractor), else refuse: a newer reader read it again since.",
            ),
        ] = None,
    ) -> dict[str, Any]:
        found = await cancellable(
            server,
            lambda cancel: begun(
                cancel,
                lambda: service.passage(
                    ref,
                    passageId,
                    context,
                    exact=exact,
                    content_hash=contentHash,
                    extractor=extractor,
                ),
            ),
        )
        return PassageInContext.of(found).wire()

    @server.tool(
        title="Remove a library paper",
        description="Remove a stored paper and the judgements of it in the results cache. An "
        "unversioned reference matching several stored copies is refused, naming them.",
    )
    async def library_remove(
        ref: StoredRef,
        exact: Annotated[
            bool,
            Field(
                description="Remove only the copy stored under exactly ref (an unversioned "
                "copy kept beside stored versions)."
            ),
        ] = False,
    ) -> dict[str, Any]:
        # One transaction: a call cancelled once it has begun removes the paper all the same.
        removed = await cancellable(
            server, lambda cancel: begun(cancel, lambda: service.remove(ref, exact=exact))
        )
        return Removed(removed=Paper.of(removed)).wire()

    server.outputs.update(
        library_show=PaperDetail, library_passage=PassageInContext, library_remove=Removed
    )
