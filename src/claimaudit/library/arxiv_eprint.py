"""An arXiv e-print (the paper's source package) unpacked safely into a folder of LaTeX files.

arXiv serves ``/e-print/IDvN`` as a gzipped tar of the source files, a single gzipped ``.tex``,
or, when the authors sent no source, the PDF. ``unpack_eprint`` writes only what the LaTeX
extraction can read (``.tex``, ``.ltx``, ``.latex`` files, and the ``.bbl`` and ``.bib`` files
that name the authors of textual citations) into the given folder:

- no path escapes it: absolute names, ``..`` parts, links and devices are skipped;
- a member this system cannot write under its name (one over 255 bytes, a file where another
  member made a folder, or the reverse) is skipped, and the rest is read;
- decompression is bounded (``MAX_UNPACKED_BYTES`` in all, ``MAX_FILES`` files), so a
  compression bomb stops early instead of filling the disk;
- the includes of the unpacked paper are then confined to the folder by the LaTeX extraction
  itself (``\\input{../x}`` or a link out is refused).

It returns None when the package holds no LaTeX (a PDF, an empty or unreadable archive): the
caller then falls back to the PDF.
"""

from __future__ import annotations

import errno
import gzip
import io
import tarfile
import zlib
from pathlib import Path, PurePosixPath

from claimaudit.errors import EprintError
from claimaudit.library.extract import LATEX_SUFFIXES

MAX_UNPACKED_BYTES = 50 * 1024 * 1024
MAX_FILES = 2_000
_CHUNK = 1 << 16
_BIBLIOGRAPHY_SUFFIXES = frozenset({".bbl", ".bib"})
# What the file system answers for a member's name it cannot hold, rather than for the disk:
# too long, a file where a folder is needed (or the reverse), or not a name it accepts.
_UNWRITABLE_NAME = frozenset(
    {errno.ENAMETOOLONG, errno.EISDIR, errno.ENOTDIR, errno.EEXIST, errno.EINVAL, errno.EILSEQ}
)


def unpack_eprint(data: bytes, folder: Path) -> Path | None:
    """Write the LaTeX files of ``data`` into ``folder``; the folder, or None if it has none."""
    raw = _gunzip(data) if data[:2] == b"\x1f\x8b" else data
    if raw.startswith(b"%PDF-"):
        return None
    if _is_tar(raw):
        written = _untar(raw, folder)
    elif b"\x00" in raw[:8192]:
        return None  # some other binary: no source to read
    else:
        # A single file: arXiv's gzip of one .tex (its name is not kept).
        (folder / "main.tex").write_bytes(raw)
        written = 1
    return folder if written else None


def _gunzip(data: bytes) -> bytes:
    """Decompress at most ``MAX_UNPACKED_BYTES``; EprintError beyond, None-like b"" if bad."""
    out = bytearray()
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            while chunk := stream.read(_CHUNK):
                out += chunk
                if len(out) > MAX_UNPACKED_BYTES:
                    raise EprintError(
                        f"the source package unpacks to over {MAX_UNPACKED_BYTES:,} bytes"
                    )
    except (OSError, EOFError, zlib.error):
        return b""
    return bytes(out)


def _is_tar(raw: bytes) -> bool:
    # The ustar magic sits at offset 257 of the first header; old v7 tars lack it but arXiv's
    # packages are ustar or GNU.
    return len(raw) >= 512 and raw[257:262] == b"ustar"


def _untar(raw: bytes, folder: Path) -> int:
    """The members written; the count is of LaTeX files only (a bibliography alone is no
    paper)."""
    written = 0
    total = 0
    try:
        with tarfile.open(fileobj=io.BytesIO(raw), mode="r:") as archive:
            for count, member in enumerate(archive):
                if count >= MAX_FILES:
                    raise EprintError(f"the source package holds over {MAX_FILES:,} files")
                target = _safe_target(member, folder)
                if target is None:
                    continue
                total += member.size
                if total > MAX_UNPACKED_BYTES:
                    raise EprintError(
                        f"the source package unpacks to over {MAX_UNPACKED_BYTES:,} bytes"
                    )
                written += _write_member(archive, member, target)
    except tarfile.TarError:
        return written
    return written


def _write_member(archive: tarfile.TarFile, member: tarfile.TarInfo, target: Path) -> bool:
    """Whether ``member`` was written to ``target`` as a LaTeX file; one whose name the file
    system refuses is skipped, not written."""
    source = archive.extractfile(member)
    if source is None:
        return False
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read(member.size))
    except OSError as error:
        if error.errno in _UNWRITABLE_NAME:
            return False
        raise  # the disk's fault (full, read-only), not the package's
    return target.suffix.lower() in LATEX_SUFFIXES


def _safe_target(member: tarfile.TarInfo, folder: Path) -> Path | None:
    """Where a member may be written, or None to skip it (not a plain file, neither LaTeX nor
    a bibliography, or a name that would land outside ``folder``)."""
    if not member.isfile():
        return None  # directories are made as needed; links and devices are never written
    name = PurePosixPath(member.name)
    if name.is_absolute() or ".." in name.parts or not name.parts:
        return None
    if name.suffix.lower() not in LATEX_SUFFIXES | _BIBLIOGRAPHY_SUFFIXES:
        return None
    target = folder.joinpath(*name.parts).resolve()
    return target if target.is_relative_to(folder.resolve()) else None
