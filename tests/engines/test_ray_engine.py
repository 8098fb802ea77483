"""The ray engine on a real Ray cluster: the same records as the local engine, a worker killed
mid-run, a judge that fails on some pairs, a search source asked by the workers themselves, and
the cluster-wide cap on a remote backend."""

from __future__ import annotations

import os
import signal
from functools import partial
from pathlib import Path

import pytest

from claimaudit.batch.run import run_batch
from claimaudit.checker.pipeline import Checker
from claimaudit.engines import EngineOptions, make_engine
from claimaudit.engines.ray_engine import RayEngine, default_limits
from claimaudit.engines.shipping import CheckerSpec
from claimaudit.judges.protocol import Judge
from claimaudit.records import Record
from claimaudit.sources.library import LibrarySource
from tests.engines.support import (
    HashJudge,
    SearchSource,
    comparable,
    failing_judge,
    hash_judge,
    pair_counts,
    read_records,
    search_source,
    slow_judge,
    slow_to_restart_judge,
)
from tests.fakes import ScriptedJudge, pick


def _local(batch: Path, library: Path, judge: Judge, out: Path) -> list[dict[str, object]]:
    run_batch(batch, out, Checker(LibrarySource(library), judge))
    return read_records(out)


def test_records_equal_the_local_engine(
    ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    batch, library = scifact_batch
    local = _local(batch, library, HashJudge(), tmp_path / "local.jsonl")
    engine = make_engine("ray", EngineOptions(judge_factory=hash_judge, workers=2))
    out = tmp_path / "ray.jsonl"
    try:
        stats = run_batch(batch, out, Checker(LibrarySource(library), HashJudge()), engine=engine)
    finally:
        engine.close()
    rows = read_records(out)
    assert stats.written == len(local) == len(rows)
    assert comparable(rows) == comparable(local)
    assert {r["verdict"] for r in rows} >= {"supports", "contradicts"}


def test_a_judge_failing_on_some_pairs_gives_not_checked_records(
    ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    batch, library = scifact_batch
    local = _local(batch, library, failing_judge(), tmp_path / "local.jsonl")
    engine = RayEngine(failing_judge, workers=2)
    out = tmp_path / "ray.jsonl"
    try:
        run_batch(batch, out, Checker(LibrarySource(library), failing_judge()), engine=engine)
    finally:
        engine.close()
    rows = read_records(out)
    failed = [r for r in rows if r["verdict"] == "not_checked"]
    assert 0 < len(failed) < len(rows)
    assert all("refuses claims with 'cell'" in r["error"] for r in failed)
    assert comparable(rows) == comparable(local)


def test_a_killed_worker_is_replaced_and_every_pair_is_written_once(
    ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    batch, library = scifact_batch
    local = _local(batch, library, HashJudge(), tmp_path / "local.jsonl")
    engine = RayEngine(slow_judge, workers=2, batch_size=2)
    killed: list[int] = []

    def kill_one(record: Record) -> None:
        if len(killed) == 0:
            pid = engine.worker_pids()[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    out = tmp_path / "ray.jsonl"
    try:
        checker = Checker(LibrarySource(library), slow_judge())
        run_batch(batch, out, checker, on_record=kill_one, engine=engine)
        assert engine.counters.resubmitted >= 1
        assert engine.counters.worker_errors
    finally:
        engine.close()
    rows = read_records(out)
    counts = pair_counts(rows)
    assert set(counts.values()) == {1}
    assert counts == pair_counts(local)
    assert comparable(rows) == comparable(local)


def test_a_worker_slow_to_come_back_costs_no_pair_its_verdict(
    ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    # One kill is one death: the batches sent back must wait for a worker that is up, not
    # spend their attempts on the one still loading its judge (they became not_checked).
    batch, library = scifact_batch
    marker = tmp_path / "restarted"
    engine = RayEngine(partial(slow_to_restart_judge, str(marker)), workers=2, batch_size=2)
    killed: list[int] = []

    def kill_one(record: Record) -> None:
        if not killed:
            killed.append(engine.worker_pids()[0])
            marker.touch()  # the worker that replaces it loads slowly
            os.kill(killed[0], signal.SIGKILL)

    out = tmp_path / "ray.jsonl"
    try:
        checker = Checker(LibrarySource(library), slow_judge())
        run_batch(batch, out, checker, on_record=kill_one, engine=engine)
        assert killed and engine.counters.resubmitted >= 1
    finally:
        engine.close()
    rows = read_records(out)
    assert [r for r in rows if r["verdict"] == "not_checked"] == []
    assert comparable(rows) == comparable(_local(batch, library, HashJudge(), tmp_path / "l.jsonl"))


def test_workers_fetch_from_a_search_source_themselves(
    ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    batch, _ = scifact_batch
    local = tmp_path / "local.jsonl"
    run_batch(batch, local, Checker(SearchSource(), HashJudge()))
    engine = RayEngine(hash_judge, source_factory=search_source, workers=2)
    out = tmp_path / "ray.jsonl"
    try:
        run_batch(batch, out, Checker(SearchSource(), HashJudge()), engine=engine)
    finally:
        engine.close()
    rows = read_records(out)
    assert comparable(rows) == comparable(read_records(local))
    assert all(r["calls"] == {"search": 1} for r in rows)


def test_a_remote_backend_is_capped_across_the_cluster(
    ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    batch, library = scifact_batch
    engine = RayEngine(slow_judge, workers=2, batch_size=1, limits={"hash": 1})
    out = tmp_path / "ray.jsonl"
    try:
        run_batch(batch, out, Checker(LibrarySource(library), slow_judge()), engine=engine)
    finally:
        engine.close()
    assert engine.counters.peaks == {"hash": 1}
    assert set(pair_counts(read_records(out)).values()) == {1}


def test_a_killed_worker_gives_back_its_slots(
    ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    """One slot for the whole cluster: a worker killed while it may hold it must not leave the
    others waiting forever."""
    batch, library = scifact_batch
    engine = RayEngine(slow_judge, workers=2, batch_size=1, limits={"hash": 1})
    killed: list[int] = []

    def kill_one(record: Record) -> None:
        if not killed:
            killed.append(engine.worker_pids()[1])
            os.kill(killed[0], signal.SIGKILL)

    out = tmp_path / "ray.jsonl"
    try:
        checker = Checker(LibrarySource(library), slow_judge())
        run_batch(batch, out, checker, on_record=kill_one, engine=engine)
    finally:
        engine.close()
    assert killed and engine.counters.peaks == {"hash": 1}
    assert pair_counts(read_records(out)) == pair_counts(
        _local(batch, library, HashJudge(), tmp_path / "local.jsonl")
    )


def test_default_caps_cover_remote_judges_and_search_sources(tmp_path: Path) -> None:
    remote = Checker(SearchSource(), ScriptedJudge(pick("supports", "P001"), name="jev"))
    assert default_limits(remote, CheckerSpec.of(remote)) == {"jev": 1, "search": 4}
    library = Checker(LibrarySource(tmp_path / "lib.sqlite3"), HashJudge())
    assert default_limits(library, CheckerSpec.of(library)) == {"hash": 1}


def test_the_cache_is_read_and_filled_on_the_driver(
    ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    from tests.fakes import MemoryCache

    batch, library = scifact_batch
    cache = MemoryCache()
    first = tmp_path / "first.jsonl"
    engine = RayEngine(hash_judge, workers=2)
    try:
        checker = Checker(LibrarySource(library), HashJudge(), cache=cache)
        run_batch(batch, first, checker, engine=engine)
        assert cache.entries and cache.hits == 0
        second = tmp_path / "second.jsonl"
        run_batch(batch, second, checker, engine=engine)
    finally:
        engine.close()
    assert cache.hits == len(read_records(second))
    assert all(r["judgeSeconds"] == 0.0 for r in read_records(second))
    local = tmp_path / "local.jsonl"
    run_batch(batch, local, Checker(LibrarySource(library), HashJudge(), cache=cache))
    assert comparable(read_records(second)) == comparable(read_records(local))


def test_more_workers_than_cpus_share_them(
    ray_address: str, scifact_batch: tuple[Path, Path], tmp_path: Path
) -> None:
    batch, library = scifact_batch
    engine = RayEngine(hash_judge, workers=3)  # the cluster has two CPUs
    out = tmp_path / "ray.jsonl"
    try:
        run_batch(batch, out, Checker(LibrarySource(library), HashJudge()), engine=engine)
        assert engine.counters.workers == 3
    finally:
        engine.close()
    assert set(pair_counts(read_records(out)).values()) == {1}


def test_a_pair_given_up_on_masks_the_credentials_of_its_reference() -> None:
    from claimaudit.engines import PairRequest
    from claimaudit.engines.ray_engine import _Batch
    from claimaudit.engines.shipping import ShippedPair

    secret = "https://user:secret@example.com/paper?token=abc123"
    batch = _Batch(["tag"], [None], [ShippedPair(PairRequest("Aspirin lowers fever.", secret))])
    given: list[tuple[object, Record]] = []
    RayEngine._give_up(batch, "its worker died 3 times", lambda tag, r: given.append((tag, r)))
    [(tag, record)] = given
    assert tag == "tag" and record.verdict == "not_checked"
    assert record.paper_ref == "https://***@example.com/paper?token=***"


def test_a_driver_that_starts_ray_exits_143_on_sigterm_and_restores_the_handler_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import ray

    from claimaudit.engines import ray_engine

    def rays_own(signum: int, frame: object) -> None:  # Ray's handler, which aborts (exit 134)
        raise AssertionError("Ray's handler ran")

    def init(**_: object) -> None:
        signal.signal(signal.SIGTERM, rays_own)

    monkeypatch.setattr(ray_engine, "_TERMINATED", [])
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", init)
    before = signal.getsignal(signal.SIGTERM)
    engine = RayEngine(hash_judge, workers=1)
    try:
        engine.connect()
        assert signal.getsignal(signal.SIGTERM) is ray_engine.exit_on_sigterm
        with pytest.raises(SystemExit) as stopped:
            os.kill(os.getpid(), signal.SIGTERM)
            signal.sigtimedwait([], 0)  # lets the pending signal's handler run here
        assert stopped.value.code == 143
    finally:
        engine.close()
        restored = signal.getsignal(signal.SIGTERM)
        signal.signal(signal.SIGTERM, before)
    assert restored is before


def test_starting_workers_logs_no_error_about_restarts(
    ray_address: str,
    scifact_batch: tuple[Path, Path],
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    # Ray's error-level "max_restarts > 0 ... the actor restart will fail" (constructor
    # arguments held in the object store): a replaced worker could not be built again.
    batch, library = scifact_batch
    engine = RayEngine(hash_judge, workers=1)
    try:
        run_batch(
            batch, tmp_path / "o.jsonl", Checker(LibrarySource(library), HashJudge()), engine=engine
        )
    finally:
        engine.close()
    assert "max_restarts" not in capfd.readouterr().err


def test_a_sigterm_that_ray_turns_into_exit_1_still_exits_143(
    monkeypatch: pytest.MonkeyPatch, scifact_batch: tuple[Path, Path]
) -> None:
    import ray

    from claimaudit.engines import ray_engine

    def run_as_ray_waits(*_: object) -> None:
        try:  # the handler, run by Ray's own signal check while it waits
            ray_engine.exit_on_sigterm(signal.SIGTERM, None)
        except SystemExit:
            raise SystemExit(1) from None  # what Ray raises in its place

    monkeypatch.setattr(ray_engine, "_TERMINATED", [])
    monkeypatch.setattr(ray, "is_initialized", lambda: True)
    engine = RayEngine(hash_judge, workers=1)
    monkeypatch.setattr(engine, "_start_workers", lambda *_: None)
    monkeypatch.setattr(engine, "_run", run_as_ray_waits)
    checker = Checker(LibrarySource(scifact_batch[1]), HashJudge())
    with pytest.raises(SystemExit) as stopped:
        engine.check(checker, [], lambda tag, record: None)
    assert stopped.value.code == 143
