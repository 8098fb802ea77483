"""Consistency checks between a claim and its evidence: rules, features and review notes."""

from __future__ import annotations

from claimaudit.judges.local.consistency import FEATURE_NAMES, check, counts
from claimaudit.judges.local.reading import plain_typography
from claimaudit.judges.local.runtime import typography_first

SCIPY = "SciPy 1.0 was released in late 2017, about 16 years after the original version 0.1."


def test_a_year_the_evidence_does_not_give_is_a_conflict_with_a_note() -> None:
    result = check("SciPy 1.0 was released in 2005.", SCIPY, SCIPY)
    assert result.claim_numbers_missing == ("2005",)
    assert result.number_conflict
    assert result.notes() == [
        "the claim's year 2005 is not in the evidence (it gives 0.1, 16, 2017)"
    ]


def test_matching_numbers_raise_nothing() -> None:
    result = check("SciPy 1.0 was released in 2017.", SCIPY, SCIPY)
    assert not result.number_conflict
    assert result.notes() == []


def test_a_version_number_glued_to_a_name_is_not_a_quantity() -> None:
    # "COVID-19" and "IL-6" are names, not numbers to compare.
    result = check("IL-6 predicts COVID-19 mortality.", "IL-6 levels predicted death.", "")
    assert result.claim_numbers_missing == ()


def test_negation_on_one_side_only_is_a_mismatch() -> None:
    evidence = "Aspirin did not reduce the risk of stroke in the trial."
    assert check("Aspirin reduces the risk of stroke.", evidence, evidence).negation_mismatch
    assert not check("Aspirin does not reduce stroke risk.", evidence, evidence).negation_mismatch


def test_opposite_direction_words_are_named_in_the_note() -> None:
    evidence = "Deep learning requires a larger number of tuning parameters."
    result = check("Deep learning requires fewer tuning parameters.", evidence, evidence)
    assert result.direction_conflicts == (("fewer", "larger"),)
    result = check("Deep learning needs smaller models.", "It needs larger models.", "")
    assert result.direction_conflicts == (("smaller", "larger"),)
    assert "the claim says 'smaller' where the evidence says 'larger'" in result.notes()


def test_the_same_direction_on_both_sides_is_no_conflict() -> None:
    text = "Exercise increased insulin sensitivity."
    assert check("Exercise increases insulin sensitivity.", text, text).direction_conflicts == ()


def test_an_entity_the_paper_never_names_is_reported() -> None:
    paper = "We describe scikit-image, a library for image processing in Python."
    result = check("TensorFlow is a library for image processing.", paper, paper)
    assert result.entities_missing == ("TensorFlow",)
    assert "the paper's text never names TensorFlow" in result.notes()


def test_features_have_one_value_per_name_in_unit_range() -> None:
    claim = "In 2005, BRCA1 mutations increased cancer risk."
    result = check(claim, "BRCA1 mutations lowered cancer risk in 2017.", "BRCA1 text")
    values = result.features(*counts(claim))
    assert len(values) == len(FEATURE_NAMES)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[FEATURE_NAMES.index("number_conflict")] == 1.0


def test_a_pdfs_curly_apostrophe_negates_as_the_plain_one_does() -> None:
    # conv-arithmetic, its LaTeX reading and its PDF's: one negation (run 17).
    claim = "Dilated convolutions improve accuracy in semantic segmentation."
    for evidence in (
        "While this doesn't affect the analysis for convolutions, it complicates it.",
        "While this doesn\u2019t affect the analysis for convolutions, it complicates it.",
    ):
        assert check(claim, evidence, evidence).negation_mismatch
    negated = "Dilated convolutions don\u2019t improve accuracy."
    assert not check(negated, "They do not improve accuracy.", "").negation_mismatch


def test_minus_signs_and_unbreakable_hyphens_read_as_plain_ones() -> None:
    evidence = "IL-6 fell by -2 units."
    result = check("IL\u20116 fell by \u22122 units.", evidence, evidence)
    assert result.claim_numbers_missing == ()
    assert result.entities_missing == ()
    assert counts("IL\u20116 fell by \u22122 units.") == counts("IL-6 fell by -2 units.")


def test_the_checks_read_typography_as_the_models_tokenizer_does() -> None:
    text = "\ufb01le\u2019s \u201cquote\u201d \u2013 \u22121\u00a0and soft\u00adhyphen \u2032"
    # The model's normaliser without the tokenizer's own (lower case, accents) after it.
    assert plain_typography(text) == typography_first(None).normalize_str(text)
    assert plain_typography(text) == "file's \"quote\" - -1 and softhyphen '"
