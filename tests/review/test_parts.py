"""A cited sentence saying something different of each cited work gives each paper the claim of
its own part (``parts``): "See [1] for X and [2] for Y." and "It is not [1] but [2] that shows
X.", in Markdown and LaTeX drafts, through the records each paper is judged by."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.review import review_report
from claimaudit.review.claims import extract_claims
from claimaudit.review.latex.claims import extract_latex_claims
from claimaudit.review.parts import parts
from claimaudit.review.verbs import REMOVED
from tests.articles import write_article
from tests.fakes import MemorySource, ScriptedJudge, pick

REFERENCES = """

## References

1. https://arxiv.org/abs/2101.00001
2. https://arxiv.org/abs/2101.00002
3. https://arxiv.org/abs/2101.00003
"""


def _own(sentence: str) -> tuple[str, list[str | None]]:
    claims, _ = extract_claims(sentence + REFERENCES)
    (claim,) = claims
    return claim.text, [target.claim for target in claim.targets]


@pytest.mark.parametrize(
    ("sentence", "text", "own"),
    [
        (
            "See [1] for X and [2] for Y.",
            "The cited work covers X. The cited work covers Y.",
            ["The cited work covers X.", "The cited work covers Y."],
        ),
        (
            "(See [1] for X and [2] for Y.)",
            "The cited work covers X. The cited work covers Y.",
            ["The cited work covers X.", "The cited work covers Y."],
        ),
        (
            "See also [1], [2] for X, and see [3] for Y.",
            "The cited works cover X. The cited work covers Y.",
            ["The cited works cover X.", "The cited works cover X.", "The cited work covers Y."],
        ),
        (
            "It is not [1] but [2] that shows X.",
            "It is not the cited work that shows X. The cited work shows X.",
            ["It is not the cited work that shows X.", "The cited work shows X."],
        ),
        (
            "It was not [1], but [2] who first proved X.",
            "It was not the cited work who first proved X. The authors first proved X.",
            ["It was not the cited work who first proved X.", "The authors first proved X."],
        ),
        (
            "See [1] for X; see [2] for Y.",
            "The cited work covers X. The cited work covers Y.",
            ["The cited work covers X.", "The cited work covers Y."],
        ),
        (
            "X was shown in [1] but refuted in [2].",
            "X was shown in the cited work. X was refuted in the cited work.",
            ["X was shown in the cited work.", "X was refuted in the cited work."],
        ),
        # The work it is said of named first: not "It was, not, that showed X."
        (
            "It was [2], not [1], that showed X.",
            "The authors showed X. It was not the cited work that showed X.",
            ["The authors showed X.", "It was not the cited work that showed X."],
        ),
        (
            "It was [1] and [2], not [3] who proved X.",
            "The authors proved X. It was not the cited work who proved X.",
            [
                "The authors proved X.",
                "The authors proved X.",
                "It was not the cited work who proved X.",
            ],
        ),
        (
            "It was [2] and not [1] that showed X.",
            "The authors showed X. It was not the cited work that showed X.",
            ["The authors showed X.", "It was not the cited work that showed X."],
        ),
        # Each topic before the work pointed at for it: not "For X see, and for Y see."
        (
            "For X see [1] and for Y see [2].",
            "The cited work covers X. The cited work covers Y.",
            ["The cited work covers X.", "The cited work covers Y."],
        ),
        (
            "For X see [1], and for Y see [2].",
            "The cited work covers X. The cited work covers Y.",
            ["The cited work covers X.", "The cited work covers Y."],
        ),
        (
            "For X, see [1] and [2]; for Y, see also [3]!",
            "The cited works cover X! The cited work covers Y!",
            ["The cited works cover X!", "The cited works cover X!", "The cited work covers Y!"],
        ),
        # One claim for all: each paper is judged on the sentence's text.
        ("See [1] and [2] for X.", "The cited works cover X.", [None, None]),
    ],
)
def test_each_cited_work_gets_the_claim_of_its_own_part(
    sentence: str, text: str, own: list[str | None]
) -> None:
    # QA: "See [1] for X and [2] for Y." was judged as "For X and for Y." for both papers, and
    # "It is not [1] but [2] that shows X." as "It is not but the authors that shows X.", so
    # [1] was judged on showing X, which the sentence denies.
    assert _own(sentence) == (text, own)


@pytest.mark.parametrize(
    ("sentence", "own"),
    [
        (
            "Y was proposed by [1] and extended by [2].",
            ["Y was proposed by the cited work.", "Y was extended by the cited work."],
        ),
        (
            "The method was introduced in [1], and was refined by [2] and [3].",
            [
                "The method was introduced in the cited work.",
                "The method was refined by the cited works.",
                "The method was refined by the cited works.",
            ],
        ),
        (
            "Y has been studied by [1] and extended by [2].",
            ["Y has been studied by the cited work.", "Y has been extended by the cited work."],
        ),
    ],
)
def test_what_each_work_did_is_its_own_claim(sentence: str, own: list[str]) -> None:
    # QA: "Y was proposed by [1] and extended by [2]." was judged as "Y was proposed and
    # extended by the cited work." for both papers: [1] checked for extending Y.
    text, claims = _own(sentence)
    assert claims == own and text == " ".join(dict.fromkeys(own))


def test_a_paper_cited_in_two_parts_is_judged_on_the_whole_sentence() -> None:
    assert _own("See [1] for X and [1] for Y.") == (
        "The cited work covers X. The cited work covers Y.",
        [None],
    )


def test_a_paper_a_citation_only_sentence_cites_too_is_judged_on_the_whole_sentence() -> None:
    claims, _ = extract_claims("See [1] for X and [2] for Y. See also [2]." + REFERENCES)
    assert [t.claim for t in claims[0].targets] == ["The cited work covers X.", None]


def test_each_paper_is_judged_on_its_own_part() -> None:
    source = MemorySource()
    source.add(parse_ref("2101.00001"), "One", ["X holds in mice."])
    source.add(parse_ref("2101.00002"), "Two", ["Y holds in rats."])
    judge = ScriptedJudge(pick("supports", "P001"))
    draft = "See [1] for X and [2] for Y.\n" + REFERENCES
    result = review_report(draft, checker=Checker(source, judge))
    assert [(r.record.paper_ref, r.record.claim) for r in result.records] == [
        ("arXiv:2101.00001", "The cited work covers X."),
        ("arXiv:2101.00002", "The cited work covers Y."),
    ]
    assert sorted(d.case.claim for d in judge.seen) == [
        "The cited work covers X.",
        "The cited work covers Y.",
    ]


def test_a_latex_draft_gives_each_cited_work_its_own_part(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text(
        "".join(
            f"@article{{{key}, author={{Lee, Ann}}, title={{T}}, year={{2020}},"
            f" eprint={{2101.0000{n}}}, archivePrefix={{arXiv}}}}\n"
            for n, key in enumerate("abc", 1)
        ),
        encoding="utf-8",
    )
    draft = tmp_path / "d.tex"
    draft.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "See \\cite{a,b} for X, and \\cite{c} for Y.\n\n"
        "It is not \\cite{a} but \\cite{b} that shows X.\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    pointed, denied = extract_latex_claims(draft).claims
    assert pointed.text == "The cited works cover X. The cited work covers Y."
    assert [t.claim for t in pointed.targets] == [
        "The cited works cover X.",
        "The cited works cover X.",
        "The cited work covers Y.",
    ]
    assert [t.claim for t in denied.targets] == [
        "It is not the cited work that shows X.",
        "The cited work shows X.",
    ]


@pytest.mark.parametrize(
    "text",
    [
        f"See {REMOVED} for X and" + " " * 200_000 + "Y.",
        f"See {REMOVED} for X" + " " * 200_000 + f"and see {REMOVED}" + " " * 200_000 + "x",
        f"It is not {REMOVED}" + " " * 200_000 + "x",
        f"It is not {REMOVED} but {REMOVED}" + " " * 200_000 + "x",
        f"Y was proposed by {REMOVED} and extended by {REMOVED}" + " " * 200_000 + "x",
        f"Y was proposed by {REMOVED}" + " " * 200_000 + "and" + " " * 200_000 + "x",
        f"It was {REMOVED}" + " " * 200_000 + ", not" + " " * 200_000 + "x",
        f"It was {REMOVED}, not {REMOVED}" + " " * 200_000 + "x",
        f"It was {REMOVED}" + " " * 200_000 + "and" + " " * 200_000 + "x",
        f"For X see {REMOVED}" + "\u00a0" * 200_000 + "and" + "\u00a0" * 200_000 + "x",
        f"It was {REMOVED}, not {REMOVED}" + "\u00a0" * 200_000 + ", x",
        f"For X see {REMOVED}" + " " * 200_000 + ", and" + " " * 200_000 + "for Y",
        f"For X see {REMOVED}, and for" + " " * 200_000 + "Y" + " " * 200_000 + "x",
        f"For X see {REMOVED}, and for Y see {REMOVED}" + " " * 200_000 + "x",
        f"For X see {REMOVED}," + "\u00a0" * 200_000 + "and for Y" + "\u00a0" * 200_000 + "x",
    ],
)
def test_long_blank_runs_are_read_in_linear_time(text: str) -> None:
    started = time.perf_counter()
    parts(text)
    assert time.perf_counter() - started < 2


@pytest.mark.parametrize(
    ("sentence", "text", "own"),
    [
        (
            "(See [1] for X) and Y [2].",
            "The cited work covers X. Y.",
            ["The cited work covers X.", "Y."],
        ),
        (
            "(see also [1] for X (in mice)), Y holds [2].",
            "The cited work covers X (in mice). Y holds.",
            ["The cited work covers X (in mice).", "Y holds."],
        ),
        (
            "(See [1] for X and [2] for Z) and Y [3].",
            "The cited work covers X. The cited work covers Z. Y.",
            ["The cited work covers X.", "The cited work covers Z.", "Y."],
        ),
        # A pointer for pointer words alone backs the rest, as "Y holds (see [1] for details)."
        ("(See [1] for details) and Y holds [2].", "Y holds.", [None, None]),
    ],
)
def test_a_pointer_in_brackets_opening_a_claim_is_a_part_of_its_own(
    sentence: str, text: str, own: list[str | None]
) -> None:
    # QA: "(See [1] for X) and Y [2]." was judged, for both papers, as "(See for X) and Y.":
    # [2] is cited for Y, [1] for X.
    assert _own(sentence) == (text, own)


def test_a_latex_pointer_in_brackets_opening_a_claim_is_a_part_of_its_own(
    tmp_path: Path,
) -> None:
    bib = "@article{a, title={A}, doi={10.1/a}}\n@article{b, title={B}, doi={10.1/b}}\n"
    body = "(See~\\cite{a} for X) and Y holds \\cite{b}."
    found = extract_latex_claims(write_article(tmp_path, body, bib=bib))
    (claim,) = found.claims
    assert claim.text == "The cited work covers X. Y holds."
    assert [t.claim for t in claim.targets] == ["The cited work covers X.", "Y holds."]
