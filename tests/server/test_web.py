"""The web page end to end in headless Chromium (Debian's, driven by Playwright), against a real
server: type a claim, pick a suggested paper, see verdict cards with evidence in context, upload
a file, and take a screenshot."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from claimaudit.bibfile import BibFormat
from claimaudit.review.html.parts import strength
from tests.library.helpers import make_pdf
from tests.server.conftest import (
    DEEP_RULES_REF,
    GOOD_ENOUGH_REF,
    NARROW_CLAIM,
    TOKEN,
    RunningServer,
)
from tests.server.pages import send_review

TIMEOUT_MS = 60_000
# A check with the embedded judge can take seconds on a busy machine: expectations wait as long.
expect.set_options(timeout=TIMEOUT_MS)


def test_check_a_claim_and_read_the_evidence(
    page: Page, server: RunningServer, tmp_path: Path
) -> None:
    page.goto(server.url)
    expect(page.locator("#server-status")).to_contain_text("ok")
    expect(page.locator("#judge option[value=local]")).to_have_attribute("selected", "")

    page.fill("#claim", NARROW_CLAIM)
    # References are suggested from the library as one types.
    page.locator("#paper-input").press_sequentially("2105")
    expect(page.locator(f'#paper-suggestions option[value="{DEEP_RULES_REF}"]')).to_have_count(1)
    page.fill("#paper-input", DEEP_RULES_REF)
    page.press("#paper-input", "Enter")
    page.fill("#paper-input", "arXiv:2401.00001")
    page.click("#paper-add")
    expect(page.locator("#paper-chips .chip")).to_have_count(2)
    page.click("#check-submit")

    card = page.locator(f'.card[data-ref="{DEEP_RULES_REF}"]')
    expect(card).to_have_attribute("data-verdict", "supports")
    badge = card.locator(".badge").first
    expect(badge.locator(".label")).to_have_text("supports")
    expect(card.locator(".confidence")).to_contain_text("Confidence 0.")
    # The badge's fill shows how confident the verdict is, in the bands the HTML report uses.
    confidence = float(card.locator(".confidence span").first.inner_text().split()[-1])
    assert badge.get_attribute("data-strength") == strength(confidence)
    assert f"confidence {confidence:.2f}" in (badge.get_attribute("title") or "")
    _assert_fill(badge, strength(confidence))
    review = card.locator(".badge.review, .badge.ok")
    expect(review).to_have_count(1)
    if card.locator(".badge.review").count():
        expect(review).to_have_text("\u2691 needs review")
    # A legend says what colours, fills and the mark mean, above the cards.
    legend = page.locator("#results .legend")
    expect(legend).to_be_visible()
    expect(legend.locator(".legend-strengths .badge")).to_have_count(3)
    for level in ("strong", "moderate", "weak"):
        _assert_fill(legend.locator(f".legend-strengths .badge.strength-{level}"), level)
    expect(legend).to_contain_text("\u2691 needs review")
    expect(card.locator(".confidence-bar .fill")).to_have_count(1)
    expect(card.locator(".probs tbody tr")).to_have_count(4)
    expect(card.locator(".probs tr.chosen th")).to_have_text("supports")
    # The evidence passage is highlighted inside its neighbours, each with its passage id.
    expect(card.locator(".passages")).to_have_attribute("data-context", "loaded")
    chosen = card.locator(".passage.chosen")
    expect(chosen.locator("mark")).to_contain_text("random forests")
    chosen_id = chosen.get_attribute("data-passage-id")
    assert chosen_id is not None and chosen_id.startswith("P")
    expect(chosen.locator(".pid")).to_have_text(chosen_id)
    number = int(chosen_id[1:])
    context_ids = card.locator(".passage.context").evaluate_all(
        "nodes => nodes.map(n => n.dataset.passageId)"
    )
    assert context_ids == [f"P{number - 1:03d}", f"P{number + 1:03d}"]

    missing = page.locator('.card[data-ref="arXiv:2401.00001"]')
    expect(missing).to_have_attribute("data-verdict", "not_checked")
    expect(missing.locator(".error")).to_contain_text("is not in the local library")
    expect(page.locator("#check-status")).to_contain_text("2 records")

    shot = tmp_path / "check.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
    keep = Path(__file__).resolve().parents[2] / "build" / "screenshots"
    keep.mkdir(parents=True, exist_ok=True)
    shutil.copy(shot, keep / "web-check.png")  # for people to look at; build/ is not tracked


def _assert_fill(badge: Locator, level: str) -> None:
    """Strong: solid, white text; moderate: tinted; weak: white with a dashed outline."""
    style = badge.evaluate(
        "e => { const s = getComputedStyle(e); "
        "return [s.backgroundColor, s.color, s.borderTopStyle]; }"
    )
    background, colour, border = style
    if level == "strong":
        assert colour == "rgb(255, 255, 255)" and background != "rgb(255, 255, 255)"
        assert border == "solid"
    elif level == "moderate":
        assert background not in ("rgb(255, 255, 255)", colour) and border == "solid"
    else:
        assert background == "rgb(255, 255, 255)" and border == "dashed"


def test_upload_a_pdf_then_check_against_it(
    page: Page, server: RunningServer, tmp_path: Path
) -> None:
    pdf = make_pdf(tmp_path / "2301.00002v1.pdf", title="Generated for the page test")
    page.goto(server.url)
    page.set_input_files("#upload-file", str(pdf))
    page.click("#upload-submit")
    try:
        expect(page.locator("#upload-status")).to_contain_text(
            "arXiv:2301.00002v1: Generated for the page test (added"
        )
        row = page.locator('#library-table tr[data-ref="arXiv:2301.00002v1"]')
        expect(row).to_have_count(1)
        page.fill("#claim", "The model reaches a BLEU score of 28.4 on WMT 2014 English-German.")
        page.fill("#paper-input", "arXiv:2301.00002v1")
        page.click("#check-submit")
        card = page.locator('.card[data-ref="arXiv:2301.00002v1"]')
        expect(card.locator(".passage.chosen mark")).to_contain_text("BLEU score of 28.4")
        # A PDF's passage says where it is printed, so a reader finds the quote in the file.
        expect(card.locator(".passage.chosen .section")).to_have_text("p. 1")
        # Removing from the page asks first, then the row goes.
        page.once("dialog", lambda dialog: dialog.accept())
        row.locator("button").click()
        expect(row).to_have_count(0)
    finally:
        httpx.delete(f"{server.url}/v1/library/arXiv:2301.00002v1")


def test_errors_show_in_the_page(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    page.click("#check-submit")
    expect(page.locator("#check-status")).to_have_text("Enter a claim to check.")
    page.fill("#claim", "   ")
    page.fill("#paper-input", DEEP_RULES_REF)
    page.click("#check-submit")
    expect(page.locator("#check-status")).to_have_text("Enter a claim to check.")
    # Over the server's limit: said in the server's terms, before anything is sent.
    page.fill("#claim", "x" * 2500)
    page.click("#check-submit")
    expect(page.locator("#check-status")).to_contain_text("the limit is 2000")


def test_a_server_with_a_token_asks_for_it(page: Page, strict: RunningServer) -> None:
    page.goto(strict.url)
    expect(page.locator("#token-panel")).to_be_visible()
    page.fill("#token-input", TOKEN)
    page.click("#token-form button")
    expect(page.locator("#token-panel")).to_be_hidden()
    expect(page.locator(f'#library-table tr[data-ref="{DEEP_RULES_REF}"]')).to_have_count(1)


REVIEW_DRAFT = f"""# Baselines first

{NARROW_CLAIM[:-1]} [@lee2022]. Keep raw data exactly as it was collected
(arXiv:1609.00037).

Untrusted <img src=x onerror="window.injected=1"> <b>markup</b> stays text [@missing].

This sentence cites nothing.
"""
REVIEW_BIB = "@article{lee2022, eprint = {2105.14372}, archivePrefix = {arXiv}}"


def test_review_a_draft(page: Page, server: RunningServer, tmp_path: Path) -> None:
    send_review(page, server.url, REVIEW_DRAFT, REVIEW_BIB)
    expect(page.locator("#review-status")).to_contain_text("3 cited sentences, 3 records")
    # The same review through the API (now from the results cache) gives the expected figures.
    body = {"markdown": REVIEW_DRAFT, "bibliography": {"text": REVIEW_BIB}}
    expected = httpx.post(f"{server.url}/v1/reviews", json=body, timeout=60).json()

    draft = page.locator("#review-draft")
    first = draft.locator('.sentence[data-claim="1"]')
    expect(first).to_have_attribute("data-verdict", "supports")
    expect(first).to_contain_text("logistic regression and random forests")
    expect(first).to_have_css("background-color", "rgb(227, 243, 232)")
    expect(draft.locator('.sentence[data-claim="3"]')).to_have_attribute(
        "data-verdict", "not_checked"
    )
    expect(draft.locator(".sentence")).to_have_count(3)
    # A sentence that needs review is marked, visibly, in the text: dashed, and its marker flagged.
    flagged = draft.locator(".sentence.needs-review")
    assert flagged.count() == sum(
        any(r["needsReview"] for r in expected["records"] if r["sentence"]["index"] == i)
        for i in {r["sentence"]["index"] for r in expected["records"]}
    )
    third = draft.locator('.sentence[data-claim="3"]')
    expect(third).to_have_class(re.compile(r"\bneeds-review\b"))
    expect(third).to_have_css("text-decoration-style", "dashed")
    expect(draft.locator('.claim-marker[data-claim="3"]')).to_have_text("3 \u2691")
    expect(page.locator("#review-summary .legend")).to_be_visible()
    # The draft is shown as text: its markup is not markup.
    expect(draft).to_contain_text('<img src=x onerror="window.injected=1"> <b>markup</b>')
    expect(draft.locator("img, b")).to_have_count(0)
    assert page.evaluate("window.injected") is None

    # Clicking the sentence opens its evidence: one card per paper it cites.
    panel = page.locator("#review-claim-1")
    expect(panel).not_to_have_attribute("open", "")
    first.click()
    expect(panel).to_have_attribute("open", "")
    card = panel.locator(f'.card[data-ref="{DEEP_RULES_REF}"]')
    expect(card).to_have_attribute("data-verdict", "supports")
    expect(card.locator(".passage.chosen mark")).to_contain_text("random forests")
    expect(card.locator(".passages")).to_have_attribute("data-context", "loaded")
    expect(card.locator(".cited")).to_have_text("cited as @lee2022")
    page.locator('#review-draft .claim-marker[data-claim="3"]').click()
    missing = page.locator('#review-claim-3 .card[data-ref="@missing"]')
    expect(missing.locator(".error")).to_contain_text("no bibliography entry for @missing")

    summary = expected["summary"]
    for verdict, count in summary["verdicts"].items():
        expect(page.locator(f'#review-summary li[data-verdict="{verdict}"] .n')).to_have_text(
            str(count)
        )
    for key, field in (
        ("cited", "citedSentences"),
        ("not-checked", "notChecked"),
        ("uncited", "uncitedSentences"),
        ("needs-review", "needsReview"),
    ):
        expect(page.locator(f'#review-summary li[data-count="{key}"] .n')).to_have_text(
            str(summary[field])
        )
    assert summary["verdicts"]["supports"] >= 1 and summary["notChecked"] == 1
    # One uncited sentence, read in the singular.
    expect(page.locator('#review-summary li[data-count="uncited"]')).to_have_text(
        "1 uncited sentence"
    )
    expect(page.locator("#review-uncited")).to_contain_text("This sentence cites nothing.")

    # The annotated Markdown: shown, and downloaded as a file.
    page.click("#review-annotated-panel summary")
    expect(page.locator("#review-annotated")).to_contain_text("[^claimaudit-1]")
    with page.expect_download() as download:
        page.click("#review-download")
    saved = Path(download.value.path())
    assert download.value.suggested_filename == "annotated.md"
    assert saved.read_text(encoding="utf-8") == expected["annotated"]

    shot = tmp_path / "review.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    keep = Path(__file__).resolve().parents[2] / "build" / "screenshots"
    keep.mkdir(parents=True, exist_ok=True)
    shutil.copy(shot, keep / "web-review.png")


def test_review_errors_show_in_the_page(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    page.click("#review-submit")
    expect(page.locator("#review-status")).to_have_text("Paste a Markdown draft to review.")
    page.fill("#draft", "A sentence [@k].")
    page.click("#review-form details.options summary")
    page.fill("#review-bib", "[not json")
    page.click("#review-submit")
    expect(page.locator("#review-status")).to_contain_text("the bibliography is not valid JSON")
    expect(page.locator("#review-output")).to_be_hidden()


CSL_YAML_BIB = "references:\n- id: k\n  DOI: 10.1234/never-stored\n"


def test_the_bibliography_format_is_chosen_and_sent(page: Page, server: RunningServer) -> None:
    # The API takes bibliography.format; the page had no way to send it, so CSL YAML pasted
    # there could not be reviewed at all.
    page.goto(server.url)
    page.fill("#draft", "Version control helps researchers [@k].")
    page.click("#review-form details.options summary")
    page.fill("#review-bib", CSL_YAML_BIB)
    choices = page.locator("#review-bib-format option")
    assert choices.evaluate_all("options => options.map(o => o.value)") == [
        "",
        *get_args(BibFormat),
    ]
    expect(page.locator("#review-bib-format")).to_have_value("")  # auto: none sent
    page.click("#review-submit")
    expect(page.locator("#review-status")).to_contain_text(
        "it looks like CSL YAML: choose CSL YAML as the Bibliography format under "
        "\u201cBibliography and options\u201d, then review again."
    )
    page.select_option("#review-bib-format", "csl-yaml")
    with page.expect_request(lambda r: r.url.endswith("/v1/reviews")) as sent:
        page.click("#review-submit")
    assert sent.value.post_data_json["bibliography"] == {
        "text": CSL_YAML_BIB,
        "format": "csl-yaml",
    }
    expect(page.locator("#review-status")).to_contain_text("1 cited sentence, 1 record")
    expect(page.locator('#review-draft .sentence[data-claim="1"]')).to_have_attribute(
        "data-verdict", "not_checked"
    )


def test_bibtex_pasted_with_a_csl_format_says_to_choose_bibtex(
    page: Page, server: RunningServer
) -> None:
    # It was the JSON parser's "Expecting value: line 1 column 1 (char 0)".
    page.goto(server.url)
    page.fill("#draft", "Version control helps researchers [@k].")
    page.click("#review-form details.options summary")
    page.fill("#review-bib", "@article{k, doi = {10.1234/never-stored}}")
    page.select_option("#review-bib-format", "csl-json")
    page.click("#review-submit")
    expect(page.locator("#review-status")).to_have_text(
        "the bibliography was read as CSL-JSON and is not valid JSON, but it looks like "
        "BibTeX: choose BibTeX or auto as the Bibliography format under "
        "\u201cBibliography and options\u201d, then review again."
    )


def test_a_record_without_probabilities_reads_as_such(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    expect(page.locator("#judge option[value=bare]")).to_have_count(1)
    page.fill("#claim", NARROW_CLAIM)
    page.fill("#paper-input", DEEP_RULES_REF)
    page.click("#check-form details.options summary")
    page.select_option("#judge", "bare")
    page.click("#check-submit")
    card = page.locator(f'.card[data-ref="{DEEP_RULES_REF}"]')
    expect(card).to_have_attribute("data-verdict", "supports")
    expect(card.locator(".confidence")).to_contain_text("Confidence n/a")
    expect(card).to_contain_text("without probabilities")
    badge = card.locator(".badges .badge").first
    expect(badge).to_have_attribute("data-strength", "weak")  # outlined: nothing to be sure of
    expect(card.locator(".badge.review")).to_have_text("\u2691 needs review")


NARROW_WIDTH = 375
LONG_URL = "https://docs.ray.io/en/latest/tune/" + "a" * 120 + "/index.html"
LONG_TOKEN = "x" * 160
LONG_PAPER = f"""# Sea surface temperature at forty buoys

## Data

The buoy data were deposited at {LONG_URL} and the sea surface warmed by 0.3 degrees per
decade between 1980 and 2020.

## Methods

Each buoy was calibrated every six months; the raw log is {LONG_TOKEN} as recorded.

## Results

The sea surface warmed by 0.3 degrees per decade at {LONG_URL} between 1980 and 2020.
"""
LONG_REF = "10.5555/a-long-reference-that-names-a-paper-with-a-very-long-doi-suffix-2024"


@pytest.fixture
def long_paper(server: RunningServer, tmp_path: Path) -> Iterator[str]:
    """A small Markdown paper whose passages hold a long URL and a long unbroken token."""
    path = tmp_path / "buoys.md"
    path.write_text(LONG_PAPER, encoding="utf-8")
    with server.client() as client, path.open("rb") as handle:
        answer = client.post(
            "/v1/library", files={"file": ("buoys.md", handle)}, data={"ref": LONG_REF}
        )
        assert answer.status_code in (200, 201), answer.text
        ref = answer.json()["ref"]
        try:
            yield ref
        finally:
            client.delete(f"/v1/library/{ref}")


def _page_width(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def test_a_narrow_screen_keeps_long_urls_and_the_library_inside(
    page: Page, server: RunningServer, long_paper: str
) -> None:
    page.set_viewport_size({"width": NARROW_WIDTH, "height": 800})
    page.goto(server.url)
    expect(page.locator(f'#library-table tr[data-ref="{long_paper}"]')).to_have_count(1)
    # The library table wraps its long references and keeps its remove buttons in the panel.
    assert _page_width(page) <= NARROW_WIDTH
    panel = page.locator("#library-panel").bounding_box()
    button = page.locator(f'#library-table tr[data-ref="{long_paper}"] button').bounding_box()
    assert panel is not None and button is not None
    assert button["x"] + button["width"] <= panel["x"] + panel["width"]

    page.fill("#claim", "The sea surface warmed by 0.3 degrees per decade between 1980 and 2020.")
    page.fill("#paper-input", long_paper)
    page.click("#check-submit")
    card = page.locator(f'.card[data-ref="{long_paper}"]')
    expect(card.locator(".passages")).to_have_attribute("data-context", "loaded")
    expect(card).to_contain_text("docs.ray.io")
    expect(card).to_contain_text(LONG_TOKEN)
    # Neither the card nor the page grows wider than the screen: long words wrap.
    assert _page_width(page) <= NARROW_WIDTH
    box = card.bounding_box()
    assert box is not None and box["x"] + box["width"] <= NARROW_WIDTH


def test_the_bibliography_format_s_choices_fit_a_narrow_screen(
    page: Page, server: RunningServer
) -> None:
    # At 320 px the select cut its first option: "auto (CSL-JSON when it starts…".
    page.set_viewport_size({"width": 320, "height": 800})
    page.goto(server.url)
    page.click("#review-form details.options summary")
    select = page.locator("#review-bib-format")
    # Each option's text as the select draws it, against the room inside it (less its arrow).
    widths = select.evaluate(
        """s => { const c = document.createElement("canvas").getContext("2d");
        const st = getComputedStyle(s); c.font = st.font;
        const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
        return [...s.options].map(o => [o.text, c.measureText(o.text).width, room]); }"""
    )
    arrow = 24
    assert [text for text, width, room in widths if width + arrow > room] == []
    assert _page_width(page) <= 320
    expect(page.locator("#review-bib-format-hint")).to_have_text(
        "auto: CSL-JSON when it starts with [ or {, else BibTeX"
    )


def test_a_typed_title_adds_the_suggested_papers_reference(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    # A title, in any case, is the paper it names: its reference goes in, not the title.
    page.fill("#paper-input", "good enough practices in SCIENTIFIC computing")
    page.press("#paper-input", "Enter")
    expect(page.locator("#paper-chips .chip")).to_have_count(1)
    expect(page.locator("#paper-chips .chip")).to_have_attribute("data-ref", GOOD_ENOUGH_REF)
    expect(page.locator("#paper-input")).to_have_value("")
    # The only suggestion for a piece of a title is taken as well.
    found = httpx.get(f"{server.url}/v1/library", params={"q": DEEP_RULES_REF}).json()
    title = found["papers"][0]["title"]
    page.locator("#paper-input").press_sequentially(" ".join(title.split()[:4]))
    expect(page.locator("#paper-suggestions option")).to_have_count(1)
    page.press("#paper-input", "Enter")
    expect(page.locator("#paper-chips .chip").nth(1)).to_have_attribute("data-ref", DEEP_RULES_REF)
    # A reference the library does not suggest goes in as typed.
    page.fill("#paper-input", "arXiv:2401.00001")
    page.click("#paper-add")
    expect(page.locator("#paper-chips .chip").nth(2)).to_have_attribute(
        "data-ref", "arXiv:2401.00001"
    )


def test_after_the_token_the_judges_load_and_stale_errors_go(
    page: Page, strict: RunningServer
) -> None:
    page.goto(strict.url)
    expect(page.locator("#token-panel")).to_be_visible()
    # The library's list says why it is empty, by the list.
    expect(page.locator("#library-filter-status")).to_contain_text("token")
    expect(page.locator("#judge option")).to_have_count(0)
    page.fill("#token-input", TOKEN)
    page.click("#token-form button")
    # What failed for want of the token is asked again: both Judge selects fill in...
    expect(page.locator("#judge option[value=local]")).to_have_attribute("selected", "")
    expect(page.locator("#review-judge option[value=local]")).to_have_attribute("selected", "")
    # ... and the library's "a valid bearer token is required" is gone with the table filled.
    expect(page.locator(f'#library-table tr[data-ref="{DEEP_RULES_REF}"]')).to_have_count(1)
    expect(page.locator("#library-filter-status")).to_have_text("")
    expect(page.locator("#upload-status")).to_have_text("")


def test_keyboard_focus_shows_on_a_flagged_marker(page: Page, server: RunningServer) -> None:
    send_review(page, server.url, "A sentence that cites a missing paper [@missing].\n")
    marker = page.locator('#review-draft .claim-marker[data-claim="1"]')
    expect(marker).to_have_class(re.compile(r"\bneeds-review\b"))
    flagged = ("rgb(179, 92, 0)", "2px")
    outline = "e => { const s = getComputedStyle(e); return [s.outlineColor, s.outlineWidth]; }"
    assert tuple(marker.evaluate(outline)) == flagged
    # Tab from the reviewed draft (where focus lands) to the marker, the sentence's one control:
    # the focus ring is not the needs-review outline.
    expect(page.locator("#review-output")).to_be_focused()
    page.keyboard.press("Tab")
    expect(marker).to_be_focused()
    assert marker.evaluate("e => e.matches(':focus-visible')")
    assert tuple(marker.evaluate(outline)) == ("rgb(36, 87, 166)", "3px")


def _focused_id(page: Page) -> str:
    return str(page.evaluate("document.activeElement.id"))


def test_focus_lands_on_the_results_after_check_review_and_upload(
    page: Page, server: RunningServer, tmp_path: Path
) -> None:
    page.goto(server.url)
    # Check from the keyboard: when the cards are in, focus is on them, not lost to <body>.
    page.fill("#claim", NARROW_CLAIM)
    page.fill("#paper-input", DEEP_RULES_REF)
    page.press("#paper-input", "Enter")
    page.focus("#check-submit")
    page.keyboard.press("Enter")
    expect(page.locator("#check-status")).to_have_attribute("data-kind", "done")
    expect(page.locator("#results-title")).to_be_focused()
    # Review: focus on the reviewed draft.
    page.fill("#draft", "A sentence that cites a missing paper [@missing].\n")
    page.focus("#review-submit")
    page.keyboard.press("Enter")
    expect(page.locator("#review-status")).to_have_attribute("data-kind", "done")
    expect(page.locator("#review-output")).to_be_focused()
    # A failed review keeps focus on its button, beside the error.
    page.fill("#draft", "A sentence [@k].")
    page.click("#review-form details.options summary")
    page.fill("#review-bib", "[not json")
    page.focus("#review-submit")
    page.keyboard.press("Enter")
    expect(page.locator("#review-status")).to_have_attribute("data-kind", "error")
    expect(page.locator("#review-submit")).to_be_focused()
    # Upload: focus back on the button, beside what the status says.
    paper = tmp_path / "focus.md"
    paper.write_text("# Focus\n\nThe buoys were calibrated every six months.\n", encoding="utf-8")
    page.set_input_files("#upload-file", str(paper))
    page.fill("#upload-ref", "arXiv:2301.00004")
    try:
        page.focus("#upload-submit")
        page.keyboard.press("Enter")
        expect(page.locator("#upload-status")).to_have_attribute("data-kind", "done")
        expect(page.locator("#upload-submit")).to_be_focused()
    finally:
        httpx.delete(f"{server.url}/v1/library/arXiv:2301.00004")
    assert _focused_id(page) == "upload-submit"
