"""A paper's own conditionals keep only the branch TeX takes."""

from __future__ import annotations

import time
from pathlib import Path

from claimaudit.library.latex.conditionals import decide_conditionals
from tests.library.latex.test_refs import passages_of


def test_a_newif_flag_keeps_the_branch_it_is_set_to(tmp_path: Path) -> None:
    texts = passages_of(
        tmp_path,
        "We test \\ifarxiv on all ten sets\\else on two sets\\fi. \\ifcam Camera ready.\\fi",
        preamble="\\newif\\ifarxiv\n\\arxivtrue\n\\newif\\ifcam",
    )
    assert texts == ["We test on all ten sets."]


def test_ifdefined_of_the_paper_s_own_macro_and_nesting(tmp_path: Path) -> None:
    texts = passages_of(
        tmp_path,
        "Start. \\ifdefined\\isarxiv Long \\iftrue nested\\else no\\fi text.\\else Short.\\fi",
        preamble="\\def\\isarxiv{1}",
    )
    assert texts == ["Start. Long nested text."]


def test_what_cannot_be_decided_is_left_as_it_is() -> None:
    # A package's macro may be defined or not; a conditional never closed is TeX's error.
    source = "\\ifdefined\\chapter A\\else B\\fi \\ifx\\a\\b C\\fi \\iftrue D"
    assert decide_conditionals(source) == source


def test_hostile_nesting_stays_linear() -> None:
    start = time.monotonic()
    out = decide_conditionals("\\iftrue a" * 50_000 + "\\fi" * 50_000)
    assert out == " a" * 50_000
    assert time.monotonic() - start < 20
