"""A key the command sends over plain http to another machine: one line on stderr, by name."""

from __future__ import annotations

import io
import logging
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.net import cleartext
from tests.libraries import notes_library
from tests.signals import child_env, console_script

KEY = "sk-cleartext-0123456789"


def test_the_key_going_in_clear_text_is_said_once_on_stderr(tmp_path: Path) -> None:
    # QA: OPENAI_BASE_URL=http://<a lab gateway>/v1 sent OPENAI_API_KEY unencrypted, unsaid.
    # The paper is not in the library, so nothing is sent to the address (TEST-NET, unrouted).
    library = notes_library(tmp_path, "# Notes\n\nDeep learning needs data.\n")
    env = child_env(
        {
            "OPENAI_BASE_URL": "http://192.0.2.7:8080/v1",
            "OPENAI_API_KEY": KEY,
            "OPENAI_MODEL": "m",
        }
    )
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        env.pop(name, None)
    args = ["check", "Deep learning needs data.", "--paper", "arXiv:2101.00001"]
    done = subprocess.run(
        [*console_script(), *args, "--judge", "openai", "--library", str(library)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "plain http" in line]
    assert said == [
        "warning: the openai judge sends OPENAI_API_KEY over plain http to 192.0.2.7:8080, "
        "unencrypted: anyone on the network path can read it (use https, unless that network "
        "is trusted)"
    ]
    assert KEY not in done.stderr + done.stdout
    assert "not_checked" in done.stdout or "not checked" in done.stdout.lower()


def test_the_warning_stays_on_stderr_when_a_plugin_set_up_logging(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: a plugin that set up a handler of its own (logging.basicConfig(filename=...) in its
    # module) took the warning off stderr: Python's last-resort handler prints only while the
    # root logger has none.
    monkeypatch.setattr(cleartext, "_warned", set())
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("all_proxy", raising=False)
    monkeypatch.setenv("OPENAI_BASE_URL", "http://192.0.2.7:8080/v1")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("OPENAI_MODEL", "m")
    library = notes_library(tmp_path, "# Notes\n\nDeep learning needs data.\n")
    plugin_log = io.StringIO()
    handler = logging.StreamHandler(plugin_log)
    logging.getLogger().addHandler(handler)
    try:
        args = ["check", "Deep learning needs data.", "--paper", "arXiv:2101.00001"]
        done = runner.invoke(app, [*args, "--judge", "openai", "--library", str(library)])
    finally:
        logging.getLogger().removeHandler(handler)
    assert done.exit_code == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "plain http" in line]
    assert said == [
        "warning: the openai judge sends OPENAI_API_KEY over plain http to 192.0.2.7:8080, "
        "unencrypted: anyone on the network path can read it (use https, unless that network "
        "is trusted)"
    ]
    assert "plain http" not in plugin_log.getvalue()  # once: not again through the plugin's
    # Once the command is done, a program using claimaudit gets log records as before.
    assert logging.getLogger("claimaudit.net.cleartext").propagate
    assert not logging.getLogger("claimaudit.net.cleartext").handlers
