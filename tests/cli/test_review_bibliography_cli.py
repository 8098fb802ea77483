"""``claimaudit review --bib``: each record names the paper its entry's own fields identify
(``paperRef``), and says when the entry names a second work's identifier."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.library.store import Library

BIB = r"""
@article{gep,
  title = {Good enough practices in scientific computing},
  author = {Wilson, Greg}, year = {2017},
  doi = {10.1371/journal.pcbi.1005510},
  note = {Builds on the SciPy ecosystem (arXiv:1907.10121)},
}
@article{scipy,
  title = {SciPy 1.0}, eprint = {1907.10121}, archivePrefix = {arXiv},
  doi = {10.1038/s41592-019-0686-2},
}
@misc{scholar, title = {SciPy 1.0}, journal = {arXiv preprint arXiv:1907.10121}}
"""
DRAFT = """Good practice says SciPy provides sparse matrix data structures [@gep].

SciPy provides sparse matrix data structures [@scipy].

SciPy is written in Python [@scholar].
"""


def test_records_name_the_paper_the_entry_identifies(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "draft.md").write_text(DRAFT, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()  # empty: every record is not_checked, no judge is run
    result = runner.invoke(app, [
        "review", str(tmp_path / "draft.md"), "--bib", str(tmp_path / "refs.bib"),
        "--no-cache", "--library", str(library), "--json", str(tmp_path / "out.json"),
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    records = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["records"]
    assert [r["paperRef"] for r in records] == [
        "doi:10.1371/journal.pcbi.1005510",
        "arXiv:1907.10121",
        "arXiv:1907.10121",  # Google Scholar's export: the journal field is all it gives
    ]
    assert [r.get("bibliographyNote") for r in records] == [
        None,
        "bibliography entry 'scipy' names two identifiers, arXiv:1907.10121 and "
        "doi:10.1038/s41592-019-0686-2; it is checked as arXiv:1907.10121",
        None,
    ]
