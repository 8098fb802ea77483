"""``POST /v1/checks``: a claim and its papers in, one review record per paper out."""

from __future__ import annotations

from functools import partial

from fastapi import APIRouter, FastAPI, Request

from claimaudit.server.error_docs import ANY_REQUEST, CODED_415, JUDGING_503, error_responses
from claimaudit.server.responses import JSONResponse
from claimaudit.server.schemas import CheckRequest, CheckResponse, check_wire
from claimaudit.server.state import AppState


def install(app: FastAPI, state: AppState) -> None:
    router = APIRouter(tags=["checks"], responses=error_responses(*ANY_REQUEST))

    @router.post(
        "/v1/checks",
        response_class=JSONResponse,
        responses={
            200: {"model": CheckResponse, "description": "One record per paper."},
            **error_responses(400, 415, 503, said={**JUDGING_503, **CODED_415}),
        },
        summary="Check a claim against papers",
    )
    async def create_check(body: CheckRequest, request: Request) -> JSONResponse:
        """Each paper is checked on its own. A paper that could not be checked (not in the
        library, judge unavailable, ...) is a ``not_checked`` record, never a verdict."""
        state.service.validate_check(body.claim, body.papers, body.topic, body.model)
        work = partial(
            state.service.check,
            body.claim,
            body.papers,
            topic=body.topic,
            judge=body.judge,
            model=body.model,
            threshold=body.threshold,
            cache=body.cache,
        )
        checked = await state.run_check(request, lambda cancel: work(cancel=cancel))
        # The JSON of `claimaudit check --format json` (an unset batch id is left out), the
        # threshold used included, so a client can say why a record needs review.
        return JSONResponse(check_wire(checked))

    app.include_router(router)
