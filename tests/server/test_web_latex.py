"""LaTeX drafts in the page's "Review a draft" panel, in headless Chromium: the format follows
the pasted text until the person picks one, the right field is sent, cited sentences are
highlighted at their offsets in the LaTeX, and the annotated copy is LaTeX."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Page, expect

from tests.server.conftest import NARROW_CLAIM, PAGE_TIMEOUT_MS, RunningServer
from tests.server.pages import send_review
from tests.server.test_reviews import WRAPPED, WRAPPED_WARNING

expect.set_options(timeout=PAGE_TIMEOUT_MS)
# A code point beyond the BMP before the citations: offsets count code points, not UTF-16 units.
DOUBLE_STRUCK_E = "\U0001d53c"
LATEX = rf"""\documentclass{{article}}
\begin{{document}}
\section{{A short draft {DOUBLE_STRUCK_E}}}
{NARROW_CLAIM[:-1]}~\cite{{lee2022}}. Scientists should put everything in version control
\citep{{wilson}}.

This sentence cites nothing.
\end{{document}}
"""
BIB = (
    "@article{lee2022, eprint = {2105.14372}, archivePrefix = {arXiv}}\n"
    "@article{wilson, eprint = {1609.00037}, archivePrefix = {arXiv}}"
)
MARKDOWN = f"{NARROW_CLAIM[:-1]} [@lee2022].\n"


def _fill_draft(page: Page, text: str) -> None:
    page.fill("#draft", text)
    page.click("#review-form details.options summary")
    page.fill("#review-bib", BIB)
    page.select_option("#review-judge", "gated")


def test_a_pasted_latex_draft_is_reviewed_as_latex(
    page: Page, server: RunningServer, tmp_path: Path
) -> None:
    page.goto(server.url)
    expect(page.locator("#draft-format-markdown")).to_be_checked()
    _fill_draft(page, LATEX)
    # Clearly LaTeX: the format follows, and the draft's label says so.
    expect(page.locator("#draft-format-latex")).to_be_checked()
    expect(page.locator("#draft-label")).to_have_text("LaTeX draft")
    with page.expect_request("**/v1/reviews") as sent:
        page.click("#review-submit")
    body = sent.value.post_data_json
    assert body["latex"] == LATEX and "markdown" not in body
    expect(page.locator("#review-status")).to_contain_text("2 cited sentences, 2 records")
    expected = httpx.post(
        f"{server.url}/v1/reviews",
        json={"latex": LATEX, "bibliography": {"text": BIB}, "judge": "gated"},
        timeout=60,
    ).json()

    # Each cited sentence is highlighted exactly where the server says it is in the LaTeX.
    draft = page.locator("#review-draft")
    expect(draft.locator(".sentence")).to_have_count(2)
    by_index = {r["sentence"]["index"]: r["sentence"] for r in expected["records"]}
    for number, sentence in enumerate(sorted(by_index.values(), key=lambda s: s["start"]), 1):
        source = LATEX[sentence["start"] : sentence["end"]]
        expect(draft.locator(f'.sentence[data-claim="{number}"]')).to_have_text(source)
    expect(draft.locator('.sentence[data-claim="1"]')).to_contain_text(r"\cite{lee2022}")
    # The LaTeX is shown as written: its commands are text, and a \section is no heading.
    expect(draft).to_contain_text(r"\begin{document}")
    expect(draft.locator(".draft-block.heading")).to_have_count(0)
    expect(page.locator("#review-uncited")).to_contain_text("This sentence cites nothing.")

    # The annotated copy is the LaTeX with comment lines, titled and downloaded as such.
    page.click("#review-annotated-panel summary")
    expect(page.locator("#review-annotated-title")).to_contain_text("Annotated LaTeX")
    expect(page.locator("#review-annotated")).to_contain_text("% claimaudit:")
    expect(page.locator("#review-download")).to_have_text("Download annotated.tex")
    with page.expect_download() as download:
        page.click("#review-download")
    assert download.value.suggested_filename == "annotated.tex"
    assert Path(download.value.path()).read_text(encoding="utf-8") == expected["annotated"]

    # A Markdown review afterwards brings the Markdown names back.
    page.fill("#draft", MARKDOWN)
    expect(page.locator("#draft-format-markdown")).to_be_checked()
    page.click("#review-submit")
    expect(page.locator("#review-status")).to_contain_text("1 cited sentence, 1 record")
    expect(page.locator("#review-annotated-title")).to_contain_text("Annotated Markdown")
    expect(page.locator("#review-download")).to_have_text("Download annotated.md")


def test_the_person_s_format_choice_wins_and_is_kept(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    _fill_draft(page, LATEX)
    expect(page.locator("#draft-format-latex")).to_be_checked()
    page.check("#draft-format-markdown")
    expect(page.locator("#draft-label")).to_have_text("Markdown draft")
    # Picked, the format no longer follows the text.
    page.fill("#draft", LATEX + "\n")
    expect(page.locator("#draft-format-markdown")).to_be_checked()
    with page.expect_request("**/v1/reviews") as sent:
        page.click("#review-submit")
    assert "markdown" in sent.value.post_data_json
    assert "latex" not in sent.value.post_data_json
    expect(page.locator("#review-status")).to_have_attribute("data-kind", "done")

    page.reload()
    expect(page.locator("#draft")).to_have_value(LATEX + "\n")
    expect(page.locator("#draft-format-markdown")).to_be_checked()
    page.check("#draft-format-latex")
    page.reload()
    expect(page.locator("#draft-format-latex")).to_be_checked()
    expect(page.locator("#draft-label")).to_have_text("LaTeX draft")


def test_a_kept_latex_draft_is_recognised_after_a_reload(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    page.fill("#draft", LATEX)
    page.reload()
    expect(page.locator("#draft")).to_have_value(LATEX)
    expect(page.locator("#draft-format-latex")).to_be_checked()
    # Not picked, so it still follows the text.
    page.fill("#draft", MARKDOWN)
    expect(page.locator("#draft-format-markdown")).to_be_checked()


def test_an_input_in_a_latex_draft_says_to_paste_the_file(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    _fill_draft(page, LATEX.replace("This sentence", r"\input{intro} This sentence"))
    page.click("#review-submit")
    status = page.locator("#review-status")
    expect(status).to_have_attribute("data-kind", "error")
    expect(status).to_have_text(
        r"The LaTeX draft includes another file (\input{intro}), which the server cannot read "
        "from here: paste the included file's text in its place, then review again."
    )
    expect(page.locator("#review-output")).to_be_hidden()


def test_a_named_bibliography_says_to_paste_it(page: Page, server: RunningServer) -> None:
    send_review(
        page, server.url, LATEX.replace(r"\end{document}", "\\bibliography{refs}\n\\end{document}")
    )
    expect(page.locator("#review-status")).to_have_text(
        "The draft names the bibliography refs: paste its BibTeX under "
        "“Bibliography and options”, then review again."
    )


# A block bibtexparser cannot read (no comma after the key) and a key given twice: neither is
# used, and the review says so. Markup in it must reach the page as text.
UNREAD_BIB = (
    "@article{broken title = {x}}\n"
    "@misc{<b>k</b>, title = {once}}\n"
    "@misc{<b>k</b>, title = {again}}\n"
)


def test_a_review_s_warnings_and_unread_entries_are_listed_as_text(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    page.fill("#draft", WRAPPED)
    page.click("#review-form details.options summary")
    page.fill("#review-bib", UNREAD_BIB)
    page.select_option("#review-judge", "gated")
    page.click("#review-submit")
    status = page.locator("#review-status")
    expect(status).to_have_attribute("data-kind", "done")
    expect(status).to_contain_text("3 warnings above the draft.")
    panel = page.locator("#review-warnings")
    expect(panel).to_be_visible()
    # Named by its heading, each item saying "Warning:" in words, not by colour alone.
    expect(page.get_by_role("region", name="Warnings (3)")).to_be_visible()
    items = panel.locator("li")
    expect(items).to_have_count(3)
    expect(items.nth(0)).to_have_text(f"Warning: {WRAPPED_WARNING}")
    expect(items.nth(1)).to_have_text(
        "Warning: the bibliography line 1: an entry that could not be read "
        "(Expected comma after entry key, but found =)"
    )
    expect(items.nth(2)).to_have_text(
        "Warning: the bibliography line 3: a second entry with the key '<b>k</b>', ignored "
        "(the first is used)"
    )
    # The server's text (here a key with markup) is never markup on the page.
    expect(panel.locator("b")).to_have_count(0)

    # A review with nothing to warn of hides the list again, and its status says none.
    page.fill("#draft", LATEX)
    page.fill("#review-bib", BIB)
    page.click("#review-submit")
    expect(status).to_contain_text("2 cited sentences, 2 records")
    expect(status).not_to_contain_text("warning")
    expect(panel).to_be_hidden()
    expect(panel.locator("li")).to_have_count(0)
