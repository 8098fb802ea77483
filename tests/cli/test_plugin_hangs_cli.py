"""Plugins that never return (a register() or a factory waiting on a lock never released): each
is given up at ``CLAIMAUDIT_PLUGIN_TIMEOUT`` with one line naming it, not a command that hangs.

The plugins are real modules of an installed package, ``qa-hangs`` 0.1. Each waits while a gate
file exists; the test removes the gate at its end, so that no thread is left waiting."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit import plugins
from claimaudit.backends.plugin_wait import PLUGIN_TIMEOUT_ENV
from claimaudit.cli import app
from tests.cli.plugins import install_package, listed

GATE_ENV = "QA_HANGS_GATE"
# Waits while the gate exists (two minutes at most: a broken test must not hang forever).
WAIT = (
    "import os, pathlib, time\n\n\n"
    "def wait():\n"
    "    gate = pathlib.Path(os.environ['QA_HANGS_GATE'])\n"
    "    for _ in range(12000):\n"
    "        if not gate.exists():\n"
    "            return\n"
    "        time.sleep(0.01)\n\n\n"
)
MODULES = {
    # Hangs in register(), then registers a judge once let go: too late to count.
    "qa_sleeping": WAIT + "def register(registry):\n"
    "    wait()\n"
    '    registry.add_judge("sleepy", make, "registered after the plugin was given up")\n'
    "    (pathlib.Path(os.environ['QA_HANGS_GATE']).parent / 'registered').touch()\n\n\n"
    "def make(settings):\n"
    "    raise NotImplementedError\n",
    # Loads at once; building its judge or its source hangs.
    "qa_stuck": WAIT + "def register(registry):\n"
    '    registry.add_judge("stuck", make_judge, "a judge whose factory hangs")\n'
    '    registry.add_source("stuck", make_source, "a source whose factory hangs")\n\n\n'
    "def make_judge(settings):\n"
    "    wait()\n"
    "    raise RuntimeError('let go')\n\n\n"
    "def make_source(*, path):\n"
    "    wait()\n"
    "    raise RuntimeError('let go')\n",
    # Its judge and source work, but their own ``name`` hangs (and was read, unwatched, as
    # they were built).
    "qa_named": WAIT + "from tests.fakes import MemorySource, ScriptedJudge, pick\n"
    "from claimaudit.identity import parse_ref\n\n\n"
    "def read_name():\n"
    "    (pathlib.Path(os.environ['QA_HANGS_GATE']).parent / 'name read').touch()\n"
    "    wait()\n\n\n"
    "class Judge(ScriptedJudge):\n"
    "    @property\n"
    "    def name(self):\n"
    "        read_name()\n"
    "        return 'named'\n\n"
    "    @name.setter\n"
    "    def name(self, value):\n"
    "        pass\n\n\n"
    "class Source(MemorySource):\n"
    "    @property\n"
    "    def name(self):\n"
    "        read_name()\n"
    "        return 'named'\n\n"
    "    @name.setter\n"
    "    def name(self, value):\n"
    "        pass\n\n\n"
    "def register(registry):\n"
    '    registry.add_judge("named", make_judge, "a judge whose name hangs")\n'
    '    registry.add_source("named", make_source, "a source whose name hangs")\n\n\n'
    "def make_judge(settings):\n"
    "    return Judge(pick('supports', 'P001'))\n\n\n"
    "def make_source(*, path):\n"
    "    source = Source()\n"
    "    source.add(parse_ref('scifact:1'), 'One', ['Aspirin lowers fever in adults.'])\n"
    "    return source\n",
}


@pytest.fixture
def gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The gate the plugins wait at, open (removed) when the test ends."""
    path = tmp_path / "gate" / "hold"
    path.parent.mkdir()
    path.touch()
    monkeypatch.setenv(GATE_ENV, str(path))
    monkeypatch.setenv(PLUGIN_TIMEOUT_ENV, "0.2")
    yield path
    path.unlink(missing_ok=True)
    for module in MODULES:
        sys.modules.pop(module, None)


def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """``modules`` installed as package ``qa-hangs`` 0.1, one entry point each (named without
    the ``qa_`` prefix); a fresh registry sees them."""
    sources = {module: MODULES[module] for module in modules}
    entries = {module.removeprefix("qa_"): module for module in modules}
    site = install_package(tmp_path / "site", "qa-hangs", sources, entries)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(plugins, "_registry", None)


GIVEN_UP = (
    "it did not finish loading within 0.2 s (CLAIMAUDIT_PLUGIN_TIMEOUT) and may still be running"
)


def test_a_plugin_whose_register_hangs_is_listed_as_failed(
    runner: CliRunner, gate: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "qa_sleeping")
    answer = listed(runner)  # it returns (it used to wait for ever, without a word)
    assert {f["plugin"]: f["error"] for f in answer["failed"]} == {"sleeping": GIVEN_UP}
    assert {"local", "jev", "openai"} <= {j["name"] for j in answer["judges"]}


def test_asking_for_a_judge_of_a_plugin_given_up_is_one_line_naming_it(
    runner: CliRunner, gate: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "qa_sleeping")
    args = ["check", "A claim.", "-p", "arXiv:1706.03762", "--judge", "sleepy"]
    result = runner.invoke(app, [*args, "--library", str(tmp_path / "lib.sqlite3")])
    assert result.exit_code == 2, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("error: unknown judge 'sleepy' (known: jev, local, openai)")
    assert line.endswith(f"plugins that failed to load: sleeping: {GIVEN_UP}")


def test_what_a_plugin_given_up_registers_later_is_never_used(
    runner: CliRunner, gate: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "qa_sleeping")
    registry = plugins.get_registry()
    assert registry.broken == {"sleeping": GIVEN_UP}
    gate.unlink()  # let go: its register() now adds its judge, on its own thread
    registered = gate.parent / "registered"
    for _ in range(12000):
        if registered.exists():
            break
        time.sleep(0.01)
    assert registered.exists()
    assert "sleepy" not in registry.judges
    assert "sleepy" not in plugins.Registry().judges  # nor in any other registry


@pytest.mark.parametrize("backend", ["--judge", "--source"])
def test_a_factory_that_hangs_is_one_line_exit_2_naming_the_plugin(
    runner: CliRunner, gate: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, backend: str
) -> None:
    install(tmp_path, monkeypatch, "qa_stuck")
    # Loaded with time to spare (a busy machine may take more than 0.2 s to import it); the
    # factory's deadline is read when it is called.
    monkeypatch.setenv(PLUGIN_TIMEOUT_ENV, "60")
    assert "stuck" in plugins.get_registry().judges
    monkeypatch.setenv(PLUGIN_TIMEOUT_ENV, "0.2")
    args = ["check", "Baselines help.", "-p", "2105.14372", backend, "stuck"]
    result = runner.invoke(app, [*args, "--library", str(tmp_path / "lib.sqlite3")])
    assert result.exit_code == 2, result.output
    kind = backend.removeprefix("--")
    assert result.stderr.strip().splitlines() == [
        f"error: {kind} 'stuck' (from qa-hangs 0.1) could not be built: its factory did not "
        "return within 0.2 s (CLAIMAUDIT_PLUGIN_TIMEOUT)"
    ]
    # Asked again while the first build still runs: refused at once, no second thread.
    again = runner.invoke(app, [*args, "--library", str(tmp_path / "lib.sqlite3")])
    assert again.exit_code == 2
    assert again.stderr.strip().splitlines() == [
        f"error: {kind} 'stuck' (from qa-hangs 0.1) could not be built: an earlier build did "
        "not return in time and may still be running"
    ]


@pytest.mark.parametrize("value", ["soon", "0", "-1", "nan", "1e400"])
def test_a_plugin_timeout_that_is_no_number_of_seconds_is_one_line_exit_2(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setattr(plugins, "_registry", None)
    monkeypatch.setenv(PLUGIN_TIMEOUT_ENV, value)
    result = runner.invoke(app, ["plugins"])
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().splitlines() == [
        f"error: CLAIMAUDIT_PLUGIN_TIMEOUT must be a number of seconds from 0.1 up to 86400 "
        f"(a day), not {value!r}"
    ]


def test_a_plugin_whose_backends_own_name_hangs_is_checked_under_its_registered_name(
    runner: CliRunner, gate: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path, monkeypatch, "qa_named")
    monkeypatch.setenv(PLUGIN_TIMEOUT_ENV, "60")  # loading it is not what is tested
    args = ["check", "Aspirin lowers fever.", "-p", "scifact:1", "--format", "json"]
    options = ["--judge", "named", "--source", "named", "--no-cache"]
    # It returns (building them read each one's own name, which hung the command for ever),
    # and records credit the names they were registered by, as always.
    result = runner.invoke(app, [*args, *options, "--library", str(tmp_path / "lib.sqlite3")])
    assert result.exit_code == 0, result.output
    [record] = json.loads(result.stdout)["records"]
    assert (record["verdict"], record["judge"], record["paperTitle"]) == (
        "supports",
        "named",
        "One",
    )
    assert not (gate.parent / "name read").exists()  # their own name is never run
