"""The shape of one row of a labelled claims file, checked before any of it is used.

Strict: a JSON value of the wrong kind is refused rather than converted (``str()`` made
``"claim": null`` the claim "None" and iterated ``"cited_doc_ids": "100"`` character by
character). Each problem becomes one line naming the field, for ``DatasetError``.
"""

from __future__ import annotations

import difflib
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, NonNegativeInt, ValidationError

from claimaudit.errors import DatasetError

_KINDS: dict[type, str] = {
    type(None): "null",
    bool: "true or false",
    int: "a number",
    float: "a fraction",
    str: "a string",
    list: "a list",
    dict: "an object",
}


def _kind(value: object) -> str:
    if isinstance(value, dict):
        return "an object"  # also the dict that ``load_json_once`` makes, which counts repeats
    return _KINDS.get(type(value), type(value).__name__)


def _identifier(value: object) -> str:
    # Ids are compared as text (7, "7" and "7 " are one id, as in --ids), so both kinds are
    # read, and the blanks around one dropped.
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError(f"must be a string or a whole number, not {_kind(value)}")
    if isinstance(value, str) and not value.strip():
        raise ValueError("is empty")  # as batch refuses it: no id to join a record to its row
    return str(value).strip()


def _claim_text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"must be a string, not {_kind(value)}")
    if not value.strip():
        raise ValueError("is empty")
    return value


Identifier = Annotated[str, BeforeValidator(_identifier)]
ClaimText = Annotated[str, BeforeValidator(_claim_text)]


class _Row(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class EvidenceEntry(_Row):
    """SciFact's ``{"sentences": [0, 3], "label": "SUPPORT"}``."""

    sentences: list[NonNegativeInt] = []
    label: str


class SciFactRow(_Row):
    """SciFact and Citation-Integrity: a claim, its cited documents and the evidence in each."""

    id: Identifier
    claim: ClaimText
    # Absent or null: no evidence (every cited document "not established").
    evidence: dict[str, list[EvidenceEntry]] | None = None
    # Absent, null or empty: the documents the evidence names.
    cited_doc_ids: list[Identifier] | None = None


class EvidenceSentence(_Row):
    sent_index: NonNegativeInt


class CheckCovidRow(_Row):
    """Check-COVID: one (claim, document) pair per row."""

    id: Identifier
    claim: ClaimText
    cord_id: Identifier
    label: str
    evidence_set: list[EvidenceSentence] | None = None


Row = TypeVar("Row", bound=_Row)


def parse_row(model: type[Row], data: dict[str, Any], where: str) -> Row:
    """``data`` as ``model``, or DatasetError naming ``where`` and the first field wrong."""
    _refuse_misspelt(model, data, where)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise DatasetError(f"{where}: {_problem(error.errors()[0])}") from None


def _refuse_misspelt(model: type[_Row], data: dict[str, Any], where: str) -> None:
    """DatasetError for a key that is not a field but reads like one (``cited_docs``): other
    keys are ignored (Check-COVID's ``is_auth``), but this one would be read as absent, and its
    claim judged against other documents, or none, without a word."""
    fields = list(model.model_fields)
    for key in data:
        if key not in model.model_fields:
            close = difflib.get_close_matches(key, fields, n=1, cutoff=0.7)
            if close:
                raise DatasetError(f"{where}: unknown key {key!r} (did you mean {close[0]!r}?)")


# Pydantic's wording, in the terms of the JSON file ("a valid dictionary or instance of
# EvidenceEntry" is an object there).
_EXPECTED = {
    "dict_type": "an object",
    "model_type": "an object",
    "list_type": "a list",
    "int_type": "a whole number",
    "string_type": "a string",
}


def _problem(error: Any) -> str:
    field = "".join(
        f"[{part}]" if isinstance(part, int) else f".{part}" for part in error["loc"]
    ).lstrip(".")
    kind = error["type"]
    if kind == "missing":
        return f"{field} is missing"
    if kind in _EXPECTED:
        return f"{field} must be {_EXPECTED[kind]}, not {_kind(error['input'])}"
    if kind == "greater_than_equal":
        return f"{field} must be {error['ctx']['ge']} or more, not {error['input']}"
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{field} {message}" if kind == "value_error" else f"{field}: {message}"
