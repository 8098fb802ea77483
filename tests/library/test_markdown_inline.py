"""A Markdown paragraph's inline markup read as text: HTML tags go, prose that only looks like
a tag stays, and an autolink shows its address."""

from __future__ import annotations

import pytest

from claimaudit.library.markdown_inline import inline_text


@pytest.mark.parametrize(
    ("markdown", "text"),
    [
        # QA: "a<b and b>c" is a comparison, not a <b> tag with two bare attributes.
        (
            "Value a<b and b>c holds for all participants.",
            "Value a<b and b>c holds for all participants.",
        ),
        ('Water <em>and</em> <span class="x">ice</span>.', "Water and ice."),
        ('See <div id="refs"></div> below.', "See below."),
        # An autolink's address is its text; it used to be dropped as a tag.
        (
            "It is available at <https://doi.org/10.1098/rsif.2017.0387>.",
            "It is available at https://doi.org/10.1098/rsif.2017.0387.",
        ),
    ],
)
def test_tags_go_and_prose_and_addresses_stay(markdown: str, text: str) -> None:
    assert inline_text(markdown) == text


def test_a_linked_image_leaves_no_empty_link_behind() -> None:
    # The image went first and left "[](https://travis-ci.org/x/y)" as text.
    markdown = "Built [![Build](https://travis-ci.org/x/y.svg)](https://travis-ci.org/x/y) daily."
    assert inline_text(markdown) == "Built daily."


def test_an_escaped_backtick_opens_no_code() -> None:
    # It was paired with the code's backtick: "Type a \ tick, then ls -l` to list."
    markdown = "Type a \\` tick, then `ls -l` to list."
    assert inline_text(markdown) == "Type a \\` tick, then ls -l to list."  # unescaped later
