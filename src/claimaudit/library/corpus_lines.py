"""The lines of a JSON Lines corpus, read as the import goes rather than all at once.

A corpus can be hundreds of megabytes: holding its bytes, its decoded text and the list of its
lines at once cost five times its size in memory. The file is vetted on its first 8 KiB (UTF-16,
a PDF or other binary file) exactly as the whole text was, then decoded one line at a time, so
the importer holds one line (and one document) at a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from io import BufferedReader
from pathlib import Path

from claimaudit.errors import InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.jsonlines import split_on_lone_cr
from claimaudit.guards.userfiles import UnreadableFileError, check_regular
from claimaudit.library.extract_text import not_utf16, unreadable

# What is vetted before the first line is read: the span the whole-text checks looked at.
_HEAD = 8192
_BOM = b"\xef\xbb\xbf"


def corpus_lines(path: Path) -> Iterator[tuple[int, str]]:
    """(number, text) of every line of ``path``; InputError naming the file (and the byte, for
    text that is not UTF-8) when it cannot be read as a corpus. Lines end at "\\r\\n", "\\n"
    or a lone "\\r", as the text's lines did once its line ends were made "\\n", but for a
    lone "\\r" between the tokens of one JSON value (``guards.jsonlines``)."""
    try:
        check_regular(path)
        handle = path.open("rb")
    except (UnreadableFileError, OSError) as exc:
        raise unreadable(path, exc) from None
    with handle:
        try:
            yield from _lines(path, handle)
        except OSError as exc:  # a read that fails part way (a disk error, a network share)
            raise InputError(f"{shown_name(path)}: cannot read ({exc.strerror or exc})") from None


def _lines(path: Path, handle: BufferedReader) -> Iterator[tuple[int, str]]:
    head = handle.peek(_HEAD)[:_HEAD]
    _vet(path, head)
    offset = 0  # of the current line in the file: where an undecodable byte is said to be
    number = 0
    for raw in handle:
        start = offset
        offset += len(raw)
        body = raw.removesuffix(b"\n").removesuffix(b"\r")
        if start == 0 and body.startswith(_BOM):  # the file's mark only, as "utf-8-sig" did
            body, start = body[len(_BOM) :], len(_BOM)
        for piece in split_on_lone_cr(body):
            number += 1
            yield number, _decoded(path, piece, start)
            start += len(piece) + 1


def _vet(path: Path, head: bytes) -> None:
    not_utf16(path, head)
    if head[:1024].lstrip()[:5] == b"%PDF-" or b"\x00" in head:
        raise InputError(
            f"{shown_name(path)}: not a JSON Lines corpus (it looks like a PDF or other binary "
            "file); add a paper with `claimaudit library add`"
        )


def _decoded(path: Path, piece: bytes, start: int) -> str:
    try:
        return piece.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{shown_name(path)}: not UTF-8 text (invalid byte 0x{piece[exc.start]:02x} at offset "
            f"{start + exc.start}); convert it to UTF-8 first"
        ) from None
