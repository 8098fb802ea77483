"""Credentials written as free text, as a plugin's or a backend's message may quote them.

An ImportError saying ``token=sk-...``, a config dict in an exception (``{'api_key': '...'}``),
``OPENAI_API_KEY=...`` pasted into a message: none of them is a URL, a bearer token or the value
of a variable claimaudit knows, so nothing else masks them. ``mask_named_secrets`` masks the value
after a secret-looking name and ``:`` or ``=``; ``mask_key_shapes`` masks the keys whose shape
alone says what they are (``sk-...``). Prose stays: "the token budget", "key findings",
"max_tokens=512" (not a secret's name) and "Key: findings" (a word, not a credential). After a
bare "key" every value is masked, words and citation keys included ("key=***" for "key=title"):
whether a short value is a word or a random key cannot be told safely (``wordlike`` errs), and a
hidden citation key costs a reader less than a shown credential.
"""

from __future__ import annotations

import re

from claimaudit.net.wordlike import reads_as_words

MASK = "***"

# A name whose value is a credential, as one word (its parts joined by "_" or "-"): "token",
# "api_key", "OPENAI_API_KEY", "x-api-key", "client_secret", "db_password", also as an option
# ("--api-key") or a private attribute ("_token"). Whole names only: "max_tokens", "keys",
# "keyboard" and "--token-budget" are other words.
# An environment variable's name glued in capitals ("PGPASSWORD", libpq's; "GHTOKEN",
# "SECRETKEY"): a credential's word at its end. Capitals only, as variables are written
# ("Pgpassword" is no variable), and no bare "KEY" ("HOTKEY", "PUBLICKEY", "MONKEY" name none).
_GLUED = (
    r"(?-i:[A-Z0-9]*(?:PASSWORD|PASSWD|PASSPHRASE|SECRET|TOKEN"
    r"|APIKEY|ACCESSKEY|SECRETKEY|PRIVATEKEY|AUTHKEY))"
)
_WORDS = (
    r"(?:(?:[A-Za-z0-9]+[_-])*"
    rf"(?:api[_-]?key|key|token|secret|password|passwd|pwd|passphrase|credentials?|{_GLUED}"
    # "_PASS" in capitals after another part, as services' variables name a password
    # ("RABBITMQ_DEFAULT_PASS", "SMTP_PASS"); "PASS=12" alone and "first_pass" are other words.
    r"|(?-i:[A-Z0-9]+_PASS))"
    # camelCase too, as JSON from most APIs names them ("accessToken", "clientSecret"), and
    # PascalCase, as AWS's and .NET's do ("SecretAccessKey", "SessionToken"): the credential's
    # word capitalised after a word begun in lower case, whatever the case rule around it.
    r"|(?-i:(?:[a-z]|[A-Z][a-z0-9])[A-Za-z0-9]*"
    r"(?:Key|Token|Secret|Password|Passwd|Pwd|Passphrase|Credentials?)))"
)
_NAME = rf"(?<![A-Za-z0-9_-])(?:--?|_+)?{_WORDS}(?![A-Za-z0-9_-])"
# What a value may hold: up to a space, a quote, or a mark that ends a pair or a sentence's
# bracket ("(token=abc)" keeps its ")").
_VALUE = r"[^\s\"'`<>,;&)\]}\\]+"
# A quote, also as a string quoted inside a string escapes it (\"): a JSON body in an error.
_QUOTE = r"\\?[\"']"
# A quoted value: up to its closing quote, spaces included (a passphrase), on its line.
_MAX_QUOTED = 256
# "name=value", the name or value also quoted ("'api_key': 'abc'" is a dict as Python prints it,
# "api_key": "abc" one as JSON does). Every value after "=" or in quotes is a credential; a
# quote never closed ends its value at a space, as no quote would.
_ASSIGNED = re.compile(
    rf"({_NAME}(?:{_QUOTE})?\s*(?:=\s*|:\s*(?={_QUOTE})))(?P<quote>{_QUOTE})?"
    rf"(?P<value>(?(quote)(?:(?!(?P=quote))[^\n]){{1,{_MAX_QUOTED}}}?(?=(?P=quote))|(?!))"
    rf"|{_VALUE})",
    re.IGNORECASE,
)
# "name: value" unquoted is also how prose reads ("Key: findings were..."): masked only where the
# value is shaped like a credential: a long word holding a digit or a mark no word holds ("-"
# is one: "Key: well-known" is prose).
_STATED = re.compile(rf"({_NAME}\s*:\s*)({_VALUE})", re.IGNORECASE)
_MIN_STATED_CHARS = 6
# A command line's option and its value ("--api-key KEY"), as a failed command quotes it; the
# value is no option itself ("--api-key --model x" gave none), and shaped like a credential.
_OPTION = re.compile(
    rf"((?<![A-Za-z0-9_-])--?{_WORDS}(?![A-Za-z0-9_=-])\s+)(?!-)({_VALUE})", re.IGNORECASE
)
# A name of two parts or more ("api_key", "x-api-key", "client_secret", "accessToken",
# "PGPASSWORD"), or "apikey".
_COMPOUND = re.compile(
    rf"[A-Za-z0-9][_-][A-Za-z0-9]|apikey|(?-i:[a-z0-9][A-Z])|(?-i:[A-Z0-9]){_GLUED}",
    re.IGNORECASE,
)
_CREDENTIAL_MARK = re.compile(r"[0-9_+/=$!@#%^*~]")

# An Authorization header as a message may echo it, whatever its scheme ("Token", "ApiKey"; a
# "Bearer" one is masked as a bearer token): the credential after the scheme, or after the name
# where none is given.
_AUTHORIZATION = re.compile(
    rf"(\b(?:proxy-)?authorization(?:{_QUOTE})?\s*[:=]\s*(?:{_QUOTE})?)"
    rf"(?:([A-Za-z][A-Za-z0-9._~+-]*)(\s+))?({_VALUE})",
    re.IGNORECASE,
)
_MIN_CREDENTIAL_CHARS = 8

# A Cookie or Set-Cookie header as a proxy's or a server's message may echo it: every cookie's
# value is a session's credential, whatever its name ("sid", "theme"), so each pair's value is
# masked. Only a header that goes on with "name=value" is one: "The cookie: a biscuit" is prose.
# A pair's value runs to a space, ";", "," or a quote (RFC 6265's cookie-octet), or is quoted;
# Expires' date holds a comma and spaces of its own.
_COOKIE_NAME = r"[A-Za-z0-9!#$%&*+.^_`|~-]+"
_HTTP_DATE = r"[A-Za-z]{3},\s*\d{1,2}[\s-][A-Za-z]{3}[\s-]\d{2,4}\s+\d{1,2}:\d{2}:\d{2}\s+GMT"
_COOKIE_VALUE = rf"(?:{_HTTP_DATE}|\"[^\"\n]{{0,{_MAX_QUOTED}}}\"|[^\s;,\"'\\]*)"
_COOKIE_PAIR = re.compile(rf"({_COOKIE_NAME})=({_COOKIE_VALUE})")
_COOKIE = re.compile(
    rf"((?<![A-Za-z0-9_-])(?:set-)?cookie2?(?:{_QUOTE})?\s*:\s*(?:{_QUOTE})?)"
    rf"({_COOKIE_NAME}={_COOKIE_VALUE}(?:\s*[;,]\s*{_COOKIE_NAME}(?:={_COOKIE_VALUE})?)*)",
    re.IGNORECASE,
)
# Set-Cookie's attributes say where and how long a cookie holds, not what it is: they stay.
_COOKIE_ATTRIBUTES = frozenset(
    {"path", "domain", "expires", "max-age", "samesite", "priority", "version", "comment"}
)

# Keys whose shape alone says what they are, wherever they stand: OpenAI-style "sk-..." (also
# "sk-proj-..."), GitHub, GitLab, Slack and Hugging Face tokens, AWS access key ids, Google API
# keys, and JWTs (a session or bearer token: base64url JSON, "eyJ", in three dotted parts).
_KEY_SHAPES = re.compile(
    r"(?<![A-Za-z0-9_-])(?:"
    r"sk-[A-Za-z0-9_-]{20,}"
    r"|(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"
    r"|xox[abprs]-[A-Za-z0-9-]{10,}"
    r"|AKIA[0-9A-Z]{16}"
    r"|AIza[0-9A-Za-z_-]{35}"
    r"|glpat-[A-Za-z0-9_-]{20,}|hf_[A-Za-z0-9]{30,}"
    r"|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"
    r")(?![A-Za-z0-9_-])"
)


def mask_named_secrets(text: str) -> str:
    """``text`` with the value after a secret-looking name masked: every ``name=value`` and
    quoted ``'name': 'value'``, an unquoted ``name: value`` whose value is shaped like a
    credential, an Authorization header's credential whatever its scheme, and every cookie's
    value in a Cookie or Set-Cookie header."""
    text = _AUTHORIZATION.sub(_authorization, text)
    text = _COOKIE.sub(_cookies, text)
    text = _ASSIGNED.sub(_assigned, text)
    text = _OPTION.sub(_option, text)
    return _STATED.sub(_stated, text)


# A sentence's own marks after a value ("... token=abc.") are the sentence's, kept.
_CLOSING_MARKS = ".:!?"


def _assigned(match: re.Match[str]) -> str:
    lead, whole = match.group(1), match.group(match.re.groups)  # the value: the last group
    quote = match.groupdict().get("quote") or ""
    # A quoted value is the quote's whole content; an unquoted one ends before the sentence's
    # marks.
    value = whole if quote else whole.rstrip(_CLOSING_MARKS)
    if not value:
        return match.group()
    return f"{lead}{quote}{MASK}{whole[len(value) :]}"


def _option(match: re.Match[str]) -> str:
    # "pass --token to the server", "--api-key KEY": prose and a placeholder, not a credential.
    value = match.group(2).rstrip(_CLOSING_MARKS)
    if len(value) < _MIN_STATED_CHARS or not _shaped_like_credential(value):
        return match.group()
    return _assigned(match)


def _shaped_like_credential(value: str) -> bool:
    return _CREDENTIAL_MARK.search(value) is not None or not reads_as_words(value)


def _authorization(match: re.Match[str]) -> str:
    lead, scheme, space, after = match.groups()
    if scheme is not None and not _is_credential(after) and _is_credential(scheme):
        # No scheme, and a word after the credential ("Authorization: KEY refused").
        return f"{lead}{MASK}{space}{after}"
    value = after.rstrip(_CLOSING_MARKS)
    if not _is_credential(value):
        return match.group()
    return f"{lead}{scheme or ''}{space or ''}{MASK}{after[len(value) :]}"


def _cookies(match: re.Match[str]) -> str:
    return match.group(1) + _COOKIE_PAIR.sub(_cookie, match.group(2))


def _cookie(match: re.Match[str]) -> str:
    name, whole = match.groups()
    # An unquoted value ends before the sentence's marks ("Cookie: sid=abc.").
    value = whole if whole.startswith('"') else whole.rstrip(_CLOSING_MARKS)
    if not value or name.lower() in _COOKIE_ATTRIBUTES:
        return match.group()
    return f"{name}={MASK}{whole[len(value) :]}"


def _is_credential(value: str) -> bool:
    # "Authorization: required", "Authorization: Token invalid" are words, not credentials.
    return len(value) >= _MIN_CREDENTIAL_CHARS and _shaped_like_credential(value)


def _stated(match: re.Match[str]) -> str:
    value = match.group(2).rstrip(_CLOSING_MARKS)
    if len(value) < _MIN_STATED_CHARS or value == MASK:
        return match.group()
    # A one-word name ("Token: expired") is prose as often as not: only a value with a digit or
    # a mark is a credential. A compound one ("X-Api-Key:", "OPENAI_API_KEY:") names nothing
    # but a credential, so a value of letters alone is one too unless it reads as words.
    compound = _COMPOUND.search(match.group(1)) is not None
    shaped = _shaped_like_credential(value) if compound else _CREDENTIAL_MARK.search(value)
    if not shaped:
        return match.group()
    return f"{match.group(1)}{MASK}{match.group(2)[len(value) :]}"


def mask_key_shapes(text: str) -> str:
    """``text`` with every key of a well-known shape (``sk-`` and 20 or more characters, say)
    masked: no name needs to stand before it."""
    return _KEY_SHAPES.sub(MASK, text)
