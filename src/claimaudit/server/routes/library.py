"""``/v1/library``: list and suggest papers, search passages, read a passage in its context,
upload a paper file, remove a paper.

References go in the path URL-encoded (``doi%3A10.1371%2Fjournal.pcbi.1005510``); the path
converter accepts the slashes DOIs and old arXiv ids contain.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated

import anyio.to_thread
from fastapi import APIRouter, Depends, FastAPI, File, Form, Query, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from starlette.convertors import PathConvertor, register_url_convertor

from claimaudit.library.ingest import AddResult
from claimaudit.library.models import AddOutcome
from claimaudit.library.search_words import MAX_SEARCH_LIMIT, MAX_SEARCH_QUERY_CHARS
from claimaudit.library.wire import Added, HitList, Paper, PassageOut
from claimaudit.server.disconnect import run_until_disconnected
from claimaudit.server.error_docs import ANY_REQUEST, CODED_415, error_responses
from claimaudit.server.library_service import (
    CONTENT_HASH,
    DEFAULT_PASSAGE_LIMIT,
    EXTRACTOR,
    LIST_LIMIT,
    MAX_CONTEXT,
    MAX_FILTER_CHARS,
    MAX_LIST_LIMIT,
    MAX_LIST_OFFSET,
    MAX_PASSAGE_LIMIT,
)
from claimaudit.server.query import TRUE_OR_FALSE, WHOLE_NUMBER, each_query_parameter_once
from claimaudit.server.responses import JSONResponse
from claimaudit.server.schemas import (
    ArxivAddRequest,
    PaperDetail,
    PaperList,
    PassageInContext,
    Removed,
)
from claimaudit.server.state import AppState
from claimaudit.server.validation import EXTRA_FIELD

UPLOAD_PATH = "/v1/library"
ARXIV_PATH = "/v1/library/arxiv"
# (method, path) pairs whose bodies are paper files, under the upload size limit.
UPLOAD_ROUTES = frozenset({("POST", UPLOAD_PATH)})


class PaperPathConvertor(PathConvertor):
    """A reference in the path, slashes and all, but not the GET-only paths beside it: the
    search and a passage. Else the remove route matches them, a DELETE there is tried as a
    removal, and a 405 there names DELETE in ``Allow``."""

    regex = r"(?!search$)(?!.*/passages/[^/]+$).+"


register_url_convertor("paper", PaperPathConvertor())
# The upload's form fields; any other is refused, as a JSON body's unknown key is.
UPLOAD_FIELDS = frozenset({"file", "ref", "title", "replace"})


async def known_form_fields(request: Request) -> None:
    """422 for a form field the upload does not take (``colour: Extra inputs are not
    permitted``): it was ignored when sent once and refused as repeated when sent twice."""
    form = await request.form()
    unknown = sorted({name for name, _ in form.multi_items()} - UPLOAD_FIELDS)
    if unknown:
        errors = [
            {"type": "extra_forbidden", "loc": ("body", n), "msg": EXTRA_FIELD} for n in unknown
        ]
        raise RequestValidationError(errors)


ExactQuery = Annotated[
    bool,
    Query(
        description="Remove only the copy stored under exactly this reference (an unversioned "
        "copy kept beside stored versions of the work)."
    ),
    TRUE_OR_FALSE,
]


EditionQuery = Annotated[
    bool,
    Query(
        description="Read only the copy stored under exactly this reference, never a newer "
        "version of the work (the edition a record names as matchedRef)."
    ),
    TRUE_OR_FALSE,
]


def _added(result: AddResult) -> JSONResponse:
    """201 when a paper was stored (added or replaced), 200 when it was there already."""
    status = 200 if result.outcome is AddOutcome.UNCHANGED else 201
    return JSONResponse(Added.of(result).wire(), status_code=status)


def install(app: FastAPI, state: AppState) -> None:
    service = state.service
    router = APIRouter(
        tags=["library"],
        dependencies=[Depends(each_query_parameter_once)],
        responses=error_responses(*ANY_REQUEST, 400, 503),
    )

    # Plain `def` endpoints run on the thread pool: SQLite and ingestion never block the loop.
    @router.get("/v1/library", response_model=PaperList, summary="List or suggest papers")
    def list_papers(
        q: Annotated[
            str | None,
            Query(
                max_length=MAX_FILTER_CHARS,
                description="Only papers whose ref or title contains this.",
            ),
        ] = None,
        limit: Annotated[int, Query(ge=1, le=MAX_LIST_LIMIT), WHOLE_NUMBER] = LIST_LIMIT,
        offset: Annotated[
            int,
            Query(
                ge=0,
                le=MAX_LIST_OFFSET,
                description="Papers to skip first (0-based), to page through a library larger "
                "than one list; `total` counts them all.",
            ),
            WHOLE_NUMBER,
        ] = 0,
    ) -> PaperList:
        papers, total = service.paper_listing(q, limit, offset)
        return PaperList(papers=[Paper.of(p) for p in papers], total=total)

    @router.get(
        "/v1/library/search",
        response_model=HitList,
        responses=error_responses(404),
        summary="Search passages",
    )
    def search(
        # An empty q is the service's to refuse, in the words a query of no word gets on every
        # surface; the schema only documents it.
        q: Annotated[
            str,
            Query(
                max_length=MAX_SEARCH_QUERY_CHARS,
                description="Plain words.",
                json_schema_extra={"minLength": 1},
            ),
        ],
        ref: Annotated[str | None, Query(description="Search only this paper.")] = None,
        limit: Annotated[int, Query(ge=1, le=MAX_SEARCH_LIMIT), WHOLE_NUMBER] = 10,
        exact: Annotated[
            bool,
            Query(
                description="With `ref`: search only the copy stored under exactly that "
                "reference (an unversioned copy kept beside stored versions of the work, a "
                "hit's `exact`), as `library search --exact` does; without `ref`, 400."
            ),
            TRUE_OR_FALSE,
        ] = False,
    ) -> HitList:
        hits, more, words = service.search_page(q, ref, limit, exact=exact)
        return HitList.of(hits, q, more=more, words=words)

    @router.get(
        "/v1/library/{ref:path}/passages/{passage_id}",
        response_model=PassageInContext,
        responses=error_responses(404, 409),
        summary="One passage with its neighbours",
    )
    def passage(
        ref: str,
        passage_id: str,
        context: Annotated[
            int,
            Query(ge=0, le=MAX_CONTEXT, description="Passages to show on each side."),
            WHOLE_NUMBER,
        ] = 1,
        exact: EditionQuery = False,
        content_hash: Annotated[
            str | None,
            Query(
                alias="contentHash",
                pattern=CONTENT_HASH,
                description="Answer only if the paper is still stored with this content (a "
                "record's paperContentHash); 409 content_changed if it was re-added since.",
            ),
        ] = None,
        extractor: Annotated[
            str | None,
            Query(
                pattern=EXTRACTOR,
                description="Answer only if the paper's passages are still this reader's (a "
                "record's paperExtractor); 409 content_changed if a newer reader read the "
                "file again since.",
            ),
        ] = None,
    ) -> PassageInContext:
        return PassageInContext.of(
            service.passage(
                ref,
                passage_id,
                context,
                exact=exact,
                content_hash=content_hash,
                extractor=extractor,
            )
        )

    @router.get(
        "/v1/library/{ref:path}",
        response_model=PaperDetail,
        responses=error_responses(404),
        summary="One paper",
    )
    def paper(
        ref: str,
        exact: EditionQuery = False,
        # A page, as the listing pages papers: a long paper's passages run to megabytes.
        limit: Annotated[
            int,
            Query(
                ge=1,
                le=MAX_PASSAGE_LIMIT,
                description="The most passages to return; the paper's `passages` counts them all.",
            ),
            WHOLE_NUMBER,
        ] = DEFAULT_PASSAGE_LIMIT,
        offset: Annotated[
            int,
            Query(
                ge=0,
                le=MAX_LIST_OFFSET,
                description="Passages to skip first (0-based: 0 starts at the first), to page "
                "through a paper longer than one page.",
            ),
            WHOLE_NUMBER,
        ] = 0,
    ) -> PaperDetail:
        """The paper's metadata and a page of its passages in document order: at most `limit`
        of them from the `offset`-th; `paper.passages` counts them all, so the next page starts
        at `offset` plus the passages returned."""
        stored, passages = service.paper(ref, exact=exact, limit=limit, offset=offset)
        return PaperDetail(paper=Paper.of(stored), passages=[PassageOut.of(p) for p in passages])

    @router.delete(
        "/v1/library/{ref:paper}",
        response_model=Removed,
        responses=error_responses(404),
        summary="Remove a paper",
    )
    def remove(ref: str, exact: ExactQuery = False) -> Removed:
        return Removed(removed=Paper.of(service.remove(ref, exact=exact)))

    @router.post(
        UPLOAD_PATH,
        response_class=JSONResponse,
        status_code=201,
        responses={
            201: {"model": Added, "description": "Stored (added or replaced)."},
            200: {"model": Added, "description": "Identical content was already stored."},
            **error_responses(409, 415, 499),
        },
        summary="Upload a paper file",
        dependencies=[Depends(known_form_fields)],
    )
    async def upload(
        request: Request,
        file: Annotated[UploadFile, File(description="PDF, LaTeX, Markdown or text file.")],
        ref: Annotated[
            str | None, Form(description="The paper's reference (default: from the file).")
        ] = None,
        title: Annotated[str | None, Form(description="Title (default: from the file).")] = None,
        # Read as strictly as exact: "yes", "on" or "1" is a typo to report, not a yes.
        replace: Annotated[
            bool, Form(description="Overwrite different content: true or false."), TRUE_OR_FALSE
        ] = False,
    ) -> JSONResponse:
        work = partial(
            service.add_upload,
            file.file,
            file.filename or "",
            ref=ref or None,
            title=title or None,
            replace=replace,
        )
        # On a worker thread, as the plain endpoints; reading a PDF stops (its child process is
        # killed) if the client disconnects meanwhile, and a client gone before the paper is
        # stored gets nothing stored: it never learns the outcome, so none is left to surprise it.
        result = await run_until_disconnected(
            request,
            lambda cancel: work(cancel=cancel),
            anyio.to_thread.current_default_thread_limiter(),
        )
        return _added(result)

    @router.post(
        ARXIV_PATH,
        response_class=JSONResponse,
        status_code=201,
        responses={
            201: {"model": Added, "description": "Downloaded and stored (added or replaced)."},
            200: {"model": Added, "description": "That version was already stored."},
            **error_responses(415, 499, 502, said=CODED_415),
        },
        summary="Download an arXiv paper into the library",
    )
    async def add_arxiv(body: ArxivAddRequest, request: Request) -> JSONResponse:
        """As ``claimaudit library add arxiv:ID``: its LaTeX source, else its PDF, stored under
        the versioned reference with arXiv's title. A client gone meanwhile stores nothing."""
        result = await run_until_disconnected(
            request,
            lambda cancel: service.add_arxiv(
                body.ref, title=body.title, replace=body.replace, cancel=cancel
            ),
            anyio.to_thread.current_default_thread_limiter(),
        )
        return _added(result)

    app.include_router(router)
