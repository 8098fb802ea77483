"""Reading a reference manager's export: BibTeX (Zotero, Better BibTeX, JabRef, Mendeley,
a LaTeX draft's own ``.bib``), CSL-JSON or Pandoc's CSL YAML, into one record per entry
(``claimaudit.bibrecords``). This module tells the formats apart (by a file's name, else by its
content, a file named for one format holding another said so) and reads a file with a user
file's care; BibTeX is read by ``claimaudit.bibtex``, CSL by ``claimaudit.bibcsl``. Everything
else is kept as written, field by field, for the modules that read it: citation resolution
(``claimaudit.review.bibliography``), reference checks and ``library import-bib`` (which reads
the ``file`` field).
"""

from __future__ import annotations

import errno
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from claimaudit.bibcrossref import CrossrefEntry
from claimaudit.bibcsl import csl_lookalike, csl_yaml_items, read_csl
from claimaudit.bibrecords import BibFile, BibFormat, BibRecord, UnreadEntry
from claimaudit.bibtex import read_bibtex
from claimaudit.citekeys import folded_key
from claimaudit.errors import BibliographyError, InvalidTextError, NestingError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.stdio_names import names_standard_input
from claimaudit.guards.untrusted import check_brace_depth, check_text, load_json
from claimaudit.guards.userfiles import UnreadableFileError, read_regular
from claimaudit.guards.usertext import NotUtf8Error, decode_utf8

# The records' types, importable from here as where they were defined before.
__all__ = [
    "BIBLIOGRAPHY_FILES",
    "MAX_BIBLIOGRAPHY_BYTES",
    "SUPPORTED_FORMATS",
    "BibFile",
    "BibFormat",
    "BibRecord",
    "UnreadEntry",
    "csl_read_as_bibtex",
    "parse_bib",
    "read_bib",
    "read_bibs",
]

# Far beyond any real bibliography (tens of thousands of entries are a few MiB).
MAX_BIBLIOGRAPHY_BYTES = 20 * 1024 * 1024
_YAML_SUFFIXES = (".yaml", ".yml")
# Other reference managers' formats, which would read as BibTeX holding no entry.
_OTHER_FORMATS = {
    ".ris": "RIS",
    ".enw": "EndNote",
    ".nbib": "PubMed (MEDLINE)",
    ".ciw": "Web of Science",
    ".rdf": "Zotero RDF",
    ".xml": "XML",
}
SUPPORTED_FORMATS = "BibTeX (.bib), CSL-JSON (.json) or CSL YAML (.yaml, .yml)"
# What to give instead of a name that is no bibliography file, in every surface's words.
BIBLIOGRAPHY_FILES = "a .bib, .json or .yaml file"


def csl_read_as_bibtex(
    text: str, kind: BibFormat | None, source: str | None = None
) -> BibliographyError | None:
    """For text that gave no entry: the error to refuse it with when it was read as BibTeX
    (so said, or not starting as JSON does) but is CSL, whose ``looks_like`` each surface
    tells how to send (a client that sent CSL YAML without its format was told "holds no
    entries", and a review read on would have left every key unresolved). None otherwise."""
    if kind not in (None, "bibtex") or (kind is None and text.lstrip()[:1] in ("[", "{")):
        return None
    looks_like = csl_lookalike(text)
    if looks_like is None:
        return None
    name = f"bibliography {shown_name(source)}" if source else "the bibliography"
    label = "CSL-JSON" if looks_like == "csl-json" else "CSL YAML"
    return BibliographyError(
        f"{name} was read as BibTeX and holds no entries, but it looks like {label}",
        looks_like=looks_like,
    )


def _bibtex_read_as_csl(text: str, kind: BibFormat | None, name: str) -> BibliographyError | None:
    """For text said to be CSL that could not be read as such: the error to refuse it with
    when it holds BibTeX entries (``looks_like`` "bibtex", which each surface tells how to
    send), not the JSON or YAML parser's "Expecting value" or "found character '@'". None
    otherwise."""
    if kind not in ("csl-json", "csl-yaml") or "@" not in text:
        return None
    try:
        check_brace_depth(text)
        found = read_bibtex(text, None)
    except (NestingError, InvalidTextError):
        return None
    if not found.records:
        return None
    label, syntax = ("CSL-JSON", "JSON") if kind == "csl-json" else ("CSL YAML", "YAML")
    return BibliographyError(
        f"{name} was read as {label} and is not valid {syntax}, but it looks like BibTeX",
        looks_like="bibtex",
    )


def _as_read(text: str) -> str:
    """``text`` without a byte order mark, its line ends (Windows', classic Mac's) as ``\\n``:
    given as text (the API, a paper's own ``.bib``), a file of ``\\r`` line ends was one line
    to the reader, a ``%`` comment in an entry blanking all that followed it."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def parse_bib(
    text: str,
    *,
    kind: BibFormat | None = None,
    source: str | None = None,
    allow_empty: bool = False,
    outside: Sequence[CrossrefEntry] = (),
) -> BibFile:
    """The entries of BibTeX, CSL-JSON or CSL YAML ``text`` (``kind``; by default JSON when it
    starts with ``[`` or ``{``, else BibTeX), with the blocks that could not be read as one;
    BibliographyError when it cannot be read, or holds no entry (unless ``allow_empty``: a
    draft's bibliography not yet filled in). ``source`` names it in messages (a file, say);
    ``outside``, the BibTeX entries of the bibliography's other files (``read_bibs``)."""
    name = f"bibliography {shown_name(source)}" if source else "the bibliography"
    text = _as_read(text)
    is_csl = kind in ("csl-json", "csl-yaml")
    is_json = kind == "csl-json" if kind is not None else text.lstrip()[:1] in ("[", "{")
    try:
        check_text(text, name)
        if kind == "csl-yaml":
            found = read_csl(csl_yaml_items(text, name), source)
        elif is_json:
            found = read_csl(load_json(text), source)
        else:
            check_brace_depth(text)
            found = read_bibtex(text, source, outside)
    except json.JSONDecodeError as error:
        raise _bibtex_read_as_csl(text, kind, name) or BibliographyError(
            f"{name} is not valid JSON: {error}"
        ) from None
    except BibliographyError as error:  # CSL YAML that cannot be read
        raise _bibtex_read_as_csl(text, kind, name) or error from None
    except (NestingError, InvalidTextError) as error:
        raise BibliographyError(f"{name}: {error}") from None
    if not found.records and not allow_empty:
        raise BibliographyError(
            _none_read(name, found) if not (is_json or is_csl) else f"{name} holds no entries"
        )
    return found


def _none_read(name: str, found: BibFile) -> str:
    """Why a BibTeX text gave no entry: none there, or none that could be parsed (the first
    failure said). A review reads such a file on (``allow_empty``): each unread entry warned
    of, a citation of its key saying so, as where only some could not be read."""
    if not found.unread:
        return f"{name} holds no entries"
    first = found.unread[0]
    line_text = f"entry starting on line {first.line}: " if first.line is not None else ""
    where = f" ({line_text}{first.why})" if first.why else ""
    return f"{name}: no BibTeX entry could be parsed{where}"


def _read_as_note(path: Path, kind: BibFormat) -> str:
    label = "CSL-JSON" if kind == "csl-json" else "CSL YAML"
    named = " (its name says BibTeX)" if path.suffix.lower() == ".bib" else ""
    return f"bibliography {shown_name(path)} holds {label}{named}: it was read as {label}"


def _resave(data: bytes, error: NotUtf8Error) -> str:
    """Where bytes that are not UTF-8 (an older ``.bib`` in Latin-1) go wrong,
    and what to do: the offset alone left the user to count bytes. UTF-16's words say it."""
    if error.utf16:
        return ""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as bad:
        line = data.count(b"\n", 0, bad.start) + 1
        return f" on line {line}; re-save it as UTF-8"
    return ""


def read_bibs(paths: Sequence[Path], *, allow_empty: bool = False) -> list[BibFile]:
    """The files of one bibliography (``\\bibliography{a,b}``), each read as ``read_bib`` reads
    it, but a ``crossref`` or ``xdata`` key that one file lacks looked for in the others (the
    first to give it winning), as BibTeX and biber read the files as one: a parent kept in a
    file of its own ("crossref.bib") was "which no entry has", its fields not inherited."""
    found = [read_bib(path, allow_empty=allow_empty) for path in paths]
    for index, (path, bib) in enumerate(zip(paths, found, strict=True)):
        wanted = {folded_key(key) for key in bib.orphans}
        others = [e for j, other in enumerate(found) if j != index for e in other.entries]
        if any(folded_key(entry.key) in wanted for entry in others):
            found[index] = read_bib(path, allow_empty=allow_empty, outside=others)
    return found


def read_bib(
    path: Path, *, allow_empty: bool = False, outside: Sequence[CrossrefEntry] = ()
) -> BibFile:
    """Read a BibTeX (``.bib``), CSL-JSON (``.json``) or CSL YAML (``.yaml``, ``.yml``) file;
    BibliographyError if unusable (``parse_bib``). A file whose name says BibTeX (or no
    format) but that holds CSL-JSON or CSL YAML is read as that, ``BibFile.note`` saying so."""
    if "\x00" in str(path):  # the system's ValueError, said without echoing the name
        raise BibliographyError("a bibliography path holds U+0000 (a null character)")
    if names_standard_input(path):
        # By name, as the other commands refuse it: "-" read "No such file or directory".
        raise BibliographyError(
            f"bibliography {shown_name(path)} (standard input) is not read; "
            f"give {BIBLIOGRAPHY_FILES}"
        )
    try:
        folder = path.is_dir()
    except OSError as error:  # a name over 255 bytes: one line naming it, as a missing file
        raise BibliographyError(
            f"cannot read bibliography {shown_name(path)}: {error.strerror or error}"
        ) from None
    if folder:
        raise BibliographyError(
            f"bibliography {shown_name(path)} is a folder; give {BIBLIOGRAPHY_FILES}"
        )
    other = _OTHER_FORMATS.get(path.suffix.lower())
    if other is not None:
        raise BibliographyError(
            f"bibliography {shown_name(path)}: {other} files are not supported; "
            f"export it as {SUPPORTED_FORMATS}"
        )
    try:
        data = read_regular(path, MAX_BIBLIOGRAPHY_BYTES)
        text = _as_read(decode_utf8(data))
    except UnreadableFileError as error:
        # A FIFO or a device: said what to give, as for a folder.
        instead = f"; give {BIBLIOGRAPHY_FILES}" if "regular" in str(error) else ""
        raise BibliographyError(f"bibliography {shown_name(path)} {error}{instead}") from None
    except NotUtf8Error as error:
        raise BibliographyError(
            f"cannot read bibliography {shown_name(path)}: {error}{_resave(data, error)}"
        ) from None
    except OSError as error:
        # A looping link read "Too many levels of symbolic links": said as the commands say it.
        why = (
            "its symbolic links go round in a loop"
            if error.errno == errno.ELOOP
            else error.strerror or error
        )
        raise BibliographyError(f"cannot read bibliography {shown_name(path)}: {why}") from None
    suffix = path.suffix.lower()
    kind: BibFormat | None = (
        "csl-json" if suffix == ".json" else "csl-yaml" if suffix in _YAML_SUFFIXES else None
    )
    # A name that says no CSL format is read as BibTeX, unless the content says otherwise:
    # JSON (by its first character, as parse_bib reads text), or CSL YAML, which gives
    # BibTeX's reader nothing at all. Either is read as what it is, and said (``note``).
    content: BibFormat | None = None
    if kind is None and text.lstrip()[:1] in ("[", "{"):
        content = "csl-json"
    try:
        found = parse_bib(text, kind=kind, source=str(path), allow_empty=True, outside=outside)
        if kind is None and not (found.records or found.unread or content):
            content = csl_lookalike(text)
            if content is not None:
                found = parse_bib(text, kind=content, source=str(path), allow_empty=True)
        if content is not None:
            found = replace(found, note=_read_as_note(path, content))
        if found.records or allow_empty:
            return found
        # None read: parse_bib says why, in its words.
        return parse_bib(text, kind=content or kind, source=str(path), outside=outside)
    except BibliographyError as error:
        if error.looks_like == "bibtex":  # BibTeX in a .json or .yaml file: its name says CSL
            raise BibliographyError(f"{error}: name it .bib to have it read as BibTeX") from None
        if kind or content or suffix == ".bib" or not str(error).endswith("holds no entries"):
            raise
        named = f"a {suffix} file" if suffix else "a file without a suffix"
        raise BibliographyError(
            f"{error}: {named} is read as BibTeX; the formats read are {SUPPORTED_FORMATS}"
        ) from None
