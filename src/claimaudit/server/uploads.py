"""An uploaded paper's file name: made safe to store under a temporary folder, its suffix
naming the format and its stem perhaps the paper; and the messages about it, which name the
upload as sent, never the server's temporary path."""

from __future__ import annotations

import re
from pathlib import Path

from claimaudit.errors import UnsupportedFileError
from claimaudit.guards.filenames import shown_name
from claimaudit.library.extract import LATEX_SUFFIXES, MARKDOWN_SUFFIXES

UPLOAD_SUFFIXES = frozenset({".pdf", ".txt", *LATEX_SUFFIXES, *MARKDOWN_SUFFIXES})
_UNSAFE_NAME = re.compile(r"[^\w.:+\-]+")


def upload_message(message: str, path: Path, name: str) -> str:
    """``message`` with the upload's temporary file named as uploaded and its folder unnamed."""
    for place, replacement in (
        (path.resolve(), name),
        (path, name),
        (path.parent.resolve(), "(upload)"),
        (path.parent, "(upload)"),
    ):
        # A reader names its file as ``shown_name`` shows it: ``$'...'`` where the temporary
        # folder's name holds a control character (a TMPDIR of the operator's choosing).
        message = message.replace(shown_name(place), replacement)
        message = message.replace(str(place), replacement)
    return message


def upload_name(filename: str) -> str:
    """A safe local file name for an upload, keeping its suffix (the format) and stem (the ref)."""
    base = filename.replace("\\", "/").rsplit("/", 1)[-1].strip()
    # Its last 200 bytes, not characters: file systems limit a name to 255 bytes, and 200
    # characters of "é" are 400; a character cut in two at the start is left out.
    tail = _UNSAFE_NAME.sub("_", base).lstrip(".").encode("utf-8", "replace")[-200:]
    name = tail.decode("utf-8", errors="ignore")
    suffix = Path(name).suffix.lower()
    if not name or suffix not in UPLOAD_SUFFIXES:
        kinds = ", ".join(sorted(UPLOAD_SUFFIXES))
        raise UnsupportedFileError(
            f"cannot tell the format of {base or 'the upload'!r}: name a file ending in {kinds}"
        )
    return name
