"""Help that reads like the README: ``--paper REF``, ``--fetch``, ``CLAIM``.

Typer's own help shows a parameter's Python type (``<bool>``, ``<list[str]>``, ``<float range>``)
and puts a required argument in braces (``{claim}``). Every command and group of the command line
uses these classes instead: a flag shows no value, a choice its values, any other value its
metavar (the one it declares, else its name in capitals), and the usage line names arguments
plainly.
"""

from __future__ import annotations

import re
from typing import Any

from typer.core import TyperCommand, TyperGroup


def _choices(param: Any) -> str | None:
    described = getattr(param, "type_descriptor", None)
    if described is None or not described.is_choice or not described.choices:
        return None
    return "|".join(str(getattr(c, "value", c)) for c in described.choices)


def _clean(param: Any) -> None:
    choices = _choices(param)
    if getattr(param, "param_type_name", "") == "argument":
        # Its name says what it is; typer would add the Python type beside it.
        param.display_type_rich = lambda ctx: choices
    if param.metavar is not None:
        return
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        param.metavar = ""
    else:
        param.metavar = choices or param.name.upper()


class _CleanHelp:
    # typer bundles its own click: its Context type is not importable publicly.
    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            _clean(param)
        return params

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        # "{CLAIM}" reads "CLAIM", and "{BIB}..." (an argument taking several) "BIB...".
        return [re.sub(r"^\{([^{}]*)\}(\.\.\.)?$", r"\1\2", p) for p in pieces]


class Command(_CleanHelp, TyperCommand):
    pass


class Group(_CleanHelp, TyperGroup):
    pass
