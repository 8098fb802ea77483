"""Reading text files safely, and plain-text papers (paragraphs separated by blank lines)."""

from __future__ import annotations

import errno
import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

from claimaudit.errors import InputError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.userfiles import UnreadableFileError, missing_reason, read_regular
from claimaudit.guards.usertext import UTF16_TEXT, is_utf16
from claimaudit.library.models import ExtractedDocument, TextBlock

_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def confined(paths: Iterable[Path], root: Path) -> None:
    """InputError unless every path lies inside ``root`` once symlinks are resolved; the
    message names the file as found in the folder, never where it points."""
    boundary = root.resolve()
    for path in paths:
        found = path.relative_to(root) if path.is_relative_to(root) else path.name
        shown = f"{shown_name(root)}: {shown_name(found)}"
        try:
            inside = path.resolve().is_relative_to(boundary)
        except (OSError, RuntimeError):  # a loop of symlinks
            raise InputError(f"{shown} refused: its symlinks go round in a loop") from None
        if not inside:
            raise InputError(f"{shown} refused: it points outside the paper's folder")


def read_bytes(path: Path) -> bytes:
    try:
        return read_regular(path)
    except (UnreadableFileError, OSError) as exc:
        raise unreadable(path, exc) from None


def unreadable(path: Path, error: UnreadableFileError | OSError) -> InputError:
    """The InputError naming ``path`` that says why it cannot be read: no regular file (or
    over a limit), nothing there, or the system's reason; the same for a paper as a corpus."""
    if isinstance(error, UnreadableFileError):
        return InputError(f"{shown_name(path)} {error}")
    if isinstance(error, FileNotFoundError) or error.errno == errno.ELOOP:
        return InputError(f"{shown_name(path)}: {missing_reason(path)}")
    return InputError(f"{shown_name(path)}: cannot read ({error.strerror or error})")


def not_utf16(path: Path, data: bytes) -> None:
    """InputError, saying what to do, when ``data`` is UTF-16 text."""
    if is_utf16(data):
        raise InputError(f"{shown_name(path)}: {UTF16_TEXT}")


def decode_text(path: Path, data: bytes) -> str:
    """UTF-8 text (a BOM is fine), or InputError naming what is wrong with the file."""
    not_utf16(path, data)
    # NUL bytes never occur in text but are everywhere in images, archives and executables.
    if b"\x00" in data[:8192]:
        raise InputError(
            f"{shown_name(path)}: looks like a binary file, not text, LaTeX, Markdown or PDF"
        )
    try:
        return data.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{shown_name(path)}: not UTF-8 text (invalid byte 0x{data[exc.start]:02x} at offset "
            f"{exc.start}); convert it to UTF-8 first"
        ) from None


def read_text(path: Path) -> str:
    return decode_text(path, read_bytes(path))


class SourceHasher:
    """Accumulates every file an extractor reads, for the content hash and size."""

    def __init__(self) -> None:
        self._sha = hashlib.sha256()
        self.size = 0

    def add(self, name: str, data: bytes) -> None:
        # Length-prefix each part so that different splits of the same bytes hash differently.
        # A file name's undecodable bytes (surrogateescape) hash as the bytes they were.
        for part in (name.encode("utf-8", "surrogateescape"), data):
            self._sha.update(len(part).to_bytes(8, "big"))
            self._sha.update(part)
        self.size += len(data)

    def hexdigest(self) -> str:
        return self._sha.hexdigest()


def paragraphs(text: str, section: str | None = None, mark: str | None = None) -> list[TextBlock]:
    """The blank-line separated paragraphs of ``text``, each a new paragraph; where ``mark``
    is given, only those it opens are (``text`` is converted, and its converter sets other
    pieces, such as a displayed formula, apart by blank lines too), the mark removed. A
    displayed formula after a blank line opens none: the words before it go on past it, as
    the paper's PDF reads them ("where\n\n\\begin{equation*}")."""
    if mark is None:
        return [
            TextBlock(p.strip(), section, new_paragraph=True)
            for p in _BLANK_LINE.split(text)
            if p.strip()
        ]
    blocks: list[TextBlock] = []
    for piece in _BLANK_LINE.split(text):
        opens = piece.lstrip().startswith(mark)
        piece = piece.replace(mark, "").strip()
        if piece:
            blocks.append(TextBlock(piece, section, new_paragraph=opens))
    return blocks


def extract_text(path: Path) -> ExtractedDocument:
    data = read_bytes(path)
    text = decode_text(path, data)
    blocks = paragraphs(text)
    if not blocks:
        raise InputError(f"{shown_name(path)}: the file holds no text")
    hasher = SourceHasher()
    hasher.add("", data)  # a renamed copy is still the same content
    return ExtractedDocument(blocks, hasher.hexdigest(), hasher.size)
