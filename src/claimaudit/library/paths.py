"""Where the library database lives unless the user says otherwise."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

LIBRARY_ENV = "CLAIMAUDIT_LIBRARY"


def default_library_path() -> Path:
    override = os.environ.get(LIBRARY_ENV)
    if override:
        return Path(override).expanduser()
    return user_data_path("claimaudit", appauthor=False) / "library.sqlite3"


def resolve_library_path(path: Path | None) -> Path:
    return path.expanduser() if path is not None else default_library_path()
