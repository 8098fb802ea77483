"""The check table names the edition judged when the reference named none (``cli/_render``)."""

from __future__ import annotations

import pytest
from rich.console import Console

from claimaudit.cli._render import records_stacked, records_table
from claimaudit.records import Record, record_from_dict
from tests.cli.records import judged_record

_RECORD = judged_record(
    claim="Transposed convolutions are also called fractionally strided convolutions.",
    paperRef="1603.07285",
    matchedRef="arXiv:1603.07285v2",
    paperTitle="A guide to convolution arithmetic for deep learning",
    paperUrl="https://arxiv.org/abs/1603.07285v2",
    searchQuery="Transposed convolutions",
    evidencePassageId="P106",
    evidence="Transposed convolutions - also called fractionally strided convolutions.",
)


def _text(record: Record, *, stacked: bool = False) -> str:
    console = Console(width=120, record=True)
    console.print(records_stacked([record]) if stacked else records_table([record]))
    return console.export_text()


@pytest.mark.parametrize("stacked", [False, True])
def test_an_unversioned_reference_says_which_version_was_read(stacked: bool) -> None:
    # The table showed "1603.07285" alone: v2's verdict read as the work's, v1 or v2.
    text = _text(record_from_dict(_RECORD), stacked=stacked)
    assert "read as arXiv:1603.07285v2" in text


@pytest.mark.parametrize(
    ("asked", "matched"),
    [
        ("arXiv:1603.07285v2", "arXiv:1603.07285v2"),  # the version asked for
        ("https://arxiv.org/abs/1603.07285v2", "arXiv:1603.07285v2"),  # the same, as a URL
        ("1603.07285", "arXiv:1603.07285"),  # a copy stored without a version
        ("https://doi.org/10.1371/JOURNAL.pcbi.1005510", "doi:10.1371/journal.pcbi.1005510"),
    ],
)
def test_the_edition_asked_for_is_not_said_again(asked: str, matched: str) -> None:
    record = record_from_dict({**_RECORD, "paperRef": asked, "matchedRef": matched})
    assert "read as" not in _text(record)
