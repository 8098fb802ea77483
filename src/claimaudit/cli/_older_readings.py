"""Which records of a run judged a library paper as an older reader read it.

After an upgrade, a paper stays as the reader of the claimaudit that added it read it until its
file is added again (``library list`` says which). A check against it judges that older
reading, which a newer reader may cut into other passages, so the run says so on stderr, as
``library list`` does, rather than judging it silently.
"""

from __future__ import annotations

from collections.abc import Iterable

from claimaudit.accounting import counted
from claimaudit.library.extract import extractor_version
from claimaudit.records import CheckedRecord, Record


def older_reading(record: Record) -> str | None:
    """``arXiv:1907.10121 (latex/2; now latex/50)`` for a record judged against a library
    paper an older reader read (``unrecorded`` for a claimaudit that did not record it); None
    otherwise: a paper from another source (no ``paperContentHash``) or read by this reader or
    a newer one."""
    if not isinstance(record, CheckedRecord) or record.paper_content_hash is None:
        return None
    reader = record.paper_extractor
    if reader is None:
        return f"{record.matched_ref} (reader unrecorded)"
    form, _, number = reader.rpartition("/")
    current = extractor_version(form)
    now = current.rpartition("/")[2]
    if not (number.isdigit() and now.isdigit() and int(number) < int(now)):
        return None
    return f"{record.matched_ref} ({reader}; now {current})"


def older_readings_note(records: Iterable[Record]) -> str | None:
    """One ``note:`` line naming the papers (the first three) judged as an older reader read
    them, or None when there are none."""
    return readings_note(r for r in map(older_reading, records) if r is not None)


def readings_note(readings: Iterable[str]) -> str | None:
    """The ``note:`` line for these ``older_reading`` answers (each paper once), or None."""
    found = list(dict.fromkeys(readings))
    if not found:
        return None
    shown = "; ".join(found[:3]) + ("; ..." if len(found) > 3 else "")
    return (
        f"note: {counted(len(found), 'paper')} judged as an older reader read "
        f"{'it' if len(found) == 1 else 'them'}: {shown}; adding "
        f"{'its file' if len(found) == 1 else 'their files'} again reads "
        f"{'it' if len(found) == 1 else 'them'} anew (`library list` names them all)"
    )
