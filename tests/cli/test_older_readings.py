"""A run judging a library paper as an older reader read it says so (``cli/_older_readings``)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.cli._older_readings import older_reading, older_readings_note
from claimaudit.library.extract import extractor_version
from claimaudit.records import Record, record_from_dict
from tests.cli.conftest import DEEP_RULES_REF
from tests.cli.records import judged_record

_RECORD = judged_record(
    claim="SciPy provides sparse matrices.",
    paperRef="arXiv:1907.10121",
    matchedRef="arXiv:1907.10121",
    paperTitle="SciPy 1.0",
    paperUrl=None,
    paperContentHash="9d36b9b1" * 8,
    paperExtractor="latex/2",
    evidencePassageId="P059",
    evidence="SciPy provides sparse matrices.",
)


def _record(**changes: object) -> Record:
    return record_from_dict({**_RECORD, **changes})


def test_a_library_paper_read_by_an_older_reader_is_named_and_others_are_not() -> None:
    latex = extractor_version("latex")
    assert older_reading(_record()) == f"arXiv:1907.10121 (latex/2; now {latex})"
    assert older_reading(_record(paperExtractor=None)) == "arXiv:1907.10121 (reader unrecorded)"
    assert older_reading(_record(paperExtractor=latex)) is None  # this version's reader
    assert older_reading(_record(paperExtractor="latex/99999")) is None  # a newer one's
    # Another source's paper (no library hash): no reader to speak of.
    assert older_reading(_record(paperContentHash=None, paperExtractor=None)) is None


def test_the_note_names_each_paper_once_and_the_first_three() -> None:
    assert older_readings_note([_record(paperExtractor=extractor_version("latex"))]) is None
    one = older_readings_note([_record(), _record()])
    assert one is not None and one.startswith("note: 1 paper judged as an older reader read it")
    assert "adding its file again reads it anew" in one
    refs = [f"arXiv:2101.0000{i}" for i in range(1, 6)]
    many = older_readings_note([_record(paperRef=r, matchedRef=r) for r in refs])
    assert many is not None and many.startswith("note: 5 papers judged as an older reader")
    assert "arXiv:2101.00003 (latex/2" in many and "arXiv:2101.00004" not in many
    assert "; ...; adding their files again reads them anew" in many


def test_check_says_when_it_judged_a_paper_an_older_reader_read(
    runner: CliRunner, library_copy: Path
) -> None:
    # After an upgrade, `check` judged the older reader's passages and said nothing of it;
    # only `library list` did. The note goes to stderr: the JSON on stdout is as it was.
    with sqlite3.connect(library_copy) as conn:
        conn.execute("UPDATE papers SET extractor = 'markdown/1'")
    args = ["check", "Deep learning needs baselines.", "--paper", DEEP_RULES_REF]
    result = runner.invoke(app, [*args, "--library", str(library_copy), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["records"][0]["paperExtractor"] == "markdown/1"
    current = extractor_version("markdown")
    assert (
        f"note: 1 paper judged as an older reader read it: {DEEP_RULES_REF} (markdown/1; now "
        f"{current})" in " ".join(result.stderr.split())
    )


def test_batch_says_so_after_its_summary(
    runner: CliRunner, library_copy: Path, tmp_path: Path
) -> None:
    with sqlite3.connect(library_copy) as conn:
        conn.execute("UPDATE papers SET extractor = NULL, source_format = NULL")  # pre-step 4
    claims = tmp_path / "claims.jsonl"
    line = {"id": 1, "claim": "Deep learning needs baselines.", "papers": [DEEP_RULES_REF]}
    claims.write_text(json.dumps(line) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = ["batch", str(claims), "--out", str(out), "--library", str(library_copy)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert (
        f"note: 1 paper judged as an older reader read it: {DEEP_RULES_REF} (reader "
        "unrecorded)" in " ".join(result.stderr.split())
    )


def test_review_says_so_after_its_summary(
    runner: CliRunner, library_copy: Path, tmp_path: Path
) -> None:
    with sqlite3.connect(library_copy) as conn:
        conn.execute("UPDATE papers SET extractor = 'markdown/1'")
    draft = tmp_path / "draft.md"
    draft.write_text(f"Deep learning needs baselines [@{DEEP_RULES_REF}].\n", encoding="utf-8")
    result = runner.invoke(app, ["review", str(draft), "--library", str(library_copy)])
    assert result.exit_code == 0, result.output
    assert f"judged as an older reader read it: {DEEP_RULES_REF} (markdown/1" in " ".join(
        result.stderr.split()
    )
