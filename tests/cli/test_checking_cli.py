"""``check``, ``batch`` and ``review`` open the library up front when their source reads
papers from it: a file that is not a library is exit 2 and one line before any work, as a
missing one is, never a run of ``not_checked`` records that passes a ``--fail-on`` gate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.cli._checking import refuse_unused_timeout
from claimaudit.plugins import Registered, get_registry

NOT_A_LIBRARY = "@misc{a, title = {A}}\n"


@pytest.fixture
def library(tmp_path: Path) -> Path:
    path = tmp_path / "refs.bib"
    path.write_text(NOT_A_LIBRARY, encoding="utf-8")
    return path


def _args(command: str, tmp_path: Path) -> list[str]:
    if command == "check":
        return ["check", "Raw data is kept.", "--paper", "arXiv:2105.14372"]
    if command == "batch":
        batch = tmp_path / "in.jsonl"
        line = {"id": 1, "claim": "Raw data is kept.", "papers": ["arXiv:2105.14372"]}
        batch.write_text(json.dumps(line) + "\n", encoding="utf-8")
        return ["batch", str(batch), "--out", str(tmp_path / "out.jsonl")]
    draft = tmp_path / "d.md"
    draft.write_text("Raw data is kept [@arxiv:2105.14372].\n", encoding="utf-8")
    return ["review", str(draft), "--json", str(tmp_path / "out.json")]


@pytest.mark.parametrize("command", ["check", "batch", "review"])
def test_a_file_that_is_not_a_library_is_one_line_exit_2(
    runner: CliRunner, tmp_path: Path, library: Path, command: str
) -> None:
    gate = [] if command == "batch" else ["--fail-on", "contradicts"]  # batch has no gate
    result = runner.invoke(app, [*_args(command, tmp_path), "--library", str(library), *gate])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: cannot open library {library}: file is not a database"
    ]
    assert result.stdout == ""
    assert not (tmp_path / "out.jsonl").exists() and not (tmp_path / "out.json").exists()
    assert library.read_text(encoding="utf-8") == NOT_A_LIBRARY  # never touched


@pytest.mark.parametrize("command", ["check", "batch", "review"])
def test_a_library_that_is_no_regular_file_is_one_line_exit_2(
    runner: CliRunner, tmp_path: Path, command: str
) -> None:
    # /dev/null opened as an empty database: a run of not_checked records, exit 0.
    args = [*_args(command, tmp_path), "--library", "/dev/null"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: cannot open library /dev/null: it is not a regular file"
    ]
    assert not (tmp_path / "out.jsonl").exists() and not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("command", ["check", "review"])
def test_an_empty_file_is_no_library_and_stays_empty(
    runner: CliRunner, tmp_path: Path, command: str
) -> None:
    empty = tmp_path / "lib.sqlite3"
    empty.touch()
    result = runner.invoke(app, [*_args(command, tmp_path), "--library", str(empty)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: no library at {empty}")
    assert empty.stat().st_size == 0


def test_a_source_that_never_opens_the_library_is_not_stopped_by_it(
    runner: CliRunner, tmp_path: Path, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VALYU_API_KEY", "test-key")  # Valyu itself is a closed local port
    args = [*_args("check", tmp_path), "--source", "valyu", "--no-cache"]
    result = runner.invoke(app, [*args, "--library", str(library), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    [record] = json.loads(result.stdout)["records"]
    assert record["verdict"] == "not_checked" and "Valyu" in record["error"]
    assert "library" not in record["error"]


NO_JEV_KEY = "error: the jev judge needs an API key: set TYPESAFE_API_KEY"
NO_VALYU_KEY = "error: the valyu source needs an API key: set VALYU_API_KEY"


@pytest.mark.parametrize(
    ("command", "backend", "message"),
    [
        ("check", ["--judge", "jev"], NO_JEV_KEY),
        ("batch", ["--judge", "jev"], NO_JEV_KEY),
        ("review", ["--judge", "jev"], NO_JEV_KEY),
        ("check", ["--source", "valyu"], NO_VALYU_KEY),
        ("batch", ["--source", "valyu"], NO_VALYU_KEY),  # review takes no --source
    ],
)
def test_a_missing_key_is_one_line_exit_2_before_any_work(
    runner: CliRunner,
    tmp_path: Path,
    paper_library: Path,
    command: str,
    backend: list[str],
    message: str,
) -> None:
    # As a missing model is: a run that cannot make one request is refused, not a run of
    # not_checked records (which exit 0 and pass a --fail-on gate).
    args = [*_args(command, tmp_path), *backend, "--library", str(paper_library)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [message]
    assert result.stdout == ""
    assert not (tmp_path / "out.jsonl").exists() and not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("command", ["check", "batch", "review"])
@pytest.mark.parametrize("from_env", [False, True])
def test_a_library_folder_is_named_where_it_was_given(
    runner: CliRunner, tmp_path: Path, command: str, from_env: bool
) -> None:
    # QA: CLAIMAUDIT_LIBRARY=/some/folder said "--library /some/folder is a folder", though no
    # --library was given: the user looked for a flag that was not there.
    folder = tmp_path / "libraries"
    folder.mkdir()
    given = [] if from_env else ["--library", str(folder)]
    env = {"CLAIMAUDIT_LIBRARY": str(folder)} if from_env else {}
    result = runner.invoke(app, [*_args(command, tmp_path), *given], env=env)
    assert result.exit_code == 2
    name = "CLAIMAUDIT_LIBRARY" if from_env else "--library"
    assert result.stderr.strip().splitlines() == [
        f"error: {name} {folder} is a folder; give the library file"
    ]


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        # QA: nan read as past the top ("less than or equal to 86400"): a smaller number was
        # looked for in vain.
        ("--timeout", "nan", "Input should be a number, not nan"),
        ("--threshold", "NaN", "Input should be a number, not NaN"),
        # The range and the parse keep typer's own words.
        ("--timeout", "inf", "Input should be less than or equal to 86400"),
        ("--timeout", "0.05", "Input should be greater than or equal to 0.1"),
        ("--threshold", "-inf", "Input should be greater than or equal to 0"),
        ("--threshold", "1.5", "Input should be less than or equal to 1"),
        ("--timeout", "soon", "Input should be a valid number, unable to parse string as a number"),
    ],
)
def test_a_number_option_says_what_is_wrong_with_it(
    runner: CliRunner, tmp_path: Path, option: str, value: str, says: str
) -> None:
    result = runner.invoke(app, [*_args("check", tmp_path), option, value])
    assert result.exit_code == 2
    assert f"Invalid value for '{option}': {says}." in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(("option", "value"), [("--timeout", "5"), ("--threshold", "0.25")])
def test_a_number_in_range_is_taken(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, option: str, value: str
) -> None:
    taken: dict[str, object] = {}

    def refuse(**given: object) -> None:
        taken.update(given)
        raise SystemExit(0)  # the value reached the checker: nothing more to run

    monkeypatch.setattr("claimaudit.cli.check.build_checker", refuse)
    result = runner.invoke(app, [*_args("check", tmp_path), option, value])
    assert result.exit_code == 0, result.stderr
    assert taken[option.removeprefix("--")] == float(value)


@pytest.mark.parametrize("command", ["check", "batch", "review"])
def test_a_model_id_with_a_line_break_is_refused_naming_the_flag(
    runner: CliRunner, tmp_path: Path, command: str
) -> None:
    # QA: --model $'m\nx' was accepted and sent in every request.
    args = [*_args(command, tmp_path), "--judge", "openai", "--model", "m\nx"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: --model holds U+000A (a line feed) at character 2"
    ]


@pytest.mark.parametrize("command", ["check", "batch", "review"])
def test_a_timeout_nothing_reads_is_refused(
    runner: CliRunner, tmp_path: Path, command: str
) -> None:
    # QA: --timeout with the local judge and a built-in source was taken and did nothing.
    result = runner.invoke(app, [*_args(command, tmp_path), "--timeout", "5"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: the local judge takes no timeout (it runs in this process, and source 'auto' "
        "keeps its own deadlines); --timeout 5 applies to the jev and openai judges and to "
        "plugins' judges and sources"
    ]
    assert not (tmp_path / "out.jsonl").exists() and not (tmp_path / "out.json").exists()


@pytest.mark.parametrize(
    ("judge", "source"),
    [("openai", "library"), ("jev", "auto"), ("local", "mine"), ("mine", "library")],
)
def test_a_timeout_that_bounds_something_is_taken(
    monkeypatch: pytest.MonkeyPatch, judge: str, source: str
) -> None:
    # The remote judges read it; a plugin's judge or source is watched with it.
    registry = get_registry()
    plugin = Registered(object, "a plugin's", "my-package 1.0")
    monkeypatch.setitem(registry.judges, "mine", plugin)
    monkeypatch.setitem(registry.sources, "mine", plugin)
    refuse_unused_timeout(5.0, judge, source)  # no exit
    refuse_unused_timeout(None, "local", "auto")  # none given: nothing to refuse
    with pytest.raises(typer.Exit):
        refuse_unused_timeout(5.0, "local", "library")


@pytest.mark.parametrize(
    "command",
    [
        ["library", "list"],
        ["library", "show", "local:x"],
        ["library", "search", "word"],
        ["library", "remove", "local:x"],
        ["library", "check"],
        ["library", "repair"],
        ["library", "add", "arxiv:1706.03762"],
        ["mcp"],
    ],
)
@pytest.mark.parametrize("from_env", [False, True])
def test_every_command_names_a_library_folder_as_check_does(
    runner: CliRunner, tmp_path: Path, command: list[str], from_env: bool
) -> None:
    # QA: the library commands, serve and mcp said "library path X is a directory, not a
    # file" (naming neither --library nor CLAIMAUDIT_LIBRARY), check and review "--library X
    # is a folder; give the library file".
    folder = tmp_path / "libraries"
    folder.mkdir()
    given = [] if from_env else ["--library", str(folder)]
    env = {"CLAIMAUDIT_LIBRARY": str(folder)} if from_env else {}
    result = runner.invoke(app, [*command, *given], env=env)
    assert result.exit_code == 2
    name = "CLAIMAUDIT_LIBRARY" if from_env else "--library"
    assert result.stderr.strip().splitlines() == [
        f"error: {name} {folder} is a folder; give the library file"
    ]
    assert result.stdout == ""


@pytest.mark.parametrize(
    "command",
    [
        ["library", "list"],
        ["library", "add", "arxiv:1706.03762"],
        ["check", "Raw data is kept.", "--paper", "arXiv:2105.14372"],
        ["serve", "--port", "0"],
        ["mcp"],
    ],
)
@pytest.mark.parametrize("where", ["loop", "under_a_file"])
def test_a_library_path_that_can_be_no_file_is_named_as_one_line(
    runner: CliRunner, tmp_path: Path, command: list[str], where: str
) -> None:
    # QA: a looping link read "no library at loop.db; add a paper with `claimaudit library
    # add`" (which then failed) or "cannot open library loop.db: unable to open database file";
    # a library under a file "cannot create the library folder notes.txt: File exists".
    if where == "loop":
        library = tmp_path / "loop.db"
        library.symlink_to("loop.db")
        said = f"error: --library {library}: its symbolic links go round in a loop"
    else:
        notes = tmp_path / "notes.txt"
        notes.write_text("not a folder\n", encoding="utf-8")
        library = notes / "library.sqlite3"
        said = f"error: --library {library}: {notes} is not a folder"
    result = runner.invoke(app, [*command, "--library", str(library)])
    assert (result.exit_code, result.stderr.strip().splitlines()) == (2, [said])
    assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == [library.parts[len(tmp_path.parts)]]


@pytest.mark.parametrize("command", ["batch", "review", "review_on_ray"])
@pytest.mark.parametrize("workers", ["10001", "99999999999999999999"])
def test_workers_past_the_most_is_one_line_before_anything_runs(
    runner: CliRunner, tmp_path: Path, command: str, workers: str
) -> None:
    # QA: `batch --engine ray --workers 99999999999999999999` started a Ray, then ended in
    # Ray's traceback (a worker's share of a CPU "cannot go beyond 0.0001"), exit 1.
    args = _args(command.removesuffix("_on_ray"), tmp_path)
    engine = [] if command == "review" else ["--engine", "ray"]
    library = tmp_path / "library.sqlite3"
    result = runner.invoke(app, [*args, *engine, "--workers", workers, "--library", str(library)])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "'--workers': Input should be less than or equal to 10000." in result.stderr
    assert not library.exists() and not (tmp_path / "out.jsonl").exists()
