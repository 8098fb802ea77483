"""Answer labels and reading option probabilities from token logprobs (no server involved)."""

from __future__ import annotations

import math

import pytest

from claimaudit.errors import JudgeError
from claimaudit.judges.openai.labels import (
    TokenLogprobs,
    assign_labels,
    parse_content,
    read_logprobs,
)

RELATIONS = ["supports", "contradicts", "not_addressed", "insufficient_evidence"]


def tok(text: str, alternatives: dict[str, float]) -> TokenLogprobs:
    """A generated token whose listed alternatives have the given probabilities."""
    own = alternatives.get(text, 0.5)
    return TokenLogprobs(text, math.log(own), [(t, math.log(p)) for t, p in alternatives.items()])


def passages(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(1, n + 1)] + ["none"]


def test_up_to_26_options_get_one_letter_each_in_order() -> None:
    labels = assign_labels(RELATIONS)
    assert dict(labels.by_label) == dict(zip("ABCD", RELATIONS, strict=True))
    assert not labels.blocks
    assert labels.hint() == "Answer with the letter of one option (A to D) only."
    assert list(assign_labels(passages(25), solo=["none"]).by_label)[-1] == "Z"


def test_more_options_get_block_letter_and_digit_and_none_keeps_a_letter() -> None:
    labels = assign_labels(passages(120), solo=["none"])
    assert labels.by_label["A1"] == "P001"
    assert labels.by_label["A9"] == "P009"
    assert labels.by_label["B1"] == "P010"
    assert labels.by_label["N3"] == "P120"  # 13 full blocks of 9, then 3
    assert labels.by_label["Z"] == "none"
    assert len(labels.by_label) == 121
    assert all(len(block) <= 9 for block in labels.blocks.values())
    assert "Z" not in labels.blocks
    assert "A1" in labels.hint() and "Z alone" in labels.hint()


def test_capacity_is_enforced() -> None:
    assign_labels(passages(225), solo=["none"])  # 25 blocks x 9
    with pytest.raises(JudgeError, match="too many options"):
        assign_labels(passages(226), solo=["none"])


def test_one_token_answer_gives_every_option_a_probability() -> None:
    labels = assign_labels(RELATIONS)
    # " B" and "B" are different tokens with the same meaning; "The" is not a label.
    read = read_logprobs(labels, [tok("B", {"B": 0.6, " B": 0.1, "A": 0.2, "The": 0.1})])
    assert read is not None
    choice, probabilities = read
    assert choice == "contradicts"
    # The 0.1 on "The" is dropped and the rest renormalised over the labels.
    assert probabilities == pytest.approx(
        {
            "supports": 0.2 / 0.9,
            "contradicts": 0.7 / 0.9,
            "not_addressed": 0.0,
            "insufficient_evidence": 0.0,
        }
    )


def test_markers_case_and_leading_blank_tokens() -> None:
    labels = assign_labels(RELATIONS)
    tokens = [tok("\n", {"\n": 1.0}), tok("\u0120c", {"\u0120c": 0.7, "\u2581a": 0.3})]
    read = read_logprobs(labels, tokens)
    assert read is not None
    assert read[0] == "not_addressed"
    assert read[1]["not_addressed"] == pytest.approx(0.7)
    assert read[1]["supports"] == pytest.approx(0.3)


def test_generated_token_missing_from_the_list_is_added() -> None:
    labels = assign_labels(RELATIONS)
    token = TokenLogprobs("D", math.log(0.5), [("A", math.log(0.45))])
    read = read_logprobs(labels, [token])
    assert read is not None
    assert read[1]["insufficient_evidence"] == pytest.approx(0.5 / 0.95)


def test_two_level_answer_reads_block_then_digit() -> None:
    labels = assign_labels(passages(40), solo=["none"])  # blocks A-E (E has 4), none is Z
    tokens = [
        tok("B", {"B": 0.6, "A": 0.2, "Z": 0.1, "E": 0.1}),
        tok("3", {"3": 0.75, "1": 0.25}),
    ]
    read = read_logprobs(labels, tokens)
    assert read is not None
    choice, probabilities = read
    assert choice == "P012"  # B3: block B starts at P010
    assert probabilities["P012"] == pytest.approx(0.6 * 0.75)
    assert probabilities["P010"] == pytest.approx(0.6 * 0.25)
    assert probabilities["P011"] == 0.0
    assert probabilities["none"] == pytest.approx(0.1)
    # Other blocks share their mass evenly: nothing is known inside them.
    assert probabilities["P001"] == pytest.approx(0.2 / 9)
    assert probabilities["P037"] == pytest.approx(0.1 / 4)
    assert probabilities["P019"] == 0.0  # block C was not among the alternatives
    assert math.fsum(probabilities.values()) == pytest.approx(1.0)


def test_two_level_none_needs_no_digit() -> None:
    labels = assign_labels(passages(30), solo=["none"])
    read = read_logprobs(labels, [tok("Z", {"Z": 0.9, "A": 0.1})])
    assert read is not None and read[0] == "none"
    assert read[1]["none"] == pytest.approx(0.9)


@pytest.mark.parametrize(
    "tokens",
    [
        [tok("**", {"**": 0.9, "B": 0.1})],  # the answer does not start with a label
        [TokenLogprobs("B", math.log(0.6), [])],  # no alternatives listed
        [tok("B", {"B": 0.5, "C": 0.2})],  # alternatives cover too little of the mass
        [],
    ],
)
def test_tokens_that_do_not_carry_probabilities_give_none(tokens: list[TokenLogprobs]) -> None:
    assert read_logprobs(assign_labels(RELATIONS), tokens) is None


def test_two_level_block_letter_without_its_digit_gives_none() -> None:
    labels = assign_labels(passages(40), solo=["none"])
    assert read_logprobs(labels, [tok("B", {"B": 1.0})]) is None
    assert read_logprobs(labels, [tok("E", {"E": 1.0}), tok("7", {"7": 1.0})]) is None  # E has 4


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("B", "contradicts"),
        ("  b\n", "contradicts"),
        ("**C**", "not_addressed"),
        ("D. insufficient", "insufficient_evidence"),
        ("Answer: A", "supports"),
        ("(A)", "supports"),
        ("A)", "supports"),
        ("A.", "supports"),
        ("**B** because the passage says so", "contradicts"),
        ("C\n\nThe passage does not address it.", "not_addressed"),
        # A letter that begins a sentence is no label (QA: "A careful reading" was read as A).
        ("A careful reading", None),
        ("a careful reading", None),
        ("Answer: A careful reading", None),
        ("Answer", None),
        ("supports", None),
        ("E", None),
        ("", None),
        ("A1", None),
    ],
)
def test_plain_text_answers(content: str, expected: str | None) -> None:
    assert parse_content(assign_labels(RELATIONS), content) == expected


def test_a_pronoun_beginning_a_sentence_is_not_label_i() -> None:
    labels = assign_labels([f"P{i:03d}" for i in range(1, 12)])  # labels A to K: I is one
    assert parse_content(labels, "I") == "P009"
    assert parse_content(labels, "I think it is P003") is None


@pytest.mark.parametrize(
    "tokens",
    [
        # The answer "A careful reading": its first token is A, but A begins a sentence.
        [tok("A", {"A": 0.7, "The": 0.25, "B": 0.05}), tok(" careful", {" careful": 1.0})],
        # Sentencepiece and byte-level BPE mark the space as part of the next word.
        [tok("A", {"A": 0.9, "B": 0.1}), tok("\u2581careful", {"\u2581careful": 1.0})],
        [tok("I", {"I": 0.8, "A": 0.2}), tok("\u0120think", {"\u0120think": 1.0})],
    ],
)
def test_tokens_of_a_sentence_carry_no_label(tokens: list[TokenLogprobs]) -> None:
    labels = assign_labels([f"P{i:03d}" for i in range(1, 12)])
    assert read_logprobs(labels, tokens) is None


def test_tokens_of_a_label_with_punctuation_or_a_line_break_are_read() -> None:
    labels = assign_labels(RELATIONS)
    for rest in (".", ")", "\n\n", "\u010aThe", "</s>"):
        read = read_logprobs(labels, [tok("B", {"B": 0.9, "A": 0.1}), tok(rest, {rest: 1.0})])
        assert read is not None and read[0] == "contradicts", rest


def test_two_level_label_followed_by_a_word_is_no_label() -> None:
    labels = assign_labels(passages(40), solo=["none"])
    tokens = [tok("B", {"B": 1.0}), tok("3", {"3": 1.0}), tok(" is", {" is": 1.0})]
    assert read_logprobs(labels, tokens) is None
    assert parse_content(labels, "B3 is the passage") is None
    assert parse_content(labels, "B3.") == "P012"


def test_plain_text_two_level_answers() -> None:
    labels = assign_labels(passages(40), solo=["none"])
    assert parse_content(labels, "B3") == "P012"
    assert parse_content(labels, "z") == "none"
    assert parse_content(labels, "B") is None  # a block, not an option
    assert parse_content(labels, "B33") is None


@pytest.mark.parametrize(
    "tokens",
    [
        # One position listing 1.49 in all: these are not probabilities.
        [tok("A", {"A": 0.7, "B": 0.5, "C": 0.29})],
        # The second position of a two-level answer, likewise.
        [tok("A", {"A": 0.9, "B": 0.1}), tok("3", {"3": 0.9, "4": 0.9})],
    ],
)
def test_listed_probabilities_adding_up_to_more_than_one_are_refused(
    tokens: list[TokenLogprobs],
) -> None:
    labels = assign_labels(RELATIONS) if len(tokens) == 1 else assign_labels(passages(40), ["none"])
    with pytest.raises(JudgeError, match=r"add up to 1[0-9]{2}%, more than 100%"):
        read_logprobs(labels, tokens)


def test_rounding_just_over_one_is_still_read() -> None:
    option, probabilities = read_logprobs(
        assign_labels(RELATIONS), [tok("A", {"A": 0.805, "B": 0.2})]
    ) or (None, {})
    assert option == "supports"
    assert probabilities["supports"] == pytest.approx(0.805 / 1.005)
