"""Decoding a file a person named as UTF-8 text, every command in the same words: a file
saved as UTF-16 (Windows' "Unicode", Notepad's old default) says so and what to do, rather
than "not UTF-8 text" or, for its NUL bytes, "a binary file"."""

from __future__ import annotations

# How a message says that a file is UTF-16, after its name and a colon.
UTF16_TEXT = "UTF-16 text, not UTF-8; re-save it as UTF-8"


class NotUtf8Error(ValueError):
    """Why bytes are not UTF-8 text, in words that follow a file's name and a colon;
    ``utf16`` when they are UTF-16 text (the message then says what to do)."""

    def __init__(self, message: str, *, utf16: bool = False) -> None:
        super().__init__(message)
        self.utf16 = utf16


def is_utf16(data: bytes) -> bool:
    """Whether ``data`` reads as UTF-16 text: a UTF-16 BOM, or Latin letters each beside a
    NUL byte (NULs on one side, none on the other: zeros throughout are a file zero-filled, not
    text). Its NULs would otherwise call it a binary file."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return True
    head = data[:4096]
    if len(head) < 4:
        return False
    even, odd = head[0::2], head[1::2]
    return (even.count(0) == len(even) and 0 not in odd) or (
        odd.count(0) == len(odd) and 0 not in even
    )


def refuse_utf16(head: bytes) -> None:
    """NotUtf8Error saying what to do when ``head``, the start of a file, is UTF-16 text. A
    file read line by line is looked at so before its first line (which may be too short to
    tell), and its later lines not at all: one that starts with the bytes of a UTF-16 BOM is
    a bad line of a UTF-8 file."""
    if is_utf16(head):
        raise NotUtf8Error(UTF16_TEXT, utf16=True)


def decode_utf8(data: bytes, *, start: bool = True) -> str:
    """``data`` as UTF-8 text (a BOM is kept: the caller decides); NotUtf8Error saying why
    not. When ``data`` is the ``start`` of a file, UTF-16 is looked for first
    (``refuse_utf16``): all-ASCII UTF-16 without a BOM is valid UTF-8 (each letter then a
    NUL), which would fail later as something else."""
    if start:
        refuse_utf16(data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise NotUtf8Error(f"not UTF-8 text (invalid byte at offset {error.start})") from None
