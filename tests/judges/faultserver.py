"""A local TypeSafe System One peer that can be told to misbehave.

Tests point a System One client (``TYPESAFE_BASE_URL``) at it to see how the client copes with each
failure a real deployment can produce. In mode ``"ok"`` it answers like Jev: deterministic,
near-uniform distributions over the requested options, model ``jev-1.13.0``, and ``usage``. Other
modes break one thing on purpose; see ``MODES``.

    from tests.judges.faultserver import TEST_KEY, FaultServer

    with FaultServer(key=TEST_KEY) as srv:     # mode "ok"; key=None accepts any request
        monkeypatch.setenv("TYPESAFE_BASE_URL", srv.url)
        monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
        ...
        srv.set_mode("http500")
        ...
        assert len(srv.requests) == 2

It listens only on 127.0.0.1 and uses the standard library only, so any test can import it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from tests.httpfake import FakeHandler, FakeServer, RecordedRequest

__all__ = ["ANSWERING_MODES", "MODES", "TEST_KEY", "FaultServer", "RecordedRequest"]

# A key for tests to configure and then look for in output: it must never show up there.
TEST_KEY = "tsk-test-9f8e7d6c5b4a-SECRET"
MODEL_ID = "jev-1.13.0"
ACCEPTED_MODELS = frozenset({"jev-latest", "jev-preview", "jev-1.13.0", "mock"})
MODELS_LISTING = [
    {
        "name": name,
        "description": "claimaudit fault server (not a model)",
        "release_date": "2026-09-15",
    }
    for name in ("jev-latest", "jev-preview", "jev-1.13.0")
]

# Modes that reply 200 with a (possibly broken) answer body; the probability faults hit every
# choice answer, so a test does not depend on which question the server picks.
ANSWERING_MODES: dict[str, str] = {
    "ok": "a valid answer to every question",
    "prob_missing_option": "one option missing from probabilities",
    "prob_over_one": "a probability of 1.5",
    "prob_sum_1_3": "probabilities summing to 1.3, each in [0, 1]",
    "choice_not_option": "a chosen label that is not an option",
    "prob_nan": "NaN probabilities (the JSON token NaN)",
    "prob_string": "probabilities as strings",
    "confidence_string": "confidence as a string",
    "drop_answer": "no answer for the last question",
    "wrong_type": "the last question answered with an unknown answer type",
    "choice_as_noul": "the last question answered as a noul",
    "no_usage": "usage left out of the envelope",
    "usage_no_input": "usage whose input_tokens is null (the SDK reads it as not reported)",
}
# Modes that never give a valid 200 body.
FAILING_MODES: dict[str, str] = {
    "slow": "sleep `delay` seconds, then answer as in ok (to outlast a client timeout)",
    "non_json": "200 with an HTML body",
    "empty_200": "200 with an empty body",
    "hangup": "close the connection without replying",
    "echo_auth": "401 whose JSON error message echoes the Authorization header",
    "trickle": "answer as in ok, the body's first `trickle_bytes` bytes `interval` seconds apart",
    "trickle_headers": "as trickle, from the status line on",
    "oversized": "a valid answer padded past the judge's reply cap",
    "gzip_oversized": "as oversized, gzip-encoded: well under the cap as sent",
    "redirect_answer": "302 (with a Location) whose body is a valid answer",
}
# Mode oversized pads a reply with this much: past the judges' cap of 8 MiB (judges/deadline.py).
OVERSIZED = 8 * 2**20
ERROR_STATUSES = (302, 400, 401, 403, 404, 408, 422, 429, 500, 502, 503)
MODES: dict[str, str] = {
    **ANSWERING_MODES,
    **FAILING_MODES,
    **{f"http{status}": f"HTTP {status} with a System One error body" for status in ERROR_STATUSES},
}

_ERROR_TYPES = {
    400: "api_usage_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found",
    408: "timeout_error",
    429: "rate_limit_error",
}


class FaultServer(FakeServer[RecordedRequest]):
    """A System One server on an ephemeral 127.0.0.1 port, running in a background thread.

    ``key``: when set, requests must carry ``Authorization: Bearer <key>`` (else 401/403), as the
    real service does; when None every request is accepted. ``delay``: seconds mode ``slow`` waits.
    """

    def __init__(
        self, mode: str = "ok", *, key: str | None = None, delay: float = 2.0, model: str = MODEL_ID
    ) -> None:
        self._check_mode(mode)
        self.mode = mode
        self.key = key
        self.delay = delay
        self.model = model
        # Mode trickle: each byte well within a short timeout, the reply well past it.
        self.interval = 0.1
        self.trickle_bytes = 20
        # HTTP statuses for the next System One requests, before the mode applies again.
        self.upcoming_errors: deque[int] = deque()
        super().__init__(_Handler, name="faultserver")

    @staticmethod
    def _check_mode(mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown fault mode {mode!r}; known: {', '.join(MODES)}")

    def set_mode(self, mode: str) -> None:
        self._check_mode(mode)
        self.mode = mode

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, oldest first (a copy)."""
        return self.recorded

    @property
    def systemone_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.method == "POST" and r.path == "/v1/systemone"]


class _Handler(FakeHandler):
    owner: FaultServer
    server_version = "claimaudit-faultserver"

    def _read_and_record(self) -> RecordedRequest:
        recorded = self.read_request()
        self.owner.record(recorded)
        return recorded

    def _send_raw(self, status: int, raw: bytes, content_type: str = "application/json") -> None:
        headers = {"x-typesafe-request-id": "req_faultserver"}
        if status == 429:
            headers["Retry-After"] = "0"
        if 300 <= status < 400:
            headers["Location"] = "/v1/elsewhere"
        self.send_body(status, raw, content_type, headers)

    def _send_json(self, status: int, payload: Any) -> None:
        # allow_nan: mode prob_nan needs the bare NaN token on the wire.
        self._send_raw(status, json.dumps(payload, ensure_ascii=False, allow_nan=True).encode())

    def _send_error(self, status: int, message: str, error_type: str | None = None) -> None:
        if status == 422:
            detail: Any = [{"loc": ["body"], "msg": message, "type": "value_error"}]
        else:
            kind = error_type or _ERROR_TYPES.get(status, "internal_error")
            detail = {"error_type": kind, "message": message}
        self._send_json(status, {"detail": detail})

    def _auth_failed(self, request: RecordedRequest) -> bool:
        key = self.owner.key
        if key is None:
            return False
        header = request.authorization or ""
        if not header.startswith("Bearer ") or not header[7:]:
            self._send_error(403, "Must supply an API key!", "authentication_error")
            return True
        if header[7:] != key:
            self._send_error(401, "Cannot authenticate with the server.")
            return True
        return False

    # ---------------------------------------------------------------- routes

    def do_GET(self) -> None:
        request = self._read_and_record()
        if request.path != "/v1/models":
            self._send_error(404, f"No route {request.path}")
        elif not self._auth_failed(request):
            self._send_json(200, {"models": MODELS_LISTING})

    def do_POST(self) -> None:
        request = self._read_and_record()
        if request.path != "/v1/systemone":
            self._send_error(404, f"No route {request.path}")
            return
        mode = self.owner.mode
        upcoming = self.owner.pop_next(self.owner.upcoming_errors)
        if upcoming is not None:
            self._send_error(upcoming, f"fault server: scripted HTTP {upcoming}")
            return
        if mode == "hangup":
            self.close_connection = True
            return
        if mode == "echo_auth":
            # A careless proxy that reflects the credential it rejected.
            echoed = request.authorization or ""
            self._send_json(
                401,
                {
                    "detail": {
                        "error_type": "authentication_error",
                        "message": f"Rejected credential {echoed!r}",
                    },
                    "authorization": echoed,
                },
            )
            return
        if mode.startswith("http"):
            self._send_error(int(mode[4:]), f"fault server: {mode}")
            return
        if self._auth_failed(request):
            return
        if mode == "non_json":
            self._send_raw(200, b"<html><body>502 Bad Gateway</body></html>", "text/html")
            return
        if mode == "empty_200":
            self._send_raw(200, b"")
            return
        if mode == "slow":
            self.owner.wait(self.owner.delay)
        self._answer(request)

    def _answer(self, request: RecordedRequest) -> None:
        body = request.json
        errors = validate_request(body)
        if errors:
            self._send_json(422, {"detail": errors})
            return
        if body["model"] not in ACCEPTED_MODELS:
            self._send_error(404, f"Model not served: {body['model']}", "not_found")
            return
        questions: dict[str, Any] = body["questions"]
        answers = {qid: answer(body["state"], q) for qid, q in questions.items()}
        reply: dict[str, Any] = {
            "model": self.owner.model,
            "answers": answers,
            "usage": {"input_tokens": len(request.body) // 4, "output_tokens": 2 * len(answers)},
        }
        mode = self.owner.mode
        _apply_answer_fault(mode, reply, list(questions))
        if mode in ("oversized", "gzip_oversized"):
            reply["padding"] = "x" * OVERSIZED
        if mode.startswith("trickle"):
            self.send_trickled(
                200,
                json.dumps(reply).encode(),
                "application/json",
                interval=self.owner.interval,
                count=self.owner.trickle_bytes,
                headers_too=mode == "trickle_headers",
            )
        elif mode == "gzip_oversized":
            packed = gzip.compress(json.dumps(reply).encode())
            self.send_body(200, packed, "application/json", {"Content-Encoding": "gzip"})
        else:
            self._send_json(302 if mode == "redirect_answer" else 200, reply)


# -------------------------------------------------------------------- request validation

_TEXT = (str, dict, list)


def _error(loc: list[Any], msg: str, kind: str) -> dict[str, Any]:
    return {"loc": ["body", *loc], "msg": msg, "type": kind}


def validate_request(body: Any) -> list[dict[str, Any]]:
    """FastAPI-shaped 422 details for a malformed System One request; [] when it is valid."""
    if not isinstance(body, dict):
        return [_error([], "Input should be a valid dictionary", "dict_type")]
    errors = [
        _error([k], "Field required", "missing")
        for k in ("state", "model", "questions")
        if k not in body
    ]
    if "state" in body and not isinstance(body["state"], _TEXT):
        errors.append(_error(["state"], "Input should be a string, object or array", "union_type"))
    if "model" in body and not isinstance(body["model"], str):
        errors.append(_error(["model"], "Input should be a valid string", "string_type"))
    questions = body.get("questions")
    if "questions" in body:
        if not isinstance(questions, dict) or not questions:
            errors.append(_error(["questions"], "Input should be a non-empty object", "dict_type"))
        else:
            for qid, question in questions.items():
                errors += _validate_question(qid, question)
    return errors


def _validate_question(qid: str, q: Any) -> list[dict[str, Any]]:
    loc: list[Any] = ["questions", qid]
    if not isinstance(q, dict) or q.get("type") not in ("noul", "choice", "score"):
        return [_error(loc, "Unknown or missing question type", "union_tag_invalid")]
    kind = q["type"]
    loc.append(kind)
    errors: list[dict[str, Any]] = []
    instructions = q.get("instructions")
    if instructions is not None and not isinstance(instructions, _TEXT):
        errors.append(
            _error([*loc, "instructions"], "Input should be a valid string", "string_type")
        )
    criteria = q.get("criteria")
    if kind == "noul":
        if criteria is not None and (
            not isinstance(criteria, dict) or set(criteria) - {"true", "false"}
        ):
            errors.append(
                _error([*loc, "criteria"], "Expected 'true' and/or 'false'", "model_type")
            )
    elif kind == "choice":
        if not isinstance(criteria, dict) or not 1 <= len(criteria) <= 255:
            errors.append(_error([*loc, "criteria"], "Expected 1 to 255 options", "dict_type"))
        else:
            errors += [
                _error([*loc, "criteria", name], "Input should be a valid string", "string_type")
                for name, text in criteria.items()
                if text is not None and not isinstance(text, _TEXT)
            ]
    elif not isinstance(criteria, list) or not 1 <= len(criteria) <= 10:
        errors.append(_error([*loc, "criteria"], "Expected a list of 1 to 10 levels", "list_type"))
    else:
        errors += [
            _error([*loc, "criteria", i], "Input should be a valid string", "string_type")
            for i, level in enumerate(criteria)
            if not isinstance(level, _TEXT)
        ]
    return errors


# -------------------------------------------------------------------- the fake model


def _weight(*parts: Any) -> float:
    """A weight in [1, 1.5) from a hash of what the model may see (never the question id)."""
    canon = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(canon.encode()).digest()
    return 1.0 + int.from_bytes(digest[:8], "big") / 2**64 / 2


def _normalise(weights: list[float]) -> list[float]:
    total = math.fsum(weights)
    return [w / total for w in weights]


def answer(state: Any, q: Mapping[str, Any]) -> dict[str, Any]:
    """A near-uniform, deterministic, internally consistent answer to one question."""
    instructions = q.get("instructions")
    if q["type"] == "noul":
        yes, no = _weight(state, instructions, q.get("criteria"), True), 1.25
        return {"type": "noul", "noul": yes / (yes + no)}
    if q["type"] == "choice":
        names = list(q["criteria"])
        probs = _normalise([_weight(state, instructions, n, q["criteria"][n]) for n in names])
        n = len(probs)
        confidence = 1.0 if n < 2 else (max(probs) - 1 / n) / (1 - 1 / n)
        top = max(range(n), key=probs.__getitem__)
        return {
            "type": "choice",
            "choice": names[top],
            "probabilities": dict(zip(names, probs, strict=True)),
            "confidence": confidence,
        }
    levels = list(q["criteria"])
    probs = _normalise([_weight(state, instructions, i, level) for i, level in enumerate(levels)])
    n = len(probs)
    mode = max(range(n), key=probs.__getitem__)
    spread = math.fsum(p * abs(i - mode) for i, p in enumerate(probs))
    uniform = sum(abs(i - (n - 1) / 2) for i in range(n)) / n
    return {
        "type": "score",
        "score": math.fsum(i * p for i, p in enumerate(probs)),
        "legend": {str(i): level for i, level in enumerate(levels)},
        "probabilities": {str(i): p for i, p in enumerate(probs)},
        "confidence": 1.0 if n < 2 else max(0.0, 1 - spread / uniform),
    }


# -------------------------------------------------------------------- answer faults


def _corrupt_choices(reply: dict[str, Any], fault: Callable[[dict[str, Any]], None]) -> None:
    for ans in reply["answers"].values():
        if ans["type"] == "choice":
            fault(ans)


def _drop_first_option(ans: dict[str, Any]) -> None:
    probs = ans["probabilities"]
    del probs[next(iter(probs))]
    if ans["choice"] not in probs:  # keep the choice plausible, so only the distribution is wrong
        ans["choice"] = max(probs, key=probs.__getitem__)


def _over_one(ans: dict[str, Any]) -> None:
    ans["probabilities"][ans["choice"]] = 1.5


def _sum_1_3(ans: dict[str, Any]) -> None:
    probs = ans["probabilities"]
    extra = 0.3 / len(probs)
    ans["probabilities"] = {k: min(1.0, v + extra) for k, v in probs.items()}


def _not_option(ans: dict[str, Any]) -> None:
    ans["choice"] = "definitely_not_an_option"


def _nan(ans: dict[str, Any]) -> None:
    ans["probabilities"] = dict.fromkeys(ans["probabilities"], math.nan)


def _strings(ans: dict[str, Any]) -> None:
    ans["probabilities"] = {k: f"{v:.3f}" for k, v in ans["probabilities"].items()}


def _confidence_string(ans: dict[str, Any]) -> None:
    ans["confidence"] = "high"


_CHOICE_FAULTS: dict[str, Callable[[dict[str, Any]], None]] = {
    "prob_missing_option": _drop_first_option,
    "prob_over_one": _over_one,
    "prob_sum_1_3": _sum_1_3,
    "choice_not_option": _not_option,
    "prob_nan": _nan,
    "prob_string": _strings,
    "confidence_string": _confidence_string,
}


def _apply_answer_fault(mode: str, reply: dict[str, Any], question_ids: list[str]) -> None:
    last = question_ids[-1]
    if mode in _CHOICE_FAULTS:
        _corrupt_choices(reply, _CHOICE_FAULTS[mode])
    elif mode == "drop_answer":
        del reply["answers"][last]
    elif mode == "wrong_type":
        reply["answers"][last] = {"type": "verdict", "verdict": "yes"}
    elif mode == "choice_as_noul":
        reply["answers"][last] = {"type": "noul", "noul": 0.5}
    elif mode == "no_usage":
        del reply["usage"]
    elif mode == "usage_no_input":
        reply["usage"]["input_tokens"] = None
