"""Removed citations that were a verb's object read as the cited work(s); a citation marking the
word before it stays a marker."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.review.claims import extract_claims
from claimaudit.review.latex.claims import extract_latex_claims
from claimaudit.review.leftovers import REMOVED, tidy
from tests.articles import write_article


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        (f"We extend {REMOVED} to graphs.", "We extend the cited work to graphs."),
        (f"We follow {REMOVED} and pad inputs.", "We follow the cited work and pad inputs."),
        (f"We adopt {REMOVED} for training.", "We adopt the cited work for training."),
        (f"We use {REMOVED}{REMOVED} to pad.", "We use the cited works to pad."),
        (f"We use {REMOVED} and {REMOVED} to pad.", "We use the cited works to pad."),
        (
            f"Our method outperforms {REMOVED} by 2 points.",
            "Our method outperforms the cited work by 2 points.",
        ),
        (f"We extended {REMOVED} to graphs.", "We extended the cited work to graphs."),
        (f"To use {REMOVED}, we pad.", "To use the cited work, we pad."),
        (f"Using {REMOVED}, we pad.", "Using the cited work, we pad."),
        (f"{REMOVED} uses {REMOVED} for X.", "The cited work uses the cited work for X."),
        # Prepositions' objects read so already: "build on", "improve on", "compare with".
        (f"We build on {REMOVED} to do X.", "We build on the cited work to do X."),
        (f"We improve on {REMOVED} by 2 points.", "We improve on the cited work by 2 points."),
        # A trailing marker stays one: no verb before it, a participle, a verb whose object
        # came before, a noun, "as follows".
        (f"We use dropout {REMOVED} in all layers.", "We use dropout in all layers."),
        (f"The datasets used {REMOVED} are public.", "The datasets used are public."),
        (f"The protocol we follow {REMOVED} is simple.", "The protocol we follow is simple."),
        (f"Its extensive use {REMOVED} shows X.", "Its extensive use shows X."),
        (f"Results are as follows {REMOVED}: X.", "Results are as follows: X."),
        (f"Accuracy improves {REMOVED} with depth.", "Accuracy improves with depth."),
        (f"We pad inputs following {REMOVED}.", "We pad inputs."),
        (f"It follows {REMOVED} that X holds.", "It follows that X holds."),
    ],
)
def test_a_citation_as_a_verbs_object_reads_as_the_cited_work(text: str, tidied: str) -> None:
    # QA: "We extend [3] to graphs." read "We extend to graphs.", a verb without its object.
    assert tidy(text, marked=True) == tidied


def test_a_verbs_object_reads_so_in_markdown_and_latex_drafts(tmp_path: Path) -> None:
    refs = "\n\n## References\n\n1. Foo. arXiv:1907.10121\n"
    claims, _ = extract_claims("We extend [1] to graphs. We use dropout [1] in all layers." + refs)
    assert [c.text for c in claims] == [
        "We extend the cited work to graphs.",
        "We use dropout in all layers.",
    ]
    body = "We extend \\cite{a} to graphs.\n\nWe use dropout~\\cite{a} in all layers.\n"
    found = extract_latex_claims(write_article(tmp_path, body, "", bib="@article{a, title={A}}\n"))
    assert [c.text for c in found.claims] == [
        "We extend the cited work to graphs.",
        "We use dropout in all layers.",
    ]


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        (
            f"{REMOVED} vs. {REMOVED} is unclear.",
            "The cited work vs. the cited work is unclear.",
        ),
        (
            f"Comparing {REMOVED} with {REMOVED}, X holds.",
            "Comparing the cited work with the cited work, X holds.",
        ),
        (f"We compare {REMOVED} and {REMOVED} on Y.", "We compare the cited works on Y."),
        (f"X vs. {REMOVED} is unclear.", "X vs. the cited work is unclear."),
        (f"{REMOVED} versus X is unclear.", "The cited work versus X is unclear."),
        (
            f"{REMOVED}{REMOVED} vs. {REMOVED} differ.",
            "The cited works vs. the cited work differ.",
        ),
        # A pointer "compare" in brackets, and a comparison of the author's own, stay so.
        (f"X holds (compare {REMOVED}).", "X holds."),
        ("We pick A vs. B.", "We pick A vs. B."),
    ],
)
def test_each_cited_work_compared_is_named_where_it_stood(text: str, tidied: str) -> None:
    # QA: "[1] vs. [2] is unclear." read "The authors vs. is unclear." and "Comparing [1] with
    # [2], X holds." "Comparing with the cited work, X holds.", the first work lost.
    assert tidy(text, marked=True) == tidied


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        (
            f"We use {REMOVED} and {REMOVED} shows Y.",
            "We use the cited work, and the cited work shows Y.",
        ),
        (
            f"We use {REMOVED}, {REMOVED} and {REMOVED} shows that Y holds.",
            "We use the cited works, and the cited work shows that Y holds.",
        ),
        # No clause after them: the works are all the object, as before.
        (f"We extend {REMOVED} and {REMOVED} to graphs.", "We extend the cited works to graphs."),
        (f"We use {REMOVED} or {REMOVED} results in Y.", "We use the cited works results in Y."),
    ],
)
def test_the_last_of_a_verb_s_joined_objects_may_open_a_clause(text: str, tidied: str) -> None:
    # QA: "We use [1] and [2] shows Y." was judged as "We use the cited works shows Y.", two
    # clauses run together, where "X holds [1] and [2] shows Y." read as two.
    assert tidy(text, marked=True) == tidied


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        (
            f"We use {REMOVED} and {REMOVED} is fast.",
            "We use the cited work, and the cited work is fast.",
        ),
        (
            f"We also use {REMOVED} and {REMOVED} was slow.",
            "We also use the cited work, and the cited work was slow.",
        ),
        (
            f"In tests, we use {REMOVED} and {REMOVED} is fast.",
            "In tests, we use the cited work, and the cited work is fast.",
        ),
        # A subject before the pronoun: "is" may be its verb, the citations the object.
        (
            f"The protocol we follow {REMOVED} and {REMOVED} is standard.",
            "The protocol we follow is standard.",
        ),
    ],
)
def test_the_last_of_a_pronoun_s_verb_s_objects_opens_a_clause_before_is(
    text: str, tidied: str
) -> None:
    # QA: "We use [1] and [2] is fast." was judged as "We use is fast.": both citations went,
    # since "is" after a verb's object was read as the verb of a subject before it.
    assert tidy(text, marked=True) == tidied
