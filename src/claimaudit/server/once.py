"""Request bodies read as strictly as query strings: a JSON key (at any level) or a form field
given more than once is refused (422, ``claim: Input should be given once, not 2 times``), where
FastAPI would quietly take the last key, or the last of two ``ref`` fields, or one of two files.
"""

from __future__ import annotations

import email.message
import json

from fastapi import Request
from fastapi.exceptions import RequestValidationError

from claimaudit.errors import InvalidTextError, NestingError
from claimaudit.guards.repeated import given_once, load_json_once, repeated_keys, repeated_names
from claimaudit.server.errors import NOT_UTF8_BODY

_FORMS = ("multipart/form-data", "application/x-www-form-urlencoded")


def _content_type(request: Request) -> str | None:
    value = request.headers.get("content-type")
    if not value:
        return None
    message = email.message.Message()
    message["content-type"] = value
    return message.get_content_type()


def _read_as_json(content_type: str | None) -> bool:
    """Whether FastAPI reads a body of this type as JSON (as ``fastapi.routing`` decides)."""
    if content_type is None:
        return True
    kind, _, subtype = content_type.partition("/")
    return kind == "application" and (subtype == "json" or subtype.endswith("+json"))


def _refuse(repeats: list[tuple[tuple[str | int, ...], int]], body: object) -> None:
    if repeats:
        errors = [
            {"type": "repeated", "loc": ("body", *where), "msg": given_once(count)}
            for where, count in repeats
        ]
        raise RequestValidationError(errors, body=body)


async def each_body_name_once(request: Request) -> None:
    """422 for a JSON key or form field given more than once. Runs once FastAPI has read the
    body (it keeps it), before the body is validated; a body that is no JSON is left to that.
    A route that takes no body (``GET /health``) ignores whatever is sent, unread: installed
    app-wide, this would else refuse a repeat, or a form without a boundary, it never reads."""
    if getattr(request.scope.get("route"), "body_field", None) is None:
        return
    content_type = _content_type(request)
    if content_type in _FORMS:
        form = await request.form()
        names = repeated_names(name for name, _ in form.multi_items())
        _refuse([((name,), count) for name, count in names.items()], None)
        return
    if not _read_as_json(content_type):
        return
    raw = await request.body()
    if not raw:
        return
    encoding = json.detect_encoding(raw)
    if encoding not in ("utf-8", "utf-8-sig"):
        # FastAPI's ``json.loads(bytes)`` read UTF-16 and UTF-32 too; RFC 8259 says JSON
        # between systems is UTF-8, and invalid UTF-8 is refused so (a BOM is let pass).
        raise InvalidTextError(NOT_UTF8_BODY)
    try:
        # Decoded as FastAPI's ``json.loads(bytes)`` decodes it: with a UTF-8 BOM, it is read
        # as JSON there, so it must be read here too, or its repeats pass unseen.
        text = raw.decode(encoding, "surrogatepass")
        value = load_json_once(text)
    except (NestingError, ValueError, RecursionError):
        return  # refused for that elsewhere, in the words it has
    _refuse(repeated_keys(value), value)
