"""The ``claimaudit`` entry points: Ctrl-C while the CLI loads, and a reader of standard output
that goes away (``| head -1``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from claimaudit import __version__
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from tests.signals import child_env, console_script

# Makes the child send itself SIGINT (as Ctrl-C does) the moment it imports the module named
# in CLAIMAUDIT_TEST_INTERRUPT_AT: a known point while the CLI loads, not a race with a timer.
INTERRUPT_HOOK = """
import os, signal, sys

class _Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == os.environ.get("CLAIMAUDIT_TEST_INTERRUPT_AT"):
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, _Interrupt())
"""


@pytest.fixture
def hook(tmp_path: Path) -> Path:
    folder = tmp_path / "hook"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(INTERRUPT_HOOK, encoding="utf-8")
    return folder


@pytest.mark.parametrize("at", ["claimaudit.api", "claimaudit.cli._help", "typer"])
@pytest.mark.parametrize("how", ["script", "module"])
def test_ctrl_c_while_the_cli_loads_exits_130_without_a_traceback(
    hook: Path, tmp_path: Path, at: str, how: str
) -> None:
    command = console_script() if how == "script" else [sys.executable, "-m", "claimaudit"]
    env = child_env({"CLAIMAUDIT_TEST_INTERRUPT_AT": at}, path=(hook,))
    library = tmp_path / "lib.db"
    done = subprocess.run(
        [*command, "library", "list", "--library", str(library)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr


@pytest.fixture
def paper_library(tmp_path: Path) -> Path:
    """A library holding one small Markdown paper stored as local:notes."""
    paper = tmp_path / "notes.md"
    body = "\n\n".join(f"Deep learning needs data, remark {i}." for i in range(40))
    paper.write_text(f"# Notes on deep learning\n\n{body}\n", encoding="utf-8")
    path = tmp_path / "library.db"
    with Library.open(path) as library:
        add_path(library, paper, ref=parse_ref("local:notes"))
    return path


def _closed_reader(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run ``command`` with a standard output whose reader has already gone: every write to it
    fails with a broken pipe, as after ``| head -1`` has read its line."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            command, env=env, stdout=write, stderr=subprocess.PIPE, text=True, timeout=120
        )
    finally:
        os.close(write)


def test_a_reader_that_goes_away_stops_library_show_quietly_with_141(
    paper_library: Path,
) -> None:
    show = ["library", "show", "local:notes", "--library", str(paper_library)]
    done = _closed_reader([*console_script(), *show], child_env())
    assert (done.returncode, done.stderr) == (141, "")


def test_a_reader_that_goes_away_stops_batch_quietly_with_141(
    paper_library: Path, tmp_path: Path
) -> None:
    claims = tmp_path / "claims.jsonl"
    # Papers missing from the library: each pair is a not_checked record, with no model loaded.
    lines = [
        {"id": i, "claim": f"Deep learning helps {i}.", "papers": ["local:nope"]} for i in range(3)
    ]
    claims.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    batch = ["batch", str(claims), "--out", "/dev/stdout", "--source", "library"]
    done = _closed_reader([*console_script(), *batch, "--library", str(paper_library)], child_env())
    assert done.returncode == 141, done.stderr
    assert "error" not in done.stderr


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_text_the_locale_cannot_encode_is_escaped_not_a_traceback(
    tmp_path: Path, encoding: str
) -> None:
    # Strict, the first "é" or "—" was a UnicodeEncodeError: a traceback, exit 1 ("matched"),
    # and after `library add` the paper was stored though the command seemed to fail.
    paper = tmp_path / "café.md"
    paper.write_text("# Café — notes\n\nDeep learning needs data.\n", encoding="utf-8")
    library = tmp_path / "library.db"
    env = child_env({"PYTHONIOENCODING": encoding})
    add = ["library", "add", str(paper), "--ref", "local:cafe", "--library", str(library)]
    added = subprocess.run([*console_script(), *add], env=env, capture_output=True, timeout=120)
    assert added.returncode == 0, added.stderr.decode("utf-8", "replace")
    assert b"\\u2014" in added.stdout and b"Traceback" not in added.stderr
    listed = subprocess.run(
        [*console_script(), "library", "list", "--library", str(library)],
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert listed.returncode == 0, listed.stderr.decode("utf-8", "replace")
    assert "local:cafe" in listed.stdout.decode(encoding)


def test_the_command_runs_from_a_folder_holding_modules_named_like_its_imports(
    tmp_path: Path,
) -> None:
    # `python -m` puts the working folder first on the module path, so a json.py or a
    # claimaudit folder there is imported instead (the README says so); the console script
    # and `python -P -m claimaudit`, which the README advises, do not.
    (tmp_path / "json.py").write_text("raise SystemExit('the folder json.py')\n")
    (tmp_path / "claimaudit").mkdir()
    (tmp_path / "claimaudit" / "__init__.py").write_text("raise SystemExit('the folder one')\n")
    script = Path(sys.executable).parent / "claimaudit"  # pip's generated script
    advised = {"script": [str(script)], "-P": [sys.executable, "-P", "-m", "claimaudit"]}
    for how, command in advised.items():
        done = subprocess.run(
            [*command, "--version"], cwd=tmp_path, env=child_env(), capture_output=True, text=True
        )
        expected = (0, f"claimaudit {__version__}\n", "")
        assert (done.returncode, done.stdout, done.stderr) == expected, how
    plain = subprocess.run(
        [sys.executable, "-m", "claimaudit", "--version"],
        cwd=tmp_path,
        env=child_env(),
        capture_output=True,
        text=True,
    )
    assert plain.stderr == "the folder one\n"
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "`python -P -m claimaudit` leaves the folder off the path" in readme


# Makes the modules named in CLAIMAUDIT_TEST_UNINSTALLED (comma-separated) fail to import as
# modules that are not installed do: what `pip uninstall` of a dependency leaves.
UNINSTALL_HOOK = """
import os, sys

class _Uninstalled:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in os.environ["CLAIMAUDIT_TEST_UNINSTALLED"].split(","):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, _Uninstalled())
"""


@pytest.mark.parametrize(
    ("missing", "args"),
    [
        ("fastapi", ["serve", "--port", "1"]),  # imported when serve runs
        ("mcp", ["mcp"]),
        ("pypdfium2", ["plugins"]),  # imported while the commands load
        ("rich", ["--version"]),  # what would print the error
    ],
)
def test_a_dependency_that_is_not_installed_is_named_in_one_line(
    tmp_path: Path, missing: str, args: list[str]
) -> None:
    # QA: with a dependency uninstalled from the environment, `claimaudit serve` (or any
    # command, for the PDF reader's) ended in a 40-line traceback.
    (tmp_path / "sitecustomize.py").write_text(UNINSTALL_HOOK, encoding="utf-8")
    env = child_env({"CLAIMAUDIT_TEST_UNINSTALLED": missing}, path=(tmp_path,))
    for command in (console_script(), [sys.executable, "-m", "claimaudit"]):
        done = subprocess.run(
            [*command, *args], env=env, capture_output=True, text=True, timeout=120
        )
        assert (done.returncode, done.stdout) == (2, ""), done.stderr
        assert done.stderr == (
            f"error: claimaudit cannot run: this Python ({sys.executable}) has no module"
            f" '{missing}'; reinstall claimaudit with its dependencies"
            f" (`{sys.executable} -m pip check` names what is missing)\n"
        )


_CLOSED_STDOUT = (
    b"error: cannot write the output: standard output is closed (>&-); send it to a file, or "
    b"to /dev/null to discard it\n"
)


def _with_stdout_closed(args: list[str], *, stdin: bytes = b"") -> tuple[int, bytes]:
    """The command started with descriptor 1 closed, as `command >&-` starts it."""
    done = subprocess.run(
        [*console_script(), *args],
        input=stdin,
        stderr=subprocess.PIPE,
        env=child_env(),
        preexec_fn=lambda: os.close(1),
        timeout=120,
    )
    return done.returncode, done.stderr


@pytest.mark.parametrize("args", [["--version"], ["plugins"], ["library", "list"]])
def test_output_to_a_closed_stdout_is_one_line_and_exit_2(tmp_path: Path, args: list[str]) -> None:
    # QA: `>&-` was a traceback (sys.stdout None) and exit 1, which means "matched"; `check
    # --format json >&-` wrote its JSON to stderr, through a file that took descriptor 1.
    if args[0] == "library":
        args = [*args, "--library", str(tmp_path / "l.sqlite3")]
        with Library.open(tmp_path / "l.sqlite3"):
            pass
    assert _with_stdout_closed(args) == (2, _CLOSED_STDOUT)


def test_mcp_with_a_closed_stdout_is_refused_before_the_session(tmp_path: Path) -> None:
    code, said = _with_stdout_closed(
        ["mcp", "--library", str(tmp_path / "l.sqlite3")], stdin=b"{}\n"
    )
    assert (code, said) == (
        2,
        b"error: mcp answers on standard output, which is closed (>&-); run it from an MCP "
        b"client\n",
    )


def test_a_batch_to_a_file_runs_as_usual_with_stdout_closed(tmp_path: Path) -> None:
    # Nothing of it goes to standard output; the records file must not take descriptor 1.
    source = tmp_path / "claims.jsonl"
    source.write_text(json.dumps({"id": 1, "claim": "Sleep helps.", "papers": []}) + "\n")
    out = tmp_path / "out.jsonl"
    library = tmp_path / "l.sqlite3"
    with Library.open(library):
        pass
    code, said = _with_stdout_closed(
        ["batch", str(source), "--out", str(out), "--library", str(library)]
    )
    assert code == 2 and said.endswith(b"bad input (1 not_checked record)\n")
    assert [json.loads(line)["id"] for line in out.read_text("utf-8").splitlines()] == [1]


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["library", "--help"]])
def test_help_or_version_to_a_full_disk_is_one_line_and_exit_2(args: list[str]) -> None:
    # QA: written before any command runs, past the commands' handler: a traceback, exit 1.
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [*console_script(), *args],
            stdout=full,
            stderr=subprocess.PIPE,
            env=child_env(),
            timeout=120,
        )
    assert (done.returncode, done.stderr) == (
        2,
        b"error: cannot write the output: No space left on device\n",
    )


def test_serve_with_stdout_closed_discards_its_access_log_quietly(tmp_path: Path) -> None:
    # The access log is written to standard output: with it closed, each request was a
    # "--- Logging error ---" traceback on stderr.
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    err = tmp_path / "stderr"
    args = ["serve", "--port", str(port), "--library", str(tmp_path / "l.sqlite3")]
    with err.open("wb") as stderr:
        server = subprocess.Popen(
            [*console_script(), *args],
            stderr=stderr,
            env=child_env(),
            preexec_fn=lambda: os.close(1),
        )
    try:
        for _ in range(600):  # a guard against a server that never starts, not a timing
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as r:
                    assert r.status == 200
                    break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the server never answered")
    finally:
        server.terminate()
        code = server.wait(timeout=60)
    said = err.read_text(encoding="utf-8")
    # The server exits by the signal (``server.shutdown``), once it has shut down.
    assert code in (143, -signal.SIGTERM) and "Shutting down" in said, said
    assert "Logging error" not in said and "Traceback" not in said, said
