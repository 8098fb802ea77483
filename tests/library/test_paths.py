"""Where the library lives: CLAIMAUDIT_LIBRARY, else the user data directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import UsageError
from claimaudit.library.paths import default_library_path


def test_the_variable_names_the_library(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(tmp_path / "lib.db"))
    assert default_library_path() == tmp_path / "lib.db"


def test_a_blank_variable_is_refused_not_a_file_named_with_spaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", "   ")
    with pytest.raises(UsageError, match=r"^CLAIMAUDIT_LIBRARY is blank; name the library file$"):
        default_library_path()
