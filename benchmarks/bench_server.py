"""Throughput and latency of ``POST /v1/checks`` with the embedded judge, over loopback.

Starts ``claimaudit serve`` on 127.0.0.1 as a subprocess with a fresh library, then, for each
scenario and each of ``--runs`` runs, 8 concurrent clients (threads, one httpx client each)
send checks until ``--requests`` have been answered or ``--max-seconds`` have passed, whichever
comes first. Reports requests per second and p50/p95 latency per run, and the medians over runs.

Scenarios:
- abstract: one SciFact abstract per check (about 10 sentence passages), 20 claims in turn;
- full paper: deep-rules (66 passages, 35 selected within the budget), 4 claims in turn;
- each again with a warm cache: the same checks, every one judged once beforehand, so each
  answer comes from the library's results cache.

The cold scenarios send ``"cache": false``: every check is judged, however often it repeats.

Usage: python benchmarks/bench_server.py [--runs 3] [--clients 8] [--check-workers 2]
       [--scenario abstract|"full paper"|"abstract, warm cache"|"full paper, warm cache"]
       [--shared ../shared/data]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

# Run as a script (like the other benchmarks): its folder is on sys.path.
from bench_check import FULL_PAPER_CLAIM, bench_library

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ("abstract", "full paper", "abstract, warm cache", "full paper, warm cache")
FULL_PAPER_CLAIMS = [
    FULL_PAPER_CLAIM,
    "Logistic regression and random forests always outperform deep learning on every "
    "biological prediction problem.",
    "Hyperparameter tuning is unnecessary for deep neural networks.",
    "Daily aspirin lowers the risk of a first heart attack in adults over seventy.",
]


@dataclass
class Run:
    completed: int
    failed: int
    seconds: float
    latencies: list[float]
    load: float  # the 1-minute load average when the run ended

    @property
    def rps(self) -> float:
        return self.completed / self.seconds

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start(library: Path, port: int, workers: int) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAIMAUDIT_", "TYPESAFE_"))}
    command = [sys.executable, "-m", "claimaudit", "serve", "--port", str(port)]
    command += ["--library", str(library), "--log-level", "warning"]
    command += ["--check-workers", str(workers)]
    process = subprocess.Popen(command, env=env, cwd=ROOT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def _load(url: str, bodies: list[dict[str, object]], clients: int, count: int, limit: float) -> Run:
    lock = threading.Lock()
    issued = 0
    latencies: list[float] = []
    failed = 0
    started = time.perf_counter()
    deadline = started + limit

    def client() -> None:
        nonlocal issued, failed
        with httpx.Client(base_url=url, timeout=limit) as http:
            while True:
                with lock:
                    if issued >= count or time.perf_counter() >= deadline:
                        return
                    body = bodies[issued % len(bodies)]
                    issued += 1
                sent = time.perf_counter()
                response = http.post("/v1/checks", json=body)
                took = time.perf_counter() - sent
                with lock:
                    if response.status_code == 200 and response.json()["records"]:
                        latencies.append(took)
                    else:
                        failed += 1

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    return Run(len(latencies), failed, seconds, latencies, os.getloadavg()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--abstract-requests", type=int, default=200)
    parser.add_argument("--paper-requests", type=int, default=40)
    parser.add_argument("--warm-requests", type=int, default=1000)
    parser.add_argument("--max-seconds", type=float, default=120.0)
    parser.add_argument("--check-workers", type=int, default=2, help="the server's option")
    parser.add_argument("--scenario", choices=list(SCENARIOS), action="append")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        db, pairs = bench_library(args.shared, Path(tmp))
        abstracts = [{"claim": c, "papers": [f"scifact:{d}"]} for c, d in pairs]
        papers = [{"claim": c, "papers": ["arXiv:2105.14372"]} for c in FULL_PAPER_CLAIMS]
        cold = {"cache": False}
        # name -> (request bodies, requests per run, whether the cache is primed first)
        scenarios = {
            "abstract": ([{**b, **cold} for b in abstracts], args.abstract_requests, False),
            "full paper": ([{**b, **cold} for b in papers], args.paper_requests, False),
            "abstract, warm cache": (abstracts, args.warm_requests, True),
            "full paper, warm cache": (papers, args.warm_requests, True),
        }
        port = _free_port()
        server = _start(db, port, args.check_workers)
        url = f"http://127.0.0.1:{port}"
        try:
            rows = []
            for name, (bodies, count, primed) in scenarios.items():
                if args.scenario and name not in args.scenario:
                    continue
                # Warm up: the model loads on the first check; a primed scenario judges each of
                # its checks once, so that every measured answer comes from the cache.
                _load(url, bodies, 1, len(bodies) if primed else 2, args.max_seconds)
                runs = [
                    _load(url, bodies, args.clients, count, args.max_seconds)
                    for _ in range(args.runs)
                ]
                for i, run in enumerate(runs, start=1):
                    # Other work on the machine shows here; quote figures from quiet runs only.
                    print(
                        f"{name} run {i}: {run.completed} ok, {run.failed} failed in "
                        f"{run.seconds:.1f} s; {run.rps:.2f} req/s; "
                        f"p50 {run.percentile(0.5) * 1000:.0f} ms; "
                        f"p95 {run.percentile(0.95) * 1000:.0f} ms; "
                        f"load {run.load:.2f}",
                        file=sys.stderr,
                    )
                rows.append(
                    (
                        name,
                        runs[0].completed,
                        statistics.median(r.rps for r in runs),
                        statistics.median(r.percentile(0.5) for r in runs) * 1000,
                        statistics.median(r.percentile(0.95) for r in runs) * 1000,
                        sum(r.failed for r in runs),
                    )
                )
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"load average at end: {os.getloadavg()[0]:.2f}", file=sys.stderr)
    print(
        f"| scenario ({args.clients} clients, {args.check_workers} check workers) "
        "| requests per run | req/s | p50 ms | p95 ms | failed |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name, count, rps, p50, p95, failed in rows:
        print(f"| {name} | {count} | {rps:.2f} | {p50:.0f} | {p95:.0f} | {failed} |")


if __name__ == "__main__":
    main()
