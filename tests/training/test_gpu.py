"""The GPU pack's round trip (``training/gpu.py``): weights cut into parts that return and are
checked, int8 weights recovered from either graph the project ships, and a training path that
imports nothing the device image lacks."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper
from training.recover_weights import recover_arrays
from training.token_scales import dynamic_int8, per_token_scales

from training import gpu

ROOT = Path(__file__).resolve().parents[2]


def test_parts_return_the_same_bytes(tmp_path: Path) -> None:
    data = np.random.default_rng(0).bytes(10_000)
    manifest = gpu.split(data, tmp_path, part_bytes=4096)
    assert manifest["parts"] == ["weights.fp16.pt.00", "weights.fp16.pt.01", "weights.fp16.pt.02"]
    assert all((tmp_path / n).stat().st_size <= 4096 for n in manifest["parts"])
    assert gpu.join(tmp_path) == data


def test_a_damaged_or_missing_part_is_refused(tmp_path: Path) -> None:
    gpu.split(b"abcdefgh" * 100, tmp_path, part_bytes=300)
    part = tmp_path / "weights.fp16.pt.01"
    part.write_bytes(b"x" + part.read_bytes()[1:])
    with pytest.raises(SystemExit, match="do not add up"):
        gpu.join(tmp_path)
    part.unlink()
    with pytest.raises(SystemExit, match=r"parts missing: weights\.fp16\.pt\.01"):
        gpu.join(tmp_path)


def test_weights_too_big_to_return_are_refused_before_writing(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="at most 6 return"):
        gpu.split(b"x" * 70, tmp_path / "out", part_bytes=10)
    assert not (tmp_path / "out").exists()


def test_two_seeds_return_in_one_call() -> None:
    # 22.7M parameters, 11.7M of them the frozen word embeddings (30,522 x 384), which stay
    # behind: two seeds' fp16 parts and manifests within 8 files of 16 MiB and 64 MiB in all.
    fp16_bytes = (22_713_216 - 30_522 * 384) * 2
    parts = -(-fp16_bytes // gpu.PART_BYTES)
    assert 2 * (parts + 1) <= 8 and gpu.PART_BYTES < 16 * 2**20
    assert 2 * fp16_bytes + 2 * 4096 < gpu.RETURN_LIMIT


def test_frozen_tensors_stay_behind_and_join_takes_them_from_the_start(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")  # training only: CI's install has no torch

    (frozen,) = gpu.FROZEN
    start = {frozen: torch.randn(50, 8), "bert.pooler.dense.weight": torch.randn(8, 8)}
    trained = {frozen: start[frozen].clone(), "bert.pooler.dense.weight": torch.randn(8, 8)}
    run = tmp_path / "run"
    run.mkdir()
    torch.save(trained, run / "epoch3.pt")
    torch.save(start, tmp_path / "start.pt")
    manifest = gpu.send_back(run, tmp_path / "back")
    assert manifest["checkpoint"] == "epoch3.pt" and list(manifest["left_out"]) == [frozen]
    sent = torch.load(io.BytesIO(gpu.join(tmp_path / "back")))
    assert frozen not in sent and sent["bert.pooler.dense.weight"].dtype == torch.float16

    gpu.join_weights(tmp_path / "back", tmp_path / "joined.pt", tmp_path / "start.pt")
    joined = torch.load(tmp_path / "joined.pt")
    assert torch.equal(joined[frozen], start[frozen])
    torch.testing.assert_close(
        joined["bert.pooler.dense.weight"],
        trained["bert.pooler.dense.weight"],
        atol=1e-2,
        rtol=1e-3,
    )
    with pytest.raises(SystemExit, match="give --start"):
        gpu.join_weights(tmp_path / "back", tmp_path / "x.pt")
    torch.save({**start, frozen: torch.randn(50, 8)}, tmp_path / "other.pt")
    with pytest.raises(SystemExit, match="not the one this run trained from"):
        gpu.join_weights(tmp_path / "back", tmp_path / "x.pt", tmp_path / "other.pt")


def test_the_last_finished_epoch_is_sent(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no epoch finished"):
        gpu.last_epoch(tmp_path)
    for name in ("epoch0.5.pt", "epoch2.pt", "epoch10.pt", "epoch1.pt"):
        (tmp_path / name).write_bytes(b"")
    assert gpu.last_epoch(tmp_path).name == "epoch10.pt"


def _int8_graphs(folder: Path) -> tuple[np.ndarray, onnx.ModelProto]:
    """A dense layer's float weight under its torch names, and the per-token rewrite of its
    int8 graph that the shipped model uses (0.4.2 on); onnxruntime's own graph is int8.onnx."""
    rng = np.random.default_rng(0)
    weight = rng.normal(0, 0.2, (64, 48)).astype(np.float32)  # ONNX's [in, out]
    bias = rng.normal(0, 0.1, 48).astype(np.float32)
    name = "bert.encoder.layer.0.intermediate.dense"
    graph = helper.make_graph(
        [
            helper.make_node("MatMul", ["x", "w"], ["h"]),
            helper.make_node("Add", ["h", name + ".bias"], ["y"]),
        ],
        "dense",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", "tokens", 64])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", "tokens", 48])],
        [numpy_helper.from_array(weight, "w"), numpy_helper.from_array(bias, name + ".bias")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    (folder / "fp32.onnx").write_bytes(model.SerializeToString())
    return weight, per_token_scales(dynamic_int8(folder / "fp32.onnx", folder / "int8.onnx"))


def test_weights_are_recovered_from_both_shipped_graphs(tmp_path: Path) -> None:
    weight, rewritten = _int8_graphs(tmp_path)
    onnx.save(rewritten, str(tmp_path / "token.onnx"))
    old = recover_arrays(tmp_path / "int8.onnx")
    new = recover_arrays(tmp_path / "token.onnx")
    key = "bert.encoder.layer.0.intermediate.dense.weight"
    # Torch names only (no quantisation constants), the Linear's [out, in] layout, and the same
    # numbers from either graph, within half an int8 step of the float weights.
    assert sorted(new) == sorted(old) == [key[: -len("weight")] + "bias", key]
    assert new[key].shape == (48, 64)
    np.testing.assert_array_equal(new[key], old[key])
    step = np.abs(weight).max(axis=0) / 127
    assert np.all(np.abs(new[key] - weight.T) <= step[:, None] / 2 + 1e-7)


def test_the_training_path_imports_nothing_the_device_lacks(tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text(
        textwrap.dedent(
            f"""
            import importlib.abc, sys
            LACKS = {set(gpu.DEVICE_LACKS)!r}
            class Block(importlib.abc.MetaPathFinder):
                def find_spec(self, name, path, target=None):
                    if name.split(".")[0] in LACKS:
                        raise ModuleNotFoundError("not on the device: " + name, name=name)
            sys.meta_path.insert(0, Block())
            """
        ),
        encoding="utf-8",
    )
    modules = ["claimaudit", "training.data", "training.gpu", "training.recover_weights"]
    modules += ["training.teacher"]
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401

        modules += ["training.train_verifier", "training.model", "training.train_loop"]
    except ImportError:
        pass  # CI installs no torch: the torch-free half still runs
    code = "import importlib\n" + "".join(f"importlib.import_module({m!r})\n" for m in modules)
    env = {"PYTHONPATH": f"{tmp_path}:{ROOT}:{ROOT / 'src'}", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_device_script_is_valid_bash() -> None:
    assert subprocess.run(["bash", "-n", str(ROOT / "training" / "gpu_run.sh")]).returncode == 0


def test_a_base_without_weights_needs_init(tmp_path: Path) -> None:
    from training.train_verifier import initial_model

    with pytest.raises(SystemExit, match="give --init"):
        initial_model(tmp_path, None)


def test_the_sent_weights_come_back_as_float32(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    state = {"w": torch.randn(300, 70), "steps": torch.tensor([7])}
    torch.save(state, tmp_path / "epoch1.pt")
    torch.save({"w": torch.zeros(1)}, tmp_path / "epoch0.5.pt")
    manifest = gpu.send_back(tmp_path, tmp_path / "out")
    assert manifest["checkpoint"] == "epoch1.pt"
    gpu.join_weights(tmp_path / "out", tmp_path / "back.pt")
    back = torch.load(tmp_path / "back.pt")
    assert back["w"].dtype == torch.float32 and back["steps"].dtype == torch.int64
    torch.testing.assert_close(back["w"], state["w"], rtol=1e-3, atol=1e-3)
    assert int(back["steps"]) == 7
