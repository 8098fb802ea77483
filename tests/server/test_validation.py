"""Validation errors as one line naming each field, alike for the API and the MCP tools."""

from __future__ import annotations

from claimaudit.server.validation import field_errors, field_name


def test_api_locations_lose_their_prefix() -> None:
    assert field_name(("body", "papers", 0)) == "papers[0]"
    assert field_name(("query", "limit")) == "limit"
    assert field_name(("body",)) == "body"


def test_tool_arguments_keep_their_names() -> None:
    # A tool argument called "query" is no FastAPI location.
    assert field_name(("query",), located=False) == "query"
    errors = [
        {"loc": ("query",), "msg": "Input should be a valid string"},
        {"loc": ("papers", 1), "msg": "Input should be a valid string"},
    ]
    assert field_errors(errors, located=False) == (
        "papers[1]: Input should be a valid string; query: Input should be a valid string"
    )


def test_errors_read_in_field_order_whatever_order_they_come_in() -> None:
    # A request body lists its shared options first, a tool its own arguments: both read alike.
    errors = [
        {"loc": ("body", "threshold"), "msg": "too big"},
        {"loc": ("body", "papers", 10), "msg": "not text"},
        {"loc": ("body", "claim"), "msg": "missing"},
        {"loc": ("body", "papers", 2), "msg": "not text"},
    ]
    assert field_errors(errors) == (
        "claim: missing; papers[2]: not text; papers[10]: not text; threshold: too big"
    )
    unlocated = [{**e, "loc": e["loc"][1:]} for e in reversed(errors)]
    assert field_errors(unlocated, located=False) == field_errors(errors)
