"""Paper references: parsing, normalisation and the version-matching rule.

Accepted forms: arXiv ids new-style (``1706.03762``, ``1706.03762v5``) and old-style
(``hep-th/9901001v2``), with an ``arXiv:`` prefix or as arxiv.org ``abs/``, ``pdf/`` and ``html/``
URLs; DOIs (``10.1000/xyz``, ``doi:`` prefix, doi.org URLs); and local ids ``<prefix>:<id>``
(``scifact:4983``). A versioned request matches only that version; an unversioned request matches
any version of the same work. A new-style arXiv id must be one arXiv's scheme can issue: a month
from April 2007 (0704) to the current one, 4 digits after the dot through 1412 and 5 from 1501;
an old-style one a month the old scheme ran, August 1991 (9108) to March 2007 (0703).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING
from urllib.parse import quote, unquote

from claimaudit.arxiv_scheme import new_style_problem, old_style_problem
from claimaudit.errors import InvalidReferenceError

# Characters a doi.org address keeps as they are (RFC 3986 sub-delimiters and ``:@/``).
_DOI_URL_SAFE = "/:@!$&'()*+,;="


class RefKind(StrEnum):
    """What a reference names a paper by: an arXiv id, a DOI, or a local ``prefix:id``."""

    ARXIV = "arxiv"
    DOI = "doi"
    LOCAL = "local"


@dataclass(frozen=True, order=True)
class PaperRef:
    """A normalised reference: ``work`` identifies the work, ``version`` one edition of it."""

    kind: RefKind
    work: str
    version: int | None = None

    if TYPE_CHECKING:
        # As it may be called: ``PaperRef("arxiv", ...)`` is documented, and __post_init__
        # makes the kind a RefKind. The dataclass's own __init__ (the one that runs) would be
        # typed to take a RefKind only, and a user's mypy refused the documented call.
        def __init__(self, kind: RefKind | str, work: str, version: int | None = None) -> None: ...

    def __post_init__(self) -> None:
        # Built by hand (``PaperRef("arxiv", ...)``) as well as by ``parse_ref``: the kind is
        # made a RefKind here, since ``str``, ``url`` and ``matches`` compare it by identity.
        kind = _kind(self.kind)
        object.__setattr__(self, "kind", kind)
        if not isinstance(self.work, str) or not self.work.strip():
            raise InvalidReferenceError(
                f"a reference's work must be a non-empty string, not {_shown(self.work)}"
            )
        version = self.version
        if version is not None:
            if kind is not RefKind.ARXIV:
                raise InvalidReferenceError(f"a {kind.value} reference has no version")
            if isinstance(version, bool) or not isinstance(version, int) or version < 0:
                raise InvalidReferenceError(
                    f"a reference's version must be a whole number, not {_shown(version)}"
                )
        # The rules ``parse_ref`` applies, by ``parse_ref`` itself: a hand-built reference is
        # checked (and normalised) as its written form would be, and keeps its kind. Without
        # this, ``PaperRef("local", "1907.10121")`` was checked as arXiv:1907.10121.
        parsed = parse_ref(_written(kind, self.work, version))
        if parsed.kind is not kind or parsed.version != version:
            raise InvalidReferenceError(
                f"{_shown(self.work)} is no {kind.value} reference: "
                f"written out, it reads as {_cut(str(parsed))}"
            )
        object.__setattr__(self, "work", parsed.work)

    @classmethod
    def as_stored(cls, kind: RefKind | str, work: str, version: int | None = None) -> PaperRef:
        """A reference read back as the library stored it, not checked by today's rules: a
        paper stored before a rule refused its reference must still be reachable."""
        return _unchecked(_kind(kind), work, version)

    def __str__(self) -> str:
        if self.kind is RefKind.ARXIV:
            return f"arXiv:{self.versioned_id}"
        if self.kind is RefKind.DOI:
            return f"doi:{self.work}"
        return self.work

    @property
    def versioned_id(self) -> str:
        """The work with its version as arXiv writes them (``1706.03762v5``, ``hep-th/9901001v2``);
        the work alone when no version is given."""
        return self.work if self.version is None else f"{self.work}v{self.version}"

    @property
    def unversioned(self) -> PaperRef:
        # Not checked again: this one was, or was stored so (``as_stored``).
        return _unchecked(self.kind, self.work, None)

    @property
    def url(self) -> str | None:
        """The canonical public address, where there is one."""
        if self.kind is RefKind.ARXIV:
            return f"https://arxiv.org/abs/{self.versioned_id}"
        if self.kind is RefKind.DOI:
            # A DOI's own ``#``, ``?`` or ``%`` would end or change the address: encoded.
            return f"https://doi.org/{quote(self.work, safe=_DOI_URL_SAFE)}"
        return None

    def matches(self, found: PaperRef) -> bool:
        """Whether ``found`` (a stored or retrieved paper) satisfies this request."""
        if self.kind is not found.kind or self.work != found.work:
            return False
        return self.version is None or self.version == found.version


def _kind(kind: RefKind | str) -> RefKind:
    try:
        return RefKind(kind)
    except ValueError:
        kinds = ", ".join(k.value for k in RefKind)
        raise InvalidReferenceError(
            f"unknown reference kind {_shown(kind)} (one of {kinds})"
        ) from None


def _unchecked(kind: RefKind, work: str, version: int | None) -> PaperRef:
    """A PaperRef whose parts are known good (``parse_ref`` made them) or kept as stored."""
    ref = object.__new__(PaperRef)
    object.__setattr__(ref, "kind", kind)
    object.__setattr__(ref, "work", work)
    object.__setattr__(ref, "version", version)
    return ref


def _written(kind: RefKind, work: str, version: int | None) -> str:
    """How a reference of these parts is written, for ``parse_ref`` to read back."""
    if kind is RefKind.ARXIV:
        return f"arXiv:{work}" if version is None else f"arXiv:{work}v{version}"
    if kind is RefKind.DOI:
        return f"doi:{work}"
    return work


def _shown(value: object) -> str:
    """A value for a one-line message: its repr, cut short (it may be anything)."""
    return _cut(repr(value))


def _excerpt(text: str) -> str:
    """What was given, quoted for a one-line error: whole when short, else its first 80
    characters and its length (a reference may be 500 characters; the line must stay one)."""
    return repr(text) if len(text) <= 80 else f"{text[:80]!r}... ({len(text):,} characters)"


def _cut(text: str) -> str:
    """Text for a one-line message, cut short as ``_shown`` cuts a value: a work of 500
    characters is named by its start, and so is what it reads as."""
    return text if len(text) <= 60 else text[:57] + "..."


# Patterns are ASCII (``re.ASCII``): ``\\d`` would take fullwidth or Arabic-Indic digits and
# IGNORECASE would take the Kelvin sign for ``k``, making lookalikes of real ids. They are refused
# rather than folded by NFKC: folding would also rewrite characters a DOI suffix may hold (DOIs
# compare only case-insensitively), and a lookalike usually means text mangled on its way in.
_ARXIV_NEW = r"(?P<new>[0-9]{4}\.[0-9]{4,5})"
_ARXIV_OLD = r"(?P<old>[a-z][a-z\-]*(?:\.[A-Z]{2})?/[0-9]{7})"
_ARXIV_ID = rf"(?:{_ARXIV_NEW}|{_ARXIV_OLD})(?:v(?P<version>[0-9]+))?"
_FLAGS = re.IGNORECASE | re.ASCII
_ARXIV_URL = re.compile(
    rf"^https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html)/{_ARXIV_ID}(?:\.pdf)?/?(?:[?#].*)?$",
    _FLAGS,
)
_ARXIV_BARE = re.compile(rf"^(?:arxiv:\s*)?{_ARXIV_ID}$", _FLAGS)
# Not ASCII-only: ``\\S`` must refuse every Unicode space (a DOI holds none), not only ASCII's.
_DOI_BODY = re.compile(r"^10\.[0-9]{4,9}/\S+$")
# A doi.org address: its query and fragment are the web page's, never part of the DOI (a DOI's
# own ``?`` or ``#`` is percent-encoded in its URL), nor is a trailing ``/``. Its scheme may be
# left off ("doi.org/10.1371/x", as a browser's address bar shows it): no DOI begins "doi.org/".
_DOI_URL = re.compile(
    r"^(?:https?://)?(?:dx\.|www\.)?doi\.org/(?P<doi>[^?#]*?)/*(?:[?#].*)?$", _FLAGS
)
# "doi:10.1/x", and "DOI 10.1/x" as Springer and others print it (a space, no colon); and a
# DOI's URI forms, "info:doi/10.1/x" (OpenURL, RDF metadata) and "urn:doi:10.1/x".
_DOI_BARE = re.compile(r"^(?:info:doi/|urn:doi:|doi(?::\s*|\s+))?(?P<doi>10\..*)$", _FLAGS)
_LOCAL = re.compile(r"^(?P<prefix>[a-z][a-z0-9_\-]*):(?P<id>[A-Za-z0-9][A-Za-z0-9._\-]*)$", _FLAGS)
_RESERVED_PREFIXES = {"arxiv", "doi", "http", "https"}
# Longer than any real DOI or id; a bound keeps hostile input out of messages and the database.
MAX_REF_CHARS = 500
# arXiv numbers versions from v1; nothing has reached four digits.
MAX_ARXIV_VERSION = 9999
# Control characters (terminal escapes among them) and lone surrogates are never part of an id.
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _arxiv(match: re.Match[str]) -> PaperRef:
    new, old, version = match.group("new"), match.group("old"), match.group("version")
    if new:
        problem = new_style_problem(*new.split("."))
        if problem:
            raise InvalidReferenceError(f"not a valid arXiv identifier: {new!r}: {problem}")
        work = new
    else:
        # Old-style ids: the subject class (``math.GT/0309136``) is not part of the identity;
        # arXiv knows the paper as ``math/0309136`` (info.arxiv.org/help/arxiv_identifier).
        archive, number = old.split("/")
        archive = archive.partition(".")[0].lower()
        problem = old_style_problem(archive, number)
        if problem:
            raise InvalidReferenceError(f"not a valid arXiv identifier: {old!r}: {problem}")
        work = f"{archive}/{number}"
    number = int(version) if version else None
    if number is not None and not 1 <= number <= MAX_ARXIV_VERSION:
        raise InvalidReferenceError(
            f"not a valid arXiv version: v{version[:8]} "
            f"(versions run from v1 to v{MAX_ARXIV_VERSION})"
        )
    return _unchecked(RefKind.ARXIV, work, number)


def parse_ref(text: str) -> PaperRef:
    """Parse a reference, or raise InvalidReferenceError with a one-line reason."""
    if not isinstance(text, str):
        raise InvalidReferenceError(
            f"a paper reference must be a string, not {type(text).__name__}"
        )
    value = text.strip()
    if not value:
        raise InvalidReferenceError("empty paper reference")
    if len(value) > MAX_REF_CHARS:
        raise InvalidReferenceError(
            f"not a paper reference: {len(value):,} characters, over the limit of {MAX_REF_CHARS}"
        )
    _refuse_unprintable(value)
    for pattern in (_ARXIV_URL, _ARXIV_BARE):
        match = pattern.match(value)
        if match:
            return _arxiv(match)
    doi = _doi(value)
    if doi is not None:
        return doi
    match = _LOCAL.match(value)
    if match and match.group("prefix").lower() not in _RESERVED_PREFIXES:
        work = f"{match.group('prefix').lower()}:{match.group('id')}"
        return _unchecked(RefKind.LOCAL, work, None)
    raise InvalidReferenceError(
        f"not a paper reference: {_excerpt(value)} "
        "(expected an arXiv id or URL, a DOI, or prefix:id)",
        text=value,
    )


def refuse_unprintable(text: str) -> None:
    """InvalidReferenceError for a control or invisible formatting character anywhere in
    ``text``, its ends included: ``parse_ref`` strips whitespace first, and tab, CR and LF are
    whitespace, so a surface taking a reference as typed (a URL's query) checks it whole."""
    _refuse_unprintable(text)


def _refuse_unprintable(value: str) -> None:
    # Not echoed: it may be a terminal escape sequence or text that cannot be encoded. Format
    # characters (Cf: zero-width space, bidirectional overrides) are invisible, so a reference
    # holding one would be listed looking like another that it does not match.
    if _UNPRINTABLE.search(value) or any(unicodedata.category(c) == "Cf" for c in value):
        raise InvalidReferenceError(
            "not a paper reference: it holds control characters, invisible formatting "
            "characters or invalid text"
        )


def _doi(value: str) -> PaperRef | None:
    """The DOI ``value`` names (bare, ``doi:`` or a doi.org URL), None if it is none."""
    doi = _doi_text(value)
    if doi is None:
        return None
    doi = _trim_prose(doi)
    _refuse_unprintable(doi)
    if not _DOI_BODY.match(doi):
        if doi.startswith("10.") and any(c.isspace() for c in doi):
            raise InvalidReferenceError(f"not a DOI: {_excerpt(doi)} holds a space")
        return None
    # DOIs are case-insensitive by definition; store them lower-cased so lookups agree.
    doi = doi.lower()
    return _arxiv_doi(doi) or _unchecked(RefKind.DOI, doi, None)


# A doi.org address ending in a SICI's "#" check character (``_doi_text``).
_SICI_CHECK_HASH = re.compile(r";2-#/?$")
# A DOI's prefix ends in its first ``/``; ``10.1371%2Fx`` has it encoded, so it was copied from
# an address whole, and is decoded as one.
_ENCODED_PREFIX = re.compile(r"^10\.[0-9]{4,9}%2F", _FLAGS)


def _doi_text(value: str) -> str | None:
    """The DOI ``value`` writes, decoded exactly once where it is written as an address: a
    doi.org URL always, a bare or ``doi:`` DOI only when its prefix's ``/`` is encoded. A DOI
    may hold ``%`` (``10.1000/a%2520b``), and ``str(ref)`` writes it bare: decoding bare text
    would change the DOI each time it is read back."""
    match = _DOI_URL.match(value)
    if match is not None:
        doi = unquote(match.group("doi"))
        # A SICI DOI's check character may be "#" ("...3.0.CO;2-#"), and Crossref lists its
        # address unencoded: there the "#" ends the address with no fragment after it. Read as
        # a fragment, it was dropped, naming "...;2-", a DOI that does not exist.
        return doi + "#" if _SICI_CHECK_HASH.search(value) and doi.endswith(";2-") else doi
    match = _DOI_BARE.match(value)
    if match is None:
        return None
    doi = match.group("doi")
    return unquote(doi) if _ENCODED_PREFIX.match(doi) else doi


# Closing brackets a DOI ends in only when it opened them (``...(20)30183-5``, a SICI's
# ``<...>``); one it did not open is the sentence's, as are quotation marks and an ellipsis.
_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}
_PROSE_ENDS = (".", ",", ";", "/", '"', "'", "\u201d", "\u2019", "\u00bb", "\u2026")


def _trim_prose(doi: str) -> str:
    """``doi`` without the punctuation of the sentence it was cut from: a trailing ``.``,
    ``,``, ``;``, quotation mark or ellipsis, and a ``)``, ``]``, ``}`` or ``>`` closing no
    bracket of the DOI (``10.1016/S0140-6736(20)30183-5`` keeps its own). DOI syntax allows
    nearly any character, but no DOI ends in these. A trailing ``/`` is a web address's
    (``doi:10.1371/x/`` copied from one, or stored so by an older claimaudit): a DOI ending in
    one could not be told from such a copy."""
    while doi:
        last = doi[-1]
        opener = _CLOSERS.get(last)
        if last in _PROSE_ENDS or (opener and doi.count(last) > doi.count(opener)):
            doi = doi[:-1]
        else:
            return doi
    return doi


# arXiv's own DOIs (DataCite, since 2022), which Zotero and Google Scholar export for preprints.
_ARXIV_DOI_PREFIX = "10.48550/arxiv."


def _arxiv_doi(doi: str) -> PaperRef | None:
    """``10.48550/arXiv.1907.10121`` is arXiv:1907.10121: the same paper, and the library and
    the arXiv source know it by that id. An id arXiv never issued is refused in this form too."""
    if not doi.startswith(_ARXIV_DOI_PREFIX):
        return None
    ident = doi[len(_ARXIV_DOI_PREFIX) :]
    match = _ARXIV_BARE.match(ident)
    if match is None:
        raise InvalidReferenceError(
            f"not a valid arXiv identifier: {ident[:40]!r} (an arXiv DOI is "
            "10.48550/arXiv. followed by an arXiv id)"
        )
    return _arxiv(match)


def arxiv_id_error(text: str) -> str | None:
    """Why ``text``, written as an arXiv id, arxiv.org URL or arXiv DOI, is refused
    (``1412.12345``, a month arXiv never issued); None for anything else, valid or not shaped
    like an arXiv id."""
    value = text.strip()
    if not _names_arxiv(value):
        return None
    try:
        parse_ref(value)
    except InvalidReferenceError as error:
        return str(error)
    return None


def _names_arxiv(value: str) -> bool:
    if any(p.match(value) for p in (_ARXIV_URL, _ARXIV_BARE)):
        return True
    doi = _doi_text(value)
    return doi is not None and doi.lower().startswith(_ARXIV_DOI_PREFIX)


def edition_read(asked: str, matched: str) -> str | None:
    """The edition a record judged (``matched``), where the reference ``asked`` named none of
    its own (``arXiv:1603.07285v2`` for ``1603.07285``); None when they name one edition, or
    either is no reference. Said beside the reference wherever a record is shown."""
    asked_ref, read = try_parse_ref(asked), try_parse_ref(matched)
    if asked_ref is None or read is None or asked_ref == read:
        return None
    return str(read)


def try_parse_ref(text: str) -> PaperRef | None:
    try:
        return parse_ref(text)
    except InvalidReferenceError:
        return None
