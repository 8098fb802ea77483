"""What every hostile-input test checks: a clean refusal, no leak, and an intact library."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from typer.testing import CliRunner, Result

from claimaudit.cli import _install_commands, app

SECRET = "hostile-SECRET-0123456789abcdef"
PASSWD_MARKERS = ("root:x:0:0", "/bin/bash", "nologin")

_install_commands()
_runner = CliRunner()


def cli(*args: str | Path) -> Result:
    """The real command line, in process (stdout and stderr apart)."""
    return _runner.invoke(app, [str(a) for a in args])


def assert_no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text, text[-2000:]


def assert_one_line_usage_error(result: Result, *fragments: str) -> str:
    """Exit 2, one ``error:`` line on stderr naming ``fragments``, nothing else."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert isinstance(result.exception, SystemExit), result.exception
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    assert_no_traceback(result.stdout, result.stderr)
    return lines[0]


def assert_nothing_leaked(text: str, paths: Iterable[Path | str] = ()) -> None:
    """No password-file content, no secret, no escape character, none of these machine paths."""
    for marker in (*PASSWD_MARKERS, SECRET):
        assert marker not in text, f"{marker!r} leaked: {text[:500]}"
    for path in paths:
        assert str(path) not in text, f"{path} leaked: {text[:500]}"


def library_state(path: Path) -> tuple[tuple[str, str, str], ...]:
    """Every paper with a digest of its passages: equal states mean an unchanged library."""
    if not path.exists():
        return ()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        papers = conn.execute("SELECT id, ref, content_hash FROM papers ORDER BY ref").fetchall()
        state = []
        for paper_id, ref, content_hash in papers:
            digest = hashlib.sha256()
            for passage_id, section, text in conn.execute(
                "SELECT passage_id, section, text FROM passages WHERE paper_id = ? ORDER BY seq",
                (paper_id,),
            ):
                digest.update(f"{passage_id}\0{section}\0{text}\0".encode())
            state.append((ref, content_hash, digest.hexdigest()))
    return tuple(state)
