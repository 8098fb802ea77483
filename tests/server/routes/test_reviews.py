"""``POST /v1/reviews`` through the app: a draft's form, bibliography and settings are the
request's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig

LATEX = r"""\documentclass{article}\begin{document}Transformers rely on attention \cite{vaswani}.
\begin{thebibliography}{1}\bibitem{vaswani} A. Vaswani. Attention. doi:10.1000/xyz
\end{thebibliography}\end{document}"""


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        yield client


def test_a_latex_draft_is_read_as_latex_with_the_threshold_sent(api: TestClient) -> None:
    answer = api.post("/v1/reviews", json={"latex": LATEX, "judge": "local", "threshold": 0.9})
    assert answer.status_code == 200, answer.text
    [record] = answer.json()["records"]
    assert record["sentence"]["file"] == "draft.tex" and record["citations"] == ["vaswani"]
    assert "% claimaudit: vaswani" in answer.json()["annotated"]
    assert answer.json()["threshold"] == 0.9


@pytest.mark.parametrize(
    ("text", "form"),
    [
        (json.dumps([{"id": "vaswani", "type": "article", "DOI": "10.1000/xyz"}]), "csl-json"),
        ("- id: vaswani\n  type: article\n  DOI: 10.1000/xyz\n", "csl-yaml"),
    ],
)
def test_a_markdown_draft_s_bibliography_is_read_in_the_format_sent(
    api: TestClient, text: str, form: str
) -> None:
    draft = "Transformers rely on attention [@vaswani].\n"
    body = {"markdown": draft, "bibliography": {"text": text, "format": form}, "judge": "local"}
    answer = api.post("/v1/reviews", json=body)
    assert answer.status_code == 200, answer.text
    [record] = answer.json()["records"]
    assert record["paperRef"] == "doi:10.1000/xyz" and record["verdict"] == "not_checked"
