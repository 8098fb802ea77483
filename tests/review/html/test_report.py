"""The HTML report's structure: escaping, no external resources, well-nested claim spans."""

from __future__ import annotations

import re
import sys
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import parse_ref
from claimaudit.judges.protocol import ChoiceAnswer, Decision, JudgeReply
from claimaudit.review import render_html, review_report
from claimaudit.review.html.parts import strength
from tests.browser import launch_chromium
from tests.fakes import MemorySource, ScriptedJudge, pick

REPORT = """# Draft <script>alert("title")</script>

*An emphasised claim [@arxiv:1907.10121]. It goes on* in a second sentence [@doi:10.1234/none].
Uncited prose with <b>raw html</b> and ![a remote image](https://example.org/x.png).

- A listed claim, see https://arxiv.org/abs/1907.10121.
"""
EVIDENCE = 'SciPy has sparse matrices <img src=x onerror="alert(1)">.'


VOID = frozenset({"meta", "br", "hr", "img", "input", "link"})


class _Nesting(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]}")
        else:
            self.stack.pop()


def _page() -> str:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy <1.0>", [EVIDENCE, "Other."])
    checker = Checker(source, ScriptedJudge(pick("contradicts", "P001")))
    return render_html(review_report(REPORT, checker=checker), title="draft <1>.md")


def test_tags_nest_even_when_a_sentence_ends_inside_emphasis() -> None:
    parser = _Nesting()
    parser.feed(_page())
    assert parser.errors == [] and parser.stack == []
    spans = [a for tag, a in parser.tags if tag == "span" and "claim" in (a.get("class") or "")]
    # Claim 1 is cut by the </em>: one span per text run, all naming the same claim.
    assert {a["data-claim"] for a in spans} == {"1", "2", "3"}
    assert sum(a["data-claim"] == "2" for a in spans) == 2
    assert all("v-contradicts" in (a["class"] or "") for a in spans if a["data-claim"] == "1")
    panels = [
        a for tag, a in parser.tags if tag == "details" and a.get("id", "").startswith("claim-")
    ]
    assert [a["id"] for a in panels] == ["claim-1", "claim-2", "claim-3"]


def test_everything_is_escaped_and_nothing_is_fetched() -> None:
    page = _page()
    assert "<script>alert" not in page and "<b>raw html</b>" not in page
    assert "&lt;b&gt;raw html&lt;/b&gt;" in page
    assert "<img" not in page and "[image: a remote image]" in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page  # the evidence, as text
    assert "<title>claimaudit review: draft &lt;1&gt;.md</title>" in page
    assert "default-src 'none'" in page  # the page may load nothing at all
    assert "<link" not in page and 'src="http' not in page
    assert "\u2e3c" not in page and "\u2e3d" not in page  # no marker left behind


def test_a_report_using_the_marker_characters_still_renders() -> None:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", [EVIDENCE])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    report = "Odd marks \u2e3c1\u2e3d stay text. A claim [@arxiv:1907.10121].\n"
    page = render_html(review_report(report, checker=checker))
    assert "Odd marks \u2e3c1\u2e3d stay text." in page
    parser = _Nesting()
    parser.feed(page)
    spans = [a for tag, a in parser.tags if tag == "span" and "claim" in (a.get("class") or "")]
    assert [a["data-claim"] for a in spans] == ["1"]


def _claim_spans(page: str) -> list[str]:
    parser = _Nesting()
    parser.feed(page)
    assert parser.errors == [] and parser.stack == []
    return [
        a["data-claim"] or ""
        for tag, a in parser.tags
        if tag == "span" and "claim" in (a.get("class") or "").split()
    ]


def test_a_report_using_one_of_each_marker_pair_still_renders() -> None:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", [EVIDENCE])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    # One character of every preferred pair, written and as entities: none is usable.
    report = (
        "Odd marks \u2e3c \u2e3e \u2e41 and &#x2e3d;7&#x2e3f; stay text.\n\n"
        "A claim [@arxiv:1907.10121].\n"
    )
    page = render_html(review_report(report, checker=checker))
    assert "Odd marks \u2e3c \u2e3e \u2e41 and \u2e3d7\u2e3f stay text." in page
    assert _claim_spans(page) == ["1"]
    assert 'id="unplaced"' not in page


def test_a_report_holding_every_candidate_is_drawn_without_highlights() -> None:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", [EVIDENCE])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    symbols = "".join(
        chr(p)
        for p in range(0xA1, sys.maxunicode + 1)
        if unicodedata.category(chr(p)).startswith(("P", "S"))
    )
    report = f"A claim [@arxiv:1907.10121].\n\n{symbols}\n"
    page = render_html(review_report(report, checker=checker))
    assert _claim_spans(page) == []  # nothing marks the sentence in the text ...
    assert 'id="unplaced"' in page and 'id="claim-1"' in page  # ... its panel is still there
    assert "A claim [@arxiv:1907.10121]." in page


# ---------------------------------------------------------------------- badges and the legend


STRENGTH_REPORT = """A strong claim about sparse matrices [@arxiv:1907.10121].

A moderate claim about baselines [@arxiv:2105.14372].

A weak claim about attention [@arxiv:1706.03762].
"""


def _strengths_page() -> str:
    source = MemorySource()
    source.add(parse_ref("1907.10121v1"), "SciPy", ["SciPy has sparse matrices."])
    source.add(parse_ref("2105.14372v1"), "Tips", ["Use baselines."])
    source.add(parse_ref("1706.03762v1"), "Attention", ["Attention is all you need."])
    tops = {"strong": 0.94, "moderate": 0.6, "weak": 0.45}

    def script(decision: Decision) -> JudgeReply:
        top = next(t for word, t in tops.items() if word in decision.case.claim)
        return pick("supports", "P001", strength=top)(decision)

    checker = Checker(source, ScriptedJudge(script))
    return render_html(review_report(STRENGTH_REPORT, checker=checker), title="strengths.md")


def test_badge_strength_follows_confidence_in_fixed_bands() -> None:
    assert [strength(c) for c in (0.92, 0.7, 0.69, 0.4, 0.38, 0.0, None)] == [
        "strong",
        "strong",
        "moderate",
        "moderate",
        "weak",
        "weak",
        "weak",
    ]
    page = _strengths_page()
    # Confidences (p - 1/4) / (3/4): 0.92, 0.47 and 0.27.
    for level in ("strong", "moderate", "weak"):
        assert f'class="badge v-supports s-{level}" data-strength="{level}"' in page
    assert 'class="legend"' in page and "\u2691 needs review" in page


def test_badges_and_the_review_mark_show_in_chromium(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    report.write_text(_strengths_page(), encoding="utf-8")
    with launch_chromium() as browser:
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.goto(report.as_uri())
        fills = {}
        for level in ("strong", "moderate", "weak"):
            badge = page.locator(f"li.record .badge.s-{level}")
            assert badge.count() == 1
            fills[level] = badge.evaluate(
                "e => { const s = getComputedStyle(e); "
                "return [s.backgroundColor, s.color, s.borderTopStyle]; }"
            )
        white = "rgb(255, 255, 255)"
        assert fills["strong"][1] == white and fills["strong"][0] != white
        assert fills["moderate"][0] not in (white, fills["strong"][0])
        assert fills["weak"][0] == white and fills["weak"][2] == "dashed"
        # Needs review is visible in the text, not only as a style: the marker carries the flag.
        flagged = page.locator(".claim-marker.needs-review")
        assert flagged.count() == 2 and flagged.first.is_visible()
        assert all("\u2691" in text for text in flagged.all_inner_texts())
        assert "\u2691" not in page.locator('.claim-marker[data-claim="1"]').inner_text()
        dash = page.locator('span.claim[data-claim="3"]').first.evaluate(
            "e => getComputedStyle(e).textDecorationStyle"
        )
        assert dash == "dashed"
        legend = page.locator("#summary .legend")
        assert legend.is_visible() and "needs review" in legend.inner_text()


def test_a_record_without_probabilities_renders_with_an_outlined_badge() -> None:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", [EVIDENCE])

    def choice_only(decision: Decision) -> JudgeReply:
        choices = {"relation": "supports", "evidence": "P001"}
        answers = {q: ChoiceAnswer(choices[q], None, None) for q in decision.questions}
        return JudgeReply(model="bare", answers=answers)

    checker = Checker(source, ScriptedJudge(choice_only))
    result = review_report("A claim [@arxiv:1907.10121].\n", checker=checker)
    assert "**supports**, confidence n/a, needs review." in result.annotated_markdown
    page = render_html(result)
    assert "confidence n/a" in page
    assert 's-weak" data-strength="weak" title="supports: no probabilities"' in page


def test_the_summary_counts_agree_with_their_nouns() -> None:
    page = _page()
    # One uncited sentence, three cited ones, one record each.
    assert '<span class="n">1</span> uncited sentence</li>' in page
    assert '<span class="n">3</span> cited sentences</li>' in page
    assert "3 records for 3 cited sentences" in page
    assert '<span class="n">3</span> need review</li>' in page


def test_a_bom_is_not_shown_in_the_page_nor_in_the_claim() -> None:
    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", [EVIDENCE])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    result = review_report("\ufeffRaw data is kept [@arxiv:1907.10121].\n", checker=checker)
    assert result.records[0].record.claim == "Raw data is kept."
    assert "\ufeff" not in render_html(result, title="draft.md")


def test_a_record_for_a_citation_naming_no_paper_says_it_once() -> None:
    # QA: the report's record for "[7]" with no such References entry read "[7] cited as
    # [7]"; a paper that was resolved still says what it was cited as.
    draft = (
        "X holds [7]. Y holds [2].\n\n## References\n\n1. arXiv:1907.10121\n2. arXiv:2105.14372\n"
    )
    checker = Checker(MemorySource(), ScriptedJudge(pick("supports", "P001")))
    page = render_html(review_report(draft, checker=checker), title="t")
    unresolved, missing = re.findall(
        r'<li class="record [^"]*" data-verdict="not_checked">.*?</li>', page
    )
    assert "cited as" not in unresolved and unresolved.count("[7]") == 2  # name, error
    assert "cited as <span" in missing and "[2]" in missing
