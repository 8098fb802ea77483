"""Where the library database lives unless the user says otherwise."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

from claimaudit.errors import UsageError

LIBRARY_ENV = "CLAIMAUDIT_LIBRARY"


def default_library_path() -> Path:
    """``CLAIMAUDIT_LIBRARY``, else the user data directory's library; UsageError when the
    variable holds only spaces (it made a library file named "   ")."""
    override = os.environ.get(LIBRARY_ENV)
    if override and not override.strip():
        raise UsageError(f"{LIBRARY_ENV} is blank; name the library file")
    if override:
        return Path(override).expanduser()
    return user_data_path("claimaudit", appauthor=False) / "library.sqlite3"


def resolve_library_path(path: Path | None) -> Path:
    return path.expanduser() if path is not None else default_library_path()
