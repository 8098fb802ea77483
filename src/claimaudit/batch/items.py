"""A batch's input: JSON Lines read one line at a time into checks and bad lines.

Each input line is ``{"id", "claim", "papers": [REF, ...], "topic"?}``. A line is a
``BatchItem`` when it asks a check that can be made, or a ``BadLine`` saying what is wrong with
it in the words ``check``, the API and MCP use, keeping what it could read of its claim and papers
(each becomes a ``not_checked`` record, so nothing the input asked is lost).

Every line has an *input key*: the SHA-256 of its text and, for a line repeated word for word,
which repeat it is (``<hex>:1``, ``<hex>:2``), which resume matches records by
(``claimaudit.batch.run``). A record carries its line's ``id`` as given (``7`` stays a number,
``"7"`` a string); a bad line without a usable id gets ``"line-N"``. An input whose first line is
no JSON object (a CSV, an indented JSON file) is refused whole (``require_json_lines``), since
every line of it would be a bad line.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from claimaudit.batch.ignored import ignored_keys
from claimaudit.batch.resume import paper_places
from claimaudit.errors import DatasetError, InvalidClaimError, InvalidTextError, NestingError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.jsonlines import json_problem, split_on_lone_cr
from claimaudit.guards.repeated import load_json_once, repeat_problem
from claimaudit.guards.untrusted import NumberTooLongError, check_text, load_json
from claimaudit.guards.usertext import NotUtf8Error, decode_utf8, refuse_utf16
from claimaudit.inputs import ref_key, validate_claim, validate_papers, validate_topic

MAX_ID_CHARS = 1_000

# A line's id as the input gave it: a JSON string or a whole number (never a bool or a float).
ItemId = str | int


@dataclass(frozen=True)
class BatchItem:
    line_number: int
    key: str
    id: ItemId
    claim: str
    papers: tuple[str, ...]
    topic: str | None
    # Keys the line holds that batch does not read but that were plainly meant (a run's option
    # such as ``judge``, a slip such as ``topc``): ``claimaudit.batch.ignored``.
    ignored: tuple[str, ...] = ()

    @property
    def id_text(self) -> str:
        """The id as text: how records written before input keys existed are matched."""
        return str(self.id)


@dataclass(frozen=True)
class BadLine:
    line_number: int
    key: str
    id: ItemId
    error: str
    # What the line asked, as far as it could be read: its not_checked records keep the claim,
    # and there is one record per paper (one with no paper when none could be read).
    claim: str = ""
    papers: tuple[str, ...] = ()
    # Which of ``pairs()`` (1 first) are still to write, when some are done; None for all.
    pending: tuple[int, ...] | None = None

    @property
    def id_text(self) -> str:
        return str(self.id)

    def pairs(self) -> list[tuple[str, str, int | None]]:
        """(paper as sent, its resume key, its place where it needs one: ``paper_places``) of
        each record the line gets."""
        if not self.papers:
            return [("", "", None)]
        places = paper_places(self.papers)
        return [
            (paper, ref_key(paper), place) for paper, place in zip(self.papers, places, strict=True)
        ]

    def pending_pairs(self) -> list[tuple[str, str, int | None]]:
        pairs = self.pairs()
        return pairs if self.pending is None else [pairs[i - 1] for i in self.pending]


def input_key(text: bytes, repeat: int) -> str:
    """The key of an input line's text, ``repeat`` counting lines with the same text (1 first)."""
    return _keyed(_digest(text), repeat)


def _digest(text: bytes) -> str:
    return hashlib.sha256(text).hexdigest()[:32]


def _keyed(digest: str, repeat: int) -> str:
    return f"{digest}:{repeat}"


def _item_id(data: dict[str, Any]) -> ItemId | None:
    """The line's id, unchanged, or None when it is missing or not a usable string or integer
    (a bool is refused though Python counts it an int; ``7.0`` is refused as a float)."""
    item_id = data.get("id")
    if not isinstance(item_id, str | int) or isinstance(item_id, bool):
        return None
    if isinstance(item_id, str) and not item_id.strip():  # "" or "  " joins to nothing
        return None
    ident = str(item_id)
    try:
        check_text(ident, "'id'")
    except InvalidTextError:
        return None
    return item_id if len(ident) <= MAX_ID_CHARS else None


def _parse_line(line_number: int, key: str, raw: str) -> BatchItem | BadLine:
    fallback_id = f"line-{line_number}"

    def bad(
        problem: str, ident: ItemId = fallback_id, claim: str = "", papers: Sequence[str] = ()
    ) -> BadLine:
        return BadLine(
            line_number, key, ident, f"line {line_number}: {problem}", claim, _distinct(papers)
        )

    try:
        data: Any = load_json_once(raw)
    except NestingError as error:
        return bad(str(error))
    except json.JSONDecodeError as error:
        return bad(f"invalid JSON ({json_problem(error)})")
    if not isinstance(data, dict):
        return bad("expected a JSON object")
    # Whatever of the claim and papers can be read goes into every not_checked record below.
    readable_claim, readable_papers = _readable(data)
    unknown = _unknown_keys(data)

    def bad_here(problem: str, ident: ItemId = fallback_id) -> BadLine:
        return bad(f"{problem}{unknown}", ident, readable_claim, readable_papers)

    # json keeps the last of a repeated key: the line would ask something other than it says.
    repeated = repeat_problem(data)
    if repeated:
        # The id joins records to the input: a repeated id is no id to trust.
        ident = None if repeated.startswith("id:") else _item_id(data)
        return bad_here(repeated, ident or fallback_id)
    # Every field the line lacks, named at once: fixing one should not reveal the next.
    missing = _missing(data)
    ident = _item_id(data)
    if ident is None:
        limit = f"{MAX_ID_CHARS:,}"
        also = f"; {missing}" if missing else ""
        return bad_here(
            f"missing or invalid 'id' (a string or whole number, up to {limit} characters){also}"
        )
    if missing:
        return bad_here(missing, ident)
    claim, papers, topic = data.get("claim"), data.get("papers"), data.get("topic")
    if not isinstance(claim, str):
        return bad_here("'claim' must be a string", ident)
    if not isinstance(papers, list) or not all(isinstance(p, str) for p in papers):
        return bad_here("'papers' must be a list of strings", ident)
    if topic is not None and not isinstance(topic, str):
        return bad_here("'topic' must be a string", ident)
    try:
        text = validate_claim(claim)
        validate_topic(topic)
        # No paper, or one listed twice (in any spelling), is refused in the words `check`,
        # the API and MCP use.
        validate_papers(papers)
    except InvalidClaimError as error:
        return bad(str(error), ident, claim, papers)
    return BatchItem(line_number, key, ident, text, tuple(papers), topic, ignored_keys(data, _KEYS))


_KEYS = ("id", "claim", "papers", "topic")


def _missing(data: dict[str, Any]) -> str:
    """``missing 'claim' and 'papers'`` for the required fields besides the id that the line
    lacks; "" when it has them."""
    names = [f"'{name}'" for name in ("claim", "papers") if name not in data]
    return f"missing {' and '.join(names)}" if names else ""


def _readable(data: dict[str, Any]) -> tuple[str, list[str]]:
    """The line's claim and papers as far as they can be read: a claim that is no string is
    "", and of a list of papers those that are strings (a lone string is no list)."""
    claim, papers = data.get("claim"), data.get("papers")
    listed = [p for p in papers if isinstance(p, str)] if isinstance(papers, list) else []
    return (claim if isinstance(claim, str) else ""), listed


def _unknown_keys(data: dict[str, Any]) -> str:
    """``; unknown key 'paper' (did you mean 'papers'?)`` for keys a line does not use, so
    a slip is named; "" when there are none. Extra keys alone do not make a line bad."""
    notes = []
    for name in data:
        if name in _KEYS:
            continue
        shown = json.dumps(name, ensure_ascii=False)[1:-1][:40]
        close = difflib.get_close_matches(name, [k for k in _KEYS if k not in data], n=1)
        notes.append(f"'{shown}'" + (f" (did you mean '{close[0]}'?)" if close else ""))
    if not notes:
        return ""
    return f"; unknown key{'s' if len(notes) > 1 else ''} {', '.join(notes[:5])}"


def _distinct(papers: Sequence[str]) -> tuple[str, ...]:
    """Each paper once, however often (in whatever spelling) the line lists it."""
    first: dict[str, str] = {}
    for paper in papers:
        first.setdefault(ref_key(paper), paper)
    return tuple(first.values())


def _split_lines(handle: IO[bytes]) -> Iterator[bytes]:
    """The lines of ``handle``, each ended by "\\r\\n", "\\n" or a lone "\\r" (classic Mac OS),
    as ``import-jsonl`` reads them; a lone "\\r" between the tokens of one JSON value is not
    a line end (``guards.jsonlines``)."""
    for raw in handle:
        yield from split_on_lone_cr(raw.removesuffix(b"\n").removesuffix(b"\r"))


def _lines(handle: IO[bytes]) -> Iterator[tuple[int, bytes]]:
    """(number, text) of each non-blank line, stripped, without a byte order mark: on any line,
    since files joined with ``cat`` carry each one's mark at the start of its first line."""
    for number, raw in enumerate(_split_lines(handle), start=1):
        text = raw.strip()
        if text.startswith(b"\xef\xbb\xbf"):
            text = text[3:].strip()
        if text:
            yield number, text


def require_json_lines(path: Path) -> None:
    """DatasetError unless the first non-blank line of ``path`` is a JSON object.

    A CSV file or an indented JSON document would otherwise pass, every line of it a bad line
    written to ``--out``; a bad line after a good one is a ``not_checked`` record as ever."""
    with path.open("rb") as handle:
        try:
            refuse_utf16(handle.peek(4096))  # its first line may be too short to tell
        except NotUtf8Error as error:
            raise DatasetError(f"{shown_name(path)}: {error}") from None
        number, text = next(_lines(handle), (0, b""))
    if not number:
        return  # nothing to check: an empty input writes nothing
    problem = _not_an_object(text)
    if problem:
        raise DatasetError(f"{shown_name(path)} is not JSON Lines: line {number} {problem}")


def _not_an_object(text: bytes) -> str | None:
    """Why a line is not a JSON object, or None when it is one."""
    hint = "(one claim object per line)"
    if text.startswith(b"["):  # a JSON array, on one line or indented over many
        return "starts a JSON array; write one claim object per line"
    try:
        decoded = decode_utf8(text, start=False)
        data: Any = load_json(decoded)
    except NotUtf8Error:
        return f"is not UTF-8 text {hint}"
    except (NestingError, NumberTooLongError):
        # An object too deep to read, or holding a number too long to: it becomes a bad line
        # like any other, saying so (not "is not a JSON object").
        return None if text.startswith(b"{") else f"is not a JSON object {hint}"
    except json.JSONDecodeError as error:
        if _object_but_for_controls(decoded):
            return None  # a JSON Lines file with a bad line, which says why (as on line 2)
        if "\x00" in decoded:  # "is not a JSON object" alone did not say what is in the way
            return f"is not a JSON object: it holds a NUL byte, as binary files do {hint}"
        problem = json_problem(error)  # named where it is a control character
        if problem.startswith("a raw"):
            return f"is not a JSON object: it holds {problem} {hint}"
        return f"is not a JSON object {hint}"
    return None if isinstance(data, dict) else f"is not a JSON object {hint}"


def _object_but_for_controls(text: str) -> bool:
    """Whether ``text`` would be a JSON object but for raw control characters in its strings:
    "is not a JSON object" said of it was wrong, and refused the whole file for one bad line."""
    try:
        return text.startswith("{") and isinstance(json.loads(text, strict=False), dict)
    except ValueError:
        return False


def read_items(path: Path) -> Iterator[BatchItem | BadLine]:
    """Every non-blank line of ``path``, parsed; a line that is not UTF-8 is a BadLine too."""
    # Repeats counted by each line's digest, not its text: a run reads its input twice (the
    # scan, then the checks), and a count keyed by the text held all of it in memory each time.
    seen: Counter[str] = Counter()
    with path.open("rb") as handle:
        for number, text in _lines(handle):
            digest = _digest(text)
            seen[digest] += 1
            key = _keyed(digest, seen[digest])
            try:
                # A UTF-16 file was refused by its start (require_json_lines).
                decoded = decode_utf8(text, start=False)
            except NotUtf8Error as error:
                yield _not_utf8(number, key, text, f"line {number}: {error}")
                continue
            yield _parse_line(number, key, decoded)


def _not_utf8(number: int, key: str, text: bytes, message: str) -> BadLine:
    """The bad line for ``text``, which is not UTF-8, keeping what it asked as far as it reads
    with each bad byte a U+FFFD: its id (to join on), claim and papers, one record each, as any
    bad line keeps them; the error says why the line is refused."""
    read = _parse_line(number, key, text.decode("utf-8", "replace"))
    return BadLine(number, key, read.id, message, read.claim, _distinct(read.papers))
