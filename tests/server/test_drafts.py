"""A draft sent as text, read for review (``server.drafts``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from claimaudit.errors import BibliographyError, DraftError, InvalidTextError
from claimaudit.review.bibliography import parse_bibliography
from claimaudit.server.drafts import check_markdown_bibliography, latex_claims, review_inputs

BIB = "@misc{lee2022, eprint = {2105.14372}, archivePrefix = {arXiv}}"


def test_a_latex_draft_s_keys_resolve_through_the_bibliography_sent() -> None:
    draft = "Deep learning needs data \\cite{lee2022}.\n\\bibliography{refs}\n"
    found = latex_claims(draft, parse_bibliography(BIB))
    [claim] = found.claims
    assert [t.paper for t in claim.targets] == ["arXiv:2105.14372"]


def test_its_own_thebibliography_is_enough() -> None:
    draft = (
        "Deep learning needs data \\cite{lee2022}.\n\\bibliography{refs}\n"
        "\\begin{thebibliography}{1}\\bibitem{lee2022} Lee. arXiv:2105.14372.\n"
        "\\end{thebibliography}\n"
    )
    [claim] = latex_claims(draft, None).claims
    assert [t.paper for t in claim.targets] == ["arXiv:2105.14372"]


@pytest.mark.parametrize(
    ("draft", "message"),
    [
        ("A \\cite{a}.\n\\bibliography{refs,more}", "names the bibliography refs, more: send"),
        ("A \\cite{a}.\n\\include{chapter}", "draft.tex: \\include{chapter} refused"),
    ],
)
def test_what_was_not_sent_is_a_draft_error(draft: str, message: str) -> None:
    with pytest.raises(DraftError, match=message.replace("\\", "\\\\")):
        latex_claims(draft, None)


def test_review_inputs_refuse_before_reading() -> None:
    with pytest.raises(DraftError, match=r"^the draft is empty: there is no LaTeX text to review$"):
        review_inputs(" ", "LaTeX", None, None, None, None)
    with pytest.raises(InvalidTextError):
        review_inputs("\ud800", "Markdown", None, None, None, None)
    assert review_inputs("x", "Markdown", None, None, None, None) is None


@pytest.mark.parametrize("language", ["Markdown", "LaTeX"])
def test_a_draft_holding_a_null_character_is_refused(language: str) -> None:
    # It was reviewed: its sentence shown with U+FFFD, the annotated copy keeping U+0000; the
    # command line refuses such a file as binary.
    with pytest.raises(DraftError) as caught:
        review_inputs("X holds [@a].\x00 Y.", language, None, None, None, None)
    assert str(caught.value) == (
        f"the draft holds U+0000 (a null character) at character 14: send the {language} "
        "text itself"
    )
    assert (caught.value.http_status, caught.value.code) == (400, "invalid_draft")


@pytest.mark.parametrize("text", ["", "  \n", "% entries to come\n", "@article{x, title={a}\n"])
def test_a_bibliography_sent_with_no_usable_entry_is_read_on(text: str) -> None:
    # As `claimaudit review --bib` reads such a file (README): the review goes on, each
    # citation saying why. It was refused (400 invalid_bibliography), and so over MCP.
    bib = review_inputs("A [@x].", "Markdown", text, None, None, None)
    assert bib is not None and bib.entries == {}
    assert [u.key for u in bib.unread] == (["x"] if text.startswith("@") else [])


def test_a_bibliography_that_cannot_be_read_at_all_is_still_refused() -> None:
    with pytest.raises(BibliographyError, match=r"^the bibliography is not valid JSON"):
        review_inputs("A [@x].", "Markdown", "", "csl-json", None, None)


def test_a_bibliography_sent_as_a_file_with_no_usable_entry_is_read_on(tmp_path: Path) -> None:
    path = tmp_path / "bad.bib"
    path.write_text("@article{x, title={a}\n", encoding="utf-8")
    bib = review_inputs("A [@x].", "Markdown", None, None, path, None)
    assert bib is not None and [u.key for u in bib.unread] == ["x"]


def test_csl_yaml_sent_without_its_format_is_refused_naming_it() -> None:
    yaml = "references:\n- id: x\n  DOI: 10.48550/arXiv.1907.10121\n"
    with pytest.raises(BibliographyError, match=r"read as BibTeX .* looks like CSL YAML$"):
        review_inputs("A [@x].", "Markdown", yaml, None, None, None)
    bib = review_inputs("A [@x].", "Markdown", yaml, "csl-yaml", None, None)
    assert bib is not None and list(bib.entries) == ["x"]


def test_a_format_without_bibliography_text_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DraftError, match=r"^bibliographyFormat is the format of the bib"):
        review_inputs("A [@x].", "Markdown", None, "csl-yaml", tmp_path / "refs.yaml", None)


@pytest.mark.parametrize(
    ("front", "message"),
    [
        ("bibliography: refs.bib", "the draft names the bibliography refs.bib: send its text"),
        ("bibliography:\n  - a.bib\n  - b.json\n  - a.bib", "the bibliography a.bib, b.json:"),
        ("bibliography: [", "the draft: its YAML front matter cannot be read ("),
        ("bibliography: 7", "the draft: bibliography: in its front matter must be a file name"),
    ],
)
def test_a_markdown_draft_naming_a_bibliography_not_sent_is_a_draft_error(
    front: str, message: str
) -> None:
    with pytest.raises(DraftError, match=re.escape(message)):
        check_markdown_bibliography(f"---\n{front}\n---\n\nA claim [@a].\n", None)


@pytest.mark.parametrize(
    "draft",
    [
        "---\nbibliography: refs.bib\n---\n\nA claim [@a].\n",
        "---\nbibliography: [\n---\n\nA claim [@a].\n",  # not read: the one sent wins
    ],
)
def test_the_bibliography_sent_wins_over_the_front_matter_s(draft: str) -> None:
    check_markdown_bibliography(draft, parse_bibliography(BIB))


@pytest.mark.parametrize(
    "draft",
    ["A claim [@a].\n", "---\ntitle: A draft\n---\n\nA claim [@a].\n", "---\n---\n\nText.\n"],
)
def test_a_markdown_draft_naming_no_bibliography_needs_none(draft: str) -> None:
    check_markdown_bibliography(draft, None)
