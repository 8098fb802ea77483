"""A named file's bytes as UTF-8 text: UTF-16 is named as such, with what to do."""

from __future__ import annotations

import pytest

from claimaudit.guards.usertext import UTF16_TEXT, NotUtf8Error, decode_utf8, is_utf16


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_or_without_a_bom_says_so(encoding: str) -> None:
    # Without a BOM, all-ASCII UTF-16 is valid UTF-8 (a NUL beside each letter).
    data = '{"id": 1, "claim": "Buoys drift."}\n'.encode(encoding)
    assert is_utf16(data)
    with pytest.raises(NotUtf8Error) as refused:
        decode_utf8(data)
    assert (str(refused.value), refused.value.utf16) == (UTF16_TEXT, True)
    assert str(refused.value) == "UTF-16 text, not UTF-8; re-save it as UTF-8"


@pytest.mark.parametrize("data", [b"\0\0\0\0", bytes(8192), b"a\0\0\0b\0\0\0"])
def test_nul_bytes_on_both_sides_are_no_utf16_text(data: bytes) -> None:
    # QA: a file zero-filled after a crash was called "UTF-16 text"; UTF-16 text has a NUL
    # beside each letter, never two NULs side by side throughout.
    assert not is_utf16(data)


def test_other_bytes_that_are_not_utf8_name_the_first_bad_one() -> None:
    with pytest.raises(NotUtf8Error) as refused:
        decode_utf8("café au lait".encode("latin-1"))
    assert str(refused.value) == "not UTF-8 text (invalid byte at offset 3)"
    assert not refused.value.utf16


def test_utf8_is_decoded_as_written() -> None:
    # The BOM and "\r\n" are kept: a draft's positions count them.
    assert decode_utf8("\ufeffÜber\r\nalles".encode()) == "\ufeffÜber\r\nalles"
    assert decode_utf8(b"") == ""
    assert not is_utf16(b"ab")  # too short to tell: text


def test_a_later_line_is_not_taken_for_utf16() -> None:
    # A bad line of a UTF-8 file read line by line, though it starts as a UTF-16 BOM does.
    with pytest.raises(NotUtf8Error) as refused:
        decode_utf8(b"\xff\xfe not utf-8", start=False)
    assert str(refused.value) == "not UTF-8 text (invalid byte at offset 0)"
