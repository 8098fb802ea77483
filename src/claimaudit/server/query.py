"""Query-string values read as strictly as request bodies: one value per parameter, ``true`` or
``false`` for a flag, decimal digits for a number. FastAPI's lax reading would take the last of
repeated values, ``1`` or ``yes`` as true and ``2.0`` or ``2_0`` as 2, where a JSON body (and an
MCP tool's arguments) refuses them."""

from __future__ import annotations

import re

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

from claimaudit.guards.repeated import given_once

# Decimal digits; "-0" is no number anyone writes, refused as "+2" is. A negative one is left to
# the range check, whose words ("greater than or equal to 0") are MCP's for it too.
_WHOLE_NUMBER = re.compile(r"[0-9]+|-[1-9][0-9]*")


def _true_or_false(value: object) -> bool:
    # "1", "yes" or "True" is a typo to report, not a yes.
    if value in ("true", "false"):
        return value == "true"
    raise PydanticCustomError("bool_parsing", "Input should be true or false")


def _whole_number(value: object) -> object:
    # pydantic's own words for a number that is no integer (an MCP tool's limit: 2.0 too).
    if isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value):
        return value  # pydantic reads it, and says when it is out of range
    raise PydanticCustomError("int_type", "Input should be a valid integer")


# Placed after the ``Query(...)`` in ``Annotated[...]``: before it, FastAPI's schema would lose
# the bounds' names (``ge`` in place of ``minimum``).
TRUE_OR_FALSE = BeforeValidator(_true_or_false)
WHOLE_NUMBER = BeforeValidator(_whole_number)


def each_query_parameter_once(request: Request) -> None:
    """422 for a query parameter given more than once: every one here is a single value, and
    FastAPI would quietly take the last (``?exact=false&exact=true`` would remove)."""
    names = [name for name, _ in request.query_params.multi_items()]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise RequestValidationError(
            [
                {
                    "type": "repeated",
                    "loc": ("query", name),
                    "msg": given_once(names.count(name)),
                }
                for name in repeated
            ]
        )
