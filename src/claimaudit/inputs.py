"""What a check accepts: the claim, the optional topic and the paper references, checked and
normalised before any paper is read, and the queries made from them."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from claimaudit.errors import (
    DuplicatePaperError,
    InvalidClaimError,
    InvalidClaimTextError,
    InvalidReferenceError,
    InvalidTextError,
    InvalidTopicError,
    PaperListError,
)
from claimaudit.guards.untrusted import CONTROL_NAMES, check_text, scrub_surrogates
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.library.fts import query_terms
from claimaudit.net.redaction import redact_text
from claimaudit.text.claimwords import has_content_words

MAX_CLAIM_CHARS = 2_000
MAX_TOPIC_CHARS = 1_000
# A paper's title, as the library stores it and a record shows it (a backend's longer one is cut).
MAX_TITLE_CHARS = 1_000
# A judge's model id as a record shows it: ids are tens of characters; a longer one is cut.
MAX_MODEL_CHARS = 200
# A record keeps at most this much of a reference that does not parse (refused past
# ``identity.MAX_REF_CHARS`` anyway), as it keeps at most MAX_CLAIM_CHARS of a refused claim.
MAX_SHOWN_REF_CHARS = MAX_CLAIM_CHARS


# Characters no sentence a researcher wrote holds: control characters (a paste from a binary),
# bar tab and the line breaks, which are whitespace; and the bidi embeddings and overrides
# (U+202A-U+202E), which make a claim read on screen otherwise than to the judge ("Trojan
# Source": an embedding reverses the order of the words inside it too). Bidi marks and
# isolates, which right-to-left text uses (the embeddings' replacement since Unicode 6.3), and
# zero-width joiners (Indic scripts, emoji) are ordinary text.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u202a-\u202e]")


def _valid_text(value: str, what: str) -> str:
    try:
        return check_text(value, what)
    except InvalidTextError as error:
        raise InvalidClaimTextError(str(error)) from None


def require_text(value: object, what: str) -> None:
    """InvalidClaimError unless ``value`` is a string of valid text (no lone surrogate, which
    no record may hold: it could not be written out as UTF-8)."""
    require_str(value, what)
    _valid_text(str(value), what)


def _written_text(value: str, what: str) -> str:
    """``value`` unchanged when it is valid text a person could have written (the claim, the
    topic), else InvalidClaimTextError naming the first character that is not, and where."""
    _valid_text(value, what)
    match = _CONTROL.search(value)
    if match is not None:
        char = match.group()
        name = CONTROL_NAMES.get(char, "a control character")
        raise InvalidClaimTextError(
            f"{what} holds U+{ord(char):04X} ({name}) at character {match.start() + 1}"
        )
    return value


def require_str(value: object, what: str) -> None:
    """InvalidClaimError naming ``what`` unless ``value`` is a string: Python callers may pass
    anything, and a regex would fail on it with a bare TypeError."""
    if not isinstance(value, str):
        raise InvalidClaimError(f"{what} must be a string, not {type(value).__name__}")


def composed(text: str) -> str:
    """``text`` in Unicode's composed form (NFC). A claim pasted from a macOS file name or some
    PDFs writes "naïve" as "i" and a combining mark, which looks the same but matched other
    words when passages were ranked for it (and the judge's own pre-selection), so the same
    sentence got other evidence and verdicts; papers are stored composed (the PDF reader
    composes its marks, files are almost always written so). Only canonical equivalents are
    joined: no character changes its look or meaning, as NFKC's "10\u00b2" -> "102" would."""
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


# Invisible characters that never part two words: a soft hyphen, a combining grapheme joiner, a
# word joiner and a zero-width no-break space (a BOM). A zero-width space is kept: it marks a
# word boundary (Thai, Khmer; "a\u200bb" is two one-letter words, no claim).
_JOINERS = re.compile("[\u00ad\u034f\u2060\ufeff]")


def as_asked(text: str) -> str:
    """A claim or topic as it is ranked, judged and cached: composed (``composed``), without
    the invisible characters that join a word (``_JOINERS``): "ma\u00adtrix" pasted from a web
    page or a PDF split the word in two for the rankers, so the sentence got other evidence."""
    return composed(_JOINERS.sub("", text))


# A run of whitespace, as ``str.split`` finds it (``\s`` matches what ``str.isspace`` does).
_SPACES = re.compile(r"\s+")


def _one_spaced(text: str) -> str:
    """``" ".join(text.split())``."""
    return " ".join(text.split())


def _one_spaced_length(text: str) -> int:
    """``len(_one_spaced(text))``, counted without making it: a claim of millions of characters
    (a batch line's) split into millions of words took ten times its size in memory only to be
    refused as too long."""
    length = len(text)
    for run in _SPACES.finditer(text):
        # A run inside the text becomes one space; one at either end goes.
        inside = run.start() > 0 and run.end() < len(text)
        length -= len(run.group()) - (1 if inside else 0)
    return length


def validate_claim(claim: str) -> str:
    """The claim with whitespace normalised, as asked (``as_asked``); InvalidClaimError when it
    cannot be checked."""
    require_str(claim, "the claim")
    length = _one_spaced_length(_written_text(claim, "the claim"))
    if not length:
        raise InvalidClaimError("the claim is empty")
    if length > MAX_CLAIM_CHARS:
        # Counted as typed, before composing, as the web page's counter counts it.
        raise InvalidClaimError(
            f"the claim has {length} characters; the limit is {MAX_CLAIM_CHARS}"
        )
    text = _one_spaced(claim)
    text = _one_spaced(as_asked(text))  # a BOM that stood before a space is gone
    if not has_content_words(text):
        # Punctuation or search syntax alone would still rank passages and get a verdict.
        raise InvalidClaimError(
            "the claim has no words to check (only punctuation, numbers or common words)"
        )
    return text


def validate_topic(topic: str | None) -> str | None:
    if topic is None:
        return None
    require_str(topic, "the topic")
    _written_text(topic, "the topic")
    if len(topic) > MAX_TOPIC_CHARS:
        raise InvalidTopicError(
            f"the topic has {len(topic)} characters; the limit is {MAX_TOPIC_CHARS}"
        )
    return topic


def ref_key(text: str) -> str:
    """The reference as it identifies a paper: its canonical form, or the text as given for one
    that does not parse (two tokens in one URL stay two references)."""
    try:
        return str(parse_ref(text))
    except InvalidReferenceError:
        return text.strip()


def shown_ref(text: str) -> str:
    """The ``paperRef`` a record carries for this requested reference: ``ref_key``, with any
    credential or token of a reference that does not parse masked, as it is never written,
    and cut to MAX_SHOWN_REF_CHARS."""
    try:
        return str(parse_ref(text))
    except InvalidReferenceError:
        return cut_ref(redact_text(scrub_surrogates(text.strip())))


def cut_ref(text: str) -> str:
    """``text`` cut to MAX_SHOWN_REF_CHARS, masked first so that no cut half of a token is
    left unmasked; cutting again changes nothing (resume compares cut with cut)."""
    return text[:MAX_SHOWN_REF_CHARS].rstrip()


def paper_text(paper: str | PaperRef, what: str = "a paper reference") -> str:
    """A reference as text: a string as given, a ``PaperRef`` as it is written; anything else
    is InvalidClaimError naming ``what``."""
    if isinstance(paper, PaperRef):
        return str(paper)
    if not isinstance(paper, str):
        raise InvalidClaimError(
            f"{what} must be a string or a PaperRef, not {type(paper).__name__}"
        )
    return paper


def paper_list(papers: Iterable[str | PaperRef]) -> list[str]:
    """The references as a list of text, read once: a one-shot iterator would otherwise be used
    up by the duplicate check, and one string would be checked letter by letter."""
    if isinstance(papers, str | bytes | bytearray):
        raise InvalidClaimError("papers must be a list of references, not one string")
    if isinstance(papers, PaperRef):
        raise InvalidClaimError("papers must be a list of references, not one PaperRef")
    if not isinstance(papers, Iterable):
        raise InvalidClaimError(f"papers must be a list of references, not {type(papers).__name__}")
    return [paper_text(p, f"paper reference {n}") for n, p in enumerate(papers, start=1)]


def validate_papers(papers: Sequence[str], limit: int | None = None) -> None:
    """PaperListError when there is no paper, one given twice (DuplicatePaperError), or
    more than ``limit``, in that order: the words every surface (command line, Python, HTTP,
    MCP) refuses such a list with."""
    if not papers:
        raise PaperListError("no paper to check the claim against")
    # A paper given twice is named before the count, as where there is no limit (the Python
    # API): 51 copies of one paper are one fault on every surface. Only the first ``limit + 1``
    # are read for it, so an overlong list costs no more than one over by one.
    check_distinct(papers if limit is None else papers[: limit + 1])
    if limit is not None and len(papers) > limit:
        raise PaperListError(f"{len(papers)} papers in one check; the limit is {limit}")


def check_distinct(papers: Sequence[str]) -> None:
    """DuplicatePaperError when a paper is given twice (in any spelling), InvalidClaimError when
    one is not valid text."""
    seen: dict[str, str] = {}
    for number, text in enumerate(papers, start=1):
        _valid_text(text, f"paper reference {number}")
        key = ref_key(text)
        first = seen.get(key)
        if first is None:
            seen[key] = text
            continue
        # Written otherwise, the first spelling is named too: the reader sees which two clash.
        also = "" if first.strip() == text.strip() else f" (as {first!r})"
        raise DuplicatePaperError(f"paper {text!r} is given more than once{also}")


def search_query(claim: str, topic: str | None) -> str:
    """The words evidence selection ranks passages by, as a record shows them: the claim,
    narrowed by the topic (its spacing normalised, as the results cache's key has it, so a
    cached record shows the query any spacing of the topic gives)."""
    topic = _spaced(topic)
    return f"{claim} {topic}".strip() if topic else claim


def ranking_query(claim: str, topic: str | None) -> str:
    """``search_query``'s words in the order the ranker reads them: the topic's first, since
    the ranker keeps a claim's first 64 distinct words and a long claim would push them out
    (a CJK claim's character pairs it reads all of, ``checker.selection.MAX_CJK_TERMS``)."""
    topic = _spaced(topic)
    return f"{topic} {claim}".strip() if topic else claim


def _spaced(topic: str | None) -> str:
    """The topic's words, one space apart (``cache.cache_key`` keys it so)."""
    return " ".join((topic or "").split())


def topic_reordered(claim: str, topic: str | None) -> bool:
    """Whether putting the topic first changes the words ranked by (a claim past the cap)."""
    if not topic:
        return False
    return set(query_terms(ranking_query(claim, topic))) != set(
        query_terms(search_query(claim, topic))
    )


def source_query(claim: str, topic: str | None) -> str:
    """What a source searches for: the focused topic when given (as in the seed), else the claim."""
    return topic.strip() if topic and topic.strip() else claim
