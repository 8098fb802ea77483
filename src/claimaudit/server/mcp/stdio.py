"""The MCP server's stdio wire, where every incoming line is screened before the SDK sees it.

The SDK answers nothing to a line it cannot parse: bad JSON, JSON nested past its parser's
limit, invalid UTF-8 (decoded to U+FFFD and passed on as if it were text), or a lone surrogate
escape (``"\\ud800"``), or JSON that is no JSON-RPC 2.0 message (no ``"jsonrpc": "2.0"``, an id
that is null, a float or an object, a method that is no string, params that are no object, a
batch). A client then waits for ever. Here such a line gets an answer at once: -32600 Invalid
Request for a message of the wrong shape, a tool error for invalid text in a ``tools/call``'s
arguments (the same kind of refusal as an unknown judge), -32602 "Unknown tool" for a tool name
that is no valid text (as for any other name no tool has), a JSON-RPC error otherwise, nothing
for a well-formed notification (JSON-RPC never answers those). A key given twice, which the
SDK would read as its last value, is refused the same way (a tool error for a tool's argument,
in the API's words), and a ``tools/call`` whose name or arguments cannot be read says which.
Lines that pass go to the SDK unchanged.

The process's own stdin and stdout are moved aside while serving, as the SDK's transport does:
stray output from a library can then never corrupt the protocol stream.

When stdin closes, the SDK cancels every request still being handled, so a piped session
(``cat requests | claimaudit mcp``) would see its tool calls run, papers added included, and
never answered. The end of input is therefore held back until every request read has been
answered (or cancelled by the client), unless the client closed the output too: it has gone,
and what is in flight is cancelled at once. A request whose id is that of a request still
unanswered is refused (-32600): the SDK would silently answer only one of them.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import IO, Any

import anyio
import anyio.to_thread

from claimaudit.errors import NestingError
from claimaudit.guards.jsonsafe import escape_unsafe_text
from claimaudit.guards.own_stdout import own_fd
from claimaudit.guards.repeated import Location, given_once, load_json_once, repeated_keys
from claimaudit.guards.untrusted import as_text, has_surrogates, text_problem
from claimaudit.net.redaction import safe_line
from claimaudit.server.mcp.reader import LineReader
from claimaudit.server.mcp.wire import Wire, is_id
from claimaudit.server.validation import field_errors

# Far above any request the tools take (a draft within the HTTP API's 1 MiB limit).
MAX_MESSAGE_BYTES = 16 * 1024 * 1024
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602


def _error(request_id: Any, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


def unknown_tool(name: str) -> str:
    """The message for a tool name no tool has (MCP: a protocol error, -32602), one line, and
    a name that is no valid text written with escapes (``\\ud800``, ``\\xff``), as are the
    control characters and bidi overrides of any (``\\x1b``, ``\\u202e``), as a tool error
    shows them."""
    return safe_line(f"Unknown tool: {escape_unsafe_text(as_text(name))}")


def unknown_tool_error(request_id: Any, name: str, tools: Sequence[str]) -> dict[str, Any]:
    """The answer to a ``tools/call`` naming no tool, with the tools there are."""
    answer = _error(request_id, INVALID_PARAMS, unknown_tool(name))
    answer["error"]["data"] = {"tools": sorted(tools)}
    return answer


def _refusal(message: Any, problem: str) -> dict[str, Any] | None:
    """The answer to a parsed ``message`` the SDK must not see, or None for a notification."""
    if not isinstance(message, dict) or "id" not in message:
        return (
            None
            if isinstance(message, dict) and "method" in message
            else _error(None, INVALID_REQUEST, f"Invalid request: {problem}")
        )
    request_id = message["id"] if is_id(message["id"]) else None
    if message.get("method") == "tools/call":
        result = {"content": [{"type": "text", "text": problem}], "isError": True}
        return {"jsonrpc": "2.0", "id": request_id, "result": result}
    return _error(request_id, INVALID_PARAMS, f"Invalid params: {problem}")


def _shape_problem(message: Any) -> str | None:
    """Why ``message`` is not a JSON-RPC 2.0 request, notification or response, or None.

    The SDK silently drops what its models reject, so these are answered here."""
    if isinstance(message, list):
        # MCP (2025-06-18 on) has no batches: one error answers the whole array.
        return "batches are not supported; send one request per line"
    if not isinstance(message, dict):
        return "a message must be a JSON object"
    if message.get("jsonrpc") != "2.0":
        return '"jsonrpc" must be "2.0"'
    if "id" in message and not is_id(message["id"]):
        return '"id" must be a string or an integer'
    if "method" not in message:
        # A client's response to a request of the server's: an id and a result or an error.
        if "id" in message and ("result" in message) != ("error" in message):
            return None
        return '"method" is missing'
    if not isinstance(message["method"], str):
        return '"method" must be a string'
    if "params" in message and not isinstance(message["params"], dict):
        return '"params" must be an object'
    return None


def _invalid_request(message: Any, problem: str) -> dict[str, Any]:
    """-32600, with the request's id when it has a usable one (JSON-RPC: else null)."""
    request_id = message.get("id") if isinstance(message, dict) else None
    return _error(
        request_id if is_id(request_id) else None, INVALID_REQUEST, f"Invalid request: {problem}"
    )


def _invalid_text_at(value: Any, where: str = "") -> tuple[str, str] | None:
    """(where, the string) for the first string (or key) in ``value`` holding a lone
    surrogate (an invalid UTF-8 byte, as read), e.g. ``("params.arguments.claim", "a\\ud800")``."""
    if isinstance(value, str):
        return (where or "the message", value) if has_surrogates(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            name = f"{where}.{key}" if where else str(key)
            if has_surrogates(str(key)):
                return where or "a key", str(key)
            if (found := _invalid_text_at(item, name)) is not None:
                return found
    if isinstance(value, list):
        for index, item in enumerate(value):
            if (found := _invalid_text_at(item, f"{where}[{index}]")) is not None:
                return found
    return None


_ARGUMENTS = "params.arguments."
# What the service calls a tool's argument in its refusals (the HTTP API's words), where that is
# not "the <argument>": the screen must say what the service would have said.
_SERVICE_NAMES = {"markdown": "the draft", "latex": "the draft", "ref": "the reference"}
_PAPER = re.compile(r"papers\[(\d+)\]")


def _argument_name(argument: str) -> str:
    """What the service calls a tool's argument in its refusals: ``the claim``,
    ``paper reference 2`` (``papers[1]``)."""
    if paper := _PAPER.fullmatch(argument):
        return f"paper reference {int(paper.group(1)) + 1}"
    return _SERVICE_NAMES.get(argument, f"the {argument.replace('_', ' ')}")


def _invalid_text_problem(message: dict[str, Any], where: str, text: str) -> str:
    """Why the text is refused: a tool's argument in the words the service (and so the HTTP
    API) uses, prefixed as the SDK prefixes every tool error; anything else by its place."""
    params = message.get("params")
    tool = params.get("name") if isinstance(params, dict) else None
    calls_a_tool = (
        message.get("method") == "tools/call"
        and where.startswith(_ARGUMENTS)
        and isinstance(tool, str)
        and not has_surrogates(tool)
    )
    name = _argument_name(where.removeprefix(_ARGUMENTS)) if calls_a_tool else where
    name = name.removeprefix("params.")
    problem = text_problem(text, name) or f"{name} is not valid text"
    return f"Error executing tool {tool}: {problem}" if calls_a_tool else problem


def _call_problem(message: dict[str, Any]) -> str | None:
    """Why a request's ``_meta`` cannot be read, or a ``tools/call`` cannot name its tool
    (no params at all included) or read its arguments, or None. The SDK's own answer,
    "Invalid request parameters" with empty data, does not say which."""
    params = message.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    if meta is not None and not isinstance(meta, dict):  # null is none, as the SDK reads it
        return "_meta must be an object"
    if isinstance(meta, dict) and "progressToken" in meta and not is_id(meta["progressToken"]):
        return "_meta.progressToken must be a string or an integer"
    if message.get("method") != "tools/call":
        return None
    if not isinstance(params, dict) or not isinstance(params.get("name"), str):
        return "name must be a string"
    if params.get("arguments") is not None and not isinstance(params["arguments"], dict):
        return "arguments must be an object"
    return None


def _repeat_refusal(
    message: dict[str, Any], repeats: list[tuple[Location, int]]
) -> dict[str, Any] | None:
    """A key given twice: in a tool's arguments, a tool error in the API's words for a body's
    (``claim: Input should be given once, not 2 times``); elsewhere, -32600."""
    params = message.get("params")
    tool = params.get("name") if isinstance(params, dict) else None
    inside = [
        {"loc": where[2:], "msg": given_once(count)}
        for where, count in repeats
        if where[:2] == ("params", "arguments") and len(where) > 2
    ]
    if (
        message.get("method") == "tools/call"
        and isinstance(tool, str)
        and len(inside) == len(repeats)
    ):
        problem = f"Error executing tool {tool}: {field_errors(inside, located=False)}"
        return _refusal(message, problem)
    errors = [{"loc": where, "msg": given_once(count)} for where, count in repeats]
    return _invalid_request(message, field_errors(errors, located=False))


def screen(raw: bytes, tools: Sequence[str] = ()) -> tuple[str | None, dict[str, Any] | None]:
    """``(line, None)`` to pass on, ``(None, reply)`` to answer here, ``(None, None)`` to drop;
    ``tools``: the server's tool names, listed when a call names none of them."""
    line, reply, _ = _screened(raw, tools)
    return line, reply


def _screened(
    raw: bytes, tools: Sequence[str] = ()
) -> tuple[str | None, dict[str, Any] | None, Any]:
    """As ``screen``, with the message as parsed (read once), None when it is no JSON."""
    if not raw.strip():
        return None, None, None
    try:
        text = raw.decode("utf-8")
        utf8 = True
    except UnicodeDecodeError:
        # Each invalid byte becomes a lone surrogate: found where it stands, and refused in
        # the same words as a lone surrogate escape there (the argument and the character).
        text = raw.decode("utf-8", "surrogateescape")
        utf8 = False
    try:
        message = load_json_once(text)
    except (NestingError, json.JSONDecodeError) as error:
        detail = str(error) if isinstance(error, NestingError) else error.msg
        return None, _error(None, PARSE_ERROR, f"Parse error: {detail}"), None
    shape = _shape_problem(message)
    if shape is not None:
        return None, _invalid_request(message, shape), message
    assert isinstance(message, dict)  # the shape check passed
    call = _call_problem(message)
    if call is not None:
        # A notification is never answered, not even to say it is wrong.
        reply = _error(message.get("id"), INVALID_PARAMS, f"Invalid params: {call}")
        return None, reply if "id" in message else None, message
    name = message["params"]["name"] if message.get("method") == "tools/call" else None
    if isinstance(name, str) and (has_surrogates(name) or (tools and name not in tools)):
        # No tool has such a name (one that is no text, the SDK could not even read): refused
        # as ``call_tool`` refuses it, before its arguments are looked at (invalid text there
        # was a tool error, as if a tool had run).
        reply = unknown_tool_error(message.get("id"), name, tools)
        return None, reply if "id" in message else None, message
    repeats = repeated_keys(message)
    if repeats:
        return None, _repeat_refusal(message, repeats), message
    found = _invalid_text_at(message)
    if found is not None:
        return None, _refusal(message, _invalid_text_problem(message, *found)), message
    if not utf8:  # not reached: an invalid byte outside a string is no JSON
        return None, _refusal(message, "the request is not valid UTF-8 text"), message
    return text, None, message


class _ScreenedLines:
    """The protocol's input as lines for the SDK; refused lines are answered on ``wire``."""

    def __init__(self, binary: IO[bytes], wire: Wire, tools: Sequence[str]) -> None:
        # Read from the descriptor, not the file: a read that Ctrl-C ends must not leave the
        # file's lock held (``reader``).
        self._reader = LineReader(binary.fileno(), MAX_MESSAGE_BYTES)
        self._wire = wire
        self._tools = tools

    def stop(self) -> None:
        """End the read under way: the session is over."""
        self._reader.stop()

    def __aiter__(self) -> _ScreenedLines:
        return self

    async def __anext__(self) -> str:
        while True:
            try:
                # Abandoned when the session is cancelled (Ctrl-C): it waited for a line from
                # the client, or the end of stdin, before the server could stop.
                raw = await anyio.to_thread.run_sync(self._reader.readline, abandon_on_cancel=True)
            except anyio.get_cancelled_exc_class():
                self._reader.stop()
                raise
            if raw is None:
                # The SDK cancels what is in flight at the end of input: answer it all first,
                # unless the client has gone too (then the wait ends), and nobody would read.
                await anyio.to_thread.run_sync(
                    self._wire.pending.wait_until_answered, abandon_on_cancel=True
                )
                raise StopAsyncIteration
            if len(raw) > MAX_MESSAGE_BYTES:
                limit = MAX_MESSAGE_BYTES // (1024 * 1024)
                error = _error(None, PARSE_ERROR, f"Parse error: message over {limit} MiB")
                await self._wire.write(json.dumps(error) + "\n")
                continue
            line, reply, message = _screened(raw, self._tools)
            if self._wire.pending.in_use(message):
                # The SDK would answer only one of the two; JSON-RPC wants ids unique anyway.
                # Said before anything else wrong with it: an answer under that id would read
                # as the pending request's (and leave it unanswered for ever).
                problem = f"id {json.dumps(message['id'])} is already in use"
                answer = json.dumps(_invalid_request(message, problem)) + "\n"
                await self._wire.write(answer, settles=False)
                continue
            if reply is not None:
                # Never settles a pending request: the screen answers only what it refused.
                await self._wire.write(json.dumps(reply) + "\n", settles=False)
            if line is not None:
                self._wire.pending.read(message)
                return line + "\n"


@contextmanager
def _claimed_stdio() -> Iterator[tuple[IO[bytes], IO[bytes]]]:
    """The protocol's stdin and stdout; fd 0 reads nothing and fd 1 goes to stderr meanwhile.
    Where the command claimed standard output already (``own_stdout``: since before plugins
    loaded), fd 1 reaches stderr by now and the real stdout is the command's own."""
    sys.stdout.flush()
    saved_in, saved_out = os.dup(0), os.dup(1)
    wire_in = os.fdopen(os.dup(0), "rb")
    wire_out = os.fdopen(os.dup(own_fd()), "wb")
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
        os.dup2(2, 1)
        yield wire_in, wire_out
    finally:
        os.dup2(saved_in, 0)
        os.dup2(saved_out, 1)
        for fd in (null, saved_in, saved_out):
            os.close(fd)
        wire_in.close()
        # What a broken pipe left in the buffer is for a client that has gone.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            wire_out.close()


@contextmanager
def screened_stdio(
    on_gone: Callable[[], None], tools: Sequence[str] = ()
) -> Iterator[tuple[_ScreenedLines, Wire]]:
    """Text streams for ``mcp.server.stdio.stdio_server(stdin, stdout)``; ``on_gone`` is called
    when the client closes its end of the output; ``tools``: the server's tool names."""
    with _claimed_stdio() as (wire_in, wire_out):
        wire = Wire(wire_out, on_gone)
        lines = _ScreenedLines(wire_in, wire, tools)
        wire.watch_client()
        try:
            yield lines, wire
        finally:
            lines.stop()  # before stdin is closed: no read may be left waiting on it
            wire.stop_watching()
