"""Ids given to more than one input line (repeats.py): named once, before the run."""

from __future__ import annotations

from claimaudit.batch.repeats import RepeatedIds


def test_no_repeated_id_gives_no_warning() -> None:
    ids = RepeatedIds()
    for number, ident in enumerate(["a", 7, "7"], start=1):  # 7 and "7" join apart
        ids.add(number, ident)
    assert ids.warning() is None


def test_repeated_ids_are_named_with_their_first_lines() -> None:
    ids = RepeatedIds()
    for number, ident in enumerate(["a", "b", "a", 7, "a", 7], start=1):
        ids.add(number, ident)
    assert ids.warning() == (
        'ids given to more than one input line: "a" (lines 1, 3, ...); 7 (lines 4, 6); their '
        "records are told apart by inputLine and inputKey, so join the input and the records "
        "on those, not on id alone"
    )


def test_past_three_repeated_ids_the_rest_are_counted() -> None:
    ids = RepeatedIds()
    for number in range(10):
        ids.add(2 * number + 1, f"id{number}")
        ids.add(2 * number + 2, f"id{number}")
    warning = ids.warning()
    assert warning is not None
    assert '"id2" (lines 5, 6) and 7 more;' in warning
