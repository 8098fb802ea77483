"""``parse_bibliography`` and ``load_bibliography`` refuse an argument of the wrong kind in one
line naming it: a text that is None or bytes was an AttributeError or a TypeError from deep
inside, and an unknown ``kind`` ("xml") or a truthy ``allow_empty`` ("no") was quietly read as
something else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from claimaudit.errors import UsageError
from claimaudit.review.bibliography import load_bibliography, parse_bibliography

BIBTEX = "@misc{a, eprint = {1907.10121}, archivePrefix = {arXiv}}"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"text": None}, "the bibliography must be text (a string), not NoneType"),
        ({"text": b"@misc{a}"}, "the bibliography must be text (a string), not bytes"),
        (
            {"kind": "xml"},
            "kind must be 'bibtex', 'csl-json', 'csl-yaml' or None (read by its look), not 'xml'",
        ),
        (
            {"kind": 5},
            "kind must be 'bibtex', 'csl-json', 'csl-yaml' or None (read by its look), not 5",
        ),
        ({"source": 5}, "source must be a string (the bibliography's name) or None, not int"),
        ({"allow_empty": "no"}, "allow_empty must be True or False, not str"),
    ],
)
def test_parse_bibliography_names_the_argument_of_the_wrong_kind(
    arguments: dict[str, Any], message: str
) -> None:
    text = arguments.pop("text", BIBTEX)
    with pytest.raises(UsageError) as caught:
        parse_bibliography(text, **arguments)
    assert str(caught.value) == message


def test_load_bibliography_refuses_an_allow_empty_that_is_no_bool(tmp_path: Path) -> None:
    # "no" read as true: an empty file was accepted where the caller asked for it to be refused.
    empty = tmp_path / "refs.bib"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(UsageError, match=r"^allow_empty must be True or False, not str$"):
        load_bibliography(empty, allow_empty="no")  # type: ignore[arg-type]


def test_a_named_kind_is_still_read_as_that_kind() -> None:
    csl = '[{"id": "a", "type": "article", "DOI": "10.1038/s41592-019-0686-2"}]'
    assert set(parse_bibliography(csl, kind="csl-json").entries) == {"a"}
    assert set(parse_bibliography(BIBTEX, kind="bibtex").entries) == {"a"}


def test_load_bibliography_of_no_file_is_refused() -> None:
    # load_bibliography(*glob("*.bib")) matching nothing gave an empty bibliography named "",
    # and each citation of the review "no entry" in it, rather than saying no file was given.
    with pytest.raises(UsageError, match=r"^load_bibliography needs at least one file$"):
        load_bibliography()
