"""The bibliography a Markdown draft names in its YAML front matter, as Pandoc reads it:
``bibliography: refs.bib``, or a list of files, each relative to the draft's folder; and the
entries it gives itself, Pandoc's ``references:`` list of CSL items.

The front matter is found by the same parser that finds the draft's paragraphs (``document``),
so what is front matter here is never prose there; it is read with YAML's safe loader.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

from claimaudit.errors import BibliographyError, DraftError
from claimaudit.guards.userfiles import existing_spelling
from claimaudit.library.yaml_block import UnreadableYaml, load_yaml
from claimaudit.review.bibliography import Bibliography, parse_bibliography
from claimaudit.review.document import markdown_blocks


def front_matter(text: str) -> object:
    """The draft's YAML front matter as data (None without one); DraftError when it is not
    valid YAML."""
    tokens = markdown_blocks().parse(text.removeprefix("\ufeff"))
    block = next((t for t in tokens[:1] if t.type == "front_matter"), None)
    if block is None:
        return None
    try:
        return load_yaml(block.content)
    except UnreadableYaml as error:
        raise DraftError(f"its YAML front matter cannot be read ({error})") from None


def front_matter_bibliographies(text: str, folder: Path) -> list[Path]:
    """The files the front matter's ``bibliography`` names, relative to ``folder`` (the
    draft's); none without one. DraftError as ``bibliography_names``, and for a name outside
    the folder."""
    return [_inside(folder, name) for name in bibliography_names(text)]


def _inside(folder: Path, name: str) -> Path:
    # The rule a LaTeX draft's \bibliography follows (``latex_claims.bibliography_files``):
    # a name reaching out of the folder ("../notes.bib", "/proc/self/environ") is not read, as a
    # draft from elsewhere could otherwise print a file's keys or use it; a symlink in the folder
    # is the author's own file, followed. The path read is the one checked (".." folded).
    base = folder.resolve()
    if not Path(os.path.normpath(base / name)).is_relative_to(base):
        raise DraftError(
            f"bibliography {name!r} is outside the draft's folder, so it is not read; pass its "
            "entries with --bib"
        )
    return existing_spelling(Path(os.path.normpath(folder / name)))


def bibliography_names(text: str) -> list[str]:
    """The file names the front matter's ``bibliography`` gives, each once; none without one.
    DraftError when the front matter cannot be read or its ``bibliography`` is neither a file
    name nor a list of them."""
    data = front_matter(text)
    value = data.get("bibliography") if isinstance(data, dict) else None
    if value is None:
        return []
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        raise DraftError("bibliography: in its front matter must be a file name or a list of them")
    return list(dict.fromkeys(name.strip() for name in names))


# What the claims citing an entry of the front matter's ``references`` say it came from.
INLINE_REFERENCES = "the front matter's references"


def front_matter_references(text: str) -> Bibliography | None:
    """The entries of the front matter's ``references`` (Pandoc's inline bibliography: a list
    of CSL items, as a CSL YAML file holds), None without any, or when the front matter
    cannot be read (said where its ``bibliography`` is read, unless ``--bib`` replaces it);
    DraftError when that list cannot be read as CSL items."""
    try:
        data = front_matter(text)
    except DraftError:
        return None
    items = data.get("references") if isinstance(data, dict) else None
    if items is None or items == []:
        return None
    if not isinstance(items, list):
        raise DraftError("references: in its front matter must be a list of CSL items")
    try:
        # YAML gives dates as dates; CSL-JSON writes them as text.
        return parse_bibliography(
            json.dumps(items, default=str), kind="csl-json", source=INLINE_REFERENCES
        )
    except BibliographyError as error:
        raise DraftError(f"the references in its front matter cannot be read ({error})") from None


def with_front_matter_references(
    text: str, bibliography: Bibliography | None
) -> Bibliography | None:
    """``bibliography`` with the entries of the draft's own ``references`` (Pandoc reads both)
    for the keys it does not give; as it is when it has them already (the command line adds
    them before the review, to warn of an unread one first) or the draft gives none."""
    if bibliography is not None and INLINE_REFERENCES in (bibliography.source or ""):
        return bibliography
    inline = front_matter_references(text)
    if inline is None:
        return bibliography
    if bibliography is None:
        return inline
    return replace(
        bibliography,
        entries={**inline.entries, **bibliography.entries},
        source=f"{bibliography.source}, {INLINE_REFERENCES}",
        unread=(*bibliography.unread, *inline.unread),
    )
