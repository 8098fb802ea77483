"""How validation errors read: one line naming the field, 400 for unreadable JSON."""

from __future__ import annotations

from claimaudit.server.errors import validation_message
from claimaudit.server.limits import describe_bytes


def test_unreadable_json_is_400() -> None:
    status, code, message = validation_message(
        [
            {
                "type": "json_invalid",
                "loc": ("body", 5),
                "msg": "JSON decode error",
                "ctx": {"error": "Expecting value"},
            }
        ]
    )
    assert (status, code) == (400, "malformed_json")
    assert message == "the request body is not valid JSON: Expecting value"


def test_fields_are_named_plainly() -> None:
    errors = [
        {"type": "missing", "loc": ("body", "papers"), "msg": "Field required"},
        {"type": "string_type", "loc": ("body", "papers", 2), "msg": "Input should be a string"},
        {"type": "int_parsing", "loc": ("query", "limit"), "msg": "Input should be an integer"},
    ]
    status, code, message = validation_message(errors)
    assert (status, code) == (422, "invalid_request")
    # Sorted by field name, as the MCP tools list them too.
    assert message == (
        "limit: Input should be an integer; papers: Field required; "
        "papers[2]: Input should be a string"
    )


def test_many_errors_are_counted_not_listed() -> None:
    errors = [{"type": "x", "loc": ("body", f"f{i}"), "msg": "bad"} for i in range(8)]
    assert validation_message(errors)[2].endswith("(and 3 more)")


def test_sizes_read_as_people_write_them() -> None:
    assert describe_bytes(1024 * 1024) == "1 MiB"
    assert describe_bytes(50 * 1024 * 1024) == "50 MiB"
    assert describe_bytes(4096) == "4 KiB"
    assert describe_bytes(1536) == "1.5 KiB"
    assert describe_bytes(100) == "100 bytes"
