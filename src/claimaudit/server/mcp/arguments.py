"""The arguments several MCP tools share, described once: each tool's signature names them,
and FastMCP reads its input schema from that signature."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from claimaudit.bibfile import BibFormat
from claimaudit.checker.policy import DEFAULT_THRESHOLD
from claimaudit.identity import MAX_REF_CHARS
from claimaudit.inputs import MAX_TOPIC_CHARS
from claimaudit.server.judges import MAX_MODEL_CHARS
from claimaudit.server.schemas import JUDGE_FIELD

# The limits a schema states are the service's, which refuses past them in the API's words (a
# schema's own would be pydantic's).
Topic = Annotated[
    str | None,
    Field(
        description="Extra query words for evidence selection.",
        json_schema_extra={"maxLength": MAX_TOPIC_CHARS},
    ),
]
# Its enum is the judges registered when the tools are listed (``mcp._with_judges``).
JudgeName = Annotated[str | None, Field(description=JUDGE_FIELD)]
Reference = Annotated[
    str | None,
    Field(
        description="The paper's reference (default: from the file name).",
        json_schema_extra={"maxLength": MAX_REF_CHARS},
    ),
]
# Its length and text are the service's to refuse, in the API's words; the schema says the limit.
ModelId = Annotated[
    str | None,
    Field(
        description="Model id for a judge that takes one (jev, openai); the openai judge needs "
        "one unless the server sets OPENAI_MODEL.",
        json_schema_extra={"maxLength": MAX_MODEL_CHARS},
    ),
]
Threshold = Annotated[
    float | None,
    Field(
        ge=0.0,
        le=1.0,
        allow_inf_nan=False,
        description="Confidence below which a record needs review (default: the judge's "
        f"validated threshold, else {DEFAULT_THRESHOLD}).",
    ),
]
BibliographyText = Annotated[
    str | None,
    Field(
        description="BibTeX, CSL-JSON or CSL YAML text resolving the draft's citation keys; "
        "this or bibliographyPath is needed when the draft names a bibliography file."
    ),
]
# The API's ``bibliography.format``: the same names, described alike.
BibliographyFormat = Annotated[
    BibFormat | None,
    Field(
        description="The format of bibliography: bibtex, csl-json or csl-yaml (Pandoc's CSL "
        "YAML); by default CSL-JSON when the text starts with [ or {, else BibTeX."
    ),
]
BibliographyPath = Annotated[
    str | None,
    Field(description="Or: a .bib, CSL-JSON .json or CSL YAML .yaml file on this machine."),
]
# The first names of bibliographyFormat and bibliographyPath, snake_case where every other
# argument is camelCase: still taken, so that no client's call breaks, and marked deprecated.
OldBibliographyFormat = Annotated[
    BibFormat | None,
    Field(
        description="Deprecated: the old name of bibliographyFormat.",
        json_schema_extra={"deprecated": True},
    ),
]
OldBibliographyPath = Annotated[
    str | None,
    Field(
        description="Deprecated: the old name of bibliographyPath.",
        json_schema_extra={"deprecated": True},
    ),
]
# A paper the library holds, as the API's path names it: the service refuses a bad one in the
# API's words, so the schema only states the limits.
StoredRef = Annotated[
    str,
    Field(
        description="The paper's reference (arXiv:1907.10121v3, doi:10.1371/..., local:notes); "
        "an unversioned arXiv id reads the newest version stored.",
        json_schema_extra={"minLength": 1, "maxLength": MAX_REF_CHARS},
    ),
]
