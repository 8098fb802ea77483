"""The service the API and the MCP server share, in process: checking and reviewing (its library
calls: ``test_library_service``)."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from claimaudit.errors import (
    BibliographyError,
    CancelledWorkError,
    DraftError,
    InvalidClaimError,
    JudgeError,
    LibraryOpenError,
    UnknownBackendError,
)
from claimaudit.judges.protocol import Decision, Judge, JudgeReply, JudgeSettings
from claimaudit.server.judges import JudgePool
from claimaudit.server.service import MAX_PAPERS_PER_CHECK, Service
from tests.fakes import ScriptedJudge, pick
from tests.server.conftest import DEEP_RULES_REF, NARROW_CLAIM


def test_check_refuses_bad_requests_before_loading_a_judge(service: Service) -> None:
    class Refusing(JudgePool):
        def lease(self, name: str | None = None, model: str | None = None) -> Any:
            raise AssertionError("no judge may be loaded for a bad request")

    service.judges = Refusing()
    for claim, papers in (
        ("", [DEEP_RULES_REF]),
        ("A claim.", []),
        ("A claim.", [DEEP_RULES_REF, "arXiv:2105.14372"]),
        ("A claim.", [f"local:p{i}" for i in range(MAX_PAPERS_PER_CHECK + 1)]),
    ):
        with pytest.raises(InvalidClaimError):
            service.check(claim, papers)
    with pytest.raises(InvalidClaimError, match="threshold"):
        service.check("A claim.", [DEEP_RULES_REF], threshold=1.5)


def test_review_refuses_bad_requests_before_loading_a_judge(
    service: Service, tmp_path: Path
) -> None:
    class Refusing(JudgePool):
        def lease(self, name: str | None = None, model: str | None = None) -> Any:
            raise AssertionError("no judge may be loaded for a bad request")

    service.judges = Refusing()
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{k, eprint = {2105.14372}}")
    with pytest.raises(DraftError, match="empty"):
        service.review(" \n ")
    with pytest.raises(DraftError, match="not both"):
        service.review("A [@k].", bibliography="@misc{k}", bibliography_path=bib)
    with pytest.raises(BibliographyError, match="cannot read"):
        service.review("A [@k].", bibliography_path=tmp_path / "absent.bib")
    with pytest.raises(BibliographyError, match="not valid JSON"):
        service.review("A [@k].", bibliography="[", bibliography_format="csl-json")
    with pytest.raises(InvalidClaimError, match="threshold"):
        service.review("A [@k].", threshold=-0.1)


def _get(pool: JudgePool, name: str | None, model: str | None = None) -> Judge:
    with pool.lease(name, model) as judge:
        return judge


def test_judges_are_loaded_once_per_name_and_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", "test-key")  # jev is built, never asked
    pool = JudgePool(capacity=2)
    local = _get(pool, "local")
    assert _get(pool, "local") is local and _get(pool, None) is local
    jev_a = _get(pool, "jev", "jev-latest")
    assert _get(pool, "jev", "jev-latest") is jev_a
    assert _get(pool, "jev", "jev-preview") is not jev_a
    # Bounded: the least recently used judge made room.
    assert _get(pool, "local") is not local
    with pytest.raises(UnknownBackendError):
        _get(pool, "nope")


class Closable(Judge):
    def __init__(self, name: str) -> None:
        self.name = name
        self.closed = 0

    def decide(self, decision: Decision) -> JudgeReply:
        raise JudgeError("not asked here")

    def close(self) -> None:
        self.closed += 1


def test_a_judge_that_leaves_the_pool_is_closed_once_no_request_uses_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: dict[str, Closable] = {}

    def make(name: str, settings: JudgeSettings) -> Closable:
        made[settings.model or ""] = Closable(name)
        return made[settings.model or ""]

    monkeypatch.setattr("claimaudit.server.judges.make_judge", make)
    pool = JudgePool(capacity=1)
    with pool.lease("x", "a") as a:
        with pool.lease("x", "b"):  # makes room: "a" leaves the pool while in use
            assert a.closed == 0
        assert a.closed == 0  # its request still runs
    assert a.closed == 1 and made["b"].closed == 0
    _get(pool, "x", "c")  # "b" leaves the pool unused: closed at once
    assert made["b"].closed == 1
    pool.close()  # at shutdown, the rest
    assert made["c"].closed == 1 and a.closed == 1


def test_a_library_gone_after_start_is_said_alike_and_never_made_anew(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Even with a search key, a check does not look elsewhere as if the paper were merely absent.
    monkeypatch.setenv("VALYU_API_KEY", "k")
    service.ensure_library()
    service.library.unlink()
    missing = "the server's library is missing: it was moved or deleted after the server started"
    with pytest.raises(LibraryOpenError, match=f"^{missing}$"):
        service.papers()
    checked = service.check(NARROW_CLAIM, [DEEP_RULES_REF, "scifact:1000"], judge="local")
    assert [r.error for r in checked.records] == [
        f"{DEEP_RULES_REF}: {missing}",
        f"scifact:1000: {missing}",
    ]
    with pytest.raises(LibraryOpenError, match=f"^{missing}$") as caught:
        service.add_upload(io.BytesIO(b"# T\n\nWords.\n"), "n.md", ref="local:n")
    assert caught.value.http_status == 503
    assert not service.library.exists()


def test_the_service_refuses_an_empty_draft_as_a_draft_error(service: Service) -> None:
    with pytest.raises(DraftError, match="the draft is empty") as caught:
        service.review("  \n")
    assert (caught.value.http_status, caught.value.code) == (400, "invalid_draft")


def test_a_review_judges_one_version_of_a_paper_uploaded_anew_meanwhile(service: Service) -> None:
    choose = pick("supports", "P001")

    def upload_then_answer(decision: Decision) -> JudgeReply:
        # Someone replaces the paper through the server while the review runs.
        revised = io.BytesIO(b"# Revised\n\nA wholly revised text about deep learning.\n")
        service.add_upload(revised, "revised.md", ref=DEEP_RULES_REF, replace=True)
        return choose(decision)

    judge = ScriptedJudge(upload_then_answer)

    class Scripted(JudgePool):
        @contextmanager
        def lease(self, name: str | None = None, model: str | None = None) -> Iterator[Judge]:
            yield judge

    service.judges = Scripted()
    draft = (
        f"Deep learning needs baselines ({DEEP_RULES_REF}).\n"
        f"Deep learning models need much data ({DEEP_RULES_REF}).\n"
    )
    records = [r.record for r in service.review(draft).result.records]
    assert len(records) == 2 and len(judge.seen) == 2
    shown = [p.text for d in judge.seen for p in d.case.passages]
    assert shown and not any("wholly revised" in text for text in shown)
    assert len({(r.paper_title, r.retrieved_at) for r in records}) == 1


class _Leased(JudgePool):
    """A pool lending one scripted judge, noting the model each lease asked for."""

    def __init__(self, judge: Judge) -> None:
        super().__init__()
        self.judge = judge
        self.models: list[str | None] = []

    @contextmanager
    def lease(self, name: str | None = None, model: str | None = None) -> Iterator[Judge]:
        self.models.append(model)
        yield self.judge


@pytest.mark.parametrize("threshold", [0.0, 1.0])
def test_a_threshold_at_either_end_of_0_to_1_is_taken(service: Service, threshold: float) -> None:
    service.judges = _Leased(ScriptedJudge(pick("supports", "P001")))
    checked = service.check("Deep learning needs data.", [DEEP_RULES_REF], threshold=threshold)
    assert checked.threshold == threshold and len(checked.records) == 1


def test_an_empty_model_is_no_model(service: Service) -> None:
    pool = _Leased(ScriptedJudge(pick("supports", "P001")))
    service.judges = pool
    service.check("Deep learning needs data.", [DEEP_RULES_REF], judge="local", model="")
    assert pool.models == [None]


def test_a_check_cancelled_while_queued_judges_nothing(service: Service) -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    service.judges = _Leased(judge)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(CancelledWorkError, match="cancelled after 0 of 1 papers"):
        service.check("Deep learning needs data.", [DEEP_RULES_REF], cancel=cancel)
    assert judge.seen == []


def test_a_client_gone_after_the_last_paper_still_gets_every_record(service: Service) -> None:
    cancel = threading.Event()
    choose = pick("supports", "P001")

    def answer_then_leave(decision: Decision) -> JudgeReply:
        cancel.set()
        return choose(decision)

    service.judges = _Leased(ScriptedJudge(answer_then_leave))
    checked = service.check("Deep learning needs data.", [DEEP_RULES_REF], cancel=cancel)
    assert [r.verdict for r in checked.records] == ["supports"]


def test_a_check_takes_the_50_papers_the_readme_promises_and_no_more() -> None:
    # README: "50 papers per check".
    Service.validate_check("A claim.", [f"local:p{i}" for i in range(50)], None)
    with pytest.raises(InvalidClaimError):
        Service.validate_check("A claim.", [f"local:p{i}" for i in range(51)], None)
