"""Pandoc's attribute blocks and fenced divs' fences: found as syntax, prose left alone."""

from __future__ import annotations

from claimaudit.review.pandoc_attributes import attribute_spans, fence_spans, span_brackets


def _attributes(text: str) -> list[str]:
    return [text[start:end] for start, end in attribute_spans(text)]


def test_attribute_blocks_are_found_after_images_links_spans_code_and_captions() -> None:
    assert _attributes("![A plot](f.png){#fig:one width=50%}") == ["{#fig:one width=50%}"]
    assert _attributes("Table: Sparse matrices. {#tbl:one}") == ["{#tbl:one}"]
    assert _attributes('![a](f.png){width=50% height="2 cm"}') == ['{width=50% height="2 cm"}']
    assert _attributes("[Small caps]{.smallcaps} and `\\LaTeX`{=latex}") == [
        "{.smallcaps}",
        "{=latex}",
    ]


def test_braces_in_prose_math_and_code_are_no_attribute_blocks() -> None:
    assert _attributes("The set {x=1} holds.") == []  # key=value alone, not after an image
    assert _attributes("Half is $\\frac{.5}{1}$ or {#1}.") == []
    assert _attributes("Write `{#id}` in code.") == []


def test_div_fences_are_found_on_their_own_lines_only() -> None:
    text = "::: {#fig-one}\nA caption.\n:::\n::: warning\nSay x ::: y.\n:::::: {.a} ::::"
    assert [text[start:end] for start, end in fence_spans(text)] == [
        "::: {#fig-one}",
        ":::",
        "::: warning",
        ":::::: {.a} ::::",
    ]


def _span_brackets(text: str) -> list[int]:
    return span_brackets(text, [start for start, _ in attribute_spans(text)])


def test_a_bracketed_spans_brackets_are_found_around_citations_and_code() -> None:
    text = "[X holds [@a]. Z `]` too.]{.banner} and [**Note**: W]{.smallcaps}"
    assert _span_brackets(text) == [
        0,
        text.index("]{.banner"),
        text.index("[**"),
        text.index("]{.small"),
    ]


def test_citations_images_links_and_escapes_are_no_spans() -> None:
    assert _span_brackets("[see @a, p. 3]{.x} and [@b]{.y}") == []
    assert _span_brackets("![A plot](f.png){#fig:one} and ![a][ref]{#fig:b}") == []
    assert _span_brackets("[text][ref]{.x} and [text](https://x.org){.y}") == []
    assert _span_brackets("\\[not open]{.x}") == []
