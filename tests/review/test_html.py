"""The HTML report's structure: escaping, no external resources, well-nested claim spans."""

from __future__ import annotations

from html.parser import HTMLParser

from claimaudit.checker import Checker
from claimaudit.identity import parse_ref
from claimaudit.review import render_html, review_report
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
