"""``POST /v1/reviews`` through a real server process on 127.0.0.1."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.server.conftest import (
    COMMAND_LINE_ADVICE,
    DEEP_RULES_REF,
    GOOD_ENOUGH_REF,
    NARROW_CLAIM,
    TOKEN,
    RunningServer,
    local_threshold,
)
from tests.server.test_api import _error

DRAFT = f"""# A short draft

{NARROW_CLAIM[:-1]} [@lee2022]. Scientists should put everything in version control
(arXiv:1609.00037).

This sentence cites nothing. Deep learning needs large data sets [@missing].
"""
BIBTEX = (
    "@article{lee2022, title = {Ten quick tips}, eprint = {2105.14372}, archivePrefix = {arXiv}}"
)
CSL_JSON = json.dumps([{"id": "lee2022", "title": "Ten quick tips", "URL": "arXiv:2105.14372"}])
CSL_YAML = "references:\n- id: lee2022\n  title: Ten quick tips\n  URL: arXiv:2105.14372\n"
RECORD_ONLY = ("sentence", "citations")


def _review(api: httpx.Client, **body: Any) -> dict[str, Any]:
    response = api.post("/v1/reviews", json={"markdown": DRAFT, **body})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_review_a_draft_with_the_local_judge(api: httpx.Client) -> None:
    data = _review(api, bibliography={"format": "bibtex", "text": BIBTEX})
    assert set(data) == {"summary", "records", "uncited", "annotated", "threshold"}
    # The threshold the records were judged against: none asked, so the local judge's own.
    assert data["threshold"] == local_threshold()
    lee, wilson, missing = data["records"]
    # Each record names its sentence exactly where it stands in the draft.
    for record in data["records"]:
        sentence = record["sentence"]
        assert DRAFT[sentence["start"] : sentence["end"]] == sentence["text"]
        assert DRAFT.splitlines()[sentence["line"] - 1][sentence["column"] - 1 :].startswith(
            sentence["text"][:20]
        )
    assert lee["paperRef"] == DEEP_RULES_REF and lee["citations"] == ["@lee2022"]
    assert lee["verdict"] == "supports" and lee["judge"] == "local"
    assert lee["claim"] == NARROW_CLAIM  # the judge saw the sentence without its citation
    assert wilson["paperRef"] == GOOD_ENOUGH_REF and wilson["verdict"] != "not_checked"
    assert missing["verdict"] == "not_checked" and missing["paperRef"] == "@missing"
    assert "no bibliography entry for @missing" in missing["error"]
    assert [s["text"] for s in data["uncited"]] == ["This sentence cites nothing."]
    summary = data["summary"]
    assert summary["citedSentences"] == 3 and summary["uncitedSentences"] == 1
    assert summary["records"] == 3 and summary["notChecked"] == 1
    assert sum(summary["verdicts"].values()) == 3 and summary["verdicts"]["supports"] >= 1
    # The draft byte for byte, a footnote marker after each cited sentence, footnotes at the end.
    annotated = data["annotated"]
    assert annotated.startswith("# A short draft\n") and annotated.count("[^claimaudit-") == 6
    assert "This sentence cites nothing." in annotated

    # A review record is a check record plus its place: the same question through /v1/checks
    # comes back from the results cache, the same record but for the time the judge took
    # (none on a cache hit; the review's own may be either, by which test asked first).
    check = api.post("/v1/checks", json={"claim": lee["claim"], "papers": [lee["paperRef"]]})
    [record] = check.json()["records"]
    assert record.pop("judgeSeconds") == 0.0
    same = {k: v for k, v in lee.items() if k not in (*RECORD_ONLY, "judgeSeconds")}
    assert record == same


def test_a_csl_json_bibliography_and_its_format_sniffed(api: httpx.Client) -> None:
    data = _review(api, bibliography={"text": CSL_JSON}, judge="gated")
    assert data["records"][0]["paperRef"] == DEEP_RULES_REF
    assert data["records"][0]["judge"] == "gated"
    # Without a bibliography the key is a not_checked record, not an error.
    unresolved = _review(api, judge="gated")["records"][0]
    assert unresolved["verdict"] == "not_checked" and unresolved["paperRef"] == "@lee2022"
    assert "no bibliography was given" in unresolved["error"]


@pytest.mark.parametrize("year", ["\u00b2", "\u2460"])
def test_a_csl_year_in_digits_int_refuses_is_read_on(api: httpx.Client, year: str) -> None:
    # str.isdigit is true for "²" and "①", which int() refuses: a 500 before.
    item = {"id": "lee2022", "URL": "arXiv:2105.14372", "issued": {"date-parts": [[year]]}}
    data = _review(api, bibliography={"text": json.dumps([item])}, judge="gated")
    assert data["records"][0]["paperRef"] == DEEP_RULES_REF


def test_a_csl_yaml_bibliography(api: httpx.Client) -> None:
    # Pandoc's CSL YAML, as `claimaudit review --bib refs.yaml` reads it from a file.
    data = _review(api, bibliography={"format": "csl-yaml", "text": CSL_YAML}, judge="gated")
    assert data["records"][0]["paperRef"] == DEEP_RULES_REF
    assert data["records"][0]["citations"] == ["@lee2022"]
    # Unnamed, it is read as BibTeX (no entry there), as before: the format is not guessed,
    # but the message says how it was read and how to name it ("holds no entries" before).
    for sent in ({"text": CSL_YAML}, {"text": CSL_YAML, "format": "bibtex"}):
        error = _error(api.post("/v1/reviews", json={"markdown": DRAFT, "bibliography": sent}), 400)
        assert error["code"] == "invalid_bibliography"
        assert error["message"] == (
            "the bibliography was read as BibTeX and holds no entries, but it looks like CSL "
            'YAML; send the bibliography with "format": "csl-yaml"'
        )


@pytest.mark.parametrize(
    "text", ["@article{lee2022, title = {Ten quick tips}\n", "% entries to come\n", " ", ""]
)
def test_a_bibliography_with_no_usable_entry_is_read_on(api: httpx.Client, text: str) -> None:
    # As `claimaudit review --bib` and README: the review goes on, each citation of the
    # bibliography a not_checked record saying why. It was a 400 invalid_bibliography.
    data = _review(api, bibliography={"text": text}, judge="gated")
    lee = data["records"][0]
    assert (lee["paperRef"], lee["verdict"]) == ("@lee2022", "not_checked")
    if text.startswith("@"):
        assert lee["error"].startswith(
            "citation @lee2022 cannot be checked: the bibliography entry for @lee2022 "
            "(the bibliography line 1) could not be read: "
        )
        [unread] = data["unreadEntries"]
        assert (unread["line"], unread["key"]) == (1, "lee2022")
        assert "warnings" not in data  # its unread entry is the reason given
    else:
        # Why, as the command line says it: the record alone only says no entry was found.
        assert data["warnings"] == [
            "the bibliography has no entries: the citations it was to resolve are not checked"
        ]
        assert lee["error"] == (
            "citation @lee2022 cannot be checked: no bibliography entry for @lee2022 in the "
            "bibliography"
        )
        assert "unreadEntries" not in data


@pytest.mark.parametrize(
    ("draft", "annotated"),
    [
        pytest.param(
            f"{NARROW_CLAIM}[^1]\n\n[^1]: See [@lee2022].\n",
            f"{NARROW_CLAIM}[^1][^claimaudit-1]\n",
            id="in-a-footnote",
        ),
        pytest.param(  # a sentence citing only backs the sentence before it
            f"{NARROW_CLAIM} See also [@lee2022].\n",
            f"{NARROW_CLAIM}[^claimaudit-1] See also [@lee2022].\n",
            id="see-also",
        ),
    ],
)
def test_a_citation_after_the_claim_backs_the_claim(
    api: httpx.Client, draft: str, annotated: str
) -> None:
    response = api.post(
        "/v1/reviews",
        json={"markdown": draft, "bibliography": {"text": BIBTEX}, "judge": "gated"},
    )
    assert response.status_code == 200, response.text
    data = response.json()
    [record] = data["records"]
    assert (record["claim"], record["paperRef"]) == (NARROW_CLAIM, DEEP_RULES_REF)
    assert record["verdict"] != "not_checked" and data["uncited"] == []
    assert data["annotated"].startswith(annotated)


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"markdown": "  \n"}, 400, "invalid_draft", "the draft is empty: there is no Markdown"),
        (
            {"markdown": DRAFT, "bibliography": {"format": "csl-json", "text": "[oops"}},
            400,
            "invalid_bibliography",
            "the bibliography is not valid JSON",
        ),
        ({"markdown": DRAFT, "judge": "nope"}, 400, "unknown_judge", "unknown judge 'nope'"),
        (
            {"markdown": DRAFT, "bibliography": {"format": "ris", "text": "x"}},
            422,
            "invalid_request",
            "bibliography.format",
        ),
        ({"markdown": DRAFT, "threshold": -1}, 422, "invalid_request", "threshold"),
        ({"markdwon": DRAFT}, 422, "invalid_request", "markdwon: Extra inputs are not"),
        ({"markdown": 7}, 422, "invalid_request", "markdown"),
        (["# draft"], 422, "invalid_request", "must be a JSON object"),
    ],
)
def test_bad_review_requests(
    api: httpx.Client, body: object, status: int, code: str, words: str
) -> None:
    error = _error(api.post("/v1/reviews", json=body), status)
    assert error["code"] == code
    assert words in error["message"]


FRONT_MATTER_DRAFT = f"---\nbibliography: refs.bib\n---\n\n{NARROW_CLAIM[:-1]} [@lee2022].\n"


@pytest.mark.parametrize(
    ("front", "named"),
    [
        ("bibliography: refs.bib", "refs.bib"),
        ("bibliography: [refs.bib, more.json]", "refs.bib, more.json"),
    ],
)
def test_a_markdown_draft_naming_its_bibliography_must_send_it(
    api: httpx.Client, front: str, named: str
) -> None:
    # As a LaTeX draft's \bibliography{refs}: the file is not on the server, and reviewing
    # without it gave a not_checked "no bibliography was given" for every key.
    draft = FRONT_MATTER_DRAFT.replace("bibliography: refs.bib", front)
    error = _error(api.post("/v1/reviews", json={"markdown": draft, "judge": "gated"}), 400)
    assert error["code"] == "invalid_draft"
    assert error["message"] == (
        f"the draft names the bibliography {named}: send its text as the bibliography"
    )


def test_the_bibliography_sent_serves_a_markdown_draft_that_names_one(api: httpx.Client) -> None:
    body = {"markdown": FRONT_MATTER_DRAFT, "bibliography": {"text": BIBTEX}, "judge": "gated"}
    response = api.post("/v1/reviews", json=body)
    assert response.status_code == 200, response.text
    [record] = response.json()["records"]
    assert record["paperRef"] == DEEP_RULES_REF and record["verdict"] != "not_checked"


@pytest.mark.parametrize("raw", [b'{"markdown": "x', b"# not json", b"\xff\xfe"])
def test_malformed_json_is_400(api: httpx.Client, raw: bytes) -> None:
    response = api.post("/v1/reviews", content=raw, headers={"content-type": "application/json"})
    assert _error(response, 400)["code"] == "malformed_json"


def test_openapi_documents_reviews(api: httpx.Client) -> None:
    document = api.get("/openapi.json").json()
    assert set(document["paths"]["/v1/reviews"]) == {"post"}
    schemas = document["components"]["schemas"]
    assert {"markdown", "latex", "bibliography", "judge", "threshold", "cache"} <= set(
        schemas["ReviewRequest"]["properties"]
    )
    assert set(schemas["ReviewResponse"]["properties"]) == {
        "summary",
        "records",
        "uncited",
        "annotated",
        "threshold",
        "unreadEntries",
        "warnings",
        "references",  # review --verify-refs only: one schema for every surface
    }
    assert "cache" in schemas["CheckRequest"]["properties"]


def test_reviews_need_the_token_and_fit_the_body_limit(strict: RunningServer) -> None:
    body = {"markdown": DRAFT, "judge": "gated"}
    with strict.client() as anonymous:
        assert _error(anonymous.post("/v1/reviews", json=body), 401)["code"] == "unauthorized"
    with strict.client(TOKEN) as client:
        assert client.post("/v1/reviews", json=body).status_code == 200
        # The strict server takes 4 KiB of JSON; a longer draft is refused before it is read.
        long = {"markdown": DRAFT * 40, "judge": "gated"}
        error = _error(client.post("/v1/reviews", json=long), 413)
        assert "4 KiB" in error["message"]


LATEX = rf"""\documentclass{{article}}
\begin{{document}}
\section{{A short draft}}
{NARROW_CLAIM[:-1]}~\cite{{lee2022}}. Scientists should put everything in version control
\citep{{wilson}}.

This sentence cites nothing.
\end{{document}}
"""
THEBIBLIOGRAPHY = r"""
\begin{thebibliography}{9}
\bibitem{lee2022} B. D. Lee. Ten simple rules. arXiv:2105.14372, 2022.
\end{thebibliography}
"""


def test_review_a_latex_draft(api: httpx.Client) -> None:
    bibliography = BIBTEX + "\n@article{wilson, eprint = {1609.00037}, archivePrefix = {arXiv}}"
    response = api.post(
        "/v1/reviews", json={"latex": LATEX, "bibliography": {"text": bibliography}}
    )
    assert response.status_code == 200, response.text
    data = response.json()
    lee, wilson = data["records"]
    assert lee["paperRef"] == DEEP_RULES_REF and lee["citations"] == ["lee2022"]
    assert lee["claim"] == NARROW_CLAIM and lee["verdict"] == "supports"
    assert wilson["paperRef"] == GOOD_ENOUGH_REF and wilson["verdict"] != "not_checked"
    # Positions are in the LaTeX as sent; the text is the sentence as read.
    for record in data["records"]:
        sentence = record["sentence"]
        source = LATEX[sentence["start"] : sentence["end"]]
        assert source.startswith(sentence["text"][:40]) and source.endswith("}.")
    assert [s["text"] for s in data["uncited"]] == ["This sentence cites nothing."]
    assert data["summary"]["citedSentences"] == 2
    # The annotated copy is the LaTeX draft with a comment line per record after each cited
    # sentence, as `claimaudit review --out` writes it.
    annotated = data["annotated"]
    assert annotated.startswith(r"\documentclass{article}")
    assert annotated.count("% claimaudit:") == 2 and "This sentence cites nothing." in annotated


def test_a_latex_draft_s_own_thebibliography_resolves_its_keys(api: httpx.Client) -> None:
    draft = LATEX.replace(r"\end{document}", THEBIBLIOGRAPHY + r"\end{document}")
    data = api.post("/v1/reviews", json={"latex": draft, "judge": "gated"}).json()
    lee, wilson = data["records"]
    assert lee["paperRef"] == DEEP_RULES_REF and lee["verdict"] != "not_checked"
    assert wilson["verdict"] == "not_checked" and "wilson" in wilson["error"]


@pytest.mark.parametrize("ending", ["\\par ", "\n\n"])
def test_a_latex_note_of_several_paragraphs_is_reviewed(api: httpx.Client, ending: str) -> None:
    # QA: a paragraph break in a \footnote answered 500 internal_error.
    note = (
        f"\\footnote{{A first note paragraph.{ending}"
        "Deep learning is a note claim \\cite{lee2022}.}"
    )
    draft = LATEX.replace("This sentence cites nothing.", f"This sentence cites nothing.{note}")
    draft = draft.replace(r"\end{document}", THEBIBLIOGRAPHY + r"\end{document}")
    response = api.post("/v1/reviews", json={"latex": draft, "judge": "gated"})
    assert response.status_code == 200, response.text
    data = response.json()
    assert [(r["claim"], r["citations"]) for r in data["records"]][-1] == (
        "Deep learning is a note claim.",
        ["lee2022"],
    )
    assert [s["text"] for s in data["uncited"]] == [
        "This sentence cites nothing.",
        "A first note paragraph.",
    ]


# A citation wrapped in a macro the reader does not know: not checked, and said so.
WRAPPED = (
    LATEX.replace(r"\citep{wilson}", r"\mycite{lee2022}")
    .replace(r"~\cite{lee2022}", "")
    .replace(r"\end{document}", THEBIBLIOGRAPHY + r"\end{document}")
)
WRAPPED_WARNING = (
    "draft.tex:5: \\mycite{lee2022} names a key of the bibliography, but \\mycite is no "
    "citation command the reader knows (nor a macro it expands), so its citations are not "
    "checked; define it in the draft, or cite with \\cite"
)


def test_a_latex_review_passes_on_the_reader_s_warnings(api: httpx.Client) -> None:
    data = api.post("/v1/reviews", json={"latex": WRAPPED}).json()
    assert data["records"] == [] and data["summary"]["citedSentences"] == 0
    assert data["warnings"] == [WRAPPED_WARNING]
    # None to give, none listed.
    assert "warnings" not in api.post("/v1/reviews", json={"latex": LATEX, "judge": "gated"}).json()


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"latex": " \n"}, 400, "invalid_draft", "the draft is empty: there is no LaTeX text"),
        (
            {"latex": LATEX.replace("This sentence", r"\input{intro} This sentence")},
            400,
            "invalid_draft",
            r"draft.tex: \input{intro} refused: a draft sent as text is read on its own",
        ),
        (
            {"latex": LATEX.replace(r"\end{document}", "\\bibliography{refs}\n\\end{document}")},
            400,
            "invalid_draft",
            "the draft names the bibliography refs: send its text as the bibliography",
        ),
        (
            # An environment never closed: TeX stops there; the draft was read to its end.
            {"latex": LATEX.replace("This sentence", "\\begin{itemize}\n\\item This sentence")},
            400,
            "invalid_draft",
            'draft.tex: the environment "itemize" that opens on line 7 with "\\begin{itemize} '
            '\\item This sentence cite" is never closed: "\\end{itemize}" is missing',
        ),
        (
            # An argument never closed: TeX stops at the end; the rest was read as the note.
            {"latex": LATEX.replace("This sentence", "\\footnote{Open note\n\nThis sentence")},
            400,
            "invalid_draft",
            'draft.tex: the argument of \\footnote that opens on line 7 with "{Open note',
        ),
        ({"latex": LATEX, "markdown": DRAFT}, 422, "invalid_request", "exactly one of them"),
        ({"judge": "gated"}, 422, "invalid_request", "exactly one of them"),
        ({"latex": 7}, 422, "invalid_request", "latex"),
    ],
)
def test_bad_latex_review_requests(
    api: httpx.Client, body: object, status: int, code: str, words: str
) -> None:
    error = _error(api.post("/v1/reviews", json=body), status)
    assert error["code"] == code
    assert words in error["message"]


def test_a_key_only_entry_s_record_advises_the_api_not_the_command_line(
    api: httpx.Client,
) -> None:
    # An entry with no arXiv id or DOI is looked up under its key; the record said to import
    # its attached file with `claimaudit library import-bib`, which an API client cannot run.
    draft = f"{NARROW_CLAIM[:-1]} [@noid].\n"
    bibtex = "@misc{noid, title = {No identifier}}"
    data = _review(api, markdown=draft, bibliography={"text": bibtex}, judge="gated")
    [record] = data["records"]
    assert record["verdict"] == "not_checked" and record["paperRef"] == "local:noid"
    assert record["error"] == (
        "local:noid is not in the local library (the server's library); upload it with "
        "POST /v1/library (bibliography entry 'noid' has no arXiv id or DOI, so it is looked "
        "up in the library as local:noid)"
    )
    assert not COMMAND_LINE_ADVICE.search(record["error"])


@pytest.mark.parametrize("bibliography", [None, {"text": BIBTEX}])
def test_a_draft_the_parser_would_take_minutes_over_is_refused_naming_the_line(
    api: httpx.Client, bibliography: dict[str, str] | None
) -> None:
    # 5,001 columns by 11 rows: it held a review worker for a minute and a gigabyte.
    row = "|" + "a|" * 5_001 + "\n"
    draft = f"{NARROW_CLAIM[:-1]} [@lee2022].\n\n" + row + "|" + "-|" * 5_001 + "\n" + row * 10
    body = {"markdown": draft, "judge": "gated", "bibliography": bibliography}
    error = _error(api.post("/v1/reviews", json=body), 400)
    assert error["code"] == "invalid_draft"
    assert error["message"] == (
        "the draft's tables have over 50,000 cells (line 3); the parser would take minutes "
        "over them"
    )
