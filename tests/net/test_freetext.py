"""Credentials in free text: every value after a bare "key" or a credential's own name
(``api_key``, ``token``, ``password``) is masked, words included, since a short random key can
read as a word; ``wordlike`` only decides where a value after an option or a scheme is prose."""

from __future__ import annotations

import random
import string

import pytest

from claimaudit.net.freetext import mask_named_secrets
from claimaudit.net.redaction import backend_text, clipped, redact_text, safe_line
from claimaudit.net.wordlike import reads_as_words


@pytest.mark.parametrize(
    "text",
    [
        "sorted by key=title",
        "KeyError: key=title",
        "bib key: smith2020",
        "no entry for key: smith2020a in refs.bib",
        "{'key': 'vaswani2017attention', 'year': 2017}",
        '{"key": "Krizhevsky2012ImageNetClassification"}',
        "key=author_year",
        "key: Smith_2020_Nature",
        "key=Zhang2021a",
    ],
)
def test_every_value_after_a_bare_key_is_masked_words_included(text: str) -> None:
    # A value after a bare "key" that read as words was once shown: about 1 in 300 random keys
    # of 8 to 12 characters reads as words too, so a citation key is hidden with them.
    shown = redact_text(text)
    assert "***" in shown and shown != text
    assert redact_text(shown) == shown


KEYS = [
    "Zx81kLq0pW2mN7rT4vB9",  # base62
    "3f2a9c0b1d4e5f60718293a4b5c6d7e8",  # hex
    "yBwV5eER93GWp84IZjYVkIfmgFVE+pfX/A==",  # base64
    "tjYXfPN3UROF2Al_800sYolGvl71sphD",  # base64url
    "K7Q2M9XD4RT8ZP1WNB6C",  # upper-case letters and digits
    "k3hfjwqpzmx8abdt2r9v",  # lower-case letters and digits
    "1234567890123456",  # a long number
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",  # a JWT
]


@pytest.mark.parametrize("value", KEYS)
@pytest.mark.parametrize("form", ["key={}", "key: {}", "{{'key': '{}'}}", 'KEY = "{}"'])
def test_a_key_after_a_bare_key_is_masked(value: str, form: str) -> None:
    shown = redact_text(form.format(value) + " was refused")
    assert value not in shown and "***" in shown
    assert redact_text(shown) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("api_key=title", "api_key=***"),
        ("token=title", "token=***"),
        ("password=smith2020", "password=***"),
        ("secret_key: smith2020", "secret_key: ***"),
        ("x-api-key: vaswani2017attention", "x-api-key: ***"),
        ("Authorization: Bearer vaswani2017attention", "Authorization: Bearer ***"),
    ],
)
def test_a_credentials_own_name_still_masks_any_value(text: str, shown: str) -> None:
    assert redact_text(text) == shown


_ALPHABETS = {
    "base62": string.ascii_letters + string.digits,
    "base64": string.ascii_letters + string.digits + "+/",
    "base64url": string.ascii_letters + string.digits + "-_",
    "hex": "0123456789abcdef",
    "upper36": string.ascii_uppercase + string.digits,
    "lower36": string.ascii_lowercase + string.digits,
}


@pytest.mark.parametrize("alphabet", sorted(_ALPHABETS))
def test_random_keys_of_twenty_characters_or_more_never_read_as_words(alphabet: str) -> None:
    chosen = random.Random(alphabet)  # the same strings every run
    letters = _ALPHABETS[alphabet]
    for length in (20, 24, 32, 40, 64):
        for _ in range(400):
            value = "".join(chosen.choice(letters) for _ in range(length))
            assert not reads_as_words(value), value
            assert value not in mask_named_secrets(f"key={value}")


@pytest.mark.parametrize("value", KEYS)
def test_a_key_after_a_bare_key_stays_out_of_records_logs_and_errors(value: str) -> None:
    # What a record's note (backend_text), a clipped error (clipped) and a client's error line
    # (safe_line) keep: the one masking, whichever way the text reaches them.
    text = f"upstream refused: key={value} (HTTP 401)"
    for shown in (backend_text(text), clipped(text, 60), safe_line(text)):
        assert value not in shown and "key=***" in shown
    assert backend_text("no entry for key=smith2020") == "no entry for key=***"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        # A JSON body quoted inside a string (an error quoting a request): the quotes escaped.
        ('api_key=\\"Zx81kLq0pW2mN7rT4vB9\\"', 'api_key=\\"***\\"'),
        (
            'body: {\\"api_key\\": \\"Zx81kLq0pW2mN7rT4vB9\\", \\"model\\": \\"x\\"}',
            'body: {\\"api_key\\": \\"***\\", \\"model\\": \\"x\\"}',
        ),
        # A quoted value is one value, spaces and all: a passphrase.
        ('password="correct horse battery staple" refused', 'password="***" refused'),
        ("Settings(password='correct horse battery')", "Settings(password='***')"),
        ("{'client_secret': 'two words', 'model': 'x'}", "{'client_secret': '***', 'model': 'x'}"),
        # A quote never closed: up to the space, as an unquoted value.
        ("token='Zx81kLq0pW2mN7rT4vB9 was cut", "token='*** was cut"),
    ],
)
def test_a_quoted_secret_is_masked_whole(text: str, shown: str) -> None:
    # QA: 'api_key=\"KEY\"' showed KEY whole, 'password="correct horse battery staple"' showed
    # all but its first word.
    assert redact_text(text) == shown
    assert redact_text(shown) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Authorization: Token 9f8e7d6c5b4a39281706f5e4", "Authorization: Token ***"),
        ("authorization: token ghx_abcdefghijklmnopqrstuvwxyz", "authorization: token ***"),
        ("Proxy-Authorization: ApiKey Zx81kLq0pW2mN7rT4vB9", "Proxy-Authorization: ApiKey ***"),
        ("{'Authorization': 'Token Zx81kLq0pW2mN7rT4vB9'}", "{'Authorization': 'Token ***'}"),
        ("Authorization: Zx81kLq0pW2mN7rT4vB9 refused", "Authorization: *** refused"),
        ("Authorization=Token 9f8e7d6c5b4a39281706f5e4", "Authorization=Token ***"),
    ],
)
def test_an_authorization_headers_credentials_are_masked_whatever_the_scheme(
    text: str, shown: str
) -> None:
    # QA: only "Bearer" and "Basic" were known: a plugin's error echoing "Authorization: Token
    # KEY" (GitHub's, Django REST's scheme) showed KEY.
    assert redact_text(text) == shown
    assert redact_text(shown) == shown


@pytest.mark.parametrize(
    "text",
    [
        "Authorization: required",
        "Authorization: Token invalid",
        "authorization failed: token expired",
        "the Authorization header was missing",
    ],
)
def test_prose_about_authorization_stays(text: str) -> None:
    assert redact_text(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("--api-key=Zx81kLq0pW2mN7rT4vB9", "--api-key=***"),
        ("failed: run --token=abc123secret --model x", "failed: run --token=*** --model x"),
        ("--api-key Zx81kLq0pW2mN7rT4vB9 --model x", "--api-key *** --model x"),
        ("-password hunter2xyz", "-password ***"),
        ("Client(_token='abc123secret')", "Client(_token='***')"),
        ("--key Zx81kLq0pW2mN7rT4vB9", "--key ***"),
    ],
)
def test_a_secret_given_as_a_command_line_option_is_masked(text: str, shown: str) -> None:
    # QA: the name's leading "-" (or "_") hid it: "--api-key=KEY", as a failed command's line
    # quotes it, showed KEY.
    assert redact_text(text) == shown
    assert redact_text(shown) == shown


@pytest.mark.parametrize(
    "text",
    [
        "--key title",
        "--api-key --model x",
        "--max-tokens 512",
        "--token-budget 40",
        "pass --token to the server",
        "usage: --api-key KEY",
        "Bearer-token authentication",
    ],
)
def test_options_that_hold_no_secret_stay(text: str) -> None:
    assert redact_text(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("X-Api-Key: abcdefghijklmnopqrst", "X-Api-Key: ***"),
        ("OPENAI_API_KEY: KJHGFDSAQWERTYUI rejected", "OPENAI_API_KEY: *** rejected"),
        ("client_secret: xkcdplmnbvcxzqwe.", "client_secret: ***."),
        ("apikey: qwertyuiopasdfgh", "apikey: ***"),
    ],
)
def test_letters_only_after_a_compound_secret_name_and_a_colon_are_masked(
    text: str, shown: str
) -> None:
    # QA: "X-Api-Key: <20 letters>" was shown: a value after "name:" needed a digit or a mark.
    assert redact_text(text) == shown


@pytest.mark.parametrize(
    "text",
    [
        "Token: expired",
        "api_key: required",
        "API key: missing",
        "client_secret: notset",
        "Key: findings",
    ],
)
def test_words_after_a_secret_name_and_a_colon_stay_prose(text: str) -> None:
    assert redact_text(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            "proxy replied 403: Cookie: session=abc123def456; csrftoken=QWErty789xyz, log in",
            "proxy replied 403: Cookie: session=***; csrftoken=***, log in",
        ),
        (
            "Set-Cookie: sid=31d4d96e407aad42; Path=/; Secure; HttpOnly; SameSite=Lax",
            "Set-Cookie: sid=***; Path=/; Secure; HttpOnly; SameSite=Lax",
        ),
        (
            "set-cookie: a=1x; Expires=Wed, 21 Oct 2026 07:28:00 GMT, b=zz9; Max-Age=60",
            "set-cookie: a=***; Expires=Wed, 21 Oct 2026 07:28:00 GMT, b=***; Max-Age=60",
        ),
        (
            '{"headers": {"Cookie": "sessionid=9f8e7d6c5b4a; theme=dark"}}',
            '{"headers": {"Cookie": "sessionid=***; theme=***"}}',
        ),
        ("{'cookie': 'sid=\"q w\"'}", "{'cookie': 'sid=***'}"),
        ('{\\"Cookie\\": \\"sid=9f8e7d\\"}', '{\\"Cookie\\": \\"sid=***\\"}'),
        ("refused with Cookie: sid=abc123.", "refused with Cookie: sid=***."),
    ],
)
def test_every_value_of_a_cookie_header_is_masked(text: str, shown: str) -> None:
    # A proxy or a server quoting the request's Cookie header, or its own Set-Cookie, hands
    # out a session: every pair's value goes, a Set-Cookie's attributes stay.
    assert redact_text(text) == shown
    assert redact_text(shown) == shown


@pytest.mark.parametrize(
    "text",
    [
        "The cookie: a chocolate chip biscuit",
        "cookie consent was refused",
        "Set-Cookie: none sent",
        "X-Session-Cookie-Policy: strict",
    ],
)
def test_prose_about_cookies_stays(text: str) -> None:
    assert redact_text(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ('{"accessToken": "abc123def456"}', '{"accessToken": "***"}'),
        ('{"refreshToken": "zzz yyy"}', '{"refreshToken": "***"}'),
        ("clientSecret=abc123def", "clientSecret=***"),
        ("dbPassword=hunter22 was refused", "dbPassword=*** was refused"),
        ("privateKey: abc123def", "privateKey: ***"),
        ("sessionToken: abcdefghqwrtzp", "sessionToken: ***"),
    ],
)
def test_a_camel_case_credential_name_is_one_as_its_snake_case_is(text: str, shown: str) -> None:
    # QA: "access_token" was masked and "accessToken", as JSON from most APIs names it, not.
    assert redact_text(text) == shown
    assert redact_text(shown) == shown


@pytest.mark.parametrize(
    "text",
    [
        "maxTokens=512",
        "passwordHash=sha256",
        "tokenizer=bert",
        "monkey=banana",
        "accessTokenExpiry=3600",
        "the accessToken was refused",
        "keyword=title",
    ],
)
def test_camel_case_names_that_name_no_credential_stay(text: str) -> None:
    assert redact_text(text) == text


JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"


@pytest.mark.parametrize(
    "key",
    [JWT, "hf_abcdefghijklmnopqrstuvwxyzABCDEF12", "glpat-abcdefghij1234567890"],
    ids=["jwt", "hugging face", "gitlab"],
)
def test_a_bare_key_of_a_well_known_shape_is_masked_without_a_name(key: str) -> None:
    # QA: "invalid token eyJ..." showed a signed session token whole: no "=" or ":" followed
    # its name, and a JWT was no shape known alone.
    shown = redact_text(f"upstream: invalid token {key} expired")
    assert shown == "upstream: invalid token *** expired"


def test_dotted_words_are_no_jwt() -> None:
    text = "see eyJ.notes and claimaudit.net.redaction"
    assert redact_text(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("PGPASSWORD=hunter22 psql failed", "PGPASSWORD=*** psql failed"),
        ("export MYSQLPASSWD=abc", "export MYSQLPASSWD=***"),
        ("GHTOKEN=abcdef was refused", "GHTOKEN=*** was refused"),
        ("NPMTOKEN: abc123def", "NPMTOKEN: ***"),
        ("MYAPIKEY=sesame", "MYAPIKEY=***"),
        ("AWSSECRET=xyz", "AWSSECRET=***"),
        ("SECRETKEY=xyz", "SECRETKEY=***"),
        ("AWSACCESSKEY=xyz", "AWSACCESSKEY=***"),
        ("SSHPRIVATEKEY=xyz", "SSHPRIVATEKEY=***"),
        ("GPGPASSPHRASE='open sesame'", "GPGPASSPHRASE='***'"),
        ('{"PGPASSWORD": "hunter22"}', '{"PGPASSWORD": "***"}'),
    ],
)
def test_an_upper_case_name_glued_to_its_credential_word_is_one(text: str, shown: str) -> None:
    # QA: "PGPASSWORD=hunter22" (libpq's variable) was shown: only "PG_PASSWORD" was a
    # credential's name, as its word stood alone.
    assert redact_text(text) == shown
    assert redact_text(shown) == shown


@pytest.mark.parametrize(
    "text",
    [
        "MAX_TOKENS=512",
        "MAXTOKENS=512",
        "TOKENIZERS_PARALLELISM=false",
        "PUBLICKEY=abc",
        "HOTKEY=F5",
        "MONKEY=banana",
        "TOKENIZER=bert",
        "SECRETARY=jane",
        "PASSWORDLESS=true",
        "the PGPASSWORD variable was unset",
        "Pgpassword=hunter22",
    ],
)
def test_upper_case_names_that_name_no_credential_stay(text: str) -> None:
    assert redact_text(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            '{"AccessKeyId": "ASIAEXAMPLE", "SecretAccessKey": "wJalrXUtnFEMI/K7MDENG"}',
            '{"AccessKeyId": "ASIAEXAMPLE", "SecretAccessKey": "***"}',
        ),
        ('{"SessionToken": "FQoGZXIvYXdzEJr"}', '{"SessionToken": "***"}'),
        ("ClientSecret=abc123", "ClientSecret=***"),
        ("AccessToken: abcdef123", "AccessToken: ***"),
        ("PrivateKey=abc", "PrivateKey=***"),
        ("DbPassword=hunter22 was refused", "DbPassword=*** was refused"),
    ],
)
def test_a_pascal_case_credential_name_is_one_as_its_camel_case_is(text: str, shown: str) -> None:
    # QA: "accessToken" was masked and "AccessToken", as AWS's and .NET's JSON name it
    # ("SecretAccessKey", "SessionToken" from STS), not.
    assert redact_text(text) == shown
    assert redact_text(shown) == shown


@pytest.mark.parametrize(
    "text",
    [
        "MaxTokens=512",
        "Tokenizer=bert",
        "PasswordHash=sha256",
        "AccessTokenExpiry=3600",
        "Monkey=1",
    ],
)
def test_pascal_case_names_that_name_no_credential_stay(text: str) -> None:
    assert redact_text(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("RABBITMQ_DEFAULT_PASS=guest123", "RABBITMQ_DEFAULT_PASS=***"),
        ("SMTP_PASS=hunter22 rejected", "SMTP_PASS=*** rejected"),
        ('{"DB_PASS": "s3cret"}', '{"DB_PASS": "***"}'),
    ],
)
def test_an_upper_case_name_ending_in_pass_is_a_credential(text: str, shown: str) -> None:
    # QA: "_PASS" is how many services' variables name a password (RabbitMQ's image, SMTP
    # settings), and was shown.
    assert redact_text(text) == shown


@pytest.mark.parametrize("text", ["PASS=12 FAIL=0", "first_pass=true", "BYPASS=1", "PASSES=3"])
def test_pass_as_a_word_or_a_count_stays(text: str) -> None:
    assert redact_text(text) == text
