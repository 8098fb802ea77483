"""The ray engine against the local one: pairs per second, the engine's cost per pair, and the
driver's memory on a long input.

Throughput: ``run_batch`` with the embedded judge (no results cache) on SciFact abstracts (the
first claims of the training set against the abstracts they cite) and on full papers (opening
sentences of the shared papers' passages, as in bench_review.py), with the local engine and
with Ray (a local cluster started here, two CPUs) at 1 and 2 workers. Ray's figures are given
whole (starting the workers, each loading the judge, included) and without the start.

Overhead: the same with an instant judge (a hash of the claim: no model), so what remains is
the engine's own cost per pair (the driver's fetch, shipping, the round trip, writing).

Memory: ``--memory N`` runs one batch of N pairs with the instant judge and 2 workers in a fresh
process and prints the driver's resident memory before and at its peak during the run (VmHWM,
reset at the start), for N and N/10: a driver that
streams stays flat.

Usage: python benchmarks/bench_ray.py [--repeats N] [--shared ../shared/data] [--memory 100000]
    [--sets instant abstracts papers] [--skip-throughput]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ray  # noqa: E402
from benchmarks.bench_review import PAPERS, _opening_sentences  # noqa: E402

from claimaudit.api import make_checker, make_judge  # noqa: E402
from claimaudit.batch.run import run_batch  # noqa: E402
from claimaudit.engines import Engine  # noqa: E402
from claimaudit.engines.local import LocalEngine  # noqa: E402
from claimaudit.engines.ray_engine import RayEngine  # noqa: E402
from claimaudit.identity import parse_ref  # noqa: E402
from claimaudit.judges.protocol import ChoiceAnswer, Decision, Judge, JudgeReply  # noqa: E402
from claimaudit.library.ingest import add_path  # noqa: E402
from claimaudit.library.scifact import CorpusFormat, import_corpus  # noqa: E402
from claimaudit.library.store import Library  # noqa: E402
from claimaudit.sources.library import LibrarySource  # noqa: E402

FULL_PER_PAPER = 3


class InstantJudge(Judge):
    """No model: a choice from a hash of the claim, so only the engine's cost is measured."""

    name = "instant"

    def decide(self, decision: Decision) -> JudgeReply:
        seed = int(hashlib.sha256(decision.case.claim.encode()).hexdigest(), 16)
        answers = {}
        for qid, question in decision.questions.items():
            options = list(question.options)
            answers[qid] = ChoiceAnswer(options[seed % len(options)], None, None)
        return JudgeReply(model="instant", answers=answers)


def instant_judge() -> Judge:
    return InstantJudge()


def abstracts(shared: Path, folder: Path, claims: int) -> tuple[Path, Path]:
    rows = []
    with (shared / "scifact" / "claims_train.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            rows.append(json.loads(line))
            if len(rows) == claims:
                break
    cited = {d for row in rows for d in row["cited_doc_ids"]}
    corpus = folder / "corpus.jsonl"
    with (shared / "scifact" / "corpus.jsonl").open(encoding="utf-8") as source:
        corpus.write_text("".join(x for x in source if json.loads(x)["doc_id"] in cited))
    library = folder / "abstracts.sqlite3"
    with Library.open(library) as opened:
        import_corpus(opened, corpus, CorpusFormat.SCIFACT)
    batch = folder / "abstracts.jsonl"
    with batch.open("w", encoding="utf-8") as out:
        for row in rows:
            papers = [f"scifact:{d}" for d in row["cited_doc_ids"]]
            out.write(json.dumps({"id": row["id"], "claim": row["claim"], "papers": papers}) + "\n")
    return batch, library


def full_papers(shared: Path, folder: Path) -> tuple[Path, Path]:
    library = folder / "papers.sqlite3"
    batch = folder / "papers.jsonl"
    with Library.open(library) as opened, batch.open("w", encoding="utf-8") as out:
        for ref, path in PAPERS.items():
            add_path(opened, shared / "papers" / path, ref=parse_ref(ref))
        for ref in PAPERS:
            for n, sentence in enumerate(_opening_sentences(opened, ref)[:FULL_PER_PAPER]):
                out.write(json.dumps({"id": f"{ref}-{n}", "claim": sentence, "papers": [ref]}))
                out.write("\n")
    return batch, library


def timed(batch: Path, library: Path, judge: Judge, engine: Engine, out: Path) -> float:
    checker = make_checker(judge, source=LibrarySource(library), cache=False)
    started = time.perf_counter()
    stats = run_batch(batch, out, checker, engine=engine)
    elapsed = time.perf_counter() - started
    assert stats.summary.not_checked == 0, stats.summary.line()
    return elapsed


def throughput(
    name: str,
    batch: Path,
    library: Path,
    judge: Callable[[], Judge],
    repeats: int,
    folder: Path,
) -> None:
    pairs = sum(len(json.loads(x)["papers"]) for x in batch.read_text().splitlines())
    folder = Path(tempfile.mkdtemp(dir=folder))  # every run writes a fresh --out
    local_judge = judge()
    timed(batch, library, local_judge, LocalEngine(), folder / "warm.jsonl")  # load the model
    rows: list[tuple[str, list[float], list[float]]] = []
    samples: list[float] = []
    for repeat in range(repeats):
        samples.append(timed(batch, library, local_judge, LocalEngine(), folder / f"l{repeat}"))
    rows.append(("local", samples, samples))
    for workers in (1, 2):
        whole, steady = [], []
        for repeat in range(repeats):
            engine = RayEngine(judge, workers=workers)
            out = folder / f"r{workers}-{repeat}"
            elapsed = timed(batch, library, local_judge, engine, out)
            whole.append(elapsed)
            steady.append(elapsed - engine.counters.start_seconds)
        rows.append((f"ray, {workers} worker{'s' if workers > 1 else ''}", whole, steady))
    print(f"\n{name}: {pairs} pairs, {repeats} repeats (medians)\n")
    print("| engine | pairs/s | s | pairs/s without the start | s without the start |")
    print("|---|---:|---:|---:|---:|")
    for label, whole, steady in rows:
        w, s = statistics.median(whole), statistics.median(steady)
        print(f"| {label} | {pairs / w:.2f} | {w:.1f} | {pairs / s:.2f} | {s:.1f} |")
    sys.stdout.flush()


def _rss(field: str) -> float:
    """This process's resident memory (``VmRSS``) or its peak (``VmHWM``), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return round(int(line.split()[1]) / 1024, 1)
    raise LookupError(field)


def memory_run(pairs: int) -> None:
    """One process, one run: the driver's peak resident memory for ``pairs`` pairs."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        small, library = abstracts(Path(sys.argv[sys.argv.index("--shared") + 1]), folder, 40)
        lines = small.read_text().splitlines()
        batch = folder / "long.jsonl"
        with batch.open("w", encoding="utf-8") as out:
            n = 0
            while n < pairs:
                row = json.loads(lines[n % len(lines)])
                row["id"] = n
                row["papers"] = row["papers"][:1]
                out.write(json.dumps(row) + "\n")
                n += 1
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        before = _rss("VmRSS")
        # Reset the peak (VmHWM) to now, so it measures the run alone.
        Path("/proc/self/clear_refs").write_text("5")
        engine = RayEngine(instant_judge, workers=2, batch_size=16)
        started = time.perf_counter()
        timed(batch, library, InstantJudge(), engine, folder / "out.jsonl")
        seconds = time.perf_counter() - started
        peak = _rss("VmHWM")
        result = {"pairs": pairs, "rss_before_mib": before, "peak_during_run_mib": peak}
        print(json.dumps({**result, "seconds": round(seconds, 1)}))
        ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--abstracts", type=int, default=40, help="SciFact claims")
    parser.add_argument("--memory", type=int, default=0, help="pairs for the memory run")
    parser.add_argument("--memory-run", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument(
        "--sets",
        nargs="*",
        choices=("instant", "abstracts", "papers"),
        default=["instant", "abstracts", "papers"],
        help="which throughput inputs to run",
    )
    args = parser.parse_args()
    if args.memory_run:
        memory_run(args.memory_run)
        return
    if not args.skip_throughput:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
            local = partial(make_judge, "local")
            batch, library = abstracts(args.shared, folder, args.abstracts)
            if "instant" in args.sets:
                name = "instant judge (the engine's own cost)"
                throughput(name, batch, library, instant_judge, args.repeats, folder)
            if "abstracts" in args.sets:
                name = "embedded judge, SciFact abstracts"
                throughput(name, batch, library, local, args.repeats, folder)
            if "papers" in args.sets:
                batch, library = full_papers(args.shared, folder)
                name = "embedded judge, full papers"
                throughput(name, batch, library, local, args.repeats, folder)
            ray.shutdown()
    if args.memory:
        print("\ndriver memory, instant judge, 2 workers (resident; its peak during the run)\n")
        for pairs in (args.memory // 10, args.memory):
            result = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--shared",
                    str(args.shared),
                    "--memory-run",
                    str(pairs),
                ],
                capture_output=True,
                text=True,
                check=True,
            )
            print(result.stdout.strip().splitlines()[-1])
            sys.stdout.flush()


if __name__ == "__main__":
    main()
