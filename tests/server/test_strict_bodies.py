"""Request bodies are read strictly: a value of the wrong JSON type is 422, never coerced."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.conftest import DEEP_RULES_REF
from tests.server.test_api import _error

CHECK = {"claim": "Deep learning helps.", "papers": [DEEP_RULES_REF], "judge": "gated"}
REVIEW = {"markdown": f"Deep learning helps ({DEEP_RULES_REF}).", "judge": "gated"}


@pytest.mark.parametrize(("path", "base"), [("/v1/checks", CHECK), ("/v1/reviews", REVIEW)])
@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"threshold": "0.5"}, "threshold: Input should be a valid number"),
        ({"cache": "no"}, "cache: Input should be a valid boolean"),
        ({"cache": 0}, "cache: Input should be a valid boolean"),
        ({"topic": 5}, "topic: Input should be a valid string"),
        ({"judge": True}, "judge: Input should be a valid string"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused(
    api: httpx.Client, path: str, base: dict[str, Any], extra: dict[str, Any], words: str
) -> None:
    error = _error(api.post(path, json={**base, **extra}), 422)
    assert error["code"] == "invalid_request" and error["message"] == words


def test_wrong_types_inside_a_check_or_a_bibliography_are_refused(api: httpx.Client) -> None:
    bad_paper = api.post("/v1/checks", json={**CHECK, "papers": [2105.14372]})
    assert _error(bad_paper, 422)["message"] == "papers[0]: Input should be a valid string"
    bad_bib = api.post("/v1/reviews", json={**REVIEW, "bibliography": {"text": ["@misc{a}"]}})
    assert _error(bad_bib, 422)["message"] == "bibliography.text: Input should be a valid string"


def test_proper_json_types_are_accepted(api: httpx.Client) -> None:
    # A whole number is a number: threshold 1 is as good as 1.0.
    for threshold in (1, 0.5):
        response = api.post("/v1/checks", json={**CHECK, "threshold": threshold, "cache": False})
        assert response.status_code == 200, response.text
    bibliography = {"text": "@misc{a, title = {A}}", "format": "bibtex"}
    response = api.post("/v1/reviews", json={**REVIEW, "bibliography": bibliography})
    assert response.status_code == 200, response.text
