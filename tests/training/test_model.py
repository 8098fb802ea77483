"""The cross-encoder over encoder families (``training/model.py``, ``training/export_onnx.py``):
a family without segment embeddings is neither given segment ids nor exported with them, and
its graph runs in the runtime as the shipped one does. Tiny random encoders; needs torch."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import onnx
import pytest

from claimaudit.judges.local.runtime import MODEL_DIR, VerifierModel
from tests.judges.local_model import write_model_folder

torch = pytest.importorskip("torch")  # training only: CI's install has no torch
pytest.importorskip("transformers")

from training.export_onnx import SAMPLE, export  # noqa: E402
from training.model import Verifier, collate, load_tokenizer  # noqa: E402

TINY = {
    "hidden_size": 32,
    "num_hidden_layers": 2,
    "num_attention_heads": 2,
    "intermediate_size": 64,
}
FAMILIES = {
    "bert": {"model_type": "bert", "vocab_size": 30522, "max_position_embeddings": 512,
             "type_vocab_size": 2, **TINY},
    "mpnet": {"model_type": "mpnet", "vocab_size": 30527, "max_position_embeddings": 514,
              "relative_attention_num_buckets": 32, **TINY},
}  # fmt: skip


def _base(folder: Path, family: str) -> Path:
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(FAMILIES[family]), encoding="utf-8")
    # The shipped vocabulary fits both tiny encoders (its ids stay under 30,522).
    shutil.copyfile(MODEL_DIR / "tokenizer.json", folder / "tokenizer.json")
    return folder


def _batch(base: Path) -> dict[str, torch.Tensor]:
    tokenizer = load_tokenizer(base / "tokenizer.json", 256)
    return collate([(e.ids, e.type_ids) for e in tokenizer.encode_batch(SAMPLE)])


@pytest.mark.parametrize(("family", "segments"), [("bert", True), ("mpnet", False)])
def test_segment_ids_reach_only_an_encoder_that_has_them(
    tmp_path: Path, family: str, segments: bool
) -> None:
    base = _base(tmp_path / "base", family)
    torch.manual_seed(0)
    model = Verifier.from_config(base / "config.json").eval()
    assert type(model.bert).__name__ == {"bert": "BertModel", "mpnet": "MPNetModel"}[family]
    assert model.takes_segments is segments
    assert model.input_names[-1] == ("token_type_ids" if segments else "attention_mask")
    batch = _batch(base)
    with torch.no_grad():
        logits = model(**batch)
        other = model(**{**batch, "token_type_ids": torch.zeros_like(batch["token_type_ids"])})
    assert logits.shape == (len(SAMPLE), 4)
    assert torch.equal(logits, other) is not segments


@pytest.mark.parametrize("family", ["bert", "mpnet"])
def test_the_exported_graph_runs_in_the_runtime(tmp_path: Path, family: str) -> None:
    base = _base(tmp_path / "base", family)
    torch.manual_seed(0)
    model = Verifier.from_config(base / "config.json").eval()
    torch.save(model.state_dict(), tmp_path / "weights.pt")
    out = tmp_path / "model"
    out.mkdir()
    export(tmp_path / "weights.pt", out, threads=1, base=base)
    graph = onnx.load(str(out / "model.int8.onnx"))
    assert tuple(i.name for i in graph.graph.input) == model.input_names
    write_model_folder(out, (out / "model.int8.onnx").read_bytes())
    runtime = VerifierModel(out, threads=1)
    got = np.stack([runtime.logits(claim, [passage])[0][0] for claim, passage in SAMPLE])
    with torch.no_grad():
        want = model(**_batch(base)).numpy()
    # int8 weights and activations: close, not equal.
    np.testing.assert_allclose(got, want, atol=0.05)


def test_an_encoders_own_weights_start_a_run(tmp_path: Path) -> None:
    from training.train_verifier import initial_model

    base = _base(tmp_path / "base", "mpnet")
    with pytest.raises(SystemExit, match="give --init"):
        initial_model(base, None)
    torch.manual_seed(0)
    encoder = Verifier.from_config(base / "config.json").bert
    encoder.save_pretrained(str(base))  # model.safetensors beside config.json, as a hub folder
    model = initial_model(base, None)
    assert type(model.bert).__name__ == "MPNetModel" and not model.takes_segments
    for name, value in encoder.state_dict().items():
        assert torch.equal(model.bert.state_dict()[name], value), name
