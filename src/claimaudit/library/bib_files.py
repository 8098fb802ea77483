"""The files a reference manager attaches to an entry, from its ``file`` field.

Each tool writes the field its own way; all are read here:

- Zotero (its own BibTeX export): ``Full Text PDF:/home/me/Zotero/storage/AB12/a.pdf:
  application/pdf`` (description, path, MIME type), several joined by ``;``, a Windows path's
  colon written ``\\:`` and its backslashes doubled;
- Better BibTeX (Zotero): the bare paths, ``/home/me/Zotero/storage/AB12/a.pdf;/home/b.html``;
- JabRef: ``:papers/a.pdf:PDF`` (description, path, type), the path relative to the ``.bib``
  file or to the library's ``jabref-meta: fileDirectory`` comment;
- Mendeley Desktop: ``:home/me/Documents/Mendeley Desktop/a.pdf:pdf``, the leading ``/``
  dropped, a drive written ``C$\\backslash$:``, ``_`` or ``&`` escaped as ``{\\_}``,
  ``{\\&}``, and a letter with an accent as LaTeX writes it, ``M{\\"{u}}ller``, ``{\\ss}``.

CSL-JSON has no field for attachments; an item's ``file`` member, when a tool writes one, is
read the same way. Only files a paper is read from are attached papers: PDF first, then LaTeX,
Markdown or text; snapshots (``.html``) are not.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from claimaudit.guards.userfiles import existing_spelling

WEB_ADDRESS = "a web address, which import-bib does not download"
_PAPER_SUFFIXES = (".pdf", ".tex", ".md", ".markdown", ".txt")
_LATEX_ESCAPES = (
    (r"$\backslash$", "\\"),
    (r"{\_}", "_"),
    (r"\_", "_"),
    (r"{\&}", "&"),
    (r"\&", "&"),
    (r"{\%}", "%"),
    (r"\%", "%"),
    (r"{\#}", "#"),
    (r"\#", "#"),
    (r"{\$}", "$"),
    (r"\$", "$"),
    (r"{\~}", "~"),
)
# A letter with an accent, or a letter of its own, braced as Mendeley writes them in a path
# ("M{\"{u}}ller - 2016.pdf", "Stra{\ss}e.pdf"): the file's name holds the letter itself.
# Only braced: a Windows path's "\.hidden" or "\users" is no accent.
_ACCENT_MARKS = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
}
_OWN_LETTERS = {
    "ss": "\u00df",
    "o": "\u00f8",
    "O": "\u00d8",
    "aa": "\u00e5",
    "AA": "\u00c5",
    "ae": "\u00e6",
    "AE": "\u00c6",
    "oe": "\u0153",
    "OE": "\u0152",
    "l": "\u0142",
    "L": "\u0141",
    "i": "\u0131",
}
_BRACED_ACCENT = re.compile(
    r"\{\\(?:([\"'`^~=.])\s?|([uvHckr])(?:\s|(?=\{)))\{?(\\i(?![A-Za-z])|[A-Za-z])\}?\}"
)
_BRACED_LETTER = re.compile(r"\{\\(ss|aa|AA|ae|AE|oe|OE|[oOlLi])\}")
_WINDOWS_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")
# A linked URL (Zotero's "Online", a Mendeley or JabRef link): its "://" may come with the
# colon escaped (Zotero's "\:") or not.
_WEB_ADDRESS = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*\\?://")
_FILE_DIRECTORY = re.compile(
    r"@comment\s*\{\s*jabref-meta:\s*fileDirectory(?:-[^:]*)?:\s*(?P<dir>[^;}]*);", re.IGNORECASE
)


# An attachment's problem when it names a FIFO or a device rather than a file.
NOT_REGULAR = "is not a regular file"


@dataclass(frozen=True)
class Attachment:
    """One attached file as written (``written``) and the path it resolves to, when it does."""

    written: str
    path: Path | None
    problem: str | None = None
    web: bool = False  # a web address (a "linked URL"), which is not downloaded


def _split(text: str, separator: str) -> list[str]:
    """``text`` split on ``separator`` where it is not escaped with a backslash."""
    parts: list[str] = []
    current: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            current.append(text[index : index + 2])
            index += 2
            continue
        if char == separator:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
        index += 1
    parts.append("".join(current))
    return parts


def _accented(match: re.Match[str]) -> str:
    letter = "i" if match.group(3) == "\\i" else match.group(3)
    return unicodedata.normalize("NFC", letter + _ACCENT_MARKS[match.group(1) or match.group(2)])


def _unescape(path: str) -> str:
    if "{\\" in path:
        path = _BRACED_ACCENT.sub(_accented, path)
        path = _BRACED_LETTER.sub(lambda m: _OWN_LETTERS[m.group(1)], path)
    for written, meant in _LATEX_ESCAPES:
        path = path.replace(written, meant)
    path = re.sub(r"\\([:;\\])", r"\1", path)  # Zotero's "\:" and "\\", JabRef's "\;"
    return path.replace("{", "").replace("}", "").strip()


def _written_paths(value: str) -> list[str]:
    paths: list[str] = []
    for item in _split(value, ";"):
        if not item.strip():
            continue
        if _WEB_ADDRESS.match(item.strip()):  # a bare one: its own colon is no separator
            paths.append(item)
            continue
        parts = _split(item, ":")
        if len(parts) >= 3:
            # description:path:type; the path may hold an unescaped drive colon (Mendeley).
            paths.append(":".join(parts[1:-1]))
        elif len(parts) == 2 and _WINDOWS_DRIVE.match(_unescape(item)):
            paths.append(item)
        elif len(parts) == 2:
            paths.append(parts[1] or parts[0])
        else:
            paths.append(item)
    return [_unescape(p) for p in paths if _unescape(p)]


def file_directories(bib_text: str, bib_folder: Path) -> list[Path]:
    """Where relative attachments are looked for: JabRef's ``fileDirectory`` settings in the
    file (relative to it when relative), then the ``.bib`` file's own folder."""
    found: list[Path] = []
    for match in _FILE_DIRECTORY.finditer(bib_text):
        written = _unescape(match.group("dir"))
        if written:
            folder = Path(written).expanduser()
            found.append(folder if folder.is_absolute() else bib_folder / folder)
    return [*found, bib_folder]


def _resolve(written: str, folders: list[Path]) -> Attachment:
    if _WEB_ADDRESS.match(written):
        return Attachment(written, None, WEB_ADDRESS, web=True)
    if _WINDOWS_DRIVE.match(written) and not Path(written).exists():
        return Attachment(written, None, "a Windows path, which does not exist on this machine")
    path = Path(written).expanduser()
    candidates = [path] if path.is_absolute() else [folder / path for folder in folders]
    if not path.is_absolute():
        candidates.append(Path("/") / path)  # Mendeley drops the leading "/"
    problem = "no such file"
    for written_path in candidates:
        candidate = existing_spelling(written_path)
        try:
            if candidate.is_file():
                return Attachment(written, candidate)
            if candidate.exists() and not candidate.is_dir():
                problem = NOT_REGULAR  # a FIFO or a device: never opened (a FIFO would block)
        except OSError as error:  # a name the system refuses, such as one too long
            return Attachment(written, None, error.strerror or "cannot be read")
    return Attachment(written, None, problem)


def attachments(value: str, folders: list[Path]) -> list[Attachment]:
    """The paper files a ``file`` field names (resolved where they exist), best first: PDFs,
    then other formats a paper is read from; other attachments (snapshots) are left out."""
    found = [_resolve(p, folders) for p in _written_paths(value)]
    papers = [a for a in found if Path(a.written).suffix.lower() in _PAPER_SUFFIXES]
    return sorted(papers, key=lambda a: _PAPER_SUFFIXES.index(Path(a.written).suffix.lower()))
