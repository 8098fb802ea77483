"""``--engine ray`` through the command line, with the embedded judge, on the test cluster:
the records of the local engine, a driver killed mid-run and resumed, and the one-line errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from tests.engines.support import comparable, pair_counts, read_records, scifact_subset
from tests.library.helpers import make_pdf
from tests.sources.arxivserver import ArxivServer

CLAIM = "The Transformer dispenses with recurrence and convolutions entirely."
ATTENTION = (
    "We propose a new simple network architecture, the Transformer, based solely on attention "
    "mechanisms, dispensing with recurrence and convolutions entirely."
)


def _batch_args(batch: Path, library: Path, out: Path, *extra: str) -> list[str]:
    return ["batch", str(batch), "--out", str(out), "--library", str(library), "--no-cache", *extra]


def test_batch_on_ray_writes_the_local_engines_records(
    runner: CliRunner, ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    batch, library = scifact_batch
    local, remote = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    first = runner.invoke(app, _batch_args(batch, library, local))
    assert first.exit_code == 0, first.stderr
    args = _batch_args(batch, library, remote, "--engine", "ray", "--address", ray_address)
    second = runner.invoke(app, [*args, "--workers", "2"])
    assert second.exit_code == 0, second.stderr
    rows = read_records(remote)
    assert comparable(rows) == comparable(read_records(local))
    # The same summary as the local engine's.
    assert f"wrote {len(rows)} records to {remote}; 0 already done" in second.stderr
    assert f"this run: {len(rows)} pairs: " in second.stderr
    again = runner.invoke(app, [*args, "--workers", "2"])
    assert again.exit_code == 0, again.stderr
    assert f"wrote 0 records to {remote}; {len(rows)} already done" in again.stderr


def test_a_killed_driver_resumes_without_losing_or_repeating_a_record(
    runner: CliRunner,
    ray_address: str,
    shared_data: Path,
    tmp_path_factory: pytest.TempPathFactory,
    tmp_path: Path,
) -> None:
    batch, library = scifact_subset(shared_data, tmp_path_factory.mktemp("kill"), 40)
    out = tmp_path / "ray.jsonl"
    command = [sys.executable, "-m", "claimaudit"]
    args = _batch_args(batch, library, out, "--engine", "ray", "--address", ray_address)
    driver = subprocess.Popen(
        [*command, *args, "--workers", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    deadline = time.monotonic() + 180
    while driver.poll() is None and time.monotonic() < deadline:
        if out.exists() and len(out.read_bytes().splitlines()) >= 4:
            break
        time.sleep(0.1)
    assert driver.poll() is None, driver.stderr.read().decode() if driver.stderr else ""
    os.kill(driver.pid, signal.SIGKILL)
    driver.wait(timeout=30)
    written = len(read_records(out))
    assert 4 <= written < 40
    with out.open("ab") as handle:
        handle.write(b'{"claim": "cut sho')  # a crash mid-write: the torn line is redone
    rerun = subprocess.run(
        [*command, *args, "--workers", "2"], capture_output=True, text=True, timeout=300
    )
    assert rerun.returncode == 0, rerun.stderr
    assert "dropped a last line cut short" in rerun.stderr
    assert f"{written} already done" in rerun.stderr
    rows = read_records(out)
    counts = pair_counts(rows)
    assert set(counts.values()) == {1}
    local = tmp_path / "local.jsonl"
    result = runner.invoke(app, _batch_args(batch, library, local))
    assert result.exit_code == 0, result.stderr
    assert comparable(rows) == comparable(read_records(local))


def test_without_an_address_a_local_ray_is_started_for_the_run(
    scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    batch, library = scifact_batch
    out = tmp_path / "ray.jsonl"
    args = _batch_args(batch, library, out, "--engine", "ray", "--workers", "1")
    result = subprocess.run(
        [sys.executable, "-m", "claimaudit", *args], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert f"wrote {len(read_records(out))} records to {out}; 0 already done" in result.stderr
    assert set(pair_counts(read_records(out)).values()) == {1}


def test_without_ray_the_engine_says_how_to_install_it(
    runner: CliRunner,
    scifact_batch: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    batch, library = scifact_batch
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as if not installed
    out = tmp_path / "o.jsonl"
    result = runner.invoke(app, _batch_args(batch, library, out, "--engine", "ray"))
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: the ray engine needs Ray: pip install 'ray[default]==2.60.0'"
    ]
    assert not out.exists()


@pytest.mark.parametrize("option", [["--address", "auto"], ["--workers", "2"]])
def test_cluster_options_need_the_ray_engine(
    runner: CliRunner, scifact_batch: tuple[Path, Path], tmp_path: Path, option: list[str]
) -> None:
    batch, library = scifact_batch
    result = runner.invoke(app, _batch_args(batch, library, tmp_path / "o.jsonl", *option))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {option[0]} applies to --engine ray only"


@pytest.mark.parametrize(
    "address", ["ray://127.0.0.1:9", "127.0.0.1:9", "127.0.0.1:²", "127.0.0.1:99999", "[::1]:x"]
)
def test_an_unreachable_cluster_is_one_line(
    scifact_batch: tuple[Path, Path], tmp_path: Path, address: str
) -> None:
    batch, library = scifact_batch
    args = _batch_args(batch, library, tmp_path / "o.jsonl", "--engine", "ray")
    result = subprocess.run(
        [sys.executable, "-m", "claimaudit", *args, "--address", address],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2, result.stderr
    assert (
        result.stderr.strip()
        .splitlines()[-1]
        .startswith(f"error: cannot start or reach Ray at {address}")
    )


NOT_CHECKED = '{"id": 1, "verdict": "not_checked", "paperRef": "scifact:1", "inputKey": "k:1"}\n'


def _claimaudit(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """A process of its own: this one may have joined the test cluster, which a driver that
    Ray is initialised in would use whatever --address says."""
    command = [sys.executable, "-m", "claimaudit", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_an_unreachable_cluster_leaves_the_batch_output_as_it_was(
    scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    batch, library = scifact_batch
    out = tmp_path / "o.jsonl"
    out.write_text(NOT_CHECKED, encoding="utf-8")
    args = _batch_args(batch, library, out, "--retry-not-checked", "--engine", "ray")
    result = _claimaudit(*args, "--address", "127.0.0.1:9")
    assert result.returncode == 2, result.stderr
    assert "cannot start or reach Ray at 127.0.0.1:9" in result.stderr
    assert "checking again" not in result.stderr
    assert out.read_text(encoding="utf-8") == NOT_CHECKED


def test_an_unreachable_cluster_leaves_the_eval_output_as_it_was(
    scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    folder = scifact_batch[0].parent
    out = tmp_path / "pairs.jsonl"
    earlier = '{"id": "0", "verdict": "supports", "gold": "supports"}\n'  # an earlier eval's row
    out.write_text(earlier, encoding="utf-8")
    claims, corpus = folder / "labelled.jsonl", folder / "corpus.jsonl"
    args = ["eval", "scifact", "--claims", claims, "--corpus", corpus, "--out", out]
    result = _claimaudit(*args, "--engine", "ray", "--address", "127.0.0.1:9")
    assert result.returncode == 2, result.stderr
    assert "cannot start or reach Ray at 127.0.0.1:9" in result.stderr
    assert out.read_text(encoding="utf-8") == earlier


def test_eval_on_ray_scores_as_the_local_engine(
    runner: CliRunner, ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    folder = scifact_batch[0].parent
    summaries = {}
    for engine in ("local", "ray"):
        out, summary = tmp_path / f"{engine}.jsonl", tmp_path / f"{engine}.json"
        args = ["eval", "scifact", "--claims", str(folder / "labelled.jsonl")]
        args += ["--corpus", str(folder / "corpus.jsonl"), "--out", str(out)]
        args += ["--summary", str(summary), "--engine", engine]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.stderr
        data = json.loads(summary.read_text(encoding="utf-8"))
        summaries[engine] = {k: v for k, v in data.items() if "second" not in k.lower()}
    assert summaries["ray"] == summaries["local"]
    # Each run imports the corpus afresh: only the papers' ingestion time (retrievedAt) differs.
    rows = {e: read_records(tmp_path / f"{e}.jsonl") for e in ("local", "ray")}
    for found in rows.values():
        for row in found:
            row.pop("retrievedAt")
    assert comparable(rows["ray"]) == comparable(rows["local"])


def test_the_package_never_imports_ray_unasked() -> None:
    code = (
        "import sys, claimaudit, claimaudit.batch.run, claimaudit.engines\n"
        "import claimaudit.engines.local\n"
        "from claimaudit.cli import _install_commands\n"
        "_install_commands()\n"
        "from claimaudit.plugins import get_registry\n"
        "get_registry()\n"
        "print('ray' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr


@pytest.fixture
def arxiv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ArxivServer]:
    pdf = make_pdf(tmp_path / "attention.pdf", text=ATTENTION).read_bytes()
    # The command line builds its own client: no 3-second pacing against a local fake.
    monkeypatch.setattr("claimaudit.sources.arxiv.MIN_INTERVAL", 0.0)
    monkeypatch.delenv("VALYU_API_KEY", raising=False)
    with ArxivServer() as server:
        server.add("1706.03762", "Attention Is All You Need", {7: pdf})
        monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", server.url)
        yield server


def test_batch_fetch_on_ray_downloads_in_the_driver_and_judges_on_the_cluster(
    runner: CliRunner, ray_address: str, arxiv: ArxivServer, tmp_path: Path
) -> None:
    # The papers are downloaded before any pair goes to the cluster, whose workers read them
    # from the library as the local engine's do: not a run of not_checked records.
    batch = tmp_path / "claims.jsonl"
    batch.write_text(json.dumps({"id": "a", "claim": CLAIM, "papers": ["1706.03762"]}) + "\n")
    out, library = tmp_path / "ray.jsonl", tmp_path / "lib.db"
    args = _batch_args(batch, library, out, "--fetch", "--engine", "ray", "--address", ray_address)
    result = runner.invoke(app, [*args, "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    [row] = read_records(out)
    assert row["verdict"] != "not_checked", row
    assert row["matchedRef"] == "arXiv:1706.03762v7" and row["evidenceScope"] == "full_text"
    assert "/pdf/1706.03762v7" in [s.path for s in arxiv.seen]
