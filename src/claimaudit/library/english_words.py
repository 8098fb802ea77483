"""English words, to tell a word TeX broke at a line end ("some-" "what") from a compound
("shape-" "preserving") where the paper prints neither elsewhere.

The list is the whole words of the embedded verifier's WordPiece vocabulary (about 20,000
lowercase words of English Wikipedia and books), shipped with the package: no word list is
downloaded and none need be installed.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

_VOCABULARY = Path(__file__).resolve().parents[1] / "judges" / "local" / "model" / "tokenizer.json"


@functools.cache
def english_words() -> frozenset[str]:
    """Lowercase words of letters only; empty if the vocabulary file is missing."""
    try:
        vocab = json.loads(_VOCABULARY.read_text(encoding="utf-8"))["model"]["vocab"]
    except (OSError, ValueError, KeyError, TypeError):
        return frozenset()  # a trimmed install: the paper's own words still decide
    return frozenset(word for word in vocab if word.isalpha() and word.islower())
