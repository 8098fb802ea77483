"""Query-string values read as strictly as request bodies: one value per parameter, ``true`` or
``false`` for a flag, decimal digits for a number. FastAPI's lax reading would take the last of
repeated values, ``1`` or ``yes`` as true and ``2.0`` or ``2_0`` as 2, where a JSON body (and an
MCP tool's arguments) refuses them."""

from __future__ import annotations

import re
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

from claimaudit.guards.repeated import given_once
from claimaudit.server.validation import EXTRA_FIELD

# Decimal digits; "-0" is no number anyone writes, refused as "+2" is. A negative one is left to
# the range check, whose words ("greater than or equal to 0") are MCP's for it too.
_WHOLE_NUMBER = re.compile(r"[0-9]+|-[1-9][0-9]*")
# More digits than any bound of a query number has (each far under 10**19).
_MOST_DIGITS = 19


def _true_or_false(value: object) -> bool:
    # "1", "yes" or "True" is a typo to report, not a yes.
    if value in ("true", "false"):
        return value == "true"
    raise PydanticCustomError("bool_parsing", "Input should be true or false")


def _whole_number(value: object) -> object:
    # pydantic's own words for a number that is no integer (an MCP tool's limit: 2.0 too).
    if isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value):
        sign, digits = ("-" if value.startswith("-") else ""), value.lstrip("-").lstrip("0")
        # Past Python's 4,300 digits pydantic says "Unable to parse input string as an
        # integer, exceeded maximum size": a number far past every bound here stands in, so
        # the range check words it as it words any limit too large (or too small); leading
        # zeros count for nothing.
        if len(digits) > _MOST_DIGITS:
            return sign + "1" + "0" * _MOST_DIGITS
        return sign + (digits or "0")  # pydantic reads it, and says when it is out of range
    raise PydanticCustomError("int_type", "Input should be a valid integer")


# Placed after the ``Query(...)`` in ``Annotated[...]``: before it, FastAPI's schema would lose
# the bounds' names (``ge`` in place of ``minimum``).
TRUE_OR_FALSE = BeforeValidator(_true_or_false)
WHOLE_NUMBER = BeforeValidator(_whole_number)


def each_query_parameter_once(request: Request) -> None:
    """422 for a query parameter given more than once: every one here is a single value, and
    FastAPI would quietly take the last (``?exact=false&exact=true`` would remove); and for
    one the route does not take, as a body's unknown key is refused: ``GET
    /v1/library?query=sparse`` (MCP's name for ``q``) listed every paper, unfiltered."""
    names = [name for name, _ in request.query_params.multi_items()]
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is not None:
        known = _query_names(dependant)
        # Named as sent only when it reads as a name: a control character or a name of pages
        # would be echoed into the answer.
        unknown = sorted(
            {name if _PLAIN_NAME.fullmatch(name) else "a parameter" for name in names} - known
        )
        if unknown:
            takes = f"this route takes {_listed(sorted(known))}" if known else "it takes none"
            said = f"{EXTRA_FIELD} ({takes})"
            raise RequestValidationError(
                [
                    {"type": "extra_forbidden", "loc": ("query", name), "msg": said}
                    for name in unknown
                ]
            )
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


# What a parameter's name is shown as: letters, digits, "_", "-" and ".", up to 40 of them.
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}")


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _query_names(dependant: Any) -> set[str]:
    """The query parameters a route takes: its own and its dependencies'."""
    names = {param.alias for param in dependant.query_params}
    for dependency in dependant.dependencies:
        names |= _query_names(dependency)
    return names
