"""Resuming a batch: what its ``--out`` already holds.

Resume matches a record to its input line by the line's *input key* (``claimaudit.batch.items``),
written into every record as ``inputKey``: a pair whose key and paper a record holds is done.
Papers are compared with credentials and tokens masked on both sides, as a record holds a
reference that does not parse only so (``inputs.shown_ref``). Two papers of one line that read
the same once masked (URLs that differ only in a password or token) are told apart by their
place in the line's list, which their records carry as ``inputPaper`` (the secret never is).
Records written before input keys existed match by ``id``, trusted only for an id that a single
input line has. A line of ``--out`` that is not a record (bad JSON, ``null``, a list) is
reported with its number, left in place and ignored: a pair it held counts as not done (a last
line without its newline is cut off only when it is no JSON, a record cut short). A file
that holds no record at all is no run's output, and is refused rather than appended to.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from claimaudit.batch.rewrite import rewrite_in_place
from claimaudit.checker.policy import ReviewPolicy
from claimaudit.errors import BatchOutputError, NestingError
from claimaudit.guards.filenames import shown_name
from claimaudit.guards.untrusted import load_json, scrub_surrogates
from claimaudit.inputs import cut_ref, ref_key
from claimaudit.net.redaction import redact_text
from claimaudit.records import RELATIONS


@dataclass(frozen=True)
class Outcome:
    """What a record in ``--out`` said: its verdict (``not_checked`` included) and whether it
    needs review; for a checked record, what the review policy reads, so that a run resumed
    with another ``--threshold`` decides needsReview anew (as a cached judgement's is)."""

    verdict: str
    needs_review: bool
    checked: bool = False
    confidence: float | None = None
    evidence_confidence: float | None = None
    evidence_id: str | None = None
    noted: bool = False

    def needs_review_under(self, policy: ReviewPolicy) -> bool:
        """needsReview as ``policy`` decides it; as written for a record not checked."""
        if not self.checked:
            return self.needs_review
        notes = ("noted",) if self.noted else ()
        return policy.needs_review(
            self.verdict, self.confidence, self.evidence_confidence, self.evidence_id, notes
        )


@dataclass
class Resume:
    """What ``--out`` already holds: pairs done, and its lines that are not records."""

    done: set[tuple[str, str]] = field(default_factory=set)  # (inputKey, paperRef)
    # Records written before input keys existed: (id, paperRef), trusted only for an id that
    # a single input line has.
    legacy: set[tuple[str, str]] = field(default_factory=set)
    # What each of those records said, for ``--fail-on``: (legacy, key or id, paperRef) ->
    # (verdict, needsReview).
    outcomes: dict[tuple[bool, str, str], Outcome] = field(default_factory=dict)
    # Records of papers told apart by their place in the line: (inputKey, paperRef, place).
    placed: dict[tuple[str, str, int], Outcome] = field(default_factory=dict)
    corrupt: list[tuple[int, str]] = field(default_factory=list)  # (line number, why)
    torn: bool = False  # a last line cut short by a crash was dropped

    def is_done(
        self, key: str, ident: str, paper: str, unique_id: bool, place: int | None = None
    ) -> bool:
        """``ident`` is the line's id as text (legacy records may hold ``"7"`` for ``7``);
        ``place`` the paper's place in its line where it needs one (``paper_places``)."""
        return self.earlier(key, ident, paper, unique_id, place) is not None

    def earlier(
        self, key: str, ident: str, paper: str, unique_id: bool, place: int | None = None
    ) -> Outcome | None:
        """What the record of a pair already done said (see ``is_done``); None when not done."""
        paper = comparable_ref(paper)
        if place is not None:
            # Only a record of this place: one without could be either paper's.
            return self.placed.get((key, paper, place))
        if (key, paper) in self.done:
            return self.outcomes[False, key, paper]
        if unique_id and (ident, paper) in self.legacy:
            return self.outcomes[True, ident, paper]
        return None

    def problems(self, out: Path) -> list[str]:
        """One line per problem found in ``out``, for the user."""
        lines = [
            f"{shown_name(out)} line {number} is not a record ({why}); left in place and "
            "ignored, so a pair it held counts as not done"
            for number, why in self.corrupt
        ]
        if self.torn:
            lines.append(f"{shown_name(out)}: dropped a last line cut short by an interrupted run")
        return lines


def comparable_ref(paper: str) -> str:
    """``paper`` (as requested, or as a record holds it) with credentials and tokens masked
    and cut as a record cuts it: the same text for both, whichever was masked already."""
    return cut_ref(redact_text(scrub_surrogates(paper)))


def paper_places(papers: Sequence[str]) -> list[int | None]:
    """Each paper's place in its line (1 first) where another paper of the line reads the same
    once masked and cut, as records hold it; None for every other paper."""
    shown = [comparable_ref(ref_key(paper)) for paper in papers]
    counts = Counter(shown)
    return [place if counts[text] > 1 else None for place, text in enumerate(shown, start=1)]


def _place(data: dict[str, object]) -> int | None:
    place = data.get("inputPaper")
    return place if isinstance(place, int) and not isinstance(place, bool) else None


def _outcome(data: dict[str, object]) -> Outcome:
    verdict = data.get("verdict")
    verdict = verdict if isinstance(verdict, str) else ""
    needs_review = data.get("needsReview") is True
    if verdict not in RELATIONS:
        return Outcome(verdict, needs_review)
    evidence_id = data.get("evidencePassageId")
    notes = data.get("reviewNotes")
    return Outcome(
        verdict,
        needs_review,
        checked=True,
        confidence=_probability(data.get("confidence")),
        evidence_confidence=_probability(data.get("evidenceConfidence")),
        # A record without its quote (or with a blank one) was never cleared
        # (records.CheckedRecord).
        evidence_id=evidence_id if isinstance(evidence_id, str) and _quoted(data) else None,
        noted=notes is not None and notes != [],
    )


def _quoted(data: dict[str, object]) -> bool:
    evidence = data.get("evidence")
    return isinstance(evidence, str) and evidence.strip() != ""


def _probability(value: object) -> float | None:
    """A number in [0, 1], else None (which the policy never clears)."""
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1:
        return float(value)
    return None


def _record_key(raw: bytes) -> tuple[str, str, bool, Outcome, int | None] | str:
    """(key, paperRef, legacy, outcome, place) of a record line, or why it is not one."""
    try:
        # utf-8-sig: an editor that saved the file may have put a BOM before its first record.
        data = load_json(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        return "not UTF-8 text"
    except NestingError as error:
        return str(error)
    except json.JSONDecodeError as error:
        return f"invalid JSON: {error.msg}"
    if not isinstance(data, dict):
        return f"a JSON {type(data).__name__ if data is not None else 'null'}, not an object"
    paper = data.get("paperRef")
    key = data.get("inputKey")
    if not isinstance(paper, str):
        return "no 'paperRef'"
    # Read as today's rules write it: a record an older claimaudit wrote for
    # ``arXiv:math.GT/0309136`` is the pair now keyed ``arXiv:math/0309136``, not one to redo.
    paper = ref_key(paper)
    outcome = _outcome(data)
    if isinstance(key, str):
        return key, paper, False, outcome, _place(data)
    ident = data.get("id")
    if isinstance(ident, str | int) and not isinstance(ident, bool):
        return str(ident), paper, True, outcome, None
    return "no 'inputKey'"


def read_resume(out: Path) -> Resume:
    """What ``out`` holds. A torn last line (no newline, not JSON) is cut off; any other last
    line without its newline gets one, so the next record starts on its own line."""
    resume = Resume()
    if not out.is_file():
        # Nothing to resume from, or a stream (``/dev/stdout``, a FIFO) that is only written.
        return resume
    data = out.read_bytes()
    lines = data.splitlines(keepends=True)
    if data.strip() and not any(isinstance(_record_key(raw.strip()), tuple) for raw in lines):
        # Not one record: this is some other file (a draft, a database), not a run's output,
        # and resuming would cut its last line and append to it.
        raise BatchOutputError(
            f"{shown_name(out)} holds no batch record, so it is not an earlier run's output; "
            "give a new file to --out, or the one a run wrote"
        )
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        found = _record_key(raw.strip())
        last = number == len(lines) and not raw.endswith(b"\n")
        if isinstance(found, str) and last and _cut_short(raw):
            resume.torn = True
            with out.open("r+b") as handle:
                handle.truncate(len(data) - len(raw))
            continue
        if last:
            # Complete (a record, or JSON someone added): kept, and the next record starts on
            # its own line.
            with out.open("ab") as handle:
                handle.write(b"\n")
        if isinstance(found, str):
            resume.corrupt.append((number, found))
            continue
        key, paper, legacy, outcome, place = found
        paper = comparable_ref(paper)
        if place is not None:
            resume.placed[key, paper, place] = outcome
            continue
        (resume.legacy if legacy else resume.done).add((key, paper))
        resume.outcomes[legacy, key, paper] = outcome
    return resume


def _cut_short(raw: bytes) -> bool:
    """Whether a last line that is no record is one cut off mid-write: text that is not JSON
    (a record's bytes or characters stop short). A line that is whole JSON (a note someone
    added) was written whole, and is left in place as any line that is no record."""
    try:
        load_json(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return True
    except NestingError:
        return False  # a record is never this deep, nor any prefix of one
    return False


def drop_not_checked(out: Path) -> int:
    """Take the ``not_checked`` records out of ``out`` (in place: ``drop_records``), so that
    their pairs are checked again on resume; the number taken out. Every other line stays.
    Those records are operational failures (a judge or source that was down), never verdicts."""
    return drop_records(out, b"not_checked", lambda data: data.get("verdict") == "not_checked")


def drop_records(out: Path, hint: bytes, drop: Callable[[dict[str, object]], bool]) -> int:
    """Take out of ``out`` (in place, safe from a crash: ``rewrite_in_place``) the records
    ``drop`` picks, so that their pairs are checked again on resume; the number taken out. Only
    lines holding ``hint`` are parsed (most lines need not be); every line kept stays byte for
    byte as it was."""
    if not out.is_file():
        return 0
    data = out.read_bytes()
    lines = data.splitlines(keepends=True)
    kept = [raw for raw in lines if not (hint in raw and _picked(raw, drop))]
    dropped = len(lines) - len(kept)
    if dropped:
        # The very file, not a new one renamed over it: that would split a hard link to it and
        # move it out from under the run's lock on its inode (``batch_lock``).
        rewrite_in_place(out, data, b"".join(kept))
    return dropped


def _picked(raw: bytes, drop: Callable[[dict[str, object]], bool]) -> bool:
    try:
        data = load_json(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, NestingError, json.JSONDecodeError):
        return False  # not a record: left in place, as read_resume leaves it
    return isinstance(data, dict) and drop(data)


def done_pairs(out: Path) -> set[tuple[str, str]]:
    """(inputKey, paperRef) pairs already written (see ``read_resume``)."""
    return read_resume(out).done
