"""The judge names a request may give, stated alike by the API's OpenAPI document and the MCP
tools' schemas: "" (the default judge, as null is) and each judge registered, plugins' too.

The names are the registry's when the app or the tools are built, not a fixed list in the
models: a third-party judge is one more choice, and a name outside the list is refused by the
service as an unknown judge (400 ``unknown_judge``; an MCP tool error), as documented."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fastapi import FastAPI

from claimaudit.api import default_judge_name

# The request bodies with a ``judge`` field (``schemas.JudgingOptions``'s subclasses).
JUDGE_REQUESTS = ("CheckRequest", "ReviewRequest")


def judge_description(default: str) -> str:
    """What a ``judge`` field says, naming the judge an empty or null one is: this server's
    default, which ``CLAIMAUDIT_JUDGE`` may make another than ``local`` (``GET /v1/judges``
    marks the same one)."""
    return (
        "Judge backend, one of the judges registered; default (also when empty or null): "
        f"{default}, this server's default judge. Another name is refused as an unknown judge."
    )


def with_judge_enum(field: dict[str, Any], judges: Sequence[str]) -> dict[str, Any]:
    """A ``judge`` field's schema (a string or null) with its strings limited to ``judges``
    and "" (the default judge, as null and an empty ``judge`` are read), its description
    naming the default judge as it is when the schema is made."""
    choices = [
        {**choice, "enum": ["", *judges]} if choice.get("type") == "string" else choice
        for choice in field.get("anyOf", [])
    ]
    return {**field, "anyOf": choices, "description": judge_description(default_judge_name())}


def document_judges(app: FastAPI, judges: Sequence[str]) -> None:
    """Make ``app``'s OpenAPI document list ``judges`` as its requests' ``judge`` values."""
    build: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = build()  # FastAPI's, built once; amended once here
            schemas = document["components"]["schemas"]
            for name in JUDGE_REQUESTS:
                properties = schemas[name]["properties"]
                properties["judge"] = with_judge_enum(properties["judge"], judges)
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
