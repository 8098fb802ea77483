"""The MCP tools that read and fill the library: list, search, add a file, add from arXiv."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from claimaudit.identity import MAX_REF_CHARS
from claimaudit.inputs import MAX_TITLE_CHARS
from claimaudit.library.search_words import MAX_SEARCH_LIMIT, MAX_SEARCH_QUERY_CHARS
from claimaudit.server.library_service import (
    LIST_LIMIT,
    MAX_FILTER_CHARS,
    MAX_LIST_LIMIT,
    MAX_LIST_OFFSET,
)
from claimaudit.server.mcp.arguments import Reference
from claimaudit.server.mcp.tool_calls import begun, cancellable
from claimaudit.server.service import Service

if TYPE_CHECKING:
    from claimaudit.server.mcp.server import ScreenedMCPServer


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
        ] = LIST_LIMIT,
        offset: Annotated[
            int,
            Field(
                ge=0,
                le=MAX_LIST_OFFSET,
                description="Papers to pass over first (0-based), to page past `limit`.",
            ),
        ] = 0,
    ) -> dict[str, Any]:
        papers, total = await cancellable(
            server,
            lambda cancel: begun(cancel, lambda: service.paper_listing(query, limit, offset)),
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
        hits, more, words = await cancellable(
            server,
            lambda cancel: begun(
                cancel, lambda: service.search_page(query, ref, limit, exact=exact)
            ),
        )
        return HitList.of(hits, query, more=more, words=words).wire()

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
        result = await cancellable(
            server,
            lambda cancel: service.add_file(
                named_path(path),
                ref=ref,
                title=title,
                replace=replace,
                cancel=cancel,
                written=path,
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
        result = await cancellable(
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
