"""The argument parser's errors: one line on stderr and exit 2, like every usage error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from claimaudit import __version__
from claimaudit.cli import app
from claimaudit.library.store import Library
from tests.server.conftest import REPO


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["check", "--bogus"], "No such option: --bogus. See 'claimaudit check --help'."),
        (["chek"], "No such command 'chek'. Did you mean 'check'? See 'claimaudit --help'."),
        (["check"], "Missing argument 'CLAIM'. See 'claimaudit check --help'."),
        (
            ["check", "A claim.", "--format", "xml"],
            "Invalid value for '--format': 'xml' is not one of 'table', 'json', 'jsonl'.",
        ),
        (
            ["check", "A claim.", "--threshold", "1.5"],
            "Invalid value for '--threshold': Input should be less than or equal to 1.",
        ),
        (["--bogus"], "No such option: --bogus. See 'claimaudit --help'."),
        (["library", "ad"], "No such command 'ad'. Did you mean 'add'?"),
        (["library", "add"], "Missing argument 'PATH'. See 'claimaudit library add --help'."),
        (["review", "--fail-on"], "Option '--fail-on' requires an argument."),
        # An option missing its value points to its own command's help.
        (
            ["check", "A claim.", "--paper"],
            "Option '--paper' requires an argument. See 'claimaudit check --help'.",
        ),
        (
            ["library", "add", "x.pdf", "--ref"],
            "requires an argument. See 'claimaudit library add --help'.",
        ),
        # The slips of a first hour say what to type instead.
        (["check", "A claim.", "--json"], "No such option: --json (use --format json). See"),
        (
            ["check", "SciPy", "provides", "sparse", "matrices", "--paper", "X"],
            "Got unexpected extra argument(s) (provides sparse matrices); put the claim in quotes.",
        ),
        (
            ["check", "-5% fewer", "--paper", "X"],
            "No such option: -5; for a claim starting with a dash, put the options first, then "
            "-- and the claim.",
        ),
    ],
)
def test_parser_errors_are_one_line(runner: CliRunner, args: list[str], line: str) -> None:
    result = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 2
    [shown] = result.stderr.splitlines()
    assert shown.startswith("error: ") and line in shown
    assert result.stdout == ""


@pytest.mark.parametrize("args", [["-h"], ["check", "-h"], ["library", "add", "-h"]])
def test_h_is_help_everywhere(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0 and result.stderr == ""
    assert f"Usage: claimaudit {' '.join(args[:-1])}".rstrip() in result.stdout


def test_a_claim_after_dash_dash_is_checked_as_a_claim(runner: CliRunner) -> None:
    result = runner.invoke(app, ["check", "--paper", "not a ref", "--", "-5% fewer"])
    # Past the parser: the claim is taken, the reference refused in its record.
    assert "No such option" not in result.stderr
    assert "not a paper reference" in result.stdout + result.stderr


def test_no_arguments_still_shows_the_help(runner: CliRunner) -> None:
    result = runner.invoke(app, ["library"], env={"COLUMNS": "80"})
    assert "Usage: claimaudit library" in result.stdout + result.stderr
    assert "error:" not in result.stdout + result.stderr


def test_the_installed_entry_point_prints_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "claimaudit", "check", "A claim.", "--papr", "x"],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    # Run as a module, the program calls itself "python -m claimaudit".
    [line] = done.stderr.splitlines()
    assert line.startswith("error: No such option: --papr (Possible options: --paper). See '")
    assert line.endswith("claimaudit check --help'.")


def _command_paths(command: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    # Typer's command classes are its own copy of click's, so groups are told by their commands.
    commands = getattr(command, "commands", None)
    if not isinstance(commands, dict):
        return [path]
    found = [path]
    for name, sub in commands.items():
        found.extend(_command_paths(sub, (*path, name)))
    return found


def test_every_usage_line_names_its_arguments_once(runner: CliRunner) -> None:
    paths = _command_paths(typer.main.get_command(app))
    assert ("review",) in paths and ("library", "add") in paths
    usages = {}
    for path in paths:
        result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, (path, result.output)
        [usages[path]] = [line for line in result.stdout.splitlines() if "Usage:" in line]
    # A list argument's metavar gets "..." from Typer: its own would double it (REPORT......).
    assert not [usage for usage in usages.values() if "...." in usage]
    assert usages[("review",)].split("[OPTIONS]")[1].strip() == "REPORT..."


@pytest.mark.parametrize(
    ("command", "listed", "refused"),
    [
        ("check", "needs-review|contradicts|not-checked", "bad-reference"),
        ("refs", "bad-reference|unverified-reference", "contradicts"),
        ("review", "needs-review|contradicts|not-checked|bad-reference|unverified-reference", ""),
    ],
)
def test_fail_on_lists_only_the_conditions_the_command_takes(
    runner: CliRunner, command: str, listed: str, refused: str
) -> None:
    shown = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"}).stdout
    [line] = [line for line in shown.splitlines() if "--fail-on" in line]
    assert line.split()[2] == listed
    if refused:
        result = runner.invoke(app, [command, "x", "--fail-on", refused])
        assert result.exit_code == 2
        [error] = result.stderr.splitlines()
        assert f"Invalid value for '--fail-on': '{refused}' is not one of" in error


@pytest.mark.parametrize("command", ["check", "batch", "review", "eval"])
def test_timeout_help_says_what_it_bounds(runner: CliRunner, command: str) -> None:
    # "Seconds to wait for a remote judge's answer" let a user expect it to stop a plugin judge
    # that never returns; it bounds the jev and openai judges' HTTP requests, and each call into
    # a plugin's judge or source.
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.replace("\u2502", " ").split())
    assert (
        "Deadline for each HTTP request of the jev and openai judges (each retry its own)" in words
    )
    assert (
        "and for each call into a plugin's judge or source: one that has not answered by then "
        "leaves the paper not_checked (default: 60)."
    ) in words


def test_a_home_tilde_after_an_options_equals_sign_is_expanded(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The shell leaves "--json=~/r.json" as written: it made a folder named "~".
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    Library.open(home / "lib.sqlite3").close()
    (tmp_path / "d.md").write_text("Raw data is kept [@arxiv:2105.14372].\n", encoding="utf-8")
    args = ["review", "d.md", "--library=~/lib.sqlite3", "--json=~/r.json", "--out=~/d.md"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in home.iterdir()) == ["d.md", "lib.sqlite3", "r.json"]
    assert not (tmp_path / "~").exists()


def test_version_prints_the_version_the_servers_report() -> None:
    # QA: `claimaudit --version` was "No such option" (exit 2), though /health and MCP's
    # serverInfo report the version. Run as installed, so the eager option is seen as typed.
    done = subprocess.run(
        [sys.executable, "-m", "claimaudit", "--version"],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, f"claimaudit {__version__}\n", "")


def test_a_command_that_makes_no_http_client_loads_no_http_stack() -> None:
    # QA (performance): every command, --help too, imported httpx (through the proxy checks)
    # and the Jev SDK (through serve's start-up check): about 0.2 s of imports before anything.
    code = (
        "import sys\n"
        "from claimaudit.cli import _install_commands\n"
        "_install_commands()\n"
        "print(sorted(m for m in ('httpx', 'httpx2', 'typesafe_sdk') if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "[]", result.stderr


def _commands(group: typer.core.TyperGroup, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    for name, command in group.commands.items():
        if isinstance(command, typer.core.TyperGroup):
            found += _commands(command, (*path, name))
        else:
            found.append((*path, name))
    return found


def _valued_options() -> list[tuple[tuple[str, ...], str, str]]:
    """(command path, an option of it taking a value, another option of it) for every such
    option of every command."""
    from claimaudit.cli import _install_commands

    _install_commands()
    root = typer.main.get_command(app)
    cases = []
    for path in _commands(root):  # type: ignore[arg-type]
        command = root
        for name in path:
            command = command.commands[name]  # type: ignore[attr-defined]
        options = [p for p in command.params if p.param_type_name == "option"]
        for option in options:
            if option.is_flag or option.count:
                continue
            other = next((o.opts[0] for o in options if o is not option), "--help")
            cases.append((path, option.opts[0], other))
    return cases


@pytest.mark.parametrize(("path", "option", "other"), _valued_options())
def test_an_option_given_another_option_as_its_value_is_refused(
    path: tuple[str, ...], option: str, other: str
) -> None:
    # `review --json --library x.db d.md` took --library as the JSON file's path, and then
    # refused x.db as a second draft: the error named neither slip.
    result = CliRunner().invoke(app, [*path, option, other, "x"])
    assert result.exit_code == 2, (result.stdout, result.stderr)
    [line] = result.stderr.splitlines()
    assert line.startswith(f"error: {option} needs a "), line
    assert f"; got the option {other}. See 'claimaudit {' '.join(path)} --help'." in line


def test_the_json_option_before_the_library_option_names_both() -> None:
    result = CliRunner().invoke(app, ["review", "--json", "--library=x.db", "d.md"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: --json needs a file path; got the option --library. See 'claimaudit review "
        "--help'.\n"
    )


@pytest.mark.parametrize("value", ["-", "-x.db", "--not-an-option"])
def test_a_value_starting_with_a_dash_that_is_no_option_is_taken(
    tmp_path: Path, value: str
) -> None:
    result = CliRunner().invoke(app, ["library", "list", "--library", value])
    assert result.exit_code == 2
    assert "needs a file path" not in result.stderr
    assert value in result.stderr  # the library it looked for: that path


def test_the_end_of_options_as_an_option_s_value_is_refused() -> None:
    # `check --paper -- "-x lowers y."` checked a paper named "--".
    result = CliRunner().invoke(app, ["check", "--paper", "--", "-x lowers fever."])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: --paper needs a value (REF); got --, which ends the options. See 'claimaudit "
        "check --help'.\n"
    )
