"""BibTeX's ``crossref``: an entry takes the fields it lacks from the entry it names, as BibTeX
and biber read it (``@inproceedings{a, crossref = {conf20}, ...}`` gets the proceedings'
``booktitle``, ``year``, ``editor``, ``publisher``...).

The child's own fields always win; only fields it lacks come from the parent (and the parent's
parent, as biber reads a chain). Two departures from inheriting everything, both because the
child is another work than its parent:

- the parent's ``title`` fills the child's ``booktitle`` (biber's rule for a part of a book or
  proceedings), never the child's ``title``; before any ``booktitle`` the parent gives, as
  biber applies that rule first, so in a chain (a -> b -> c) a's booktitle is b's title, not
  the one b inherited from c; and a multi-volume parent's (``@mvbook``, ``@mvproceedings``...)
  is its volumes' ``maintitle`` instead, biblatex's default for those types;
- the fields that identify the parent itself (``doi``, ``eprint``, ``url``, ``isbn``, a
  ``file``...) or are free text about it (``note``, ``abstract``) are not inherited: a paper
  without its own DOI would otherwise be checked as the whole volume.

biblatex's ``xdata`` works the same way, first: ``xdata = {nat, vol3}`` names ``@xdata``
entries whose every field an entry lacks is its own (they hold data entries share, such as a
journal and its year, and are no works themselves: ``XDATA`` is their type, never a record).

A parent that no entry has, or a chain that comes back to itself, leaves the entry as written
and is said in a warning; it is never an error.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from claimaudit.citekeys import folded_key

# Never inherited: how an entry refers to others (biber's ``noinherit`` list), and the fields
# that name the parent work itself rather than the volume its parts share.
_NOT_INHERITED = frozenset(
    {
        "crossref",
        "xref",
        "xdata",
        "ids",
        "entryset",
        "entrysubtype",
        "execute",
        "label",
        "options",
        "presort",
        "related",
        "relatedoptions",
        "relatedstring",
        "relatedtype",
        "shorthand",
        "shorthandintro",
        "sortkey",
        "title",  # the parent's title is the child's booktitle, below
        "doi",
        "eprint",
        "eprinttype",
        "eprintclass",
        "archiveprefix",
        "primaryclass",
        "arxiv",
        "arxivid",
        "url",
        "urldate",
        "isbn",
        "file",
        "pmid",
        "pmcid",
        # Free text about the parent: an id it mentions would be read as the child's when the
        # child names none (``review.bibliography`` reads a note's id in that case).
        "note",
        "annote",
        "annotation",
        "abstract",
    }
)


@dataclass(frozen=True)
class CrossrefEntry:
    """One BibTeX entry as read: its key, lower-case field names, where it starts (1-based)."""

    key: str
    fields: Mapping[str, str]
    line: int | None = None
    kind: str = ""  # its type, lower case: "article", "xdata"


# biblatex's type of an entry of shared data, which others name in their ``xdata`` field.
XDATA = "xdata"
# What an xdata entry does not pass on: how it refers to other entries.
_NOT_SHARED = frozenset({"xdata", "crossref", "xref", "ids", "entryset"})


def _where(entry: CrossrefEntry, source: str | None) -> str:
    place = f" line {entry.line}" if entry.line else ""
    return f"{source or 'the bibliography'}{place}"


def inherit(
    entries: Sequence[CrossrefEntry],
    source: str | None = None,
    outside: Sequence[CrossrefEntry] = (),
    unreadable: Mapping[str, int | None] | None = None,
) -> tuple[list[dict[str, str]], list[str], list[str]]:
    """Each entry's fields with those it lacks taken from its ``xdata`` entries, then its
    ``crossref`` parent (in order), one warning per parent that cannot be found or chain that
    loops, and the keys named as parents that no entry has. A key is found as written, else
    ignoring case (BibTeX's crossref keys ignore case) and Unicode form (biber reads "ü" and
    "u" with a combining accent as one); among ``entries``, else among ``outside`` (the other
    files of one bibliography, which BibTeX and biber read as one, the first to give a key
    winning). Only ``entries`` are warned of. ``unreadable``: the keys (case
    folded) of entries that could not be read, and their lines, named where one is a parent."""
    exact: dict[str, CrossrefEntry] = {}
    folded: dict[str, CrossrefEntry] = {}
    for entry in [*entries, *outside]:
        exact.setdefault(entry.key, entry)
        folded.setdefault(folded_key(entry.key), entry)
    own = {id(entry) for entry in entries}
    resolved: dict[int, dict[str, str]] = {}
    warnings: list[str] = []
    orphans: list[str] = []

    def find(name: str) -> CrossrefEntry | None:
        return exact.get(name) or folded.get(folded_key(name))

    def parent(
        entry: CrossrefEntry, chain: tuple[str, ...], field: str, name: str
    ) -> CrossrefEntry | None:
        """The entry ``name`` (``entry``'s ``field``: "crossref", "xdata") to take fields
        from; None, said in a warning, where no entry has that key or it leads back."""
        found = find(name)
        # biber resolves an xdata name only to an @xdata entry ("which is not an XDATA entry,
        # not resolving"): a work's own fields, its DOI among them, are no shared data.
        other = field == "xdata" and found is not None and found.kind not in (XDATA, "")
        if found is not None and found.key not in chain and found.key != entry.key and not other:
            return found
        if id(entry) not in own:
            return None  # another file's entry: its own file says so
        if found is None:
            orphans.append(name)
        why = "which no entry has" if found is None else "which leads back to itself"
        if other and found is not None:
            why = f"which is an @{found.kind} entry, not an @xdata one (biber ignores it)"
        if found is None and name.casefold() in (unreadable or {}):
            line = (unreadable or {})[name.casefold()]
            why = f"whose entry{f' (line {line})' if line else ''} could not be read"
        warnings.append(
            f"{_where(entry, source)}: entry {entry.key!r} has {field} {name!r}, {why}; it is "
            "read without the fields it would inherit"
        )
        return None

    def fields_of(entry: CrossrefEntry, chain: tuple[str, ...]) -> dict[str, str]:
        done = resolved.get(id(entry))
        if done is not None:
            return done
        fields = dict(entry.fields)
        # biblatex's xdata first: every field the entry lacks, from each entry named in turn.
        for name in (n.strip() for n in (fields.get("xdata") or "").split(",")):
            shared = parent(entry, chain, "xdata", name) if name else None
            if shared is not None:
                for field, value in fields_of(shared, (*chain, entry.key)).items():
                    if field not in _NOT_SHARED and not (fields.get(field) or "").strip():
                        fields[field] = value
        name = (fields.get("crossref") or "").strip()
        found = parent(entry, chain, "crossref", name) if name else None
        if found is not None:
            _fill(fields, fields_of(found, (*chain, entry.key)), entry.kind, found.kind)
        resolved[id(entry)] = fields
        return fields

    return [fields_of(e, ()) for e in entries], warnings, orphans


# biblatex's default rules (``\DeclareDataInheritance``) for a multi-volume parent: its title
# is the ``maintitle`` of its volumes and their parts, not their ``booktitle`` (a volume has a
# title of its own, which its parts take as their booktitle).
_PARTS = frozenset({"collection", "reference", "incollection", "inreference", "suppcollection"})
_MAIN_TITLE_OF = {
    "mvbook": frozenset({"book", "inbook", "bookinbook", "suppbook"}),
    "mvcollection": _PARTS,
    "mvreference": _PARTS,
    "mvproceedings": frozenset({"proceedings", "inproceedings"}),
}


def _fill(
    child: dict[str, str], parent: Mapping[str, str], child_kind: str = "", parent_kind: str = ""
) -> None:
    """Add to ``child`` the fields of ``parent`` it lacks (an empty value counts as lacking).
    The parent's title goes first, as biber applies its title rules before inheriting the
    rest: a ``booktitle`` the parent gives (inherited from its own parent, in a chain, or
    written beside its title) is not the child's where the parent's title is."""
    title = parent.get("title")
    target = "maintitle" if child_kind in _MAIN_TITLE_OF.get(parent_kind, ()) else "booktitle"
    if title and not (child.get(target) or "").strip():
        child[target] = title
    for name, value in parent.items():
        if name not in _NOT_INHERITED and not (child.get(name) or "").strip():
            child[name] = value
