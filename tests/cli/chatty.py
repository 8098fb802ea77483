"""A plugin that writes to standard output by the route ``QA_CHATTY_ROUTE`` names, installed
as the package ``qa-chatty`` 0.1 (judge and source ``chatty``), for the tests that run the real
command in a child process (``test_plugin_stdout_cli``, ``server/mcp/test_plugin_output``)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.plugins import install_package
from tests.signals import SRC, child_env

PLUGIN = """\
import ctypes, os, sys, threading, time

import click

from claimaudit.identity import parse_ref
from tests.fakes import MemorySource, ScriptedJudge, pick

ROUTE = os.environ["QA_CHATTY_ROUTE"]


def chat(where):
    text = f"CHATTER {where}\\n"
    if ROUTE == "thread":
        if where == "register":  # a thread of its own, writing between papers and after
            def tick():
                while True:
                    print(text, end="", flush=True)
                    time.sleep(0.001)
            threading.Thread(target=tick, daemon=True).start()
    elif ROUTE == "buffer":
        sys.stdout.buffer.write(text.encode())
        sys.stdout.buffer.flush()
    elif ROUTE == "dunder":
        sys.__stdout__.write(text)
        sys.__stdout__.flush()
    elif ROUTE == "fd":
        os.write(1, text.encode())
    elif ROUTE == "click":
        click.echo(text, nl=False)
    elif ROUTE == "libc":
        libc = ctypes.CDLL(None)
        libc.printf(text.encode())
        libc.fflush(None)


class Judge(ScriptedJudge):
    def decide(self, decision):
        chat("decide")
        return super().decide(decision)


class Source(MemorySource):
    def fetch(self, ref, query):
        chat("fetch")
        return super().fetch(ref, query)


def register(registry):
    chat("register")
    registry.add_judge("chatty", lambda settings: Judge(pick("supports", "P001")), "chatters")
    registry.add_source("chatty", make_source, "chatters")


def make_source(*, path):
    source = Source()
    source.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    return source
"""
# Every route but print(), which claimaudit redirected before (``backend_output``).
ROUTES = ["thread", "buffer", "dunder", "fd", "click", "libc"]


def install(tmp_path: Path) -> Path:
    """The plugin as the installed package ``qa-chatty`` 0.1; the folder to put on the path."""
    return install_package(
        tmp_path / "site", "qa-chatty", {"qa_chatty": PLUGIN}, {"chatty": "qa_chatty"}
    )


def chatty_env(tmp_path: Path, route: str) -> dict[str, str]:
    """The environment of a child with the plugin installed, writing by ``route``."""
    return child_env(
        {"QA_CHATTY_ROUTE": route, "CLAIMAUDIT_LIBRARY": str(tmp_path / "library.sqlite3")},
        path=(install(tmp_path), SRC.parent),
    )
