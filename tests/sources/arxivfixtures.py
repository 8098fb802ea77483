"""Fixtures for the tests of arXiv downloads into the library (a pytest plugin, see
``tests/conftest.py``): a local arXiv peer with two papers (``two_papers``) and a client of it
without the politeness wait."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from claimaudit.sources.arxiv import ArxivClient
from tests.sources.arxivserver import ArxivServer, two_papers


@pytest.fixture
def arxiv_papers(tmp_path: Path) -> Iterator[ArxivServer]:
    with two_papers(tmp_path) as server:
        yield server


@pytest.fixture
def arxiv_client(arxiv_papers: ArxivServer) -> Iterator[ArxivClient]:
    with ArxivClient(arxiv_papers.url, min_interval=0) as made:
        yield made
