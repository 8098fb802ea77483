"""``POST /v1/reviews``: a Markdown or LaTeX draft in, its cited sentences checked against their
papers."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from fastapi import APIRouter, FastAPI, Request

from claimaudit.server.error_docs import ANY_REQUEST, CODED_415, JUDGING_503, error_responses
from claimaudit.server.responses import JSONResponse
from claimaudit.server.review_schemas import ReviewRequest, ReviewResponse, review_wire
from claimaudit.server.service import Reviewed
from claimaudit.server.state import AppState


def install(app: FastAPI, state: AppState) -> None:
    router = APIRouter(tags=["reviews"], responses=error_responses(*ANY_REQUEST))

    @router.post(
        "/v1/reviews",
        response_class=JSONResponse,
        responses={
            200: {
                "model": ReviewResponse,
                "description": "The records (with sentence positions), summary, uncited "
                "sentences and annotated Markdown.",
            },
            **error_responses(400, 415, 503, said={**JUDGING_503, **CODED_415}),
        },
        summary="Review a Markdown or LaTeX draft",
    )
    async def create_review(body: ReviewRequest, request: Request) -> JSONResponse:
        """Each cited sentence is checked against each paper it cites, exactly as
        ``claimaudit review`` does. A LaTeX draft (``latex``) is read on its own: an
        ``\\input`` in it is refused, and its ``\\cite`` keys resolve through its
        ``thebibliography`` or the ``bibliography`` sent. A bibliography file the draft names
        (LaTeX's ``\\bibliography{refs}`` without a ``thebibliography``, or ``bibliography:``
        in Markdown's front matter) must come as ``bibliography``, else the draft is refused.
        A citation that cannot be resolved, or a paper that could not be checked, is a
        ``not_checked`` record; sentences citing nothing are listed as uncited. The review
        runs on the check workers, so other requests keep answering."""
        bibliography = body.bibliography
        review: Callable[..., Reviewed] = state.service.review
        draft = body.markdown or ""
        if body.latex is not None:
            review, draft = state.service.review_latex, body.latex
        work = partial(
            review,
            draft,
            bibliography=bibliography.text if bibliography else None,
            bibliography_format=bibliography.format if bibliography else None,
            topic=body.topic,
            judge=body.judge,
            model=body.model,
            threshold=body.threshold,
            cache=body.cache,
        )
        result = await state.run_check(request, lambda cancel: work(cancel=cancel))
        return JSONResponse(review_wire(result))

    app.include_router(router)
