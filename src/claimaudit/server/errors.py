"""Errors as JSON: ``{"error": {"status", "code", "message"}}``, one clear line, never a trace.

Every error claimaudit raises knows its status and code (``claimaudit.errors``); anything
unexpected is a 500 whose body says only that (the traceback goes to the server's log, never to
the client).
"""

from __future__ import annotations

import json
import math
import sqlite3
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException

from claimaudit.errors import ClaimauditError, LibraryBusyError, NestingError, as_known
from claimaudit.guards.untrusted import check_json_depth, load_json
from claimaudit.net.redaction import safe_line
from claimaudit.server.advice import request_message
from claimaudit.server.headers import NOSNIFF
from claimaudit.server.methods import allowed_methods
from claimaudit.server.responses import JSONResponse
from claimaudit.server.validation import field_errors, field_name

_STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "invalid_request",
    503: "unavailable",
}


NOT_UNICODE = "invalid UTF-8 or a lone surrogate"
NOT_UTF8_BODY = "the request body is not valid UTF-8"
# Retry-After for a library another process is writing, where the write did not wait (a busy
# open): SQLite's busy timeout, which it did wait.
BUSY_RETRY_AFTER = 5.0


def error_body(status: int, code: str, message: str) -> dict[str, Any]:
    return {"error": {"status": status, "code": code, "message": safe_line(message)}}


def error_response(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(error_body(status, code, message), status_code=status)


def form_message(reason: str) -> str:
    """Starlette's reason for a form it cannot parse ("Missing boundary in multipart."), in a
    sentence of ours saying what to send."""
    said = reason.strip().rstrip(".")
    said = said[:1].lower() + said[1:]
    return (
        f"the upload cannot be read as a form ({said}): send the paper as "
        "multipart/form-data, its file as the file field"
    )


def validation_message(errors: list[dict[str, Any]]) -> tuple[int, str, str]:
    """(status, code, message) for a FastAPI validation error: 400 for unreadable JSON."""
    for error in errors:
        if error.get("type") == "json_invalid":
            detail = (error.get("ctx") or {}).get("error", "not valid JSON")
            return 400, "malformed_json", f"the request body is not valid JSON: {detail}"
    for error in errors:
        if error.get("type") == "string_unicode":
            # pydantic's words for a lone surrogate in a field it measures (topic, model).
            field = field_name(error.get("loc", ()))
            return 422, "invalid_text", f"{field} is not valid text: {NOT_UNICODE}"
    for error in errors:
        if "Expected UploadFile" in str(error.get("msg", "")):
            # FastAPI's words for a form field sent as text where a file goes (-F file=hello).
            field = field_name(error.get("loc", ()))
            return 422, "invalid_request", f"{field} must be a file upload, not text"
    for error in errors:
        if tuple(error.get("loc", ())) == ("body",):
            # The body as a whole is wrong: say what to send rather than pydantic's wording.
            if error.get("type") == "missing":
                return 422, "invalid_request", "the request body is empty: send a JSON object"
            if error.get("type") == "value_error":
                # A rule across fields (a model validator's own words).
                reason = (error.get("ctx") or {}).get("error")
                return 422, "invalid_request", str(reason or error.get("msg"))
            return (
                422,
                "invalid_request",
                "the request body must be a JSON object, sent as application/json",
            )
    return 422, "invalid_request", field_errors(errors)


async def _nesting_refusal(request: Request) -> JSONResponse | None:
    """400 ``malformed_json`` for a JSON body nested past the limit the MCP server keeps too;
    None for any other body. Called only once FastAPI has read the body as JSON: the request
    keeps it, so reading it again costs nothing."""
    text = (await request.body()).decode("utf-8", "replace")
    try:
        check_json_depth(text)
    except NestingError as error:
        return error_response(400, "malformed_json", f"the request body cannot be read: {error}")
    return None


async def _json_refusal(request: Request) -> JSONResponse | None:
    """400 ``malformed_json`` for a JSON body nested past the limit the MCP server keeps too,
    or holding a number too long to read; None for any other body. Called only once FastAPI
    has read the body as JSON: the request keeps it, so reading it again costs nothing."""
    raw = await request.body()
    text = raw.decode(json.detect_encoding(raw), "replace")
    try:
        load_json(text)
    except NestingError as error:
        return error_response(400, "malformed_json", f"the request body cannot be read: {error}")
    except json.JSONDecodeError as error:
        # FastAPI's "error parsing the body" for a number past Python's 4,300 digits.
        return error_response(
            400, "malformed_json", f"the request body is not valid JSON: {error.msg}"
        )
    except (ValueError, RecursionError):
        return None
    return None


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    if isinstance(exc.__context__, MultiPartException):
        # Starlette's refusal of a form it cannot parse: a code README lists, not bad_request.
        return error_response(400, "invalid_request", form_message(exc.__context__.message))
    if isinstance(exc.__cause__, UnicodeDecodeError):
        # FastAPI's "error parsing the body": a JSON body whose bytes are not UTF-8.
        return error_response(422, "invalid_text", NOT_UTF8_BODY)
    if isinstance(exc.__cause__, RecursionError | ValueError):
        # The same, for JSON nested past what Python's parser can recurse into, or holding a
        # number too long for it to read.
        refusal = await _json_refusal(request)
        if refusal is not None:
            return refusal
    message = exc.detail if isinstance(exc.detail, str) else json.dumps(exc.detail)
    code = _STATUS_CODES.get(exc.status_code, "error")
    response = error_response(exc.status_code, code, message)
    if exc.headers:
        response.headers.update(exc.headers)
    allow = allowed_methods(request.scope, request.app.routes) if exc.status_code == 405 else None
    if allow:
        # Starlette names only the first matching route's methods; every route's count.
        response.headers["Allow"] = allow
    return response


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    # A body read as JSON (FastAPI keeps it as parsed) that nests past the limit is refused
    # for that, as it is where Python's parser gives up, whatever else is wrong with it.
    if isinstance(exc.body, dict | list):
        refusal = await _nesting_refusal(request)
        if refusal is not None:
            return refusal
    status, code, message = validation_message(list(exc.errors()))
    return error_response(status, code, message)


async def _domain_or_internal_error(request: Request, exc: Exception) -> JSONResponse:
    known = as_known(exc)
    if known is not None:
        response = error_response(known.http_status, known.code, request_message(known))
        if isinstance(known, LibraryBusyError):
            # Another process's write may take as long again as the server waited for it.
            waited = known.waited or BUSY_RETRY_AFTER
            response.headers["Retry-After"] = str(max(1, math.ceil(waited)))
        return response
    # Starlette re-raises after this response is sent, so the server log gets the traceback.
    response = error_response(500, "internal_error", "internal server error; see the server log")
    # Sent from outside every middleware: the security headers' one is not passed.
    response.headers.update(NOSNIFF)
    return response


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    # Our own errors answer like any other client error (no traceback in the log) ...
    for kind in (ClaimauditError, sqlite3.Error):
        app.add_exception_handler(kind, _domain_or_internal_error)
    # ... and anything else is a bare 500 (Starlette still hands the exception to the log).
    app.add_exception_handler(Exception, _domain_or_internal_error)
