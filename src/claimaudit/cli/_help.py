"""Help that reads like the README: ``--paper REF``, ``--fetch``, ``CLAIM``.

Typer's own help shows a parameter's Python type (``<bool>``, ``<list[str]>``, ``<float range>``)
and puts a required argument in braces (``{claim}``). Every command and group of the command line
uses these classes instead: a flag shows no value, a choice its values, any other value its
metavar (the one it declares, else its name in capitals), and the usage line names arguments
plainly.

A mistyped option, a missing argument or an option value out of range is one line on stderr
(``error: No such option: --bogus. See 'claimaudit check --help'.``), exit
2, like every other usage error, instead of the usage block and framed box typer prints.
The slips of a first hour (a claim left unquoted or starting with a dash, ``--json`` where the
command takes ``--format json``) add what to type instead.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NoReturn

from typer._click.exceptions import NoArgsIsHelpError, NoSuchOption, UsageError
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


# ``-h`` shows the help as ``--help`` does, in every command (a context passes it to its own).
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


def _takes_claim(ctx: Any) -> bool:
    return any(p.name == "claim" for p in getattr(ctx.command, "params", ()))


def _hint(error: UsageError, ctx: Any) -> str:
    """What to type instead, for the slips a first hour makes: the claim unquoted, a claim that
    starts with a dash, ``--json`` where the command takes ``--format json``."""
    if ctx is None:
        return ""
    if isinstance(error, NoSuchOption):
        names = {n for p in getattr(ctx.command, "params", ()) for n in getattr(p, "opts", ())}
        if error.option_name == "--json" and "--format" in names:
            return " (use --format json)"
        if not error.option_name.startswith("--") and _takes_claim(ctx):
            return (
                "; for a claim starting with a dash, put the options first, then -- and the claim"
            )
    elif error.message.startswith("Got unexpected extra argument") and _takes_claim(ctx):
        return "; put the claim in quotes"
    return ""


def _one_line(error: UsageError, ctx: Any = None) -> NoReturn:
    from claimaudit.cli._common import fail

    # The parser raises some errors (an option missing its value) without a context: the
    # command being parsed is the one whose help says how to write it.
    ctx = error.ctx if error.ctx is not None else ctx
    path = ctx.command_path if ctx is not None else "claimaudit"
    # pydantic's prefix on a value a validator refused says nothing to a person.
    message = error.format_message().replace("Value error, ", "").strip()
    hint = _hint(error, ctx)
    if hint:
        message = message.rstrip(".") + hint
    if not message.endswith((".", "?", "!")):
        message += "."
    fail(f"{message} See '{path} --help'.", error.exit_code)


def _home_expanded(value: object) -> object:
    if isinstance(value, list | tuple):
        return type(value)(_home_expanded(v) for v in value)
    if isinstance(value, Path) and value.parts and value.parts[0].startswith("~"):
        try:
            return value.expanduser()
        except RuntimeError:  # no home to expand to ("~nobody"): the path as written
            return value
    return value


class _CleanHelp:
    # typer bundles its own click: its Context type is not importable publicly.
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            parsed: list[str] = super().parse_args(ctx, args)  # type: ignore[misc]
        except NoArgsIsHelpError:
            raise  # shows the help, as asked
        except UsageError as error:
            _one_line(error, ctx)
        # The shell expands "~" in "--out ~/x" but not in "--out=~/x": every path option
        # expands it, as --library always did, rather than write to a folder named "~".
        for name, value in ctx.params.items():
            ctx.params[name] = _home_expanded(value)
        return parsed

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            _clean(param)
        return params

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        # "{CLAIM}" reads "CLAIM", and "{BIB}..." (an argument taking several) "BIB...".
        return [re.sub(r"^\{([^{}]*)\}(\.\.\.)?$", r"\1\2", p) for p in pieces]


def _option_names(params: list[Any]) -> tuple[set[str], dict[str, Any]]:
    """Every option name of a command (``--no-x`` forms and ``-h`` included), and those of
    them that take a value, each with its option."""
    names: set[str] = set()
    valued: dict[str, Any] = {}
    for param in params:
        if getattr(param, "param_type_name", "") != "option":
            continue
        names.update(param.opts, param.secondary_opts)
        if not param.is_flag and not param.count:
            valued.update(dict.fromkeys(param.opts, param))
    return names, valued


def _what_it_takes(option: Any) -> str:
    annotation = getattr(getattr(option, "type_descriptor", None), "annotation", None)
    if isinstance(annotation, type) and issubclass(annotation, Path):
        return "a file path"
    return f"a value ({option.metavar})" if option.metavar else "a value"


def refuse_option_as_value(ctx: Any, params: list[Any], args: list[str]) -> None:
    """Exit 2 with one line when an option that takes a value is given another of the
    command's options as its value (``--json --library x.db``): the parser took
    ``--library`` as the output path and ``x.db`` as one more argument, and the error that
    followed named neither. ``--`` as a value is refused too (``check --paper -- '-x'``
    checked a paper named "--"). A value that merely starts with a dash (``-`` for standard
    output, a file named ``-x.json``), or anything after ``--``, is taken as it always was."""
    from claimaudit.cli._common import fail

    names, valued = _option_names(params)
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            return
        option = valued.get(arg)
        if option is None:
            index += 1
            continue
        values = args[index + 1 : index + 1 + max(option.nargs, 1)]
        for value in values:
            # "--library=x.db" is that option too, with its value attached.
            name = value.split("=", 1)[0]
            if value == "--":
                got = "--, which ends the options"
            elif value.startswith("-") and name in names:
                got = f"the option {name}"
            else:
                continue
            needs = f"{arg} needs {_what_it_takes(option)}"
            fail(f"{needs}; got {got}. See '{ctx.command_path} --help'.")
        index += 1 + len(values)


class Command(_CleanHelp, TyperCommand):
    # Whether standard output is kept for the command's own output while it runs
    # (``guards.own_stdout``): a plugin writing to it by any route must not corrupt JSON.
    claims_stdout = True

    # typer bundles its own click: its Context type is not importable publicly.
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        from claimaudit.cli._empty_paths import refuse_empty_paths

        refuse_option_as_value(ctx, self.get_params(ctx), args)
        refuse_empty_paths(ctx, self, args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        # After parsing: help and usage errors are written as they always were.
        if not self.claims_stdout:
            return super().invoke(ctx)
        from claimaudit.guards.own_stdout import claimed

        with claimed():
            return super().invoke(ctx)


class PlainStdoutCommand(Command):
    """``serve``: its standard output is uvicorn's access log, no machine-readable output."""

    claims_stdout = False


class Group(_CleanHelp, TyperGroup):
    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except UsageError as error:  # "No such command 'chek'. Did you mean 'check'?"
            _one_line(error)
