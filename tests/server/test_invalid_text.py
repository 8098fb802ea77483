"""Text that is not valid Unicode is 422 ``invalid_text`` wherever a request carries it: a JSON
body's bytes, any of its string fields, a path or a query string (real server on 127.0.0.1)."""

from __future__ import annotations

import httpx
import pytest

from tests.server.conftest import DEEP_RULES_REF
from tests.server.test_api import _error

CHECK = b'{"claim": "Deep learning helps.", "papers": ["arXiv:2105.14372"]'
REVIEW = b'{"markdown": "Deep learning helps (arXiv:2105.14372)."'


def _post(api: httpx.Client, path: str, raw: bytes) -> httpx.Response:
    return api.post(path, content=raw, headers={"content-type": "application/json"})


@pytest.mark.parametrize(
    ("path", "raw"),
    [
        ("/v1/checks", b'{"claim": "Deep \xff learning", "papers": ["arXiv:2105.14372"]}'),
        ("/v1/reviews", b'{"markdown": "Deep \xff learning (arXiv:2105.14372)."}'),
    ],
    ids=["check", "review"],
)
def test_a_body_that_is_not_utf8_is_invalid_text(api: httpx.Client, path: str, raw: bytes) -> None:
    error = _error(_post(api, path, raw), 422)
    assert error == {
        "status": 422,
        "code": "invalid_text",
        "message": "the request body is not valid UTF-8",
    }


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "utf-32-be"])
@pytest.mark.parametrize("start", [CHECK, REVIEW], ids=["check", "review"])
def test_a_body_in_another_unicode_encoding_is_invalid_text(
    api: httpx.Client, start: bytes, encoding: str
) -> None:
    # QA: FastAPI's json.loads(bytes) read UTF-16 and UTF-32 bodies as JSON, where RFC 8259
    # requires UTF-8 and the server refused invalid UTF-8.
    path = "/v1/checks" if start is CHECK else "/v1/reviews"
    raw = (start + b', "judge": "gated"}').decode().encode(encoding)
    assert _error(_post(api, path, raw), 422) == {
        "status": 422,
        "code": "invalid_text",
        "message": "the request body is not valid UTF-8",
    }


def test_a_utf8_body_with_a_bom_is_read(api: httpx.Client) -> None:
    raw = (CHECK + b', "judge": "nosuchjudge"}').decode().encode("utf-8-sig")
    # Read as JSON: refused for its judge, not for its bytes.
    assert _error(_post(api, "/v1/checks", raw), 400)["code"] == "unknown_judge"


@pytest.mark.parametrize(
    ("field", "message"),
    [
        # The topic and the model are read by the service's own checks (shared with MCP),
        # which say where.
        ("topic", "the topic is not valid text: invalid UTF-8 or a lone surrogate at character 1"),
        ("model", "the model is not valid text: invalid UTF-8 or a lone surrogate at character 1"),
    ],
)
@pytest.mark.parametrize("start", [CHECK, REVIEW], ids=["check", "review"])
def test_a_lone_surrogate_in_any_field_is_invalid_text(
    api: httpx.Client, start: bytes, field: str, message: str
) -> None:
    path = "/v1/checks" if start is CHECK else "/v1/reviews"
    raw = start + b', "%s": "\\udfff", "judge": "gated"}' % field.encode()
    error = _error(_post(api, path, raw), 422)
    assert error["code"] == "invalid_text"
    assert error["message"] == message


@pytest.mark.parametrize(
    "url",
    [
        "/v1/library/search?q=%FFdeep",
        "/v1/library/search?q=deep&ref=arXiv%3A2105.14372%ED%A0%80",  # an encoded surrogate
        "/v1/library?q=%C3",
        "/v1/library/arXiv%3A2105.14372%FF",
        "/v1/library/arXiv%3A2105.14372/passages/P001%FF",
    ],
)
def test_a_path_or_query_that_is_not_utf8_is_invalid_text(api: httpx.Client, url: str) -> None:
    error = _error(api.get(url), 422)
    assert error["code"] == "invalid_text"
    part = "path" if "?" not in url else "query string"
    assert error["message"].startswith(f"the request's {part} is not valid text: invalid UTF-8")


def test_percent_encoded_utf8_is_still_text(api: httpx.Client) -> None:
    assert api.get("/v1/library/search", params={"q": "réseaux deep"}).status_code == 200
    assert api.get(f"/v1/library/{DEEP_RULES_REF.replace(':', '%3A')}").status_code == 200
