"""``training/gpu_run.sh``'s orchestration, run for real with a stand-in for Python.

The device script is bash around three Python steps (the teacher, one training run a seed, the
send-back). Here a stub takes Python's place: it records each call and writes what the real
step would (epochs, the teacher's logits, a manifest), so the order of the steps, the arguments
each seed and the teacher get, and what a failing teacher does are checked without torch.
"""

from __future__ import annotations

import gzip
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "training" / "gpu_run.sh"

STUB = r"""#!/usr/bin/env bash
# Records the call, then does what the real module's step leaves behind.
echo "$*" >>"$CALLS"
module=$2
shift 2
value() {  # value --flag ARGS...: the word after --flag
  local want=$1
  shift
  while [ $# -gt 0 ]; do
    [ "$1" = "$want" ] && { echo "$2"; return; }
    shift
  done
}
case "$module" in
  training.teacher)
    [ -n "${FAIL_TEACHER:-}" ] && { echo "teacher broke here"; exit 3; }
    out=$(value --out "$@"); mkdir -p "$out"; echo logits >"$out/logits.npz"; echo "teacher done" ;;
  training.train_verifier)
    run=$(value --run-dir "$@"); epochs=$(value --epochs "$@")
    for ((e = 1; e <= epochs; e++)); do echo w >"$run/epoch$e.pt"; echo "saved epoch$e.pt"; done ;;
  training.gpu)
    mkdir -p "$3"; echo "{\"from\": \"$2\"}" >"$3/weights.json" ;;
esac
"""


@pytest.fixture
def device(tmp_path: Path) -> dict[str, str]:
    pack = tmp_path / "pack"
    pack.mkdir()
    with gzip.open(pack / "pairs.jsonl.gz", "wt", encoding="utf-8") as handle:
        handle.write('{"claim": "c", "passage": "p", "label": 0, "source": "s"}\n')
    stub = tmp_path / "python"
    stub.write_text(STUB, encoding="utf-8")
    stub.chmod(0o755)
    return {
        **os.environ,
        "PACK": str(pack),
        "PYTHON": str(stub),
        "OUT": str(tmp_path / "out"),
        "RUN": str(tmp_path / "run"),
        "CALLS": str(tmp_path / "calls.txt"),
    }


def _run(env: dict[str, str], *args: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    done = subprocess.run(
        ["bash", str(SCRIPT), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    calls = Path(env["CALLS"]).read_text(encoding="utf-8").splitlines()
    return done, calls


def test_one_run_trains_then_sends_back(device: dict[str, str]) -> None:
    done, calls = _run(device, "--epochs", "2", "--lr", "2e-5")
    assert done.returncode == 0, done.stderr
    assert len(calls) == 2
    assert calls[0].startswith("-m training.train_verifier --stage train")
    assert f"--run-dir {device['RUN']} --epochs 2 --lr 2e-5" in calls[0]
    assert calls[1] == f"-m training.gpu send-back {device['RUN']} {device['OUT']}"
    assert (Path(device["OUT"]) / "train.log").read_text().count("saved epoch") == 2


def test_seeds_train_side_by_side_and_each_returns(device: dict[str, str]) -> None:
    done, calls = _run({**device, "SEEDS": "22 23"}, "--epochs", "1")
    assert done.returncode == 0, done.stderr
    run, out = Path(device["RUN"]), Path(device["OUT"])
    trained = sorted(c for c in calls if "train_verifier" in c)
    assert [c.split("--seed ")[1].split()[0] for c in trained] == ["22", "23"]
    for seed in ("22", "23"):
        # Each seed reads its own copy of the carried pairs, and its weights come back.
        assert (run / f"s{seed}" / "pairs.jsonl").read_text().startswith('{"claim"')
        assert f"-m training.gpu send-back {run}/s{seed} {out}/s{seed}" in calls
        assert (out / f"s{seed}" / "weights.json").is_file()
    assert "== seed 23: end of its log" in done.stdout


def test_the_students_learn_from_the_teacher(device: dict[str, str], tmp_path: Path) -> None:
    env = {**device, "SEEDS": "22 23", "TEACHER": str(tmp_path / "parts")}
    env["TEACHER_ARGS"] = "--epochs 2 --max-minutes 4.5"
    done, calls = _run(env, "--epochs", "1")
    assert done.returncode == 0, done.stderr
    out, run, pack = device["OUT"], device["RUN"], device["PACK"]
    assert calls[0] == (
        f"-m training.teacher train --parts {tmp_path / 'parts'} --pairs {run}/pairs.jsonl "
        f"--gold {pack}/gold.jsonl.gz --out {out}/teacher --work {run}/teacher --device cuda "
        "--epochs 2 --max-minutes 4.5"
    )
    students = [c for c in calls if "train_verifier" in c]
    assert len(students) == 2
    assert all(c.endswith(f"--teacher-logits {out}/teacher/logits.npz") for c in students)
    assert (Path(out) / "teacher" / "logits.npz").is_file()
    assert "teacher done" in done.stdout


def test_a_failing_teacher_stops_the_call_before_any_student(
    device: dict[str, str], tmp_path: Path
) -> None:
    env = {**device, "SEEDS": "22", "TEACHER": str(tmp_path / "parts"), "FAIL_TEACHER": "1"}
    done, calls = _run(env, "--epochs", "1")
    assert done.returncode == 1
    assert "teacher broke here" in done.stdout
    assert not any("train_verifier" in c for c in calls)
