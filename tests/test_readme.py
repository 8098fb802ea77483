"""The README's Python snippets run as written: a user copies them first, so they must hold for
a paper that cannot be checked too. Its example of a server error is the server's own answer."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.records import RELATIONS, record_from_dict, record_to_dict

README = Path(__file__).resolve().parents[1] / "README.md"
_SNIPPET = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)

SCIPY = (
    "# SciPy 1.0\n\n"
    "## Sparse data\n\n"
    "SciPy provides sparse matrices in scipy.sparse, with routines for sparse linear algebra.\n\n"
    "## Optimisation\n\n"
    "The optimize module minimises functions and finds roots of equations.\n"
)
DRAFT = (
    "SciPy provides sparse matrices for scientific computing [@scipy].\n\n"
    "Raw data should be backed up in more than one location [@missing].\n"
)
BIB = """@article{scipy, title = {SciPy 1.0}, eprint = {1907.10121}, archivePrefix = {arXiv}}
@article{missing, title = {Ten quick tips}, eprint = {2105.14372}, archivePrefix = {arXiv}}
"""


def snippets() -> list[str]:
    return _SNIPPET.findall(README.read_text(encoding="utf-8"))


def run(code: str) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), {"__name__": "__readme__"})
    return out.getvalue().splitlines()


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder as the snippets expect it: ``library.sqlite3`` (also the default library)
    holding SciPy only, ``draft.md`` citing it and a paper not there, and ``refs.bib``."""
    paper = tmp_path / "scipy" / "index.md"
    paper.parent.mkdir()
    paper.write_text(SCIPY, encoding="utf-8")
    with Library.open(tmp_path / "library.sqlite3") as library:
        add_path(library, paper, ref=parse_ref("arXiv:1907.10121"))
    (tmp_path / "draft.md").write_text(DRAFT, encoding="utf-8")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(tmp_path / "library.sqlite3"))
    return tmp_path


def test_the_readme_has_the_snippets_these_tests_run() -> None:
    found = snippets()
    assert len(found) == 3
    assert "check_claim(" in found[0] and "add_paper(" in found[1]
    assert "review_report(" in found[2]


def test_the_check_claim_snippet_prints_a_verdict_or_why_there_is_none(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = snippets()[0]
    [checked] = run(code)
    assert checked.split()[0] in RELATIONS
    # The paper missing (a library without it, no Valyu key): a not_checked record, and why.
    with Library.open(workdir / "empty.sqlite3"):
        pass
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(workdir / "empty.sqlite3"))
    [missing] = run(code)
    assert missing.startswith("not_checked arXiv:1907.10121 is not in the local library (")


def test_the_add_paper_snippet_adds_the_paper_then_finds_it_unchanged(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = workdir / "fresh" / "library.sqlite3"
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(fresh))
    assert run(snippets()[1]) == ["added arXiv:1907.10121 SciPy 1.0 2"]
    assert run(snippets()[1]) == ["unchanged arXiv:1907.10121 SciPy 1.0 2"]
    with Library.open(fresh, create=False) as library:
        assert library.count_papers() == 1


def test_the_review_snippet_writes_its_outputs(workdir: Path) -> None:
    lines = run(snippets()[2])
    found, missing = lines[:2]
    assert found.startswith("1 arXiv:1907.10121 ") and found.split()[-1] in RELATIONS
    assert missing == "3 arXiv:2105.14372 not_checked"
    annotated = (workdir / "annotated.md").read_text(encoding="utf-8")
    assert "[@scipy].[^claimaudit-1]" in annotated and "[@missing].[^claimaudit-2]" in annotated
    assert "<html" in (workdir / "report.html").read_text(encoding="utf-8")


def test_the_readme_never_installs_claimaudit_from_pypi() -> None:
    # QA: `pip install 'claimaudit[ray]'` failed, claimaudit is not published (and whoever
    # registered the name would be installed); it installs from a checkout or a wheel.
    text = README.read_text(encoding="utf-8")
    assert not re.search(r"pip install ['\"]?claimaudit\b", text)
    assert "not published on PyPI" in text


def test_the_layout_names_every_top_level_module_and_package() -> None:
    # The Layout section is how a reader finds the pipeline; a module it omits is one nobody finds.
    text = README.read_text(encoding="utf-8")
    layout = text.split("## Layout", 1)[1].split("```", 2)[1]
    named = set(re.findall(r"^  (\S+?)/?\s", layout, re.MULTILINE))
    package = Path(__file__).resolve().parents[1] / "src" / "claimaudit"
    present = {
        child.name
        for child in package.iterdir()
        if child.suffix == ".py" or (child.is_dir() and (child / "__init__.py").exists())
    }
    assert present - named == set()
    assert named - present - {"py.typed"} == set()


# The Record schema section's example of a not_checked record, and the library path it names.
_FAILURE_EXAMPLE = re.compile(r"^An operational failure:\n\n```json\n(.*?)^```", re.S | re.M)
_EXAMPLE_LIBRARY = "/home/me/.local/share/claimaudit/library.sqlite3"


def test_the_not_checked_example_is_the_record_check_writes(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from claimaudit.cli import _install_commands, app

    monkeypatch.delenv("VALYU_API_KEY", raising=False)
    [found] = _FAILURE_EXAMPLE.findall(README.read_text(encoding="utf-8"))
    example = json.loads(found.replace(_EXAMPLE_LIBRARY, str(workdir / "library.sqlite3")))
    _install_commands()
    args = ["check", example["claim"], "--paper", example["paperRef"], "--format", "json"]
    result = CliRunner().invoke(app, args)
    [record] = json.loads(result.stdout)["records"]
    assert record == example
    assert record_to_dict(record_from_dict(example)) == example


# The Serving section's example of an error body, for a request naming judge "x".
_ERROR_EXAMPLE = re.compile(r'^`(\{"error": \{.*"unknown judge \'x\'.*\}\})`', re.MULTILINE)


def test_the_serving_error_example_is_what_the_server_answers(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from claimaudit.server.app import create_app
    from claimaudit.server.config import ServerConfig

    [example] = _ERROR_EXAMPLE.findall(README.read_text(encoding="utf-8"))
    body = {"claim": "SciPy provides sparse matrices.", "papers": ["1907.10121"], "judge": "x"}
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        answer = client.post("/v1/checks", json=body)
    assert answer.json() == json.loads(example)
    assert answer.status_code == json.loads(example)["error"]["status"]


def test_the_annotated_latex_example_is_a_line_annotate_writes() -> None:
    from claimaudit.identity import parse_ref as ref_of
    from claimaudit.records import CheckedRecord
    from claimaudit.refcheck.models import ReferenceCheck, ReferenceStatus
    from claimaudit.review.latex.annotate import record_line
    from claimaudit.review.result import ReviewedRecord
    from claimaudit.review.sentences import Sentence

    [shown] = re.findall(
        r"^% claimaudit: (virtanen2020 .*)$", README.read_text(encoding="utf-8"), re.M
    )
    evidence = shown.partition(": \u201c")[2].removesuffix("\u201d")
    assert evidence and "\u201d" in shown
    record = CheckedRecord.model_construct(
        paper_ref="arXiv:1907.10121",
        matched_ref="arXiv:1907.10121",
        verdict="supports",
        confidence=0.63,
        needs_review=True,
        evidence_passage_id="P001",
        evidence_pages=[2],
        evidence_section="Abstract",
        evidence=evidence,
        review_notes=[],
    )
    item = ReviewedRecord(
        sentence=Sentence(index=0, start=0, end=1, line=1, column=1, text="SciPy is ..."),
        citations=("virtanen2020",),
        record=record,
        reference=ReferenceCheck(
            key="virtanen2020", ref=ref_of("1907.10121"), status=ReferenceStatus.OK, reason=""
        ),
    )
    # The README's line is the one annotate writes: the whole passage, in curly quotes.
    assert record_line(item) == shown


_LEFT_OUT_EXAMPLE = re.compile(r"`claims\.jsonl:(\d+): (the claim has \d+ characters; [^`]+)`")
_LEFT_OUT_LINES = re.compile(
    r"the shared Citation-Integrity train file holds two \(line (\d+), and line\s+(\d+),"
)


def test_the_left_out_claims_example_is_what_eval_says_of_the_shared_file(
    shared_data: Path,
) -> None:
    # QA: the README quoted "4309 characters" for line 39, a count from before the citation
    # slots were dropped as they are now; eval says 4331.
    from claimaudit.evaluation.datasets import CorpusFormat, read_dataset

    text = " ".join(README.read_text(encoding="utf-8").split())
    [(line, reason)] = _LEFT_OUT_EXAMPLE.findall(text)
    [lines] = _LEFT_OUT_LINES.findall(text)
    claims = shared_data / "citation-integrity" / "claims_train.jsonl"
    dataset = read_dataset(CorpusFormat.CITATION_INTEGRITY, claims, skip_invalid=True)
    assert [c.where for c in dataset.left_out] == [f"{claims}:{n}" for n in lines]
    first = dataset.left_out[0]
    assert (first.where, first.reason) == (f"{claims}:{line}", reason)


_RECIPE_PASSAGES = re.compile(
    r"when the Markdown reader cut the paper into \d+ passages; it cuts\s+it into (\d+) now"
)


def test_the_llama_recipe_says_how_many_passages_its_paper_has_now(tmp_path: Path) -> None:
    # QA: the recipe's "the paper's 167 passages" was the count of 2026-12-02; adding the
    # paper as the recipe does gives 218 since, so the README gives both.
    [now] = _RECIPE_PASSAGES.findall(README.read_text(encoding="utf-8"))
    paper = README.parent / "examples/papers/good-enough-practices_wilson2017/index.md"
    with Library.open(tmp_path / "library.sqlite3") as library:
        added = add_path(library, paper, ref=parse_ref("arXiv:1609.00037"))
    assert added.passage_count == int(now)


def test_every_function_the_readme_names_from_python_can_be_imported() -> None:
    # QA: the engines paragraph named run_batch, evaluate and check_pairs bare, as if the
    # package exported them, and "load_bibliography and parse_bibliography from Python" named
    # one the package root did not export.
    import importlib

    import claimaudit

    text = README.read_text(encoding="utf-8")
    assert "`load_bibliography` and `parse_bibliography` from Python" in text
    assert hasattr(claimaudit, "parse_bibliography")
    for dotted in re.findall(r"`(claimaudit(?:\.[a-z_]+)+)`", text):
        module, _, name = dotted.rpartition(".")
        try:
            found = importlib.import_module(dotted)
        except ImportError:
            found = getattr(importlib.import_module(module), name, None)
        assert found is not None, dotted
    assert "`claimaudit.batch.run.run_batch`" in text


def test_each_example_paper_has_the_licence_file_the_readme_names() -> None:
    # QA: the README pointed at "the LICENSE file beside each"; the files are LICENSE.md.
    text = " ".join(README.read_text(encoding="utf-8").split())
    [name] = re.findall(r"keep their own licences \(see the `([^`]+)` file in each", text)
    folders = [p for p in (README.parent / "examples" / "papers").iterdir() if p.is_dir()]
    assert folders
    assert all((folder / name).is_file() for folder in folders)


def test_the_benchmarks_give_the_scifact_figure_eval_val_gives() -> None:
    # docs/benchmarks.md said `make eval-val` gives metrics.json's out-of-fold SciFact figure
    # (0.653); it gives the in-sample one (the shipped aggregator was fitted on that split),
    # which training/EXPERIMENTS.md's latest measurement records.
    root = README.parent
    experiments = (root / "training" / "EXPERIMENTS.md").read_text(encoding="utf-8")
    rows = re.findall(
        r"^\| SciFact validation \(in sample\) \| [\d.]+ \| ([\d.]+) \|", experiments, re.M
    )
    benchmarks = " ".join((root / "docs" / "benchmarks.md").read_text(encoding="utf-8").split())
    assert f"On SciFact validation `make eval-val` gives {rows[-1]}" in benchmarks
    assert (
        "the figures `make eval-val` (`claimaudit eval`) gives on 0.4.6 too: since"
        not in benchmarks
    )


# What the README tells a user to import or build from the package: "from claimaudit import
# X, Y" and a class called in its text, `Name(...)`.
_IMPORT = re.compile(r"from (claimaudit[\w.]*) import\s+(\w+(?:, *\w+)*)")
_CALLED = re.compile(r"`([A-Z]\w+)\(")


def test_what_the_readme_tells_users_to_import_is_importable() -> None:
    # QA: it named `OpenAIJudge(..., key_env=...)` for a key in a variable of one's own, and
    # `from claimaudit import OpenAIJudge` raised ImportError.
    import importlib

    text = README.read_text(encoding="utf-8")
    for module, names in _IMPORT.findall(text):
        imported = importlib.import_module(module)
        for name in (n.strip() for n in names.split(",")):
            if name:
                assert hasattr(imported, name), f"from {module} import {name}"
    import claimaudit

    for name in set(_CALLED.findall(text)):
        assert name in claimaudit.__all__, f"README builds {name}(...), not in claimaudit"


def test_the_search_query_limit_the_readme_gives_is_the_api_s(tmp_path: Path) -> None:
    # QA: the API refused a q over 2,000 characters (a pasted paragraph of 300 words) with 422
    # while the README said the words past 256 are named in leftOut "over HTTP".
    from claimaudit.server.app import create_app
    from claimaudit.server.config import ServerConfig

    schema = create_app(ServerConfig(library=tmp_path / "library.sqlite3")).openapi()
    parameters = schema["paths"]["/v1/library/search"]["get"]["parameters"]
    [q] = [p for p in parameters if p["name"] == "q"]
    most = q["schema"]["maxLength"]
    text = README.read_text(encoding="utf-8")
    refused = f"`q: String should have at most {most} characters`"
    assert f"a `q` over {most:,} characters ({refused}" in text
    assert f"over HTTP `q` and MCP's `query` are at most {most:,} characters" in text


def test_the_readme_gives_the_cap_on_the_spellings_a_search_adds() -> None:
    # QA: "ασκηση" alone found "άσκηση", but not as the 21st word of a Greek query: the other
    # spellings stop at MAX_ACCENT_FORMS in all, which the README did not say; the words so cut
    # are named (``leftOut``), as the words past the cap on words are.
    from claimaudit.library.search_spellings import MAX_ACCENT_FORMS
    from claimaudit.library.search_words import search_words

    text = README.read_text(encoding="utf-8")
    assert f"up to {MAX_ACCENT_FORMS} spellings in all: the later Greek or Russian words" in text
    assert "named, a warning and in `leftOut`" in text and "unnamed" not in text
    earlier = (
        "αεροπορια βιβλιοθηκη γεωγραφια δημοκρατια εκκλησια θαλασσα ιστορια καθηγητης "
        "λογοτεχνια μαθηματικα νοσοκομειο οικογενεια παιδια ραδιοφωνο σχολειο τηλεοραση "
        "υπολογιστης φιλοσοφια χημεια ψυχολογια"
    )
    assert '"άσκηση"' in search_words("ασκηση").match
    assert '"άσκηση"' not in search_words(f"{earlier} ασκηση").match
    assert "ασκηση" in search_words(f"{earlier} ασκηση").left_out


# Codes only the command line meets (batch, eval, record_from_dict) or that no client is sent
# (a cancelled request's client has gone).
_NOT_SERVED_CODES = {
    "batch_output_locked",
    "invalid_batch_output",
    "invalid_dataset",
    "invalid_record",
    "cancelled",
}


def test_the_serving_section_names_every_error_code_the_server_answers_with() -> None:
    # QA: 409 `conflict`, 400 `unknown_judge` and `library_error` and 500 `plugin_error` were
    # answered but named nowhere in "Serving", so a client could not look them up there.
    from claimaudit.errors import ClaimauditError

    def tree(cls: type) -> list[type]:
        return [cls, *(sub for child in cls.__subclasses__() for sub in tree(child))]

    codes = {cls.code for cls in tree(ClaimauditError)} - _NOT_SERVED_CODES
    text = README.read_text(encoding="utf-8")
    serving = text.split("## Serving: HTTP API, web page, MCP", 1)[1].split("\n## ", 1)[0]
    assert {code for code in codes if f"`{code}`" not in serving} == set()
