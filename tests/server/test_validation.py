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
        "query: Input should be a valid string; papers[1]: Input should be a valid string"
    )
