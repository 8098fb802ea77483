"""The review policy: a record is cleared only when it is a confident, evidenced, note-free
``supports``; the threshold is the user's, else the judge's fitted one, else 0.8."""

from __future__ import annotations

import pytest

from claimaudit.checker.policy import ReviewPolicy
from claimaudit.errors import PluginError
from tests.fakes import ScriptedJudge, pick


@pytest.mark.parametrize(
    ("confidence", "evidence_confidence", "needs"),
    [
        (0.8, 0.8, False),
        (0.79, 0.8, True),
        (0.8, 0.79, True),
    ],
)
def test_only_a_confidence_below_the_threshold_needs_review(
    confidence: float, evidence_confidence: float, needs: bool
) -> None:
    # README: "below the threshold" needs review; one exactly at it is cleared.
    policy = ReviewPolicy(0.8)
    assert policy.needs_review("supports", confidence, evidence_confidence, "P001") is needs


def test_an_unconfident_evidence_choice_needs_review_whatever_the_verdicts_confidence() -> None:
    # A sure verdict on a passage the judge barely chose is no quote to cite unread.
    assert ReviewPolicy(0.8).needs_review("supports", 0.97, 0.45, "P002")


@pytest.mark.parametrize("fitted", [1.5, -0.1])
def test_a_judges_fitted_threshold_outside_0_1_is_the_judges_error(fitted: float) -> None:
    # The plugin's figure, not the user's: a PluginError that names the judge.
    judge = ScriptedJudge(pick("supports", "P002"), name="odd", review_threshold=fitted)
    with pytest.raises(PluginError) as caught:
        ReviewPolicy().for_judge(judge)
    message = f"judge 'odd' gives a review threshold of {fitted}, not one in [0, 1]"
    assert str(caught.value) == message


def test_a_record_whose_quote_is_blank_is_never_cleared() -> None:
    # QA: the policy read only the passage id, so a cached or resumed record with a blank quote
    # was cleared, a record CheckedRecord itself refuses.
    from claimaudit.checker.pipeline import Checker
    from claimaudit.identity import parse_ref
    from tests.fakes import MemorySource

    source = MemorySource()
    source.add(parse_ref("scifact:1"), "One", ["Aspirin lowers fever in adults."])
    [record] = Checker(source, ScriptedJudge(pick("supports", "P001"))).check(
        "Aspirin lowers fever.", ["scifact:1"]
    )
    policy = ReviewPolicy(0.0)
    assert policy.reviewed(record).needs_review is False
    blank = record.model_copy(update={"evidence": " \t"})
    assert policy.reviewed(blank).needs_review is True
