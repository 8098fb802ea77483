"""An empty path argument is refused before typer reads it as the current folder.

``Path("")`` is ``Path(".")``: ``review ""`` said ". is a folder; give the draft's file",
``refs ""`` "BIB . is a folder", and an output option given ``--out=""`` named "." too, none
of them saying that nothing was given (a shell variable left unset, ``"$BIB"``). Every path
argument and option is checked on the words as typed, before any is converted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

from typer._click.exceptions import UsageError


def _takes_paths(param: Any) -> bool:
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    return any(
        isinstance(kind, type) and issubclass(kind, Path)
        for kind in (annotation, *get_args(annotation))
    )


def _given_as(param: Any) -> str:
    if getattr(param, "param_type_name", "") == "argument":
        return str(param.metavar or param.name.upper())
    return str(param.opts[0])


def refuse_empty_paths(ctx: Any, command: Any, args: list[str]) -> None:
    """Exit 2 with one line when a path argument or option is given as the empty string."""
    from claimaudit.cli._common import fail

    try:
        # A parse of a copy (the parser consumes its list): only the words, nothing converted.
        opts, _, _ = command.make_parser(ctx).parse_args(args=list(args))
    except UsageError:
        return  # the parse proper says what is wrong, in its own words
    if opts.get("help"):
        return  # asked for help, which comes first whatever else was typed
    for param in command.get_params(ctx):
        if not _takes_paths(param):
            continue
        raw = opts.get(param.name)
        values = raw if isinstance(raw, list | tuple) else (raw,)
        if "" in values:
            given = _given_as(param)
            fail(f"{given} is empty; name a file. See '{ctx.command_path} --help'.")
