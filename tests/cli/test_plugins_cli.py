"""Third-party plugins as a user installs them: a package announcing a plugin module under the
``claimaudit.plugins`` entry-point group. The judge is the one-file plugin in
``tests/plugin_example``, written from the docstrings alone."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest
from typer.testing import CliRunner

from claimaudit import plugins
from claimaudit.cli import app
from tests.cli.conftest import DEEP_RULES_REF
from tests.cli.plugins import install_package, listed

PLUGIN = Path(__file__).resolve().parents[1] / "plugin_example" / "claimaudit_keyword.py"


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The plugin installed as package ``claimaudit-keyword`` 0.1, beside one whose module is
    missing; a fresh registry sees both."""
    entries = {"keyword": "claimaudit_keyword", "broken": "claimaudit_not_there"}
    modules = {PLUGIN.stem: PLUGIN.read_text(encoding="utf-8")}
    site = install_package(tmp_path / "site", "claimaudit-keyword", modules, entries)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(plugins, "_registry", None)
    yield
    sys.modules.pop("claimaudit_keyword", None)


def test_plugins_lists_built_in_third_party_and_failed(runner: CliRunner, installed: None) -> None:
    answer = listed(runner)
    judges = {j["name"]: j for j in answer["judges"]}
    assert judges["keyword"]["origin"] == "claimaudit-keyword 0.1"
    assert judges["keyword"]["description"] == "supports when one passage has every claim word"
    assert {judges[n]["origin"] for n in ("local", "jev", "openai")} == {"built-in"}
    assert {s["name"] for s in answer["sources"]} >= {"auto", "library", "valyu", "arxiv"}
    [failed] = answer["failed"]
    assert failed["plugin"] == "broken"
    assert "ModuleNotFoundError" in failed["error"] and "claimaudit_not_there" in failed["error"]

    table = runner.invoke(app, ["plugins"], env={"COLUMNS": "120"})
    assert table.exit_code == 0
    assert "claimaudit-keyword 0.1" in table.stdout
    assert "failed to load broken: ModuleNotFoundError" in table.stdout


@pytest.mark.parametrize("columns", [30, 40, 60, 80])
def test_plugins_keeps_each_name_and_origin_whole_in_a_narrow_terminal(
    runner: CliRunner, installed: None, columns: int
) -> None:
    table = runner.invoke(app, ["plugins"], env={"COLUMNS": str(columns)})
    assert table.exit_code == 0, table.output
    assert max(len(line) for line in table.stdout.splitlines()) <= columns
    words = table.stdout.replace("\u2502", " ").split()  # a table's cells, or stacked lines
    assert "built-in" in words and "claimaudit-keyword" in words and "0.1" in words
    assert not any("\u2026" in word for word in words)  # nothing cut to an ellipsis
    description = "supports when one passage has every claim word"
    assert description in " ".join(words)


def test_the_one_file_plugin_judges_through_the_whole_pipeline(
    runner: CliRunner, installed: None, paper_library: Path
) -> None:
    claim = "Practitioners should still consider traditional methods as performance baselines."
    result = runner.invoke(
        app,
        [
            "check",
            claim,
            "-p",
            DEEP_RULES_REF,
            "--judge",
            "keyword",
            "--library",
            str(paper_library),
            "--format",
            "jsonl",
        ],
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert (record["judge"], record["model"], record["verdict"]) == (
        "keyword",
        "keyword-1",
        "supports",
    )
    # Its choice alone, no probabilities: the record says so and asks for review.
    assert record["probabilitiesAvailable"] is False and record["needsReview"] is True
    words = {w.strip(".").lower() for w in claim.split()}
    assert words <= {w.strip(".,()").lower() for w in record["evidence"].split()}


def _boom(*args: object, **kwargs: object) -> NoReturn:
    raise ZeroDivisionError("secret-token-123 in a plugin's message")


@pytest.fixture
def boom(monkeypatch: pytest.MonkeyPatch) -> None:
    """A judge and a source whose factories raise; --debug's logging is undone after."""
    registry = plugins.get_registry()
    monkeypatch.setitem(registry.judges, "boom", plugins.Registered(_boom, "raises", "tests"))
    monkeypatch.setitem(registry.sources, "boom", plugins.Registered(_boom, "raises", "tests"))
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])
    monkeypatch.setattr(root, "level", root.level)


@pytest.mark.parametrize(
    ("command", "backend"),
    [
        ("check", "--judge"),
        ("check", "--source"),
        ("batch", "--judge"),
        ("batch", "--source"),
        ("review", "--judge"),  # review reads the library only: it has no --source
    ],
)
def test_a_factory_that_raises_is_one_line_exit_2_naming_the_plugin(
    runner: CliRunner, boom: None, tmp_path: Path, command: str, backend: str
) -> None:
    claims = tmp_path / "claims.jsonl"
    claims.write_text(json.dumps({"claim": "Baselines help.", "papers": ["2105.14372"]}) + "\n")
    draft = tmp_path / "draft.md"
    draft.write_text("Baselines help evaluate deep learning [@arxiv:2105.14372].\n")
    args = {
        "check": ["check", "Baselines help.", "-p", "2105.14372"],
        "batch": ["batch", str(claims), "--out", str(tmp_path / "out.jsonl")],
        "review": ["review", str(draft), "--out", str(tmp_path / "out.md")],
    }[command]
    args += [backend, "boom", "--library", str(tmp_path / "lib.sqlite3")]
    kind = backend.removeprefix("--")
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().splitlines() == [
        f"error: {kind} 'boom' could not be built: its factory raised ZeroDivisionError"
    ]
    assert "secret-token-123" not in result.output

    loud = runner.invoke(app, ["--debug", *args])
    assert loud.exit_code == 2
    assert "Traceback" in loud.stderr and "ZeroDivisionError" in loud.stderr


def test_a_plugin_replacing_a_built_in_is_said_on_stderr(caplog: pytest.LogCaptureFixture) -> None:
    from importlib import import_module

    from claimaudit.plugins import Registry

    class Replacing:
        @staticmethod
        def register(registry: Registry) -> None:
            registry.add_judge("local", lambda settings: None, "a better local")

    class Adding:
        @staticmethod
        def register(registry: Registry) -> None:
            registry.add_judge("mine", lambda settings: None, "a new one")

    registry = Registry()
    registry.load("claimaudit.judges.local", lambda: import_module("claimaudit.judges.local"))
    assert "local" in registry.judges and not registry.broken
    with caplog.at_level("WARNING", logger="claimaudit.plugins"):
        registry.load("better", lambda: Replacing, "better-local 1.0")
        registry.load("mine", lambda: Adding, "mine 1.0")
    assert registry.judges["local"].origin == "better-local 1.0"  # replacing is allowed...
    warnings = [r.getMessage() for r in caplog.records]
    assert warnings == ["better-local 1.0 replaces the judge 'local' from built-in"]  # ...said
