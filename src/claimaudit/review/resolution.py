"""A bibliography as read (``Bibliography``), and how a citation resolves through it
(``Bibliography.resolve``): to a ``PaperRef`` (``claimaudit.identity``) or a one-line reason
why not (``Resolution``). Its key may be an entry's, an alias, a Manubot citation tag, a
number of the References section, or a reference itself (``@doi:...``, ``@arxiv:...``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from claimaudit.bibfile import UnreadEntry
from claimaudit.citekeys import citable_names, names_alike
from claimaudit.identity import PaperRef, RefKind, arxiv_id_error, try_parse_ref
from claimaudit.review.citations import Citation, CitationStyle
from claimaudit.review.entry import Entry
from claimaudit.review.entry_ids import MANUBOT_PREFIXES
from claimaudit.review.local_refs import legacy_local_ref, local_ref

_URL_PREFIXES = {"url", "http", "https"}


@dataclass(frozen=True)
class Resolution:
    ref: PaperRef | None
    error: str | None = None
    entry: Entry | None = None  # the bibliography entry that gave ``ref``
    note: str | None = None  # said beside a failure to check ``ref`` (a fallback's reason)
    # A local ``ref``'s name before names were one-to-one (``legacy_local_ref``): looked up in
    # the library when ``ref`` is not there. None when it is ``ref``, or when ``clash``.
    former: PaperRef | None = None
    # The other keys of the bibliography that had the same former name: the paper stored
    # under it may be one of theirs (``claimaudit.review.local_names``).
    clash: tuple[str, ...] = ()


# What a bibliography sent as text (over HTTP or MCP), with no file name, is called.
UNNAMED = "the bibliography"


def _no_entries(name: str) -> str:
    subject = name if name == UNNAMED else f"bibliography {name}"
    return f"{subject} has no entries: the citations it was to resolve are not checked"


@dataclass(frozen=True)
class Bibliography:
    entries: Mapping[str, Entry] = field(default_factory=dict)
    numbered: Mapping[int, Entry] = field(default_factory=dict)
    tags: Mapping[str, str] = field(default_factory=dict)
    source: str | None = None
    unread: tuple[UnreadEntry, ...] = ()  # its blocks that could not be read as entries
    empty: tuple[str, ...] = ()  # its files that hold no entry
    # One line per file read by its content, not its name, and per crossref no entry has.
    read_as: tuple[str, ...] = ()

    def warnings(self) -> tuple[str, ...]:
        """What every surface says of it before the review: each file read as its content,
        not its name, says (CSL YAML in refs.bib), each entry whose crossref no entry has,
        then each file that holds no entry."""
        return (*dict.fromkeys(self.read_as), *self.empty_warnings())

    def empty_warnings(self) -> tuple[str, ...]:
        """One warning per file (or text) of it that holds no entry: said on every surface,
        as a citation it was to resolve is otherwise only "no bibliography entry"."""
        return tuple(_no_entries(name) for name in dict.fromkeys(self.empty))

    def with_document(self, numbered: Mapping[int, Entry], tags: Mapping[str, str]) -> Bibliography:
        return replace(self, numbered=numbered, tags={**self.tags, **tags})

    def resolve(self, citation: Citation) -> Resolution:
        if citation.style is CitationStyle.NUMBER:
            return self._number(int(citation.key))
        if citation.style is CitationStyle.IDENTIFIER:
            ref = try_parse_ref(citation.key)
            if ref is None:
                why = arxiv_id_error(citation.key)
                return Resolution(None, why or f"{citation.label} is not a valid arXiv id or DOI")
            return Resolution(ref)
        return self._key(citation.key, citation.label)

    def _number(self, number: int) -> Resolution:
        entry = self.numbered.get(number)
        if entry is None:
            return Resolution(None, f"no References entry numbered {number}")
        if not entry.refs:
            return Resolution(
                None, f"References entry [{number}] has no arXiv id or DOI to check against", entry
            )
        return Resolution(entry.refs[0], entry=entry)

    @cached_property
    def former_names(self) -> dict[PaperRef, tuple[str, ...]]:
        """The keys of the entries stored under a local name (those without an arXiv id or
        DOI), by their former name (``legacy_local_ref``)."""
        names: dict[PaperRef, tuple[str, ...]] = {}
        for key, entry in self.entries.items():
            former = legacy_local_ref(key) if not (entry.refs or entry.pubmed) else None
            if former is not None:
                names[former] = (*names.get(former, ()), key)
        return names

    def _keyed(self, entry: Entry) -> Resolution:
        if entry.refs:
            return Resolution(entry.refs[0], entry=entry)
        if entry.refused:
            return Resolution(None, f"bibliography entry {entry.key!r}: {entry.refused}", entry)
        name = f"bibliography entry {entry.key!r}"
        if entry.pubmed is not None:
            # Its PubMed id names the paper in every bibliography, as Manubot's @pmid:N does.
            note = f"{name} has no arXiv id or DOI, so it is looked up in the library as "
            return Resolution(entry.pubmed, entry=entry, note=f"{note}{entry.pubmed}")
        # No identifier: the paper may still be in the library, imported from the entry's
        # attached file under its citation key (``library import-bib``).
        local = local_ref(entry.key)
        if local is None:
            return Resolution(None, f"{name} has no arXiv id or DOI to check against", entry)
        # How to import its attached file is each surface's advice on the record's error
        # (``PaperNotInLibraryError.local``): the command line's import-bib, say.
        # A doi field that names no work is said, as ``refs`` says it: not silently passed over.
        why = f" ({entry.bad_doi})" if entry.bad_doi else ""
        note = f"{name} has no arXiv id or DOI{why}, so it is looked up in the library as {local}"
        former = legacy_local_ref(entry.key)
        sharing = self.former_names.get(former, ()) if former is not None else ()
        clash = tuple(k for k in sharing if k != entry.key)
        kept = former if former != local and not clash else None
        return Resolution(local, entry=entry, note=note, former=kept, clash=clash)

    @cached_property
    def _named(self) -> dict[str, str]:
        """Every key and alias (biblatex's ``ids``) a citation may give -> its entry's key
        (``citekeys.citable_names``: a key wins over an alias; the first alias wins)."""
        return citable_names((key, entry.aliases) for key, entry in self.entries.items())

    @cached_property
    def aliases(self) -> dict[str, Entry]:
        """The entries by the other keys they are cited by (biblatex's ``ids``), where no entry
        has that key itself."""
        return {n: self.entries[key] for n, key in self._named.items() if n not in self.entries}

    def keyed(self, key: str) -> Entry | None:
        """The entry whose key, else one of whose ``ids``, is ``key`` as written."""
        return self.entries.get(key) or self.aliases.get(key)

    def resolved_entry(self, key: str) -> Entry | None:
        """The entry a citation of ``key`` resolves to (``_key``): as written, an alias, else
        the one entry whose key or alias is it in another case; None where none is, or several
        are."""
        found = self.keyed(key)
        if found is not None:
            return found
        alike = self._alike(key)
        return alike[0][1] if len(alike) == 1 else None

    def entry(self, key: str) -> Entry | None:
        """The entry of citation key ``key`` (or an alias of it, biblatex's ``ids``), its case
        ignored where no key or alias matches exactly (the first such, where several entries
        do: ``_key`` refuses to resolve that citation)."""
        return self.keyed(key) or next((entry for _, entry in self._alike(key)), None)

    def _alike(self, key: str) -> list[tuple[str, Entry]]:
        """The entries whose key or alias is ``key`` in another case, each with that name (as
        BibTeX reads keys, and the library's reader reads them: ``citekeys``)."""
        return [(name, self.entries[self._named[name]]) for name in names_alike(key, self._named)]

    def _key(self, key: str, label: str | None = None) -> Resolution:
        alike = self._alike(key) if self.keyed(key) is None else []
        if len(alike) > 1:
            # BibTeX reads keys in any case, so a key in a third case may mean either entry:
            # taking the first would check the claim against a paper perhaps not cited.
            keys = " and ".join(repr(name) for name, _ in alike)
            return Resolution(
                None,
                f"{label or '@' + key} is ambiguous: the bibliography has {keys}, which differ "
                "only in case; cite one as written",
            )
        entry = self.entry(key)
        if entry is not None:
            return self._keyed(entry)
        prefix, _, rest = key.partition(":")
        prefix = prefix.lower()
        if prefix == "tag" and rest:
            target = self.tags.get(rest)
            if target is None:
                return Resolution(None, f"no definition of the citation tag {rest!r}")
            return self._target(target, f"its tag points to {target}, which is")
        if prefix in MANUBOT_PREFIXES:
            if prefix == "doi" and rest.startswith("10/"):
                return Resolution(None, "a short DOI, which cannot be resolved offline")
            found = self._target(key, f"{key!r} is")
            if found.ref is None and prefix == "doi" and label and label.startswith("@"):
                # Pandoc ends a key at "(" or "<": a SICI DOI is cut to "doi:10.1002/".
                hint = "a DOI holding characters that end a citation key, such as ( or <, is "
                hint += "cited in braces: [@{doi:10.1002/(SICI)...}]"
                return replace(found, error=f"{found.error}; {hint}")
            return found
        if prefix in _URL_PREFIXES:
            return self._target(rest if prefix == "url" else key, "a web address,")
        broken = next((u for u in self.unread if (u.key or "").casefold() == key.casefold()), None)
        if broken is not None:
            why = f": {broken.why}" if broken.why else ""
            cited = label or "@" + key
            return Resolution(
                None, f"the bibliography entry for {cited} ({broken.where}) could not be read{why}"
            )
        # prefix:id, a local library reference such as Manubot's @pmid:123. Only a Markdown
        # key ("@..."), with its prefix in lower case as Manubot writes it: a LaTeX key is a
        # BibTeX key, and "Virtanen:2020ab" (JabRef's, Google Scholar's style) names an entry.
        pandoc = label is None or label.startswith("@")
        written_prefix = key.partition(":")[0]
        ref = try_parse_ref(key) if rest and pandoc and written_prefix.islower() else None
        if ref is not None:
            return Resolution(ref)
        where = f" in {self.source}" if self.source else " (no bibliography was given)"
        return Resolution(None, f"no bibliography entry for {label or '@' + key}{where}")

    @staticmethod
    def _target(value: str, what: str) -> Resolution:
        ref = try_parse_ref(value)
        if ref is None or ref.kind is RefKind.LOCAL:
            why = arxiv_id_error(value)
            return Resolution(None, why or f"{what} not an arXiv id or DOI")
        return Resolution(ref)
