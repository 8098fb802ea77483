"""Every example of issue 11's "Why", with the verdict a careful reader gives, on the shipped model.

Each case failed with verifier 0.1; the ones 0.4.6 still fails are strict xfails. They run
through ``check_claim`` (the library source and the embedded judge), so the record is the one a
user sees. If a retrained model changes one, read the new record before changing the expectation.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit import check_claim
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.records import CheckedRecord

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "papers"
TRIAL = "local:trial-x"
TRIAL_REPORT = """# A randomised trial of drug X in type 2 diabetes

## Methods

In this randomised, double-blind trial, 1,200 adults with type 2 diabetes received drug X or
placebo for 24 months. The primary outcome was the rate of major cardiovascular events.

## Results

Drug X did not reduce the rate of major cardiovascular events compared with placebo (hazard ratio
0.98; 95% CI 0.81 to 1.18). All-cause mortality did not differ between the groups.

## Conclusion

In adults with type 2 diabetes, drug X did not lower cardiovascular risk.
"""
SCIPY, CONV = "arXiv:1907.10121", "arXiv:1603.07285"
POSITIVE = "Drug X reduces the rate of major cardiovascular events in adults with type 2 diabetes."
NEGATED = (
    "Drug X does not reduce the rate of major cardiovascular events in adults with type 2 diabetes."
)
WRONG_YEAR = "SciPy 1.0 was released in 2005."


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("regressions")
    report = folder / "trial.md"
    report.write_text(TRIAL_REPORT, encoding="utf-8")
    path = folder / "library.sqlite3"
    with Library.open(path) as lib:
        add_path(lib, report, ref=parse_ref(TRIAL))
        if SHARED.is_dir():
            add_path(lib, SHARED / "scipy-1.0_virtanen2020" / "scipy-1.0", ref=parse_ref(SCIPY))
            add_path(
                lib,
                SHARED / "conv-arithmetic_dumoulin2016" / "conv_arithmetic.tex",
                ref=parse_ref(CONV),
            )
    return path


def _check(claim: str, ref: str, library: Path) -> CheckedRecord:
    [record] = check_claim(claim, [ref], library=library, source="library")
    assert isinstance(record, CheckedRecord), record
    return record


needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data/papers")


# Verifier 0.4.5 still gets these verdicts wrong (issue 11 stays open; training/EXPERIMENTS.md).
# Strict: when a model gets one right, the mark must come off.
still_wrong = pytest.mark.xfail(strict=True, reason="verifier 0.4.6 still says supports")


def test_a_negative_trial_contradicts_the_positive_claim(library: Path) -> None:
    # Right since 0.4.2, by a narrow margin (contradicts 0.50, supports 0.49), so the record
    # is never cleared (the next test) and its evidence is the negative result.
    record = _check(POSITIVE, TRIAL, library)
    assert record.verdict == "contradicts"
    assert record.evidence is not None and "did not" in record.evidence


def test_the_positive_claim_against_a_negative_trial_is_never_cleared(library: Path) -> None:
    record = _check(POSITIVE, TRIAL, library)
    assert record.needs_review
    if record.verdict == "supports":
        assert any("negated" in note for note in record.review_notes)


def test_the_negated_claim_is_supported_by_the_negative_result(library: Path) -> None:
    record = _check(NEGATED, TRIAL, library)
    assert record.verdict == "supports"
    assert record.evidence is not None and "did not" in record.evidence


@needs_shared
def test_a_wrong_release_year_is_not_supported(library: Path) -> None:
    assert _check(WRONG_YEAR, SCIPY, library).verdict != "supports"


@needs_shared
def test_a_wrong_release_year_is_flagged_with_the_years(library: Path) -> None:
    record = _check(WRONG_YEAR, SCIPY, library)
    assert record.needs_review
    if record.verdict == "supports":
        assert any("2005" in note for note in record.review_notes)


@needs_shared
@still_wrong
def test_pooling_layers_have_no_learnable_weights(library: Path) -> None:
    assert _check("Pooling layers have learnable weights.", CONV, library).verdict != "supports"


@needs_shared
def test_a_claim_the_paper_makes_is_supported_with_its_evidence(library: Path) -> None:
    record = _check(
        "Pooling layers provide invariance to small translations of the input.", CONV, library
    )
    assert record.verdict == "supports"
    assert record.evidence is not None and "invariance" in record.evidence
    # No review threshold of 0.4.4 (0.4.6 keeps its aggregator) reached 95% precision on
    # validation, so it clears nothing.
    assert record.needs_review


def test_a_claim_without_content_words_is_a_usage_error(library: Path) -> None:
    with pytest.raises(ValueError, match="claim"):
        check_claim("?!... --", [TRIAL], library=library)
