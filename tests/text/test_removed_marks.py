"""Closing up the blanks removed markup leaves (``claimaudit.text.removed_marks``)."""

from __future__ import annotations

import re

from claimaudit.text.removed_marks import closed_up, squeezed

_STOP = re.compile(r"[.,;:]")


def test_only_the_blanks_around_a_mark_close_up_before_punctuation() -> None:
    text = "Le résultat : positif \x00 ; shown \x00 \x00. kept \x00 here"
    assert closed_up(text, "\x00", _STOP) == "Le résultat : positif; shown. kept  here"


def test_no_break_spaces_before_a_mark_stay() -> None:
    assert closed_up("travail\u202f\x00 :", "\x00", _STOP) == "travail\u202f:"


def test_squeezed_keeps_no_break_spaces() -> None:
    assert squeezed("  15\u00a0%\n\t of  travail\u202f: ") == "15\u00a0% of travail\u202f:"


def test_one_blank_stays_around_a_mark_between_no_break_spaces() -> None:
    text = "tient \x00\u202f\u00bb et \x00 Z \x00\u00a0\x00 W\u00a0\x00."
    # The no-break space binding the last mark to "W" goes with it before the stop.
    assert closed_up(text, "\x00", _STOP, one_blank=True) == "tient\u202f\u00bb et  Z\u00a0W."
    assert closed_up(text, "\x00", _STOP) == "tient \u202f\u00bb et  Z \u00a0 W\u00a0."
