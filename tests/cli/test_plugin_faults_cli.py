"""Plugins that misbehave while loading (exit, print, register nonsense): each is listed under
"failed to load" or kept off stdout, and every other plugin and command keeps working."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from claimaudit import plugins
from claimaudit.cli import app

MODULES = {
    "qa_weirdname": (
        'def register(registry):\n    registry.add_judge(123, lambda settings: None, "int name")\n'
    ),
    "qa_exiting": 'import sys\nsys.exit("plugin exiting at import")\n',
    "qa_printing": (
        'print("hello from a plugin")\n\n\n'
        "def register(registry):\n"
        '    print("registering")\n'
        '    registry.add_source("printing", make, "a source that prints")\n\n\n'
        "def make(*, path):\n"
        "    raise NotImplementedError\n"
    ),
}


def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """``modules`` installed as package ``qa-faults`` 0.1, one entry point each (named without
    the ``qa_`` prefix); a fresh registry sees them."""
    site = tmp_path / "site"
    info = site / "qa_faults-0.1.dist-info"
    info.mkdir(parents=True)
    for module in modules:
        (site / f"{module}.py").write_text(MODULES[module])
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: qa-faults\nVersion: 0.1\n")
    entries = "".join(f"{module.removeprefix('qa_')} = {module}\n" for module in modules)
    (info / "entry_points.txt").write_text("[claimaudit.plugins]\n" + entries)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(plugins, "_registry", None)


@pytest.fixture(autouse=True)
def forget_modules() -> Iterator[None]:
    yield
    for module in MODULES:
        sys.modules.pop(module, None)


def listed(runner: CliRunner) -> Any:
    result = runner.invoke(app, ["plugins", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_plugin_calling_sys_exit_is_listed_as_failed(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "qa_exiting")
    answer = listed(runner)
    failed = {f["plugin"]: f["error"] for f in answer["failed"]}
    assert failed["exiting"] == "SystemExit: plugin exiting at import"
    assert {"local", "jev", "openai"} <= {j["name"] for j in answer["judges"]}
    table = runner.invoke(app, ["plugins"], env={"COLUMNS": "200"})
    assert table.exit_code == 0, table.output
    assert "failed to load exiting: SystemExit: plugin exiting at import" in table.stdout


def test_keyboard_interrupt_in_a_plugin_still_stops_the_program() -> None:
    def interrupted() -> object:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        plugins.Registry().load("interrupted", interrupted)


def test_what_a_plugin_prints_while_loading_goes_to_stderr(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "qa_printing")
    result = runner.invoke(app, ["plugins", "--json"])
    assert result.exit_code == 0, result.output
    sources = {s["name"] for s in json.loads(result.stdout)["sources"]}  # stdout is only JSON
    assert "printing" in sources
    assert "hello from a plugin" in result.stderr and "registering" in result.stderr
    assert "hello from a plugin" not in result.stdout


def test_a_plugin_registering_a_non_text_name_is_listed_as_failed(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "qa_weirdname")
    failed = {f["plugin"]: f["error"] for f in listed(runner)["failed"]}
    assert failed == {"weirdname": "a judge was registered with a name that is int, not text"}
    unknown = runner.invoke(app, ["check", "a claim", "-p", "arXiv:1706.03762", "--judge", "x"])
    assert unknown.exit_code != 0
    assert "unknown judge 'x'" in unknown.output and "weirdname: a judge was" in unknown.output
