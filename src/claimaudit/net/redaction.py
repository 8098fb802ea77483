"""Credentials kept out of every message: one place that knows what a secret looks like.

A base URL may carry a credential (``https://user:SECRET@proxy/v1``, ``...?api_key=SECRET``), and
backends' error texts may quote URLs. ``redact_url`` shows a URL without its userinfo and with the
values of secret-looking query (and fragment) keys masked; ``redact_text`` does that to every URL
in a message and also masks the current values of the secret environment variables, bearer
tokens and Basic credentials (a base URL's userinfo goes out as one, and a proxy may echo it),
and credentials written as free text (``token=...``, ``sk-...``: ``claimaudit.net.freetext``).
Records, API errors, MCP errors and command-line errors all pass through it.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
from urllib.parse import quote, quote_plus, unquote, unquote_plus, urlsplit, urlunsplit

from claimaudit.net.freetext import mask_key_shapes, mask_named_secrets

MASK = "***"
# The environment variables that hold secrets; their values never appear in a message.
SECRET_ENV = ("VALYU_API_KEY", "OPENAI_API_KEY", "TYPESAFE_API_KEY", "CLAIMAUDIT_TOKEN")
# Variables of a caller's own naming that a judge or source reads its key from (the openai
# judge's ``key_env``, a plugin's): registered when the backend is built, masked as the above.
_ADDED_SECRET_ENV: set[str] = set()
# Query keys whose values are credentials: api_key, apikey, access_token, X-Amz-Signature,
# password, client_secret, sig, auth, session ids ...
_SECRET_KEY = re.compile(
    r"key|token|secret|pass(?:word|wd)?|sig(?:nature)?|auth|credential|session|cookie",
    re.IGNORECASE,
)
_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.\-]*://[^\s\"'<>`]+")
# A bearer token is a long word: "a valid bearer token" or "bearer secret" is prose, not a token.
_MIN_BEARER_CHARS = 8
_BEARER = re.compile(rf"\b(bearer)\s+[^\s\"',;]{{{_MIN_BEARER_CHARS},}}", re.IGNORECASE)
# Too short a value would mask ordinary words; real keys are long.
_MIN_SECRET_CHARS = 6
# "Authorization: Basic <base64 of user:password>", the header a URL's userinfo is sent as,
# also percent-encoded (a Location or query quoting it: "Basic%20dXNy...%3D").
_BASIC = re.compile(
    r"\b(basic)(\s+|%20|\+)((?:[A-Za-z0-9+/]|%2[BbFf]){4,}(?:=|%3[Dd]){0,2})", re.IGNORECASE
)


# Many servers (and the old HTML form rules) take ";" as a pair separator as well as "&", so
# "?a=1;token=SECRET" carries a token just as "?a=1&token=SECRET" does.
_PAIR_SEPARATOR = re.compile(r"([&;])")


# Where a pair's name ends: "=", or "=" percent-encoded once or more ("token%3DSECRET" and
# "token%253DSECRET" still show SECRET, and a proxy that decodes twice reads a pair in either).
_NAME_END = re.compile(r"=|%(?:25)*3D", re.IGNORECASE)


def _redact_pair(pair: str) -> str:
    name, sep, value = _split_pair(pair)
    # The name as a server reads it: "%74oken", "%2574oken" and "TOKEN" are "token" too.
    if sep and value and _SECRET_KEY.search(fully_unquoted(name, plus_is_space=True)):
        return f"{name}{sep}{MASK}"
    return pair


def _split_pair(pair: str) -> tuple[str, str, str]:
    end = _NAME_END.search(pair)
    if end is None:
        return pair, "", ""
    return pair[: end.start()], end.group(), pair[end.end() :]


# Each round of percent-encoding adds "25" after a "%"; a few rounds are plenty, and the bound
# keeps a hostile name from costing more than a few passes.
_MAX_DECODINGS = 8


def fully_unquoted(text: str, *, plus_is_space: bool = False) -> str:
    """``text`` percent-decoded until nothing changes (at most a few rounds): how it reads after
    every proxy and framework on its way has decoded it once. A key may hold "+", so "+" stays
    unless asked for (as in a query's names)."""
    decode = unquote_plus if plus_is_space else unquote
    for _ in range(_MAX_DECODINGS):
        decoded = decode(text)
        if decoded == text:
            break
        text = decoded
    return text


def _redact_pairs(text: str) -> str:
    # Split keeping the separators, so that the text is rebuilt exactly as it was sent.
    return "".join(
        part if _PAIR_SEPARATOR.fullmatch(part) else _redact_pair(part)
        for part in _PAIR_SEPARATOR.split(text)
    )


def _redact_path(path: str) -> str:
    # A segment's parameters ("/v1/library/x;token=SECRET") are pairs as a query's are.
    segments = []
    for segment in path.split("/"):
        head, sep, params = segment.partition(";")
        segments.append(f"{head}{sep}{_redact_pairs(params)}" if sep else segment)
    return "/".join(segments)


def redact_url(url: str) -> str:
    """``url`` without userinfo, secret-looking query, fragment or path parameter values
    masked."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "(an invalid URL)"
    netloc = parts.netloc
    if "@" not in netloc and ":" in netloc and "@" in url[len(parts.scheme) + 3 :]:
        # "user:pa/ss@host": a "/", "?" or "#" in the password ends the authority for a parser,
        # which leaves the rest of the password in the path. Masked up to the last "@", even
        # where that "@" is a path's ("host:8080/@bob"): showing too little beats a password.
        return redact_url(f"{parts.scheme}://{MASK}@{url.rsplit('@', 1)[1]}")
    if "@" in netloc:
        netloc = f"{MASK}@{netloc.rsplit('@', 1)[1]}"
    return urlunsplit(
        (
            parts.scheme,
            netloc,
            _redact_path(parts.path),
            _redact_pairs(parts.query) if parts.query else "",
            _redact_pairs(parts.fragment) if parts.fragment else "",
        )
    )


# A setting's scheme, also mistyped ("http//"), and whitespace before it: shown as given.
_SETTING_SCHEME = re.compile(r"\s*[A-Za-z][A-Za-z0-9+.\-]*:?//")


def mask_setting_userinfo(value: str) -> str:
    """A URL setting (a base URL, a proxy) with everything between its scheme and its last "@"
    masked: a password in a setting may hold "/", "#", "?" or a space unencoded, which a URL
    parser takes for the end of the authority, so no parser can say where it ends."""
    scheme = _SETTING_SCHEME.match(value)
    start = scheme.end() if scheme else 0
    if "@" not in value[start:]:
        return value
    return f"{value[:start]}{MASK}@{value.rsplit('@', 1)[1]}"


# A "name=value" pair anywhere in a setting, "=" also percent-encoded: where a space or a line
# break splits the URL ("http://h/v1 ?api_key=KEY"), no URL pattern takes the query in.
_SETTING_PAIR = re.compile(r"([^\s?&;#=/]+)(=|%(?:25)*3D)([^\s&;#]*)", re.IGNORECASE)


def mask_setting(value: str) -> str:
    """A URL setting (a base URL, a proxy) as a message may quote it, however malformed: its
    userinfo masked (``mask_setting_userinfo``) and the values of secret-looking pairs masked
    wherever they stand, not only in a query a URL parser finds."""

    def pair(match: re.Match[str]) -> str:
        name, sep, secret = match.groups()
        if secret and _SECRET_KEY.search(fully_unquoted(name, plus_is_space=True)):
            return f"{name}{sep}{MASK}"
        return match.group()

    return _SETTING_PAIR.sub(pair, mask_setting_userinfo(value))


# What a URL's user or password must percent-encode, where a parser would end the authority.
_UNENCODED = re.compile(r"[/?#\s]")


def unencoded_userinfo(value: str) -> bool:
    """Whether a URL setting's user or password (between its scheme and its last "@") holds a
    character it must percent-encode: "/", "?", "#" or whitespace."""
    scheme = _SETTING_SCHEME.match(value)
    rest = value[scheme.end() if scheme else 0 :].rstrip()
    return "@" in rest and _UNENCODED.search(rest.rsplit("@", 1)[0]) is not None


UNENCODED_ADVICE = (
    "its user or password holds a /, ?, # or space, which a URL must percent-encode "
    "(%2F, %3F, %23, %20)"
)


# A URL's scheme and the userinfo of its authority (up to its last "@"), as a claim may quote it.
_USERINFO = re.compile(r"(\b[A-Za-z][A-Za-z0-9+.\-]*://)[^/?#\s\"'<>`]*@")


def mask_userinfo(text: str) -> str:
    """``text`` with the userinfo of every URL in it masked (``https://***@host/x``) and nothing
    else changed: for a claim echoed in a record, whose words are the user's own."""
    return _USERINFO.sub(lambda match: f"{match.group(1)}{MASK}@", text)


_CLOSING_MARKS = ".,;:!?)]}"


def mask_url_credentials(text: str) -> str:
    """``text`` with every URL in it shown as ``redact_url`` shows it (userinfo and the values
    of secret-looking query, fragment and path parameters masked) and nothing else changed: for
    a claim or topic echoed in a record, whose words are the user's own ("bearer token" stays
    prose, and a URL with nothing to mask stays exactly as typed)."""
    text = mask_userinfo(text)

    def shown(match: re.Match[str]) -> str:
        # A sentence's own mark after the URL ("...?token=abc.") is the sentence's, kept.
        url = match.group().rstrip(_CLOSING_MARKS)
        after = match.group()[len(url) :]
        redacted = redact_url(url)
        # Only a masked credential changes the URL, never a normalisation of its spelling.
        return (redacted if redacted.count(MASK) > url.count(MASK) else url) + after

    return _URL.sub(shown, text)


def shown_base_url(url: str | None) -> str:
    """A URL setting as a ``repr`` shows it: quoted, with its userinfo (also one a parser
    cannot delimit) and secret-looking values masked; ``None`` as such."""
    return "None" if url is None else repr(redact_url(mask_setting(url)))


def public_url(url: str) -> str:
    """Scheme, host, port and path only: what identifies an endpoint (e.g. for cache keys)."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        if ":" in host:  # an IPv6 literal lost its brackets in .hostname
            host = f"[{host}]"
        if parts.port is not None:
            host = f"{host}:{parts.port}"
    except ValueError:
        return "(an invalid base URL)"
    return urlunsplit((parts.scheme, host, parts.path, "", "")) or "(an invalid base URL)"


def add_secret_env(name: str) -> None:
    """Mask the value of the environment variable ``name`` wherever the built-in keys' values
    are masked (records, errors, the ``--debug`` and server logs), from now on in this process:
    for a judge or source that reads its key from a variable not in ``SECRET_ENV``."""
    if name and name not in SECRET_ENV:
        _ADDED_SECRET_ENV.add(name)


def secret_env_names() -> tuple[str, ...]:
    """Every variable whose value is a secret: ``SECRET_ENV`` and those ``add_secret_env`` named."""
    return (*SECRET_ENV, *sorted(_ADDED_SECRET_ENV))


def secret_values() -> list[str]:
    values = {os.environ.get(name, "").strip() for name in secret_env_names()}
    return sorted((v for v in values if len(v) >= _MIN_SECRET_CHARS), key=len, reverse=True)


# A URL given where a file was expected, as a path shows it: "https://u:pw@h/x" collapsed to
# "https:/u:pw@h/x" (pathlib joins "//"), which the URL pattern no longer recognises.
_COLLAPSED_URL = re.compile(
    r"\b((?:https?|ftps?|wss?|socks[45]h?):)/(?=[^/\s])([^\s\"'<>`]+)", re.IGNORECASE
)


def _redacted_collapsed(match: re.Match[str]) -> str:
    scheme, rest = match.groups()
    url = rest.rstrip(_CLOSING_MARKS)
    shown = redact_url(f"{scheme}//{url}")
    # Shown as it was written, one "/": only what the redaction masked changes.
    return f"{scheme}/{shown[len(scheme) + 2 :]}{rest[len(url) :]}"


def redact_text(text: str) -> str:
    """``text`` with every URL redacted, bearer tokens, secret environment values and values
    written after a secret's name (``token=...``, ``api_key: ...``) masked."""
    text = _COLLAPSED_URL.sub(_redacted_collapsed, text)
    text = _URL.sub(_redacted_url, text)
    text = _BEARER.sub(lambda match: f"{match.group(1)} {MASK}", text)
    # A plugin's message may spell its key out ("token=sk-..."): no URL, header or variable.
    return mask_secrets(mask_named_secrets(text))


def _redacted_url(match: re.Match[str]) -> str:
    # The sentence's own marks after a URL stay: "(http://h/?token=X)." would otherwise lose
    # its ")." with the masked value, as if they were part of it.
    url = match.group().rstrip(_CLOSING_MARKS)
    return redact_url(url) + match.group()[len(url) :]


def mask_secrets(text: str) -> str:
    """``text`` with the values of the secret environment variables (as written,
    percent-encoded or JSON-escaped), Basic credentials and keys of a well-known shape
    (``sk-...``) masked; nothing else changed (for names and titles, where "Bearer
    authentication" is words, not a token)."""
    for value in secret_values():
        # Also as a server or a library quotes it: percent-encoded in a Location header or a
        # query (--debug logs both), JSON-escaped in a body.
        text = mask_key(text, value)
    return mask_key_shapes(_BASIC.sub(_masked_basic, text))


def _masked_basic(match: re.Match[str]) -> str:
    """A Basic credential masked; "Basic research" (not base64 of "user:password") kept. A
    base URL's userinfo is sent so, and an upstream echoing the header shows the password to
    anyone who decodes it."""
    try:
        decoded = base64.b64decode(fully_unquoted(match.group(3)), validate=True)
    except (binascii.Error, ValueError):
        return match.group()
    if b":" not in decoded:
        return match.group()
    return f"{match.group(1)}{match.group(2)}{MASK}"


def safe_line(message: str) -> str:
    """``message`` as one line fit for any client: redacted, and with anything that cannot be
    encoded as UTF-8 replaced (messages may quote what a client sent)."""
    from claimaudit.guards.untrusted import scrub_surrogates

    return " ".join(scrub_surrogates(redact_text(message)).split()) or "request failed"


def mask_key(text: str, key: str) -> str:
    """``text`` without ``key`` as written, percent-encoded (either case) or JSON-escaped."""
    escaped = json.dumps(key)[1:-1]
    forms = {
        key,
        quote(key, safe=""),
        quote_plus(key, safe=""),
        escaped,
        escaped.replace("/", "\\/"),
    }
    for form in sorted(forms, key=len, reverse=True):
        text = re.sub(re.escape(form), MASK, text, flags=re.IGNORECASE)
    return text


def reply_text(text: str, key: str | None = None) -> str:
    """A text field of a backend's reply (a model id, a paper title) as a record keeps it: one
    line without control characters, escape sequences (users read it on terminals and pages)
    or lone surrogates, and without credentials: ``key``, the one the request was sent with, in
    any of its encodings, and the secret environment values. A proxy may echo the key in any
    field."""
    from claimaudit.guards.untrusted import scrub_surrogates, without_controls

    # A lone surrogate (a plugin's text) could not be written out as UTF-8: the record would be.
    text = mask_secrets(" ".join(scrub_surrogates(without_controls(text)).split()))
    return mask_key(text, key) if key else text


def backend_text(text: str) -> str:
    """Free text from a backend (a plugin's review note, its search query, an error it raised) as
    it may be recorded or printed: one line, no control characters, no credentials (URLs
    redacted, bearer tokens and the secret environment values masked)."""
    return reply_text(redact_text(text))


def clipped(text: str, limit: int, key: str | None = None, *, mark: str = "") -> str:
    """``text`` from a backend, redacted (:func:`redact_text`, and without ``key``), then cut to
    ``limit`` characters, ``mark`` ending a cut one. Masking comes first: a credential cut in
    half is one no mask recognises any more, and its first part would reach the record."""
    text = redact_text(text)
    if key:
        text = mask_key(text, key)
    return text if len(text) <= limit else text[: max(limit - len(mark), 0)] + mark
