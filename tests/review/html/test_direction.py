"""The HTML report lays right-to-left text (Arabic, Hebrew) out right to left, as the web page
does: draft paragraphs, claims, evidence passages, titles and references take their own
direction (``dir="auto"``), and a direction mark inside one of them stays inside it."""

from __future__ import annotations

from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING

from claimaudit.checker.pipeline import Checker
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.review import render_html, review_report
from claimaudit.review.report import review_latex
from claimaudit.sources.protocol import SourcePaper
from tests.browser import launch_chromium
from tests.fakes import MemorySource, ScriptedJudge, pick

if TYPE_CHECKING:
    from playwright.sync_api import Page

PASSAGE = "تعمل النماذج البسيطة مثل الانحدار اللوجستي على تحديد الأداء الأساسي قبل التعلم العميق."
TITLE = "نماذج بسيطة"
CLAIM = "النماذج البسيطة تحدد الأداء الأساسي"
UNCITED = "هذه جملة بلا مرجع."
REPORT = f"## مقدمة\n\n{CLAIM} [@arxiv:2105.14372].\n\n{UNCITED}\n\n- بند في قائمة\n"


def _page() -> str:
    source = MemorySource()
    source.add(parse_ref("2105.14372v1"), TITLE, [PASSAGE])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    return render_html(review_report(REPORT, checker=checker), title="draft.md")


class _Directions(HTMLParser):
    """Each element's tag, class and dir, in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found.get("class") or "", found.get("dir")))


def _dirs(page: str) -> list[tuple[str, str, str | None]]:
    parser = _Directions()
    parser.feed(page)
    return parser.tags


def test_text_from_the_draft_and_the_papers_takes_its_own_direction() -> None:
    tags = _dirs(_page())
    auto = {(tag, cls) for tag, cls, d in tags if d == "auto"}
    for element in (
        ("h4", ""),  # the draft's heading, below the page's h1 and h2
        ("p", ""),  # its paragraphs
        ("li", ""),  # its list items
        ("q", "quote"),  # the evidence passage
        ("cite", ""),  # the paper's title
        ("span", "sentence"),  # the claim in its panel's summary
        ("a", ""),  # the paper's reference, a link to it
    ):
        assert element in auto, element
    # The page's own English (badges, the summary, the legend) keeps the page's direction.
    assert not any(d for tag, cls, d in tags if "badge" in cls or tag in ("h1", "h2"))


def test_a_latex_draft_s_paragraphs_and_headings_take_their_own_direction(tmp_path: Path) -> None:
    draft = (
        "\\documentclass{article}\n\\begin{document}\n\\section{مقدمة}\n"
        f"{CLAIM} \\citep{{tips}}.\n\\end{{document}}\n"
    )
    (tmp_path / "paper.tex").write_text(draft, encoding="utf-8")
    checker = Checker(MemorySource(), ScriptedJudge(pick("supports", "P001")))
    page = render_html(review_latex(tmp_path / "paper.tex", checker=checker), title="paper.tex")
    assert '<h3 dir="auto">مقدمة</h3>' in page
    assert '<p class="latex-paragraph paragraph" dir="auto">' in page


def _direction(page: Page, selector: str) -> str:
    return str(page.locator(selector).first.evaluate("e => getComputedStyle(e).direction"))


def test_right_to_left_text_reads_right_to_left_in_chromium(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    report.write_text(_page(), encoding="utf-8")
    with launch_chromium() as browser:
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.goto(report.as_uri())
        page.click("#expand-all")
        for selector in (
            "#document p",
            "q.quote",
            "cite",
            ".evidence summary .sentence",
            "#uncited li span + span",
        ):
            assert _direction(page, selector) == "rtl", selector
        # English stays left to right beside it.
        assert _direction(page, "li.record .cited") == "ltr"
        assert _direction(page, "#summary p") == "ltr"


class _Sectioned(MemorySource):
    """Papers whose passages lie in a section named ``SECTION``."""

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        paper = super().fetch(ref, query)
        return replace(paper, passages=[replace(p, section=SECTION) for p in paper.passages])


# An Arabic section name ending in a right-to-left mark, as a PDF's outline may have it.
SECTION = "مقدمة\u200f"
# The inline elements holding outside text (blocks such as p are isolates already).
ISOLATED = (
    "li.record .where",
    "q.quote",
    "li.record cite",
    "li.record a",
    ".evidence summary .sentence",
    "#uncited li span + span",
)


def test_each_piece_of_outside_text_is_isolated_from_the_text_after_it(tmp_path: Path) -> None:
    # A direction mark (U+200F) or an Arabic word ending an element, not isolated, pulls the
    # numbers and punctuation after it into its right-to-left run ("ab\u200f 12, 13" read
    # "ab13 ,12"). An element with a dir attribute is a bidi isolate (unicode-bidi: isolate).
    source = _Sectioned()
    source.add(parse_ref("2105.14372v1"), TITLE, [PASSAGE])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    report = tmp_path / "report.html"
    report.write_text(render_html(review_report(REPORT, checker=checker)), encoding="utf-8")
    with launch_chromium() as browser:
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.goto(report.as_uri())
        page.click("#expand-all")
        assert "\u200f" in page.locator("li.record .evidence-quote .pid").first.inner_text()
        for selector in ISOLATED:
            bidi = page.locator(selector).first.evaluate("e => getComputedStyle(e).unicodeBidi")
            assert bidi == "isolate", selector
