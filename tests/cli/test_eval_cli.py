"""``claimaudit eval`` on real SciFact claims, with the Jev judge on the offline mock."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from claimaudit.batch.lock import batch_lock, lock_path
from claimaudit.cli import app
from tests.judges.faultserver import TEST_KEY
from tests.signals import SilentServer, child_env, console_script


def _eval_scifact(runner: CliRunner, shared_data: Path, *args: str) -> Result:
    """``claimaudit eval scifact`` on the shared SciFact training claims and corpus."""
    scifact = shared_data / "scifact"
    return runner.invoke(
        app,
        [
            "eval",
            "scifact",
            "--claims",
            str(scifact / "claims_train.jsonl"),
            "--corpus",
            str(scifact / "corpus.jsonl"),
            *args,
        ],
    )


def test_eval_scores_pairs_and_writes_outputs(
    runner: CliRunner, shared_data: Path, jev_mock: str, tmp_path: Path
) -> None:
    ids = tmp_path / "ids.txt"
    ids.write_text("2\n4\n6\n", encoding="utf-8")
    out, summary = tmp_path / "pairs.jsonl", tmp_path / "summary.json"
    outputs = ("--out", str(out), "--summary", str(summary))
    result = _eval_scifact(runner, shared_data, "--judge", "jev", "--ids", str(ids), *outputs)
    assert result.exit_code == 0, result.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {r["id"] for r in rows} == {"2", "4", "6"}
    assert all(r["verdict"] != "not_checked" for r in rows)
    contradicted = next(r for r in rows if r["id"] == "2")
    assert contradicted["gold"] == "contradicts" and contradicted["goldRationale"] == ["P005"]
    data = json.loads(summary.read_text(encoding="utf-8"))
    assert data["pairs"] == len(rows) and data["notChecked"] == 0
    assert set(data["perClass"]) == {"supports", "contradicts", "not_established"}
    assert sum(sum(row.values()) for row in data["confusion"].values()) == len(rows)
    assert 0.0 <= data["macroF1"] <= 1.0 and 0.0 <= data["ece"] <= 1.0
    assert "macro-F1" in result.stdout


def test_eval_bad_input(runner: CliRunner, tmp_path: Path) -> None:
    claims = tmp_path / "claims.jsonl"
    claims.write_text("{nope\n", encoding="utf-8")
    result = runner.invoke(
        app, ["eval", "scifact", "--claims", str(claims), "--corpus", str(claims)]
    )
    assert result.exit_code == 2 and "invalid JSON" in result.stderr
    missing = runner.invoke(app, ["eval", "scifact", "--claims", "nope.jsonl", "--corpus", "x"])
    assert missing.exit_code == 2 and "no such file" in missing.stderr


def test_eval_with_openai_needs_a_model(
    runner: CliRunner, shared_data: Path, tmp_path: Path
) -> None:
    result = _eval_scifact(runner, shared_data, "--judge", "openai", "--limit", "1")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: the openai judge needs a model id: pass --model or set OPENAI_MODEL"
    )


def test_eval_with_jev_needs_a_key(runner: CliRunner, shared_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "pairs.jsonl"
    result = _eval_scifact(runner, shared_data, "--judge", "jev", "--limit", "1", "--out", str(out))
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: the jev judge needs an API key: set TYPESAFE_API_KEY"
    assert not out.exists()


def test_eval_makes_the_folders_its_outputs_need(
    runner: CliRunner, shared_data: Path, jev_mock: str, tmp_path: Path
) -> None:
    ids = tmp_path / "ids.txt"
    ids.write_text("2\n", encoding="utf-8")
    out, summary = tmp_path / "runs" / "pairs.jsonl", tmp_path / "figures" / "a" / "summary.json"
    outputs = ("--out", str(out), "--summary", str(summary))
    result = _eval_scifact(runner, shared_data, "--judge", "jev", "--ids", str(ids), *outputs)
    assert result.exit_code == 0, result.stderr
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1
    assert json.loads(summary.read_text(encoding="utf-8"))["pairs"] == 1


def test_eval_refuses_an_unwritable_output_before_judging(
    runner: CliRunner, shared_data: Path, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    result = _eval_scifact(runner, shared_data, "--summary", str(blocker / "summary.json"))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --summary ") and len(result.stderr.splitlines()) == 1
    # Refused up front: not a single pair was judged (a long run must not end by failing).
    assert "evaluating" not in result.stderr


def test_eval_never_overwrites_its_inputs(
    runner: CliRunner, shared_data: Path, tmp_path: Path
) -> None:
    claims = tmp_path / "claims.jsonl"
    original = (shared_data / "scifact" / "claims_train.jsonl").read_text(encoding="utf-8")
    claims.write_text(original, encoding="utf-8")
    corpus = str(shared_data / "scifact" / "corpus.jsonl")
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", corpus]
    result = runner.invoke(app, [*args, "--out", str(claims)])
    assert result.exit_code == 2 and f"is the same file as --claims {claims}" in result.stderr
    assert claims.read_text(encoding="utf-8") == original
    both = tmp_path / "both.json"
    result = runner.invoke(app, [*args, "--out", str(both), "--summary", str(both)])
    assert result.exit_code == 2 and f"is the same file as --out {both}" in result.stderr
    assert not both.exists()


def test_eval_refuses_an_output_hard_linked_to_an_input(
    runner: CliRunner, shared_data: Path, tmp_path: Path
) -> None:
    claims = tmp_path / "claims.jsonl"
    original = (shared_data / "scifact" / "claims_train.jsonl").read_text(encoding="utf-8")
    claims.write_text(original, encoding="utf-8")
    linked = tmp_path / "linked.jsonl"
    linked.hardlink_to(claims)
    corpus = str(shared_data / "scifact" / "corpus.jsonl")
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", corpus]
    # The openai judge without a model fails fast: the path check must come before it.
    result = runner.invoke(app, [*args, "--judge", "openai", "--out", str(linked)])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: --out {linked} is the same file as --claims {claims}; choose another path"
    ]
    assert claims.read_text(encoding="utf-8") == original


def _small_dataset(tmp_path: Path, cited: list[int]) -> tuple[Path, Path]:
    """A corpus holding document 1 and claims 10, 11, ... citing ``cited`` one each."""
    corpus = tmp_path / "corpus.jsonl"
    document = {"doc_id": 1, "title": "Buoys", "abstract": ["Buoys were calibrated yearly."]}
    corpus.write_text(json.dumps(document) + "\n", encoding="utf-8")
    claims = tmp_path / "claims.jsonl"
    rows = [
        {"id": 10 + n, "claim": "Buoys were calibrated.", "evidence": {}, "cited_doc_ids": [doc]}
        for n, doc in enumerate(cited)
    ]
    claims.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return claims, corpus


def test_eval_refuses_a_device_as_input_as_batch_does(runner: CliRunner, tmp_path: Path) -> None:
    claims, corpus = _small_dataset(tmp_path, [1])
    for option, files in (
        ("--corpus", [claims, Path("/dev/null")]),
        ("--claims", [Path("/dev/null"), corpus]),
    ):
        args = ["eval", "scifact", "--claims", str(files[0]), "--corpus", str(files[1])]
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert result.stderr.strip() == f"error: {option} /dev/null is not a regular file"
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus)]
    result = runner.invoke(app, [*args, "--ids", "/dev/null"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: --ids /dev/null is not a regular file"


@pytest.mark.parametrize("option", ["--claims", "--corpus", "--ids"])
def test_eval_says_an_input_link_loops_as_every_command_does(
    runner: CliRunner, tmp_path: Path, option: str
) -> None:
    # It said "--claims loop: Too many levels of symbolic links", where batch, review and
    # import-jsonl say "its symbolic links go round in a loop".
    claims, corpus = _small_dataset(tmp_path, [1])
    loop = tmp_path / "loop.jsonl"
    loop.symlink_to("loop.jsonl")
    given = {"--claims": claims, "--corpus": corpus, "--ids": None} | {option: loop}
    args = ["eval", "scifact", *(str(v) for o, p in given.items() if p for v in (o, p))]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {option} {loop}: its symbolic links go round in a loop"
    ]


def test_eval_with_no_pair_judged_gives_no_figures_and_fails(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    # Documents 7 and 8 are not in the corpus: every pair is not_checked, nothing is measured.
    claims, corpus = _small_dataset(tmp_path, [7, 8])
    summary = tmp_path / "summary.json"
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    result = runner.invoke(app, [*args, "--summary", str(summary)])
    assert result.exit_code == 1, result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        "error: no pair was judged (2 not_checked); --out keeps each pair's error"
    )
    data = json.loads(summary.read_text(encoding="utf-8"))
    assert (data["pairs"], data["notChecked"]) == (0, 2)
    assert data["macroF1"] is None and data["accuracy"] is None and data["ece"] is None
    assert data["pairsPerSecond"] is None
    assert all(s["f1"] is None and s["support"] == 0 for s in data["perClass"].values())
    assert "0.000" not in result.stdout and "n/a" in result.stdout


def test_eval_warns_of_ids_not_in_the_claims_file(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    claims, corpus = _small_dataset(tmp_path, [1])
    ids = tmp_path / "ids.txt"
    ids.write_text("10\n" + "".join(f"{n}\n" for n in range(90, 97)), encoding="utf-8")
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    result = runner.invoke(app, [*args, "--ids", str(ids)])
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        f"warning: 7 of the 8 ids in {ids} are not in {claims}, so not evaluated: "
        "90, 91, 92, 93, 94, ..."
    )
    assert "evaluating 1 pair with" in result.stderr


def test_eval_refuses_an_out_another_run_is_writing(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    claims, corpus = _small_dataset(tmp_path, [1])
    out = tmp_path / "pairs.jsonl"
    earlier = json.dumps({"id": "9", "verdict": "supports", "gold": "supports"}) + "\n"
    out.write_text(earlier, encoding="utf-8")
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    with batch_lock(out):  # as a batch or another eval holds it while it writes
        refused = runner.invoke(app, [*args, "--out", str(out)])
    assert refused.exit_code == 2, refused.stderr
    assert refused.stderr.splitlines() == [f"error: another batch or eval run is writing {out}"]
    # Refused before anything was judged or written: the other run's file is as it left it.
    assert out.read_text(encoding="utf-8") == earlier
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    assert [json.loads(line)["id"] for line in out.read_text(encoding="utf-8").splitlines()] == [
        "10"
    ]
    assert not lock_path(out).exists()  # the lock file goes with the run


def test_a_document_missing_from_the_corpus_is_named_as_such(
    runner: CliRunner, shared_data: Path, tmp_path: Path, jev_mock: str
) -> None:
    # The claim cites document 31715818; the corpus holds another one only.
    scifact = shared_data / "scifact"
    claims, corpus = tmp_path / "claims.jsonl", tmp_path / "other.jsonl"
    claims.write_text(_first_line(scifact / "claims_train.jsonl"), encoding="utf-8")
    corpus.write_text(_first_line(scifact / "corpus.jsonl"), encoding="utf-8")
    out = tmp_path / "pairs.jsonl"
    args = ["--claims", str(claims), "--corpus", str(corpus), "--judge", "jev", "--out", str(out)]
    runner.invoke(app, ["eval", "scifact", *args])
    [row] = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    # Not the run's temporary library (deleted by now), nor advice to add it there.
    assert row["error"] == f"scifact:31715818 is not in the corpus ({corpus})"


def _first_line(path: Path) -> str:
    with path.open(encoding="utf-8") as lines:
        return next(lines)


def test_eval_out_escapes_what_a_terminal_would_obey(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    claims, corpus = _small_dataset(tmp_path, [7])
    row = json.loads(claims.read_text(encoding="utf-8"))
    # An override is refused in a claim; an isolate is text a terminal would still obey.
    row["claim"] = "Buoys \u2067exe.md\u2069 were calibrated."
    claims.write_text(json.dumps(row, ensure_ascii=False) + "\n", encoding="utf-8")
    out = tmp_path / "predictions.jsonl"
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    runner.invoke(app, [*args, "--out", str(out)])
    text = out.read_text(encoding="utf-8")
    assert "\u2067" not in text and "\\u2067" in text
    assert json.loads(text)["claim"] == row["claim"]


def test_eval_refuses_a_malformed_claims_row_in_one_line(runner: CliRunner, tmp_path: Path) -> None:
    claims, corpus = _small_dataset(tmp_path, [1])
    row = {"id": 11, "claim": "Buoys drift.", "evidence": ["1"], "cited_doc_ids": [1]}
    with claims.open("a", encoding="utf-8") as lines:
        lines.write(json.dumps(row) + "\n")
    result = runner.invoke(
        app, ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus)]
    )
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {claims}:2: evidence must be an object, not a list"
    ]


def test_eval_reads_ids_and_claims_that_start_with_a_byte_order_mark(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    claims, corpus = _small_dataset(tmp_path, [1, 1])
    claims.write_bytes(b"\xef\xbb\xbf" + claims.read_bytes())
    ids = tmp_path / "ids.txt"
    ids.write_bytes(b"\xef\xbb\xbf10\r\n")  # as Windows Notepad saves it
    args = ["--claims", str(claims), "--corpus", str(corpus), "--judge", "jev", "--ids", str(ids)]
    result = runner.invoke(app, ["eval", "scifact", *args])
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr
    assert "evaluating 1 pair with" in result.stderr


def test_eval_names_the_line_of_a_file_that_is_not_utf8(runner: CliRunner, tmp_path: Path) -> None:
    claims, corpus = _small_dataset(tmp_path, [1])
    ids = tmp_path / "ids.txt"
    ids.write_bytes(b"10\ncaf\xe9\n")
    args = ["--claims", str(claims), "--corpus", str(corpus), "--ids", str(ids)]
    result = runner.invoke(app, ["eval", "scifact", *args])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {ids}:2: not UTF-8 text (invalid byte at offset 3)"
    ]


def test_a_document_with_an_empty_abstract_is_named_as_such(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    claims, corpus = _small_dataset(tmp_path, [1, 2])
    with corpus.open("a", encoding="utf-8") as lines:
        lines.write(json.dumps({"doc_id": 2, "title": "Empty", "abstract": []}) + "\n")
    out = tmp_path / "pairs.jsonl"
    args = ["--claims", str(claims), "--corpus", str(corpus), "--judge", "jev", "--out", str(out)]
    result = runner.invoke(app, ["eval", "scifact", *args])
    assert result.exit_code == 0, result.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    [empty] = [row for row in rows if row["verdict"] == "not_checked"]
    # It is in the corpus: "not in the corpus" would send the user looking for a missing line.
    assert empty["error"] == f"scifact:2 has an empty abstract in the corpus ({corpus})"


def test_eval_refuses_a_claim_check_refuses_before_judging(
    runner: CliRunner, tmp_path: Path
) -> None:
    # Judged, a 4,309-character claim took minutes; a claim of numbers only became a
    # not_checked pair that read as a judge that was down.
    claims, corpus = _small_dataset(tmp_path, [1, 1])
    rows = [json.loads(line) for line in claims.read_text(encoding="utf-8").splitlines()]
    rows[1]["claim"] = "Buoys drift. " * 200
    claims.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus)]
    result = runner.invoke(app, [*args, "--judge", "jev"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {claims}:2: the claim has 2599 characters; the limit is 2000 "
        "(--skip-invalid leaves such claims out and names them)"
    ]


def test_eval_writes_its_outputs_to_standard_output(jev_mock: str, tmp_path: Path) -> None:
    # /dev/stdout's real path is /proc/PID/fd/pipe:[N]: a temporary file beside it failed.
    # Standard output then holds that output alone (as review's): the tables were mixed in.
    claims, corpus = _small_dataset(tmp_path, [1])
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    for option in ("--out", "--summary"):
        for where in ("-", "/dev/stdout"):
            done = subprocess.run(
                [*console_script(), *args, option, where],
                capture_output=True,
                text=True,
                env=child_env(),
            )
            assert done.returncode == 0, done.stderr
            if option == "--out":  # JSON Lines, every line a row
                rows = [json.loads(line) for line in done.stdout.splitlines()]
                assert [row["id"] for row in rows] == ["10"]
            else:  # one JSON document
                assert json.loads(done.stdout)["pairs"] == 1
            assert "macro-F1" in done.stderr  # the tables, still shown


def test_eval_refuses_a_rationale_past_the_abstract_before_judging(
    runner: CliRunner, tmp_path: Path
) -> None:
    claims, corpus = _small_dataset(tmp_path, [1])
    row = json.loads(claims.read_text(encoding="utf-8"))
    row["evidence"] = {"1": [{"sentences": [999], "label": "SUPPORT"}]}
    claims.write_text(json.dumps(row) + "\n", encoding="utf-8")
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {claims}:1: the evidence names sentence 999 of document 1, whose abstract in "
        "the corpus has 1 sentence (numbered from 0)"
    ]


def test_a_corpus_of_another_format_is_named_in_eval_s_words(
    runner: CliRunner, tmp_path: Path
) -> None:
    # eval takes the format as an argument: "is --format scifact right?" named no option it has.
    claims, corpus = _small_dataset(tmp_path, [1])
    corpus.write_text(json.dumps({"cord_id": "a1", "abstract": ["Buoys."]}) + "\n", "utf-8")
    result = runner.invoke(
        app, ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus)]
    )
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {corpus}:1: expected an object with 'doc_id' (is the format scifact right?)"
    ]


def test_eval_takes_the_judge_model_s_context_window(
    runner: CliRunner, openai_chat: object, tmp_path: Path
) -> None:
    # As check, batch and review take it: a window too small for the prompt is said so.
    claims, corpus = _small_dataset(tmp_path, [1])
    out = tmp_path / "pairs.jsonl"
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--out", str(out)]
    judge = ["--judge", "openai", "--model", "m", "--context-tokens", "256"]
    result = runner.invoke(app, [*args, *judge])
    assert result.exit_code == 1, result.stderr
    [row] = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert row["error"].startswith("the model's context window of 256 tokens is smaller than")


def test_eval_names_a_refused_claim_and_can_leave_it_out(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    # A real dataset can hold a claim check refuses (Citation-Integrity's train file has one of
    # 4,309 characters and one of numbers only): one row need not stop the measurement.
    claims, corpus = _small_dataset(tmp_path, [1, 1, 1])
    rows = [json.loads(line) for line in claims.read_text(encoding="utf-8").splitlines()]
    rows[1]["claim"] = "Buoys " * 400
    claims.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    summary = tmp_path / "summary.json"
    out = tmp_path / "pairs.jsonl"
    result = runner.invoke(
        app, [*args, "--skip-invalid", "--summary", str(summary), "--out", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[0] == (
        f"warning: left out claim 11 ({claims}:2): the claim has 2399 characters; the limit is 2000"
    )
    data = json.loads(summary.read_text(encoding="utf-8"))
    assert data["pairs"] == 2 and data["leftOut"] == [
        {
            "id": "11",
            "where": f"{claims}:2",
            "reason": "the claim has 2399 characters; the limit is 2000",
        }
    ]
    assert [json.loads(line)["id"] for line in out.read_text(encoding="utf-8").splitlines()] == [
        "10",
        "12",
    ]
    assert "claims left out (--skip-invalid)" in result.stdout
    # --ids names the left-out claim: it is in the file, so no "not in" warning.
    ids = tmp_path / "ids.txt"
    ids.write_text("11\n12\n", encoding="utf-8")
    chosen = runner.invoke(app, [*args, "--skip-invalid", "--ids", str(ids)])
    assert chosen.exit_code == 0, chosen.stderr
    assert "not in" not in chosen.stderr and "evaluating 1 pair with" in chosen.stderr


@pytest.mark.parametrize(
    ("option", "name"), [("--claims", "/dev/stdin"), ("--corpus", "/dev/fd/0"), ("--ids", "-")]
)
def test_eval_does_not_read_standard_input_redirected_from_a_file(
    tmp_path: Path, option: str, name: str
) -> None:
    # `eval --claims /dev/stdin < claims.jsonl` was read, where batch refuses such a name.
    claims, corpus = _small_dataset(tmp_path, [1])
    ids = tmp_path / "ids.txt"
    ids.write_text("10\n", encoding="utf-8")
    given = {"--claims": claims, "--corpus": corpus, "--ids": ids}
    args = ["--claims", str(claims), "--corpus", str(corpus), "--ids", str(ids)]
    args[args.index(option) + 1] = name
    with given[option].open("rb") as stdin:
        done = subprocess.run(
            [*console_script(), "eval", "scifact", *args, "--judge", "openai"],
            stdin=stdin,
            capture_output=True,
            text=True,
            env=child_env(),
            cwd=tmp_path,
            timeout=120,
        )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == [
        f"error: {option} {name} (standard input) is not read; give a file"
    ]


def test_eval_help_names_the_default_judge_as_check_does(runner: CliRunner) -> None:
    # QA: eval's --judge said "Judge backend." alone, though CLAIMAUDIT_JUDGE picks its judge
    # as it picks check's.
    shown = runner.invoke(app, ["eval", "--help"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0
    assert "Judge backend (default: local, or $CLAIMAUDIT_JUDGE)." in shown.stdout


def test_eval_refuses_a_model_id_with_a_line_break_as_check_does(
    runner: CliRunner, shared_data: Path
) -> None:
    refused = _eval_scifact(runner, shared_data, "--judge", "openai", "--model", "gpt\nx")
    assert refused.exit_code == 2
    assert "--model holds U+000A (a line feed) at character 4" in refused.stderr


def test_the_summary_says_which_pairs_of_the_file_were_measured(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    # A subset's figures named the whole claims file alone, and read as the file's.
    claims, corpus = _small_dataset(tmp_path, [7, 8, 9])
    ids = tmp_path / "ids.txt"
    ids.write_text("10\n11\n", encoding="utf-8")
    summary = tmp_path / "summary.json"
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    runner.invoke(app, [*args, "--ids", str(ids), "--limit", "1", "--summary", str(summary)])
    data = json.loads(summary.read_text(encoding="utf-8"))
    assert (data["claims"], data["ids"], data["limit"]) == (str(claims), str(ids), 1)
    assert data["corpus"] == str(corpus)
    assert data["notChecked"] == 1
    runner.invoke(app, [*args, "--summary", str(summary)])
    data = json.loads(summary.read_text(encoding="utf-8"))
    assert (data["ids"], data["limit"], data["notChecked"]) == (None, None, 3)


def test_a_limited_run_names_only_the_claims_it_left_out_before_it_stopped(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    # Claims on lines 2 and 4 are refused; --limit 2 stops after the pair of line 3, so the
    # claim of line 4 was never reached: it was named as left out of a run it was no part of.
    claims, corpus = _small_dataset(tmp_path, [1, 1, 1, 1, 1])
    rows = [json.loads(line) for line in claims.read_text(encoding="utf-8").splitlines()]
    rows[1]["claim"] = rows[3]["claim"] = "Buoys " * 400
    claims.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    summary = tmp_path / "summary.json"
    result = runner.invoke(
        app, [*args, "--skip-invalid", "--limit", "2", "--summary", str(summary)]
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(summary.read_text(encoding="utf-8"))
    assert data["pairs"] == 2 and [c["id"] for c in data["leftOut"]] == ["11"]
    assert "left out claim 11" in result.stderr and "claim 13" not in result.stderr
    first = runner.invoke(app, [*args, "--skip-invalid", "--limit", "1", "--summary", str(summary)])
    assert first.exit_code == 0, first.stderr
    assert json.loads(summary.read_text(encoding="utf-8"))["leftOut"] == []
    assert "left out" not in first.stderr and "claims left out" not in first.stdout
    whole = runner.invoke(app, [*args, "--skip-invalid", "--summary", str(summary)])
    assert [c["id"] for c in json.loads(summary.read_text(encoding="utf-8"))["leftOut"]] == [
        "11",
        "13",
    ]
    assert whole.exit_code == 0


def test_eval_warns_that_not_checked_pairs_are_in_no_figure(
    runner: CliRunner, jev_mock: str, tmp_path: Path
) -> None:
    # Document 7 is not in the corpus: the figures are over the other pair alone, and the run
    # said so only by a "not checked 1" row beside them.
    claims, corpus = _small_dataset(tmp_path, [1, 7])
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert (
        "warning: 1 of the 2 pairs was not_checked and in no figure; --out keeps each one's error"
    ) in result.stderr
    out = tmp_path / "pairs.jsonl"
    kept = runner.invoke(app, [*args, "--out", str(out)])
    assert f"; {out} holds each one's error" in kept.stderr
    whole = tmp_path / "whole"
    whole.mkdir()
    claims, corpus = _small_dataset(whole, [1])
    args = ["eval", "scifact", "--claims", str(claims), "--corpus", str(corpus), "--judge", "jev"]
    judged = runner.invoke(app, args)
    assert judged.exit_code == 0 and "not_checked" not in judged.stderr


def test_a_missing_file_named_with_a_control_character_is_named_escaped(
    runner: CliRunner,
) -> None:
    # "no such file: nope.jsonl" named another file than the one given, nope\x01.jsonl.
    result = runner.invoke(app, ["eval", "scifact", "--claims", "no\x01pe.jsonl", "--corpus", "x"])
    assert result.exit_code == 2
    assert result.stderr == "error: --claims $'no\\x01pe.jsonl': no such file\n"


def test_eval_takes_a_timeout_for_the_judge_as_check_does(
    runner: CliRunner, shared_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: eval had no --timeout, so a jev or openai judge that never answered held each pair
    # for 60 s a request (three with the retries), whatever the user wanted.
    out = tmp_path / "pairs.jsonl"
    with SilentServer().running() as server:
        monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
        monkeypatch.setenv("TYPESAFE_BASE_URL", server.url)
        started = time.monotonic()
        result = _eval_scifact(
            runner, shared_data, "--judge", "jev", "--timeout", "0.5", "--limit", "1",
            "--out", str(out),
        )  # fmt: skip
        took = time.monotonic() - started
    assert result.exit_code == 1, result.stderr
    [row] = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert row["verdict"] == "not_checked" and "timed out after 0.5s" in row["error"]
    assert took < 30


def test_eval_refuses_a_timeout_the_local_judge_would_not_read(
    runner: CliRunner, shared_data: Path
) -> None:
    result = _eval_scifact(runner, shared_data, "--timeout", "5")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: the local judge takes no timeout (it runs in this process, and source "
        "'library' keeps its own deadlines); --timeout 5 applies to the jev and openai judges "
        "and to plugins' judges and sources"
    ]


def test_eval_reports_progress_as_batch_and_review_do(
    runner: CliRunner,
    shared_data: Path,
    jev_mock: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: check, batch and review showed their progress on stderr; eval, the longest run of
    # all (thousands of pairs), said nothing between its first line and its tables.
    from claimaudit.cli import _progress

    monkeypatch.setattr(_progress, "PLAIN_INTERVAL", 0.0)
    ids = tmp_path / "ids.txt"
    ids.write_text("2\n4\n6\n", encoding="utf-8")
    result = _eval_scifact(runner, shared_data, "--judge", "jev", "--ids", str(ids))
    assert result.exit_code == 0, result.stderr
    counts = [line.split(" (")[0] for line in result.stderr.splitlines() if "/3 (" in line]
    assert counts == ["evaluating 1/3", "evaluating 2/3", "evaluating 3/3"]
    assert "evaluating" not in result.stdout
