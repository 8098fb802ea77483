"""Fixtures for the tests that run the openai judge against the real llama.cpp server.

Every test module using them is marked ``llama`` (``pytestmark = pytest.mark.llama``): they
need ``make llama`` (which ``make test`` runs) and take a few minutes on two cores, so
``pytest -m 'not llama'`` leaves them out while iterating.

The servers: ``llama`` (the one most tests share, a window of ``WINDOW`` tokens), ``tiny_llama``
(a window smaller than the questions alone) and ``stopped_llama`` (started, seen to answer,
then stopped: its port is closed). ``conditions`` names the ways a run can go and points the
openai judge at each, for the tests that run every surface under every condition.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.llamacpp.papers import write_library
from tests.llamacpp.proxy import ChatProxy, banning, without_logprobs
from tests.llamacpp.server import SERVED_MODEL, LlamaServer

WINDOW = 1024  # the shared server's context window, in tokens
# The window of a server too small for even the claim and the questions.
TINY_WINDOW = 256
# Every head of an answer label: each letter, either case, bare and after a space.
LETTERS = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
LABEL_HEADS = [text for c in LETTERS for text in (c, c.lower(), f" {c}", f" {c.lower()}")]
# What a check of the llama tests may wait for one answer: the machine is shared and slow.
TIMEOUT_S = 600.0


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


@pytest.fixture(scope="session")
def stopped_llama(tmp_path_factory: pytest.TempPathFactory) -> LlamaServer:
    """A server that answered once and was then stopped: nothing listens on its port."""
    server = LlamaServer(tmp_path_factory.mktemp("stopped"), n_ctx=TINY_WINDOW).start()
    assert httpx.get(f"{server.base_url}/models", timeout=30.0).status_code == 200
    server.stop()
    return server


@pytest.fixture(scope="session")
def label_tokens(llama: LlamaServer) -> list[int]:
    """The ids of every token an answer label can start with (``LABEL_HEADS``)."""
    tokens: set[int] = set()
    for text in LABEL_HEADS:
        [token] = llama.tokenize(text)
        tokens.add(token)
    return sorted(tokens)


@pytest.fixture
def recording(llama: LlamaServer) -> Iterator[ChatProxy]:
    """The shared server behind a proxy that records every exchange."""
    with ChatProxy(llama.root) as proxy:
        yield proxy


@pytest.fixture(scope="session")
def papers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library holding the short dropout paper and the long report (``papers.py``)."""
    return write_library(tmp_path_factory.mktemp("llama-papers"))


class Conditions:
    """Where the openai judge's base URL points for each condition a run is tested under.

    ``plain``: the real server. ``no_logprobs``: the real server, asked without ``logprobs``
    (as a server that ignores them answers: the text only). ``off_options``: the real server
    with every label token forbidden, so the model answers outside the options.
    ``too_long``: a real server whose window is smaller than the questions. ``stopped``: a
    real server that has been stopped. The proxies forward to the real server and pass its
    answers back unchanged; ``switch`` points ``switchboard`` (one proxy) at a condition, for
    a process whose base URL is fixed when it starts (the HTTP server).
    """

    names = ("plain", "no_logprobs", "off_options", "too_long", "stopped")

    def __init__(
        self,
        llama: LlamaServer,
        tiny: LlamaServer,
        stopped: LlamaServer,
        label_tokens: list[int],
    ) -> None:
        self.llama, self.tiny, self.stopped = llama, tiny, stopped
        self._ban = banning(label_tokens)
        self._no_logprobs = ChatProxy(llama.root, without_logprobs).start()
        self._off_options = ChatProxy(llama.root, self._ban).start()
        self.switchboard = ChatProxy(llama.root).start()

    def base_url(self, name: str) -> str:
        return {
            "plain": self.llama.base_url,
            "no_logprobs": self._no_logprobs.url,
            "off_options": self._off_options.url,
            "too_long": self.tiny.base_url,
            "stopped": self.stopped.base_url,
        }[name]

    def switch(self, name: str) -> None:
        board = self.switchboard
        board.upstream_root = {
            "too_long": self.tiny.root,
            "stopped": self.stopped.root,
        }.get(name, self.llama.root)
        board.change = {"no_logprobs": without_logprobs, "off_options": self._ban}.get(name)

    def close(self) -> None:
        for proxy in (self._no_logprobs, self._off_options, self.switchboard):
            proxy.close()


@pytest.fixture(scope="session")
def conditions(
    llama: LlamaServer,
    tiny_llama: LlamaServer,
    stopped_llama: LlamaServer,
    label_tokens: list[int],
) -> Iterator[Conditions]:
    running = Conditions(llama, tiny_llama, stopped_llama, label_tokens)
    yield running
    running.close()


@pytest.fixture
def openai_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """The openai judge's model named as the llama servers serve it; base URL set by tests."""
    monkeypatch.setenv("OPENAI_MODEL", SERVED_MODEL)
    return monkeypatch
