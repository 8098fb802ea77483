from __future__ import annotations

import sqlite3

from claimaudit.library.casefold import SQL_NAME, folded, register


def test_folded_compares_any_script_case_blind() -> None:
    assert folded("ÜBER") == folded("über") == "über"
    assert folded("ВЛИЯНИЕ") == "влияние"
    assert folded("Straße") == "strasse"
    assert folded("U\u0308ber") == "über"  # decomposed, as macOS file names give it
    assert folded("\uff23\uff34") == "ct"  # full-width letters


def test_registered_function_keeps_null_and_non_text() -> None:
    conn = sqlite3.connect(":memory:")
    register(conn)
    row = conn.execute(f"SELECT {SQL_NAME}('ÄRZTE'), {SQL_NAME}(NULL), {SQL_NAME}(3)").fetchone()
    assert row == ("ärzte", None, 3)
