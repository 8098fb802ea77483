"""The bibliography a Markdown draft's YAML front matter names, as Pandoc reads it."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import DraftError
from claimaudit.identity import parse_ref
from claimaudit.review import review_report
from claimaudit.review.bibliography import parse_bibliography
from claimaudit.review.front_matter import (
    bibliography_names,
    front_matter_bibliographies,
    front_matter_references,
    with_front_matter_references,
)
from tests.fakes import MemorySource, ScriptedJudge, pick


@pytest.mark.parametrize(
    ("head", "names"),
    [
        ("bibliography: refs.bib", ["refs.bib"]),
        (
            "title: X\nbibliography:\n  - refs.bib\n  - sub/more.json\n",
            ["refs.bib", "sub/more.json"],
        ),
        ("bibliography: [a.bib, a.bib]", ["a.bib"]),
        ("title: no bibliography here", []),
        ("", []),
    ],
)
def test_the_front_matter_names_files_beside_the_draft(head: str, names: list[str]) -> None:
    draft = f"\ufeff---\n{head}\n---\n\nA claim [@a].\n"
    folder = Path("/drafts/paper")
    assert front_matter_bibliographies(draft, folder) == [folder / n for n in names]


def test_the_names_are_given_as_written_for_a_draft_without_a_folder() -> None:
    # A draft sent to the server has no folder: its message names the files as written.
    draft = '---\nbibliography: [refs.bib, " refs.bib ", sub/more.json]\n---\n\nText.\n'
    assert bibliography_names(draft) == ["refs.bib", "sub/more.json"]


def test_a_date_typo_in_the_front_matter_does_not_refuse_the_draft() -> None:
    # QA: ``date: 2024-13-45`` (or a number past 4,300 digits) stopped the review with a
    # traceback; the date is not needed, so the draft is read as Pandoc reads it.
    draft = f"---\ndate: 2024-13-45\nn: {'9' * 4_301}\nbibliography: refs.bib\n---\n\nText.\n"
    assert bibliography_names(draft) == ["refs.bib"]


def test_without_front_matter_no_file_is_named() -> None:
    # A thematic break later in the draft is no front matter, whatever follows it.
    draft = "A claim [@a].\n\n---\nbibliography: refs.bib\n---\n"
    assert front_matter_bibliographies(draft, Path(".")) == []


@pytest.mark.parametrize(
    ("head", "message"),
    [
        ("bibliography: [a.bib", "its YAML front matter cannot be read"),
        # Deep nesting raised RecursionError through the review, with a traceback.
        ("bibliography: " + "[" * 5000 + "]" * 5000, r"cannot be read \(nested too deeply\)"),
        ("bibliography: {file: a.bib}", "must be a file name or a list of them"),
        ("bibliography: [a.bib, 3]", "must be a file name or a list of them"),
    ],
)
def test_a_front_matter_that_names_no_file_is_refused(head: str, message: str) -> None:
    with pytest.raises(DraftError, match=message):
        front_matter_bibliographies(f"---\n{head}\n---\nText.\n", Path("."))


def test_a_bibliography_named_in_the_other_unicode_form_is_found(tmp_path: Path) -> None:
    decomposed = unicodedata.normalize("NFD", "Quellen-\u00e4.bib")
    (tmp_path / decomposed).write_text("@misc{a, title = {A}}\n", encoding="utf-8")
    text = "---\nbibliography: Quellen-\u00e4.bib\n---\n\nText.\n"
    assert front_matter_bibliographies(text, tmp_path) == [tmp_path / decomposed]
    assert front_matter_bibliographies(text.replace("\u00e4", "o"), tmp_path) == [
        tmp_path / "Quellen-o.bib"  # missing: as written, for the message
    ]


@pytest.mark.parametrize(
    "name", ["../private_notes.bib", "../../../etc/passwd", "/proc/self/environ", "a/../../x.bib"]
)
def test_a_bibliography_outside_the_drafts_folder_is_refused(tmp_path: Path, name: str) -> None:
    # QA: these were read (an unparsable entry's key then shown, /proc/self/environ parsed);
    # a LaTeX draft's \bibliography refuses the same names.
    folder = tmp_path / "draft"
    folder.mkdir()
    (tmp_path / "private_notes.bib").write_text("@misc{secret, title = {S}}\n", encoding="utf-8")
    with pytest.raises(DraftError, match=r"is outside the draft's folder, so it is not read"):
        front_matter_bibliographies(f"---\nbibliography: {name}\n---\n\nText.\n", folder)


def test_a_symlink_in_the_folder_is_followed_and_dots_inside_it_are_folded(
    tmp_path: Path,
) -> None:
    # As LaTeX's: a link in the folder is the author's own file; "sub/../x" is "x".
    shared = tmp_path / "shared.bib"
    shared.write_text("@misc{a, title = {A}}\n", encoding="utf-8")
    folder = tmp_path / "draft"
    folder.mkdir()
    (folder / "refs.bib").symlink_to(shared)
    text = "---\nbibliography: [refs.bib, sub/../more.bib]\n---\n\nText.\n"
    assert front_matter_bibliographies(text, folder) == [folder / "refs.bib", folder / "more.bib"]


INLINE = (
    "---\ntitle: Draft\nreferences:\n"
    "- id: virtanen2020\n  title: SciPy 1.0\n  author:\n  - family: Virtanen\n"
    "  issued: 2020-02-03\n  URL: https://arxiv.org/abs/1907.10121\n"
    "- id: other\n  DOI: 10.1234/other\n- title: no id\n---\n\n"
)


def test_the_front_matters_own_references_are_entries() -> None:
    # QA: Pandoc's inline "references:" was not read: each citation was not_checked, "no
    # bibliography entry for @virtanen2020 (no bibliography was given)".
    inline = front_matter_references(INLINE + "A claim [@virtanen2020].\n")
    assert inline is not None
    assert [str(r) for r in inline.entries["virtanen2020"].refs] == ["arXiv:1907.10121"]
    assert [u.reason for u in inline.unread] == [
        "item 3 has no id (a string or number) or standard_citation, so it cannot be cited"
    ]
    # A given bibliography's entry of a key wins; the draft's own fill the rest, once.
    given = parse_bibliography("@article{other, doi = {10.5555/given}}\n", source="refs.bib")
    merged = with_front_matter_references(INLINE, given)
    assert merged is not None
    assert [str(r) for r in merged.entries["other"].refs] == ["doi:10.5555/given"]
    assert "virtanen2020" in merged.entries
    assert with_front_matter_references(INLINE, merged) is merged
    assert with_front_matter_references("A claim [@a].\n", given) is given
    # A front matter YAML cannot read is said where its bibliography is read.
    assert front_matter_references("---\nreferences: [\n---\n\nA claim [@a].\n") is None
    with pytest.raises(DraftError, match="references: in its front matter must be a list"):
        front_matter_references("---\nreferences: refs.bib\n---\n\nA claim [@a].\n")


def test_a_review_resolves_keys_through_the_front_matters_references() -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    source = MemorySource()
    source.add(parse_ref("1907.10121v1"), "SciPy 1.0", ["SciPy provides sparse matrices."])
    result = review_report(
        INLINE + "SciPy provides sparse matrices [@virtanen2020].\n",
        checker=Checker(source, judge),
    )
    [item] = result.records
    assert item.record.verdict == "supports"
    assert item.record.paper_ref == "arXiv:1907.10121"
    assert [u.reason for u in result.unread] == [
        "item 3 has no id (a string or number) or standard_citation, so it cannot be cited"
    ]
