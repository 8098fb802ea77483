"""Plugins that misbehave while loading (exit, print, register nonsense): each is listed under
"failed to load" or kept off stdout, and every other plugin and command keeps working."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit import plugins
from claimaudit.cli import app
from tests.cli.plugins import install_package, listed

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
    # Registers a judge and a replacement for the default source, then fails.
    "qa_partial": (
        "def register(registry):\n"
        '    registry.add_judge("partialjudge", make, "added before the plugin raises")\n'
        '    registry.add_source("auto", make, "replaces auto, then the plugin raises")\n'
        '    raise RuntimeError("register failed half-way")\n\n\n'
        "def make(*args, **kwargs):\n"
        "    raise NotImplementedError\n"
    ),
    # Looks at the registry from its register(), as a plugin avoiding a taken name would.
    "qa_reent": (
        "from claimaudit.plugins import get_registry\n\n\n"
        "def register(registry):\n"
        "    known = sorted(get_registry().judges)\n"
        '    registry.add_judge("reentjudge", make, "saw " + ",".join(known))\n\n\n'
        "def make(settings):\n"
        "    raise NotImplementedError\n"
    ),
}


def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """``modules`` installed as package ``qa-faults`` 0.1, one entry point each (named without
    the ``qa_`` prefix); a fresh registry sees them."""
    sources = {module: MODULES[module] for module in modules}
    entries = {module.removeprefix("qa_"): module for module in modules}
    site = install_package(tmp_path / "site", "qa-faults", sources, entries)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(plugins, "_registry", None)


@pytest.fixture(autouse=True)
def forget_modules() -> Iterator[None]:
    yield
    for module in MODULES:
        sys.modules.pop(module, None)


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


def test_a_plugin_failing_half_way_adds_and_replaces_nothing(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "qa_partial")
    answer = listed(runner)
    failed = {f["plugin"]: f["error"] for f in answer["failed"]}
    assert failed == {"partial": "RuntimeError: register failed half-way"}
    assert "partialjudge" not in {j["name"] for j in answer["judges"]}
    [auto] = [s for s in answer["sources"] if s["name"] == "auto"]
    assert auto["origin"] == "built-in"  # the default source is still the built-in one


def test_a_plugin_asking_for_the_registry_while_registering_gets_the_one_being_filled(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each such call used to build another registry, loading the plugin again, down to a
    # RecursionError: hundreds of warnings, and a listing of judges that never were.
    install(tmp_path, monkeypatch, "qa_reent")
    result = runner.invoke(app, ["plugins", "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["failed"] == []
    judges = {j["name"]: j for j in answer["judges"]}
    assert judges["reentjudge"]["description"] == "saw jev,local,openai"
    assert "replaces" not in result.stderr
    assert plugins.get_registry() is plugins.get_registry()
