"""``claimaudit serve`` (HTTP API and web page) and ``claimaudit mcp`` (MCP over stdio)."""

from __future__ import annotations

import os
import socket
from enum import StrEnum
from typing import Annotated

import typer

from claimaudit.cli._checking import TimeoutOption
from claimaudit.cli._common import LibraryOption, fail
from claimaudit.cli._sigterm import EXIT_TERMINATED, take_noted_sigterm
from claimaudit.library.paths import resolve_library_path
from claimaudit.server.binding import bind_problem, listen_host, port_problem
from claimaudit.server.config import (
    DEFAULT_CHECK_WORKERS,
    DEFAULT_HOST,
    DEFAULT_MAX_JSON_BYTES,
    DEFAULT_MAX_REVIEW_PAIRS,
    DEFAULT_MAX_UPLOAD_BYTES,
    DEFAULT_PORT,
    MAX_JSON_KB,
    MAX_REVIEW_PAIRS,
    MAX_UPLOAD_MB,
    TOKEN_ENV,
    ServerConfig,
)


class LogLevel(StrEnum):
    CRITICAL = "critical"
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    DEBUG = "debug"


def serve(
    host: Annotated[
        str, typer.Option(help="Address to bind; anything but loopback needs CLAIMAUDIT_TOKEN.")
    ] = DEFAULT_HOST,
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = DEFAULT_PORT,
    library: LibraryOption = None,
    check_workers: Annotated[
        int, typer.Option(min=1, max=64, help="Checks run at the same time; others queue.")
    ] = DEFAULT_CHECK_WORKERS,
    max_json_kb: Annotated[
        int,
        typer.Option(
            min=1,
            max=MAX_JSON_KB,
            help=f"Largest JSON request body, in KiB (at most {MAX_JSON_KB}).",
        ),
    ] = DEFAULT_MAX_JSON_BYTES // 1024,
    max_upload_mb: Annotated[
        int,
        typer.Option(
            min=1,
            max=MAX_UPLOAD_MB,
            help=f"Largest paper upload, in MiB (at most {MAX_UPLOAD_MB}).",
        ),
    ] = DEFAULT_MAX_UPLOAD_BYTES // (1024 * 1024),
    max_review_pairs: Annotated[
        int,
        typer.Option(
            min=1,
            max=MAX_REVIEW_PAIRS,
            help=f"Most (sentence, paper) pairs one review may judge (at most {MAX_REVIEW_PAIRS}).",
        ),
    ] = DEFAULT_MAX_REVIEW_PAIRS,
    log_level: Annotated[LogLevel, typer.Option(help="Server log level.")] = LogLevel.INFO,
    timeout: TimeoutOption = None,
) -> None:
    """Serve the HTTP API (/v1/...) and the web page (/) on HOST:PORT."""
    # Imported on use: it loads every remote backend's SDK, which other commands never need.
    from claimaudit.server.environment import check_environment

    if not listen_host(host).strip():
        # It read "binding to  makes the server reachable...", or "cannot listen on : ...".
        fail("--host is blank; give the address to listen on, such as 127.0.0.1")
    check_environment()  # a setting every request would be refused for stops the start
    # An empty variable is no token; a blank one is refused (it would lock every client out).
    token = os.environ.get(TOKEN_ENV) or None
    problem = bind_problem(host, token)
    if problem:
        fail(problem)
    address = listen_host(host)
    try:
        socket.getaddrinfo(address, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        fail(f"cannot listen on {host}: {reason}")
    # Before the library is created or uvicorn prints its lines: one line, and nothing made.
    problem = port_problem(address, port)
    if problem:
        fail(problem)
    config = ServerConfig(
        library=resolve_library_path(library),
        host=host,
        token=token,
        max_json_bytes=max_json_kb * 1024,
        max_upload_bytes=max_upload_mb * 1024 * 1024,
        check_workers=check_workers,
        max_review_pairs=max_review_pairs,
        timeout=timeout,
    )
    # Imported here: the other commands need neither FastAPI nor uvicorn.
    from claimaudit._entry import silence_stdout, stdout_closed
    from claimaudit.net.logredaction import redact_root_handlers
    from claimaudit.server.app import create_app
    from claimaudit.server.logs import log_config
    from claimaudit.server.shutdown import serve

    if stdout_closed():
        # Started with `>&-`: the access log, written there, is discarded as asked, not a
        # "Logging error" traceback on stderr for every request.
        silence_stdout()
    app = create_app(config)
    redact_root_handlers()
    serve(
        app,
        host=address,
        port=port,
        log_config=log_config(),
        log_level=log_level.value,
        server_header=False,
    )


def mcp(library: LibraryOption = None, timeout: TimeoutOption = None) -> None:
    """Serve the checker as MCP tools on stdin/stdout, for a research agent."""
    from claimaudit._entry import stdout_closed

    if stdout_closed():
        # Every answer would fail; the client would wait for the first one.
        fail("mcp answers on standard output, which is closed (>&-); run it from an MCP client")
    from claimaudit.server.mcp.termination import sigterm_noted

    # From before the server's modules load to after the library is closed: a SIGTERM while
    # no session runs is noted, not the default action (killed, status -15).
    with sigterm_noted(take_noted_sigterm) as termination:
        from claimaudit.server.environment import check_environment
        from claimaudit.server.mcp.server import run_stdio

        check_environment()  # before the client's handshake: a setting every call would fail on
        run_stdio(resolve_library_path(library), timeout, termination)
    if termination.requested:
        # SIGTERM ended the session as Ctrl-C would (calls stopped, library closed): a
        # terminated process's status, as every other command gives.
        raise typer.Exit(EXIT_TERMINATED)
