"""Where the library database lives unless the user says otherwise."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path

from claimaudit.errors import UsageError
from claimaudit.guards.userfiles import PathArg, as_optional_path

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


def library_arg(library: PathArg | None) -> Path | None:
    """The library a Python caller named (None: the default), refused when it is blank, as
    ``--library "   "`` is: "   " made a library file named with spaces in the working
    directory, and "" read as the folder "." ("library path . is a directory")."""
    if isinstance(library, str) and not library.strip():
        raise UsageError(
            "the library path is blank; name the library file, or pass None for the default"
        )
    return as_optional_path(library, "library")
