"""A user's ``mypy --strict`` over their script and one module of the package, its imports
skipped so that a check takes seconds: the errors it reports."""

from __future__ import annotations

from pathlib import Path

from mypy import api as mypy_api


def strict_errors(tmp_path: Path, script: Path, module: Path) -> tuple[list[str], str]:
    """The error lines of ``mypy --strict`` over ``script`` and ``module``, and its whole output."""
    out, _, _ = mypy_api.run(
        [
            "--strict",
            "--follow-imports=skip",
            "--cache-dir",
            str(tmp_path / "mypy-cache"),
            str(script),
            str(module),
        ]
    )
    return [line for line in out.splitlines() if ": error:" in line], out
