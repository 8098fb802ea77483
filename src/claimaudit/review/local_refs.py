"""The library name of an entry that has no arXiv id or DOI: ``local:<citekey>``, as
``library import-bib`` stores its file, and the name such a key had before names were
one-to-one (which ``review.local_names`` looks up)."""

from __future__ import annotations

import hashlib
import re
import unicodedata

from claimaudit.identity import PaperRef, try_parse_ref

# A citation key that is a local id as written: the library's name for it is the key itself.
_LOCAL_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._\-]*")
_UNSAFE_LOCAL = re.compile(r"[^A-Za-z0-9._\-]")
# Names stay well within a reference's length limit (``identity.MAX_REF_CHARS``, 500); ten hex
# digits of SHA-256 make two keys' names meeting by chance a one in 10^12 event.
_MAX_LOCAL_SLUG = 200
_KEY_HASH_CHARS = 10


def legacy_local_ref(key: str) -> PaperRef | None:
    """The name ``local_ref`` gave before it was made one-to-one: each character a local id
    cannot hold became "-", so "Smith:2020" and "Smith-2020" shared ``local:Smith-2020``. A
    library imported then holds papers under it; a review looks there only when no other key
    of the bibliography had the same name (``Bibliography.former_names``)."""
    name = _UNSAFE_LOCAL.sub("-", key).lstrip("._-")
    return try_parse_ref(f"local:{name}") if name else None


def local_ref(key: str) -> PaperRef | None:
    """The library reference of an entry that has no arXiv id or DOI: ``local:<citekey>``;
    what ``library import-bib`` stores such an entry's file under, and what a review then
    looks it up by. A key a local id cannot hold as written ("Smith:2020", "Müller2020") is
    named by a readable form of it (accents dropped, other characters "-") and the start of
    a hash of the exact key, "local:Smith-2020-3f1c9a2b7d", so two keys never share a name."""
    if _LOCAL_KEY.fullmatch(key) and len(key) <= _MAX_LOCAL_SLUG:
        return try_parse_ref(f"local:{key}")
    readable = "".join(
        c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c)
    )
    slug = _UNSAFE_LOCAL.sub("-", readable).strip("._-")[:_MAX_LOCAL_SLUG].rstrip("._-")
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:_KEY_HASH_CHARS]
    return try_parse_ref(f"local:{slug}-{digest}" if slug else f"local:{digest}")
