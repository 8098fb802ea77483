"""``/v1/references/key``: how the server tells papers apart, so that a client can see that two
spellings (``doi:X`` and ``https://doi.org/X``, ``hep-th/…`` and ``arXiv:hep-th/…``) name one
paper before a check refuses them as the same paper given twice."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI, Query

from claimaudit.errors import InvalidReferenceError
from claimaudit.identity import MAX_REF_CHARS, parse_ref, refuse_unprintable
from claimaudit.server.error_docs import ANY_REQUEST, error_responses
from claimaudit.server.query import each_query_parameter_once
from claimaudit.server.schemas import RefKey
from claimaudit.server.state import AppState


def install(app: FastAPI, state: AppState) -> None:
    router = APIRouter(
        tags=["references"],
        dependencies=[Depends(each_query_parameter_once)],
        responses=error_responses(*ANY_REQUEST, 400),
    )

    @router.get("/v1/references/key", response_model=RefKey, summary="A reference's paper key")
    async def key(
        ref: Annotated[
            str,
            # Bounds documented only: text no reference can be, blank or over the limit, is
            # refused with 400 invalid_reference as the library routes refuse it, not with 422.
            Query(
                description="As typed.",
                json_schema_extra={"minLength": 1, "maxLength": MAX_REF_CHARS},
            ),
        ],
    ) -> RefKey:
        key, is_reference = checked_key(ref)
        return RefKey(ref=ref, key=key, is_reference=is_reference)

    app.include_router(router)


def checked_key(ref: str) -> tuple[str, bool]:
    """The key a check's "a paper given twice" rule uses (``inputs.ref_key``), and whether
    ``ref`` is a paper reference at all: pure, quick.

    Printable text that names no paper keeps its own key, as a check tells it apart (its record
    is not_checked); text no reference can be (blank, control or invisible characters, over the
    length limit) is refused with 400 invalid_reference, as the library routes refuse it; a
    control character at its ends too, which ``parse_ref`` would strip as whitespace."""
    refuse_unprintable(ref)
    try:
        return str(parse_ref(ref)), True
    except InvalidReferenceError as error:
        if error.text:
            return ref.strip(), False
        raise
