"""An absolute-form target made origin-form (target.py), without a server."""

from __future__ import annotations

from starlette.types import Scope

from claimaudit.server.target import origin_form


def _scope(raw_path: bytes, query: bytes = b"", host: bytes = b"localhost") -> Scope:
    return {
        "type": "http",
        "path": raw_path.decode("latin-1"),
        "raw_path": raw_path,
        "query_string": query,
        "headers": [(b"host", host), (b"accept", b"*/*")],
    }


def test_an_origin_form_target_is_left_as_it_is() -> None:
    scope = _scope(b"/health")
    assert origin_form(scope) is scope


def test_an_absolute_form_target_gives_its_path_query_and_host() -> None:
    routed = origin_form(_scope(b"http://127.0.0.1:8000/v1/papers/caf%C3%A9", b"q=1", b"x"))
    assert routed is not None
    assert routed["path"] == "/v1/papers/café"
    assert routed["raw_path"] == b"/v1/papers/caf%C3%A9"
    assert routed["query_string"] == b"q=1"
    assert routed["headers"] == [(b"accept", b"*/*"), (b"host", b"127.0.0.1:8000")]


def test_a_url_without_a_path_names_the_root() -> None:
    routed = origin_form(_scope(b"http://localhost:8000"))
    assert routed is not None and routed["path"] == "/" and routed["raw_path"] == b"/"


def test_a_url_no_http_server_serves_is_refused() -> None:
    for target in (b"ftp://localhost/x", b"http://u:p@localhost/x", b"http:///x", b"http://h:x/"):
        assert origin_form(_scope(target)) is None, target
