"""Entry points as plugin authors write them: naming the module, or its ``register`` function;
and what ``claimaudit plugins`` shows of a plugin that fails to load (never a secret)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit import plugins
from claimaudit.cli import app
from tests.cli.plugins import install_package, listed

KEY = "sk-plugin-test-0123456789"
MODULES = ("qa_byfunction", "qa_leaky")
BY_FUNCTION = """
def register(registry):
    registry.add_source("byfunction", make_source, "registered by its function")


def make_source(*, path):
    raise NotImplementedError
"""
LEAKY = """
import os

raise RuntimeError(f"secret {os.environ['OPENAI_API_KEY']} in plugin error")
"""


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Package ``qa-plugins`` 0.1 with three entry points; a fresh registry sees them."""
    entries = {
        "byfunction": "qa_byfunction:register",
        "wrongname": "qa_byfunction:make_source",
        "leaky": "qa_leaky",
    }
    modules = {"qa_byfunction": BY_FUNCTION, "qa_leaky": LEAKY}
    site = install_package(tmp_path / "site", "qa-plugins", modules, entries)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setattr(plugins, "_registry", None)
    yield
    for module in MODULES:
        sys.modules.pop(module, None)


def test_an_entry_point_may_name_the_register_function(runner: CliRunner, installed: None) -> None:
    answer = listed(runner)
    sources = {s["name"]: s for s in answer["sources"]}
    assert sources["byfunction"]["origin"] == "qa-plugins 0.1"
    assert sources["byfunction"]["description"] == "registered by its function"
    failed = {f["plugin"]: f["error"] for f in answer["failed"]}
    assert "byfunction" not in failed
    # Another function is not a plugin: said in a line that says what to name instead.
    assert failed["wrongname"] == (
        "entry point 'wrongname' names 'make_source', not a plugin module; name the module "
        "that defines register(registry), or that function"
    )


def test_a_failed_plugins_message_is_redacted(runner: CliRunner, installed: None) -> None:
    failed = {f["plugin"]: f["error"] for f in listed(runner)["failed"]}
    assert failed["leaky"] == "RuntimeError: secret *** in plugin error"
    table = runner.invoke(app, ["plugins"], env={"COLUMNS": "200"})
    assert table.exit_code == 0
    assert "secret *** in plugin error" in table.stdout
    assert KEY not in table.stdout and KEY not in table.stderr
