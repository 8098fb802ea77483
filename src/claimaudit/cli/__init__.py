"""The ``claimaudit`` command line: a thin layer over the Python API."""

from __future__ import annotations

import errno
import logging
import sys
from typing import Annotated, Any

import typer

from claimaudit.cli._help import (
    HELP_OPTIONS,
    Command,
    Group,
    PlainStdoutCommand,
)
from claimaudit.errors import as_known


class _Commands(Group):
    """Every command runs under one handler: an error claimaudit raises (or a failure of the
    library database, or a path the system refuses) is one line on stderr and that error's
    exit code, never a traceback."""

    # typer bundles its own click: its Context type is not importable publicly.
    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as error:
            from claimaudit.cli._advice import cli_message
            from claimaudit.cli._common import fail

            if isinstance(error, OSError) and error.errno == errno.EPIPE:
                # The reader of standard output went away (`| head -1`): stop quietly, as
                # other commands do, rather than click's exit 1 (which means "matched").
                from claimaudit._entry import EXIT_BROKEN_PIPE, silence_stdout

                silence_stdout()
                raise typer.Exit(EXIT_BROKEN_PIPE) from None
            from claimaudit._entry import STDOUT_CLOSED, stdout_closed

            if isinstance(error, OSError) and error.errno == errno.EBADF and stdout_closed():
                # Started with `>&-`: the output has nowhere to go, nor what is still buffered.
                from claimaudit._entry import silence_stdout

                silence_stdout()
                fail(STDOUT_CLOSED)
            known = as_known(error)
            if known is not None:
                fail(cli_message(known), known.exit_code)
            if isinstance(error, OSError) and error.filename is not None:
                # A path the system refuses (a name too long, a folder that may not be read)
                # is the user's to fix, so it is named in one line like any usage error.
                fail(f"{error.filename}: {error.strerror or error}")
            from claimaudit._entry import OUTPUT_FULL

            if isinstance(error, OSError) and error.errno in OUTPUT_FULL:
                fail(f"cannot write the output: {error.strerror}")
            raise


app = typer.Typer(
    name="claimaudit",
    help="Check whether the papers cited for a claim actually support it, and where.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings=HELP_OPTIONS,
    cls=_Commands,
)
_installed = False


def _print_version(value: bool) -> None:
    """``--version``: the version /health and MCP's serverInfo report, then stop (typer's
    eager option, so no command is needed)."""
    if value:
        from claimaudit import __version__

        typer.echo(f"claimaudit {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    ctx: typer.Context,
    debug: Annotated[
        bool,
        typer.Option(
            "--debug", help="Log details to stderr, such as the traceback of a plugin's bug."
        ),
    ] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print claimaudit's version and exit.",
        ),
    ] = False,
) -> None:
    from claimaudit.net.cleartext import said_on_stderr

    # A key going over plain http is one line on stderr whatever handlers a plugin sets up;
    # undone as the command ends (a program or test running it in its own process).
    ctx.with_resource(said_on_stderr())
    if ctx.invoked_subcommand != "mcp":
        from claimaudit.cli._sigterm import EXIT_TERMINATED, settle_sigterm

        # The default action until the command sets its own; ``mcp`` takes the note over
        # from its handler, in one step (a SIGTERM between killed it, status -15).
        if settle_sigterm():
            raise typer.Exit(EXIT_TERMINATED)
    if debug:
        from claimaudit.net.logredaction import redact_root_handlers

        logging.basicConfig(
            level=logging.DEBUG, format="%(levelname)s %(name)s: %(message)s", force=True
        )
        # Libraries log request URLs and reply bodies at debug level, which may hold a key.
        redact_root_handlers()


def _install_commands() -> None:
    """Attach every command once; each command lives in its own module."""
    global _installed
    if _installed:
        return
    _installed = True
    from claimaudit.cli import batch as batch_cli
    from claimaudit.cli import check as check_cli
    from claimaudit.cli import evaluate as eval_cli
    from claimaudit.cli import import_bib as import_bib_cli
    from claimaudit.cli import library as library_cli
    from claimaudit.cli import library_health as library_health_cli
    from claimaudit.cli import plugins as plugins_cli
    from claimaudit.cli import refs as refs_cli
    from claimaudit.cli import review as review_cli
    from claimaudit.cli import serve as serve_cli

    app.command("check", cls=Command)(check_cli.check)
    app.command("batch", cls=Command)(batch_cli.batch)
    app.command("eval", cls=Command)(eval_cli.eval_command)
    app.command("review", cls=Command)(review_cli.review)
    app.command("refs", cls=Command)(refs_cli.refs)
    library_cli.app.command("import-bib", cls=Command)(import_bib_cli.import_bib)
    library_cli.app.command("check", cls=Command)(library_health_cli.check_library)
    library_cli.app.command("repair", cls=Command)(library_health_cli.repair)
    app.add_typer(library_cli.app, name="library", help="Manage the local paper library.")
    app.command("serve", cls=PlainStdoutCommand)(serve_cli.serve)
    app.command("mcp", cls=Command)(serve_cli.mcp)
    app.command("plugins", cls=Command)(plugins_cli.plugins)


def main() -> None:
    try:
        _install_commands()
        from claimaudit.cli._sigterm import EXIT_TERMINATED, note_sigterm, settle_sigterm

        # Loaded: ``_entry``'s SIGTERM handler was for that alone (it raises wherever it
        # lands); one that notes it replaces it, never the default, until a command's own.
        note_sigterm()
        try:
            app()
        finally:
            # The command line refused, or the command done: a SIGTERM noted since is 143.
            if settle_sigterm():
                sys.exit(EXIT_TERMINATED)
    except KeyboardInterrupt:  # Ctrl-C while the commands load, before click handles it
        sys.exit(130)
