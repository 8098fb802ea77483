"""``/v1/references/key``: how the server tells papers apart, so that a client can see that two
spellings (``doi:X`` and ``https://doi.org/X``, ``hep-th/…`` and ``arXiv:hep-th/…``) name one
paper before a check refuses them as the same paper given twice."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI, Query

from claimaudit.inputs import MAX_SHOWN_REF_CHARS, ref_key
from claimaudit.server.error_docs import ANY_REQUEST, error_responses
from claimaudit.server.query import each_query_parameter_once
from claimaudit.server.schemas import RefKey
from claimaudit.server.state import AppState


def install(app: FastAPI, state: AppState) -> None:
    router = APIRouter(
        tags=["references"],
        dependencies=[Depends(each_query_parameter_once)],
        responses=error_responses(*ANY_REQUEST),
    )

    @router.get("/v1/references/key", response_model=RefKey, summary="A reference's paper key")
    async def key(
        ref: Annotated[
            str,
            Query(min_length=1, max_length=MAX_SHOWN_REF_CHARS, description="As typed."),
        ],
    ) -> RefKey:
        # The rule a check's "a paper given twice" uses (inputs.check_distinct): pure, quick.
        return RefKey(ref=ref, key=ref_key(ref))

    app.include_router(router)
