"""``claimaudit review`` end to end: a draft citing the shared papers in every citation style,
the embedded judge, the results cache, and the HTML report in headless Chromium.

The verdicts asserted here are the shipped model's on these sentences (a regression guard, as in
test_local_cli): if a retrained model changes one, read the new record before the expectation.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.plugins import Registered, get_registry
from claimaudit.records import RELATIONS
from claimaudit.review.annotate import SEPARATOR, escape
from tests.browser import launch_chromium
from tests.fakes import ScriptedJudge, pick
from tests.refcheck.crossrefserver import CrossrefServer

PAPERS = {
    "arXiv:1907.10121": "scipy-1.0_virtanen2020",
    "arXiv:1407.6245": "scikit-image_vanderwalt2014/latex/skimage.tex",
    "doi:10.1371/journal.pcbi.1005510": "good-enough-practices_wilson2017/index.md",
    "arXiv:1603.07285": "conv-arithmetic_dumoulin2016/conv_arithmetic.tex",
    "arXiv:2105.14372": "deep-rules_lee2022",
}

BIBTEX = r"""
@article{virtanen2020,
  title = {{SciPy} 1.0: Fundamental Algorithms for Scientific Computing in {Python}},
  journal = {Nature Methods}, year = {2020}, doi = {10.1038/s41592-019-0686-2},
  eprint = {1907.10121}, archivePrefix = {arXiv},
}
@article{harris2020, title = {Array programming with {NumPy}}, doi = {10.1038/s41586-020-2649-2}}
"""

# One sentence per citation style: a BibTeX key, a numbered reference, a doi.org URL, an arXiv
# id in the text, a Manubot key; then papers missing from the library and unresolvable citations.
REPORT = """---
title: "Tools and practices for computational biology: a draft"
---

# Tools and practices

SciPy provides data structures and algorithms for sparse matrices [@virtanen2020].
scikit-image is an image processing library for the Python programming language [2].
Researchers should keep the raw data in its original, unmodified form, see <https://doi.org/10.1371/journal.pcbi.1005510>.
A transposed convolution is also called a fractionally strided convolution (arXiv:1603.07285).
Hyperparameter tuning is unnecessary for deep neural networks [@arxiv:2105.14372].
NumPy arrays underpin the scientific Python ecosystem [@harris2020; @doi:10.1098/rsif.2017.0387].
This sentence has a broken citation [@nosuchkey] and a missing entry [9].

This closing sentence cites nothing.

## References

1. Lee BD, et al. Ten quick tips for deep learning in biology. 2022. arXiv:2105.14372
2. van der Walt S, et al. scikit-image: image processing in Python. <https://arxiv.org/abs/1407.6245>
"""

EXPECTED = [
    # (line, paperRef, verdict)
    (7, "arXiv:1907.10121", "supports"),
    (8, "arXiv:1407.6245", "supports"),
    (9, "doi:10.1371/journal.pcbi.1005510", "supports"),
    (10, "arXiv:1603.07285", "supports"),
    (11, "arXiv:2105.14372", "contradicts"),
    (12, "doi:10.1038/s41586-020-2649-2", "not_checked"),
    (12, "doi:10.1098/rsif.2017.0387", "not_checked"),
    (13, "@nosuchkey", "not_checked"),
    (13, "[9]", "not_checked"),
]


@pytest.fixture(scope="module")
def draft(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The draft reviewed once with the embedded judge; every output kept."""
    from claimaudit.cli import _install_commands

    _install_commands()
    work = tmp_path_factory.mktemp("review")
    library = work / "library.sqlite3"
    with Library.open(library) as lib:
        for ref, path in PAPERS.items():
            add_path(lib, shared_data / "papers" / path, ref=parse_ref(ref))
    (work / "draft.md").write_text(REPORT, encoding="utf-8")
    (work / "refs.bib").write_text(BIBTEX, encoding="utf-8")
    result = CliRunner().invoke(
        app,
        [
            "review", str(work / "draft.md"), "--bib", str(work / "refs.bib"),
            "--library", str(library), "--out", str(work / "annotated.md"),
            "--json", str(work / "records.json"), "--html", str(work / "report.html"),
        ],
    )  # fmt: skip
    return {"work": work, "library": library, "result": result}


def _records(work: Path) -> list[dict[str, Any]]:
    return list(json.loads((work / "records.json").read_text(encoding="utf-8"))["records"])


def test_every_style_resolves_and_is_checked(draft: dict[str, Any]) -> None:
    assert draft["result"].exit_code == 0, draft["result"].stderr
    records = _records(draft["work"])
    assert [(r["sentence"]["line"], r["paperRef"], r["verdict"]) for r in records] == EXPECTED
    with Library.open(draft["library"]) as library:
        for record in records:
            sentence = record["sentence"]
            assert REPORT[sentence["start"] : sentence["end"]] == sentence["text"]
            assert "[" not in record["claim"] and "http" not in record["claim"]
            if record["verdict"] in RELATIONS and record["evidencePassageId"]:
                ref = parse_ref(record["matchedRef"])
                stored = {p.passage_id: p.text for p in library.passages(ref)}
                assert record["evidence"] == stored[record["evidencePassageId"]]  # verbatim
    errors = {r["paperRef"]: r.get("error", "") for r in records}
    assert (
        "doi:10.1038/s41586-020-2649-2 is not in the local library"
        in errors["doi:10.1038/s41586-020-2649-2"]
    )
    assert "no bibliography entry for @nosuchkey" in errors["@nosuchkey"]
    assert "no References entry numbered 9" in errors["[9]"]


def test_summary_and_uncited(draft: dict[str, Any]) -> None:
    data = json.loads((draft["work"] / "records.json").read_text(encoding="utf-8"))
    assert data["summary"]["citedSentences"] == 7
    assert data["summary"]["verdicts"] == {
        "supports": 4,
        "contradicts": 1,
        "not_addressed": 0,
        "insufficient_evidence": 0,
        "not_checked": 4,
    }
    assert [u["text"] for u in data["uncited"]] == ["This closing sentence cites nothing."]
    assert "7 cited sentences, 9 records" in draft["result"].stdout


def test_annotated_markdown(draft: dict[str, Any]) -> None:
    annotated = (draft["work"] / "annotated.md").read_text(encoding="utf-8")
    body, _, notes = annotated.partition("\n" + SEPARATOR + "\n")
    assert re.sub(r"\[\^claimaudit-\d+\]", "", body) == REPORT
    assert body.count("[^claimaudit-") == 7
    assert "[@arxiv:2105.14372].[^claimaudit-5]\n" in body
    [contradiction] = [n for n in notes.split("\n\n") if n.startswith("[^claimaudit-5]:")]
    record = _records(draft["work"])[4]
    assert "**contradicts**" in contradiction
    assert f"confidence {record['confidence']:.2f}" in contradiction
    assert f"Evidence {record['evidencePassageId']}" in contradiction
    assert "no bibliography entry for \\@nosuchkey" in notes


def test_a_second_review_comes_from_the_cache_and_gates_a_pipeline(
    draft: dict[str, Any], runner: CliRunner
) -> None:
    work: Path = draft["work"]
    args = ["review", str(work / "draft.md"), "--bib", str(work / "refs.bib")]
    args += ["--library", str(draft["library"]), "--json", str(work / "again.json")]
    result = runner.invoke(app, [*args, "--fail-on", "contradicts"])
    assert result.exit_code == 1  # the contradicted sentence fails the gate
    assert (
        "5 of 7 (claim, paper) pairs came from the cache" in result.stderr
    )  # 2 not in the library
    again = json.loads((work / "again.json").read_text(encoding="utf-8"))["records"]
    cost = ("calls", "judgeTokens", "judgeSeconds")  # what this run spent differs
    assert [{k: v for k, v in r.items() if k not in cost} for r in again] == [
        {k: v for k, v in r.items() if k not in cost} for r in _records(work)
    ]
    assert sum(r["judgeSeconds"] for r in again) < sum(r["judgeSeconds"] for r in _records(work))
    # A stricter threshold applies to cached judgements without judging again.
    result = runner.invoke(app, [*args, "--threshold", "0.0", "--fail-on", "not-checked"])
    assert result.exit_code == 1
    relaxed = json.loads((work / "again.json").read_text(encoding="utf-8"))["records"]
    assert [r["needsReview"] for r in relaxed[:4]] == [False] * 4


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["missing.md"], "missing.md: no such file"),
        # QA: "no such report: /dev/zero"; it is there, and never read.
        (["/dev/zero"], "REPORT /dev/zero is not a regular file; give the draft's file"),
        (["DRAFT", "--out", "DRAFT"], "is the same file as the draft"),
        (["DRAFT", "--json", "x.json", "--html", "x.json"], "is the same file as --json"),
        (["DRAFT", "--judge", "oracle"], "unknown judge 'oracle'"),
    ],
)
def test_usage_errors_are_one_line_exit_2(
    runner: CliRunner, tmp_path: Path, extra: list[str], message: str
) -> None:
    report = tmp_path / "draft.md"
    report.write_text(REPORT, encoding="utf-8")
    (tmp_path / "bad.bib").write_text("@article{x, title = {", encoding="utf-8")
    swap = {"DRAFT": str(report), "BADBIB": str(tmp_path / "bad.bib")}
    files = {a: str(tmp_path / a) for a in extra if a.endswith((".md", ".json"))}
    args = [swap.get(a, files.get(a, a)) for a in extra]
    result = runner.invoke(app, ["review", *args, "--library", str(tmp_path / "lib.sqlite3")])
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert report.read_text(encoding="utf-8") == REPORT


@pytest.mark.parametrize("option", ["--out", "--json", "--html"])
def test_no_output_is_a_hard_link_to_the_draft(
    runner: CliRunner, tmp_path: Path, option: str
) -> None:
    report = tmp_path / "draft.md"
    report.write_text(REPORT, encoding="utf-8")
    linked = tmp_path / "linked.md"
    linked.hardlink_to(report)
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()  # a review that got past the check would write its output
    args = ["review", str(report), option, str(linked)]
    result = runner.invoke(app, [*args, "--library", str(library)])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: {option} {linked} is the same file as the draft {report}; choose another path"
    ]
    assert report.read_text(encoding="utf-8") == REPORT


@pytest.mark.parametrize("option", ["--out", "--json", "--html"])
@pytest.mark.parametrize("given", ["option", "environment"])
def test_no_output_overwrites_the_library(
    runner: CliRunner, tmp_path: Path, option: str, given: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = tmp_path / "draft.md"
    report.write_text(REPORT, encoding="utf-8")
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    before = library.read_bytes()
    args = ["review", str(report), option, str(library)]
    if given == "option":
        args += ["--library", str(library)]
    else:
        monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(library))
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: {option} {library} is the same file as the library {library}; choose another path"
    ]
    assert library.read_bytes() == before


@pytest.mark.parametrize("option", ["--out", "--json", "--html"])
def test_no_output_overwrites_the_bib_file(runner: CliRunner, tmp_path: Path, option: str) -> None:
    report = tmp_path / "draft.md"
    report.write_text(REPORT, encoding="utf-8")
    bib = tmp_path / "refs.bib"
    bib.write_text(BIBTEX, encoding="utf-8")
    args = ["review", str(report), "--bib", str(bib), option, str(bib)]
    result = runner.invoke(app, [*args, "--library", str(tmp_path / "lib.sqlite3")])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: {option} {bib} is the same file as --bib {bib}; choose another path"
    ]
    assert bib.read_text(encoding="utf-8") == BIBTEX


def test_annotated_markdown_says_a_missing_reference(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = tmp_path / "w.md"
    report.write_text(
        "Raw data should be backed up in more than one place [@w].\n", encoding="utf-8"
    )
    bib = tmp_path / "w.bib"
    bib.write_text(
        "@article{w, title={Good enough practices}, year={2017}, doi={10.1234/gone}}\n",
        encoding="utf-8",
    )
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    with CrossrefServer() as crossref:  # knows no DOI: every one is a 404
        monkeypatch.setenv("CLAIMAUDIT_CROSSREF_BASE_URL", crossref.url)
        result = runner.invoke(app, [
            "review", str(report), "--bib", str(bib), "--verify-refs", "--no-cache",
            "--library", str(library), "--json", str(tmp_path / "w.json"),
            "--out", str(tmp_path / "w.ann.md"),
        ])  # fmt: skip
    assert result.exit_code == 0, result.output
    [record] = json.loads((tmp_path / "w.json").read_text(encoding="utf-8"))["records"]
    assert record["referenceStatus"] == "not_found", record["reference"]
    notes = (tmp_path / "w.ann.md").read_text(encoding="utf-8").partition(SEPARATOR)[2]
    reason = escape(record["reference"]["reason"])
    assert f"; reference not\\_found ({reason})" in notes


def test_the_json_report_escapes_what_a_terminal_would_obey(
    runner: CliRunner, tmp_path: Path
) -> None:
    # A right-to-left override and a C1 control in the draft: as ``check --json`` writes them.
    report = tmp_path / "w.md"
    report.write_text("Raw data is \u202ebacked up\u202c twice\x85 [@w].\n", encoding="utf-8")
    bib = tmp_path / "w.bib"
    bib.write_text("@article{w, title={Good enough practices}, year={2017}}\n", encoding="utf-8")
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    result = runner.invoke(app, [
        "review", str(report), "--bib", str(bib), "--no-cache", "--library", str(library),
        "--json", str(tmp_path / "w.json"),
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    text = (tmp_path / "w.json").read_text(encoding="utf-8")
    assert not {"\u202e", "\u202c", "\x85"} & set(text)
    assert "\\u202ebacked up\\u202c twice\\u0085" in text
    [record] = json.loads(text)["records"]
    assert "\u202ebacked up\u202c twice" in record["claim"]  # the same text, read back


def test_html_report_renders_in_chromium(draft: dict[str, Any], tmp_path: Path) -> None:
    page_file = draft["work"] / "report.html"
    data = json.loads((draft["work"] / "records.json").read_text(encoding="utf-8"))
    shot = tmp_path / "report.png"
    with launch_chromium() as browser:
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.on(
            "request",
            lambda request: (
                None if request.url.startswith("file:") else problems.append(request.url)
            ),
        )
        page.goto(page_file.as_uri())
        for verdict, count in data["summary"]["verdicts"].items():
            shown = page.locator(f'#summary [data-verdict="{verdict}"] .n').inner_text()
            assert int(shown) == count
        assert page.locator('#summary [data-count="uncited"] .n').inner_text() == "1"
        # The contradicted sentence is coloured, and its evidence opens under it.
        sentence = page.locator("span.claim.v-contradicts").first
        assert "Hyperparameter tuning is unnecessary" in sentence.inner_text()
        colour = sentence.evaluate("e => getComputedStyle(e).backgroundColor")
        assert colour not in ("rgba(0, 0, 0, 0)", "transparent")
        panel = page.locator("details#claim-5")
        quote = panel.locator("q.quote")
        assert not quote.is_visible()
        sentence.click()
        assert panel.get_attribute("open") is not None and quote.is_visible()
        assert quote.inner_text() == data["records"][4]["evidence"]
        page.screenshot(path=str(shot), full_page=True)
        assert problems == []  # no script error, nothing fetched from anywhere
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20_000


def test_a_broken_bibliography_is_one_line_in_a_real_process(tmp_path: Path) -> None:
    # In-process runs hide library log output behind pytest's log capture; a real process
    # shows whether bibtexparser's own messages reach the terminal.
    report = tmp_path / "draft.md"
    report.write_text(REPORT, encoding="utf-8")
    bib = tmp_path / "bad.bib"
    bib.write_text("@article{x, title = {", encoding="utf-8")
    Library.open(tmp_path / "lib.sqlite3").close()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "claimaudit",
            "review",
            str(report),
            "--bib",
            str(bib),
            "--library",
            str(tmp_path / "lib.sqlite3"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    # No entry could be read: each is warned of, on one line, and its citations say why they
    # are not checked, as where only some entries could not be read (the review goes on).
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[0] == (
        f"warning: {bib} line 1: an entry that could not be read "
        "(Unexpectedly reached end of file.)"
    )
    assert "bibtexparser" not in done.stderr.lower()


def test_the_summary_line_says_one_sentence_in_the_singular() -> None:
    from claimaudit.checker.pipeline import Checker
    from claimaudit.cli._review_output import summary_line
    from claimaudit.review import review_report
    from tests.fakes import MemorySource, ScriptedJudge, pick

    source = MemorySource()
    source.add(parse_ref("1907.10121"), "SciPy", ["SciPy has sparse matrices.", "Other."])
    checker = Checker(source, ScriptedJudge(pick("supports", "P001")))
    result = review_report("SciPy has sparse matrices [@arxiv:1907.10121]. Nothing here.\n",
                           checker=checker)  # fmt: skip
    line = summary_line(result)
    assert line.startswith("1 cited sentence, 1 record (1 supports); 0 need review, ")
    assert "0 not checked, 1 uncited sentence;" in line


def test_a_markdown_draft_is_parsed_whole_once(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each whole parse of a 1 MiB draft costs seconds: reading it, finding its front matter
    # and its claims, and placing the notes of its annotated copy share one.
    from claimaudit.review.document import markdown

    text = "---\ntitle: A draft\n---\n\nSparse matrices save memory [@doi:10.1234/x].\n"
    parsed: list[str] = []
    parser = markdown()
    parse = parser.parse

    def counted(src: str, env: Any = None) -> Any:
        parsed.append(src)
        return parse(src, env)

    monkeypatch.setattr(parser, "parse", counted)
    report = tmp_path / "draft.md"
    report.write_text(text, encoding="utf-8")
    out = tmp_path / "annotated.md"
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    args = ["review", str(report), "--library", str(library), "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert parsed.count(text) == 1
    assert SEPARATOR in out.read_text(encoding="utf-8")


def test_a_draft_the_parser_would_take_minutes_over_is_one_line_exit_2(
    runner: CliRunner, tmp_path: Path
) -> None:
    report = tmp_path / "draft.md"
    report.write_text("A claim [@doi:10.1234/x].\n\n" + "[" * 5_000 + "\n", encoding="utf-8")
    result = runner.invoke(app, ["review", str(report), "--library", str(tmp_path / "l.sqlite3")])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"error: {report}: the draft nests square brackets more than 8 deep (line 3); the parser "
        "would take minutes over them"
    )


def test_the_json_report_names_the_threshold_that_decided_needs_review(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: POST /v1/reviews and the MCP tools answer the threshold; `review --json` left it out.
    fitted = ScriptedJudge(pick("supports", "P001"), review_threshold=0.6)
    monkeypatch.setitem(get_registry().judges, "fitted", Registered(lambda _: fitted, "", "t"))
    report = tmp_path / "t.md"
    report.write_text("Aspirin lowers fever (arXiv:2401.00001).\n", encoding="utf-8")
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    args = ["review", str(report), "--judge", "fitted", "--library", str(library)]
    for given, used in (([], 0.6), (["--threshold", "0.25"], 0.25)):
        result = runner.invoke(app, [*args, "--json", str(tmp_path / "t.json"), *given])
        assert result.exit_code == 0, result.output
        answer = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
        assert list(answer) == ["summary", "records", "uncited", "threshold"]
        assert answer["threshold"] == used


def test_a_draft_with_no_pair_to_judge_says_nothing_of_the_cache(
    runner: CliRunner, tmp_path: Path
) -> None:
    # QA: a draft citing nothing said "0 of 0 (claim, paper) pairs came from the cache".
    plain = tmp_path / "plain.md"
    plain.write_text("Mice are small.\n", encoding="utf-8")
    library = tmp_path / "l.sqlite3"
    Library.open(library).close()
    result = runner.invoke(app, ["review", str(plain), "--library", str(library)])
    assert result.exit_code == 0, result.output
    assert "1 uncited sentence" in result.stdout
    assert "cache" not in result.stderr
