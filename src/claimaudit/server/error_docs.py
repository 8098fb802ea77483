"""The API's errors as the OpenAPI document states them: the body every error really has,
``{"error": {"status", "code", "message"}}`` (``server.errors``), under each status a route can
answer with, in place of FastAPI's default ``HTTPValidationError`` for 422, which no answer of
this server has."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field


class ErrorDetail(BaseModel):
    status: int = Field(description="The HTTP status, again.")
    code: str = Field(description="What went wrong, for a program: invalid_request, not_found ...")
    message: str = Field(description="One line saying what went wrong and what to send instead.")


class ErrorBody(BaseModel):
    error: ErrorDetail


# The statuses the README lists, in its words.
_MEANING = {
    400: "A bad claim, reference, title, draft or bibliography; malformed JSON; an upload that "
    "cannot be read as a form; an unknown judge or unusable judge settings; a paper given twice.",
    401: "The server has a token and the request did not send it (Authorization: Bearer).",
    403: "A foreign Host or a cross-origin request.",
    404: "No such paper (paper_not_found) or passage (passage_not_found) in the library; "
    "not_found for a path the API does not have.",
    409: "Different content is already stored under this reference: send replace: true (an "
    "upload); or the paper is no longer stored with the contentHash asked (content_changed).",
    413: "Over a size limit (the body, the upload) or a review limit.",
    415: "An upload whose file name has no known suffix, or a body sent with a "
    "Content-Encoding (gzip ...): bodies are read only as sent, uncompressed.",
    422: "A request that does not fit the schema (read strictly), a query parameter or field "
    "given twice, text that is not valid Unicode, or an upload that cannot be read as a paper.",
    499: "The client went away before the answer (cancelled): nobody reads it, the server's "
    "log has a line.",
    500: "An unexpected failure; the server's log has the details.",
    502: "A service the server asked failed or had no such paper (backend_error): arXiv, for "
    "a download.",
    503: "The server's library cannot be opened or is damaged, another process kept it locked "
    "for writing (library_busy, with Retry-After: nothing was written), or the server is "
    "shutting down (shutting_down: the work stopped after the paper or pair being judged).",
}
# A check or review builds a judge and a source too: a plugin's may miss its deadline.
JUDGING_503 = {
    503: _MEANING[503].removesuffix(".") + "; or a plugin's judge or source factory did not "
    "return within CLAIMAUDIT_PLUGIN_TIMEOUT, or the backend did not give its settings "
    "(concurrency, review threshold, library use) within the server's timeout "
    "(plugin_unavailable: it may still be running)."
}
# A JSON body is refused for a content coding only (server/coding.py): it has no file name.
CODED_415 = {
    415: "A body sent with a Content-Encoding (gzip ...): bodies are read only as sent, "
    "uncompressed."
}
# What any API request can be answered with, whatever its route.
ANY_REQUEST = (401, 403, 413, 422, 500)


def error_responses(
    *statuses: int, said: Mapping[int, str] | None = None
) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for a route or router: each status with the real error body; ``said``
    gives a status's meaning where a route answers it for fewer reasons than the others."""
    meaning = {**_MEANING, **(said or {})}
    return {s: {"model": ErrorBody, "description": meaning[s]} for s in statuses}
