"""Fixtures for the tests that run the openai judge against the real llama.cpp server.

Every test module using them is marked ``llama`` (``pytestmark = pytest.mark.llama``): they
need ``make llama`` and take a few minutes on two cores, so ``pytest -m 'not llama'`` leaves
them out while iterating. ``make test`` runs them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.llamacpp.proxy import ChatProxy, banning, without_logprobs
from tests.llamacpp.server import SERVED_MODEL, LlamaServer

WINDOW = 2048  # the shared server's context window, in tokens
# The window of a server too small for even the claim and the questions.
TINY_WINDOW = 256
LETTERS = [chr(c) for c in range(ord("A"), ord("Z") + 1)]


@pytest.fixture(scope="session")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """The server most llama tests share: SmolLM2 with a window of WINDOW tokens."""
    with LlamaServer(tmp_path_factory.mktemp("llama"), n_ctx=WINDOW) as server:
        yield server


@pytest.fixture(scope="session")
def tiny_llama(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """SmolLM2 with a window smaller than the questions alone."""
    with LlamaServer(tmp_path_factory.mktemp("tiny"), n_ctx=TINY_WINDOW) as server:
        yield server


@pytest.fixture
def doomed_llama(tmp_path: Path) -> Iterator[LlamaServer]:
    """A server of the test's own, which the test stops midway."""
    with LlamaServer(tmp_path, n_ctx=WINDOW) as server:
        yield server


@pytest.fixture
def recording(llama: LlamaServer) -> Iterator[ChatProxy]:
    """The shared server behind a proxy that records every exchange."""
    with ChatProxy(llama.root) as proxy:
        yield proxy


@pytest.fixture
def no_logprobs(llama: LlamaServer) -> Iterator[ChatProxy]:
    """The shared server, answering as a server that ignores ``logprobs`` does."""
    with ChatProxy(llama.root, without_logprobs) as proxy:
        yield proxy


@pytest.fixture(scope="session")
def label_tokens(llama: LlamaServer) -> list[int]:
    """The ids of every letter token, bare and after a space: every head of an answer label."""
    tokens: set[int] = set()
    for letter in LETTERS:
        for text in (letter, f" {letter}"):
            [token] = llama.tokenize(text)
            tokens.add(token)
    return sorted(tokens)


@pytest.fixture
def off_options(llama: LlamaServer, label_tokens: list[int]) -> Iterator[ChatProxy]:
    """The shared server with every label token forbidden: the model answers outside them."""
    with ChatProxy(llama.root, banning(label_tokens)) as proxy:
        yield proxy


@pytest.fixture
def openai_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """The openai judge's model named as the llama server serves it; base URL set by tests."""
    monkeypatch.setenv("OPENAI_MODEL", SERVED_MODEL)
    return monkeypatch
