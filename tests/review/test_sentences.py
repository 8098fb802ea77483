"""Sentence splitting with exact positions in the report."""

from __future__ import annotations

import pytest

from claimaudit.review.document import parse_document
from claimaudit.review.sentences import split_block, split_sentences


def _texts(text: str) -> list[str]:
    return [text[start:end] for start, end in split_block(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Virtanen et al. report sparse matrices [1]. Many tools, e.g. NumPy, exist.",
            ["Virtanen et al. report sparse matrices [1].", "Many tools, e.g. NumPy, exist."],
        ),
        (
            "This was shown, i.e. proven, before (Smith et al., 2020). Next one.",
            ["This was shown, i.e. proven, before (Smith et al., 2020).", "Next one."],
        ),
        ("Wilson et al. [3] found this. Next.", ["Wilson et al. [3] found this.", "Next."]),
        # QA: a comma after the citation was cut off as a sentence of its own, ", X holds.".
        ("In Smith et al. [1], X holds. Next.", ["In Smith et al. [1], X holds.", "Next."]),
        ("Smith et al. [1], [2] found this.", ["Smith et al. [1], [2] found this."]),
        ("Smith et al. [1]; Lee [2] found this.", ["Smith et al. [1]; Lee [2] found this."]),
        # QA: the stop after "et al. [1]" was a sentence of its own, "." listed as uncited.
        (
            "It was shown by Smith et al. [1]. The rest holds.",
            ["It was shown by Smith et al. [1].", "The rest holds."],
        ),
        # QA: a numbered citation closing with its note's stop ended no sentence.
        ("X holds [See 1, p. 3.] Y holds.", ["X holds [See 1, p. 3.]", "Y holds."]),
        ("X holds [1.] Y holds.", ["X holds [1.] Y holds."]),
        ("See Figs. 2 and 3 and Eq. 4 here. Next.", ["See Figs. 2 and 3 and Eq. 4 here.", "Next."]),
        ("Refs. [1, 2] show this. Next.", ["Refs. [1, 2] show this.", "Next."]),
        ("About approx. 5 units. Next.", ["About approx. 5 units.", "Next."]),
        # A citation placed after the full stop belongs to the sentence it follows.
        (
            "Models work well. [1] They need data. [2, 3]",
            ["Models work well. [1]", "They need data. [2, 3]"],
        ),
        ("Models work. [@doi:10.1/x] They fail.", ["Models work. [@doi:10.1/x]", "They fail."]),
        ("It works.[^1] Next one.", ["It works.[^1]", "Next one."]),
        ("**A bold claim.** Next claim here.", ["**A bold claim.**", "Next claim here."]),
        ("A claim [1].\nAnother claim [2].", ["A claim [1].", "Another claim [2]."]),
        # QA: a "?" in a web address split its sentence ("&fromgroups and SciPy ...").
        (
            "Support questions go to https://groups.google.com/forum/?&fromgroups and SciPy "
            "has sparse matrices [@x]. Next one.",
            [
                "Support questions go to https://groups.google.com/forum/?&fromgroups and SciPy "
                "has sparse matrices [@x].",
                "Next one.",
            ],
        ),
        # The full stop after an address still ends its sentence.
        ("See www.example.org/a?b=1. Next one.", ["See www.example.org/a?b=1.", "Next one."]),
        # QA: "<" and a later ">" were read as brackets around every sentence between them.
        (
            "It held at $p < 0.05$ in all. This is uncited. Scores exceeded $x > 3$ [@a].",
            ["It held at $p < 0.05$ in all.", "This is uncited.", "Scores exceeded $x > 3$ [@a]."],
        ),
        (
            "We use `x < y` here. This is uncited. Then `a > b` holds [@a].",
            ["We use `x < y` here.", "This is uncited.", "Then `a > b` holds [@a]."],
        ),
        (
            "We found p < 0.05 here. We moved on. Mapping A -> B is used [@a].",
            ["We found p < 0.05 here.", "We moved on.", "Mapping A -> B is used [@a]."],
        ),
    ],
)
def test_boundaries(text: str, expected: list[str]) -> None:
    assert _texts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("X holds for Y. Cf. @smith2020, p. 4.", ["X holds for Y.", "Cf. @smith2020, p. 4."]),
        ("It differs in group\nB. Results follow.", ["It differs in group\nB.", "Results follow."]),
        ("The mean of X. Figure 2 shows it.", ["The mean of X.", "Figure 2 shows it."]),
        ("It went to A. Note that B waits.", ["It went to A.", "Note that B waits."]),
        ("True for Y [@a]. Cf. [@b].", ["True for Y [@a].", "Cf. [@b]."]),
        # QA: an in-text citation opening the next sentence was read as a surname, one
        # sentence "X holds for Y. the authors showed Z." judged against @a.
        ("X holds for Y. @a showed Z.", ["X holds for Y.", "@a showed Z."]),
        ("X holds for Y. -@a showed Z.", ["X holds for Y.", "-@a showed Z."]),
        # QA: a letter that a noun labels ("group B.", "vitamin D.") before a capitalised word
        # sentencex took for a surname ("Mortality") merged the two sentences.
        (
            "Patients were in group B. Mortality was low [1].",
            ["Patients were in group B.", "Mortality was low [1]."],
        ),
        ("Levels of vitamin D. Serum was taken.", ["Levels of vitamin D.", "Serum was taken."]),
        ("We saw groups A and B. Mortality fell.", ["We saw groups A and B.", "Mortality fell."]),
        ("It had hepatitis B. Smith found it.", ["It had hepatitis B.", "Smith found it."]),
    ],
)
def test_a_letter_ending_a_sentence_before_an_opener_ends_it(
    text: str, expected: list[str]
) -> None:
    assert _texts(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "We thank J. Smith for the data.",  # an initial before a surname
        "We thank J. Note for the data.",
        "Grown in E. coli cells.",
        "As shown in Fig. S. 3 the result holds.",  # after an abbreviation, not a word
        "Quoted from p. A. Figure 2 of the book.",
        "Written by Ludwig van B. Figure and all.",  # a name particle
        "Written by Ada B. Results of hers.",  # after a capitalised word
        "It holds for Y. cf. the case above.",  # goes on in lower case
        "See group B. 3 of them.",  # a number after it
        "Data from patient J. Smith were lost.",  # a person's noun
    ],
)
def test_a_letter_that_may_be_an_initial_stays_in_its_sentence(text: str) -> None:
    assert _texts(text) == [text]


REPORT = """---
title: "A draft. With a full stop"
---

# A heading. Not a sentence

First sentence [1]. Second
  sentence spans lines.

> Quoted claim one. Quoted
> claim two [@a].

- Item one. Item two.

```
code. not prose.
```

| cell. | other. |
|---|---|
| a. | b. |

Closing words.[^n]

## References

1. An entry. arXiv:1907.10121

[^n]: A footnote. Not a claim.
"""


def test_only_prose_outside_references_is_split() -> None:
    sentences = split_sentences(parse_document(REPORT))
    assert [s.text for s in sentences] == [
        "First sentence [1].",
        "Second\n  sentence spans lines.",
        "Quoted claim one.",
        "Quoted\nclaim two [@a].",
        "Item one.",
        "Item two.",
        "Closing words.[^n]",
    ]
    assert [s.index for s in sentences] == list(range(7))


def test_positions_point_into_the_report() -> None:
    for sentence in split_sentences(parse_document(REPORT)):
        original = REPORT[sentence.start : sentence.end]
        # The report's slice is the sentence, plus any block prefix ("> ") inside it.
        assert original.replace("> ", "") == sentence.text
        lines = REPORT.split("\n")
        assert lines[sentence.line - 1][sentence.column - 1 :].startswith(sentence.text[:6])


def test_positions_with_windows_line_endings_and_non_ascii() -> None:
    report = "# Tïtle\r\n\r\nÜber claim één [1]. Zweite \U0001d6fc claim\r\ncontinues [2].\r\n"
    sentences = split_sentences(parse_document(report))
    assert [s.text for s in sentences] == [
        "Über claim één [1].",
        "Zweite \U0001d6fc claim\ncontinues [2].",
    ]
    second = sentences[1]
    assert report[second.start : second.end] == "Zweite \U0001d6fc claim\r\ncontinues [2]."
    assert (second.line, second.column) == (3, 21)


def test_a_sentence_after_a_hard_line_break_starts_on_the_next_line() -> None:
    # QA: it was placed at the backslash (line 3, column 35) and its text began "\\\n".
    report = "# H\n\nFirst line ends with a hard break.\\\nSecond sentence cites [@k1].\n"
    sentences = split_sentences(parse_document(report))
    assert [(s.text, s.line, s.column) for s in sentences] == [
        ("First line ends with a hard break.", 3, 1),
        ("Second sentence cites [@k1].", 4, 1),
    ]
    assert report[sentences[1].start : sentences[1].end] == "Second sentence cites [@k1]."


def test_a_lower_case_start_is_a_new_sentence_unless_after_et_al() -> None:
    assert _texts("SciPy has sparse matrices [1].\nscikit-image reads images [2].") == [
        "SciPy has sparse matrices [1].",
        "scikit-image reads images [2].",
    ]
    assert _texts("As Lee et al. [3] note, tips help. mRNA levels rose.") == [
        "As Lee et al. [3] note, tips help.",
        "mRNA levels rose.",
    ]


def test_a_paragraph_opening_with_an_enumerator_is_still_split() -> None:
    assert _texts("(1) Models overfit [1]. Baselines help [2]. Data matter.") == [
        "(1) Models overfit [1].",
        "Baselines help [2].",
        "Data matter.",
    ]
    assert _texts("Padding of 2) [@k]. Once again, the output [3]. Then b) more. Done.") == [
        "Padding of 2) [@k].",
        "Once again, the output [3].",
        "Then b) more.",
        "Done.",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A footnote marker between the full stop and the citation after it changes nothing.
        (
            "Coffee is ok.[^q] [@jones2019] More text here.",
            ["Coffee is ok.[^q] [@jones2019]", "More text here."],
        ),
        (
            "Coffee is fine.[^q] [@jones2019] More text here.",
            ["Coffee is fine.[^q] [@jones2019]", "More text here."],
        ),
        ("Coffee is ok. [@jones2019] More text.", ["Coffee is ok. [@jones2019]", "More text."]),
        # Before the full stop, a citation still hides no initial ("Y.") from the segmenter.
        ("X holds for Y [@a]. (See [@b].)", ["X holds for Y [@a].", "(See [@b].)"]),
    ],
)
def test_markers_and_key_citations_after_a_full_stop_end_the_sentence(
    text: str, expected: list[str]
) -> None:
    assert _texts(text) == expected


@pytest.mark.parametrize(
    "abbreviation",
    "Sect. 2,sect. 2,Eqn. 3,Thm. 1,Chap. 4,App. A,Alg. 1,Lem. 2,Prop. 3,Def. 5,Cor. 6,Ref. 7,"
    "Refs. 8,Suppl. 9,approx. 10,cf. Table".split(","),
)
def test_a_cross_reference_abbreviation_does_not_end_the_sentence(abbreviation: str) -> None:
    text = f"The output shape is derived in {abbreviation} of the guide [@a]. Next one."
    assert _texts(text) == [
        f"The output shape is derived in {abbreviation} of the guide [@a].",
        "Next one.",
    ]


@pytest.mark.parametrize("text", ["We built an app. A user tried it.", "It is a def. A new one."])
def test_a_word_that_is_also_an_abbreviation_still_ends_a_sentence(text: str) -> None:
    assert len(_texts(text)) == 2


def test_a_no_break_space_after_a_full_stop_never_ends_the_sentence() -> None:
    # LaTeX's "~" and "\ " read as U+00A0: the author's "no sentence ends here".
    assert _texts("Shown by Smith et al.\u00a0Later work agrees. Next.") == [
        "Shown by Smith et al.\u00a0Later work agrees.",
        "Next.",
    ]


@pytest.mark.parametrize(
    "abbreviation",
    "Abb. 2,Kap. 3,Tab. 4,Nr. 5,S. 6,Bd. 7,Hrsg. Müller,vgl. Müller,z. B. in,u. a. bei,"
    "d. h. bei,bzw. bei,p. 8,éd. Dupont,cf. Müller,pág. 9,núm. 10".split(","),
)
def test_a_german_french_or_spanish_abbreviation_does_not_end_the_sentence(
    abbreviation: str,
) -> None:
    text = f"Wie {abbreviation} zeigt, senkte die Impfung das Risiko [@a]. Danach mehr."
    assert _texts(text) == [
        f"Wie {abbreviation} zeigt, senkte die Impfung das Risiko [@a].",
        "Danach mehr.",
    ]


def test_a_capital_s_before_a_word_still_ends_an_english_sentence() -> None:
    assert _texts("We chose type S. Results follow. See Fig. 2 here.") == [
        "We chose type S.",
        "Results follow.",
        "See Fig. 2 here.",
    ]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("~~X holds [1].~~", ["~~X holds [1].~~"]),
        (
            "W holds. ~~X holds [1]. Y holds [2].~~ Z holds [2].",
            ["W holds.", "~~X holds [1]. Y holds [2].~~", "Z holds [2]."],
        ),
        (
            "A holds [1]. ~~B holds.~~ C holds [2].",
            ["A holds [1].", "~~B holds.~~", "C holds [2]."],
        ),
    ],
)
def test_sentences_struck_together_stay_one_deletion(text: str, sentences: list[str]) -> None:
    # QA: "~~X holds [1].~~" read as the claim "~~X holds." citing paper 1, and the "~~" after
    # it opened the next sentence ("~~ C holds.").
    assert [text[a:b] for a, b in split_block(text)] == sentences


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("X holds. [1] showed Y.", ["X holds.", "[1] showed Y."]),
        ("X holds. [1, 2] were proposed.", ["X holds.", "[1, 2] were proposed."]),
        ("X holds. [@a] showed Y.", ["X holds.", "[@a] showed Y."]),
        ("X holds. [1] and [2] show Y.", ["X holds.", "[1] and [2] show Y."]),
        ("X holds. [1] vs. [2] is unclear.", ["X holds.", "[1] vs. [2] is unclear."]),
        # Before a capital, or at the paragraph's end, it is the sentence's before, as it was;
        # after an abbreviation's stop it is in the sentence.
        ("X holds. [1] We pad.", ["X holds. [1]", "We pad."]),
        ("X holds. [1]", ["X holds. [1]"]),
        ("We use Smith et al. [1] in all.", ["We use Smith et al. [1] in all."]),
    ],
)
def test_a_citation_after_a_stop_before_a_lower_case_word_opens_the_next_sentence(
    text: str, sentences: list[str]
) -> None:
    # QA: "X holds. [1] showed Y." was cut "X holds. [1]" and "showed Y.": "X holds." was
    # judged against paper 1 and "showed Y." listed as uncited, its subject lost.
    assert _texts(text) == sentences


@pytest.mark.parametrize(
    "text",
    [
        "Tools (e.g. [1]) help.",
        "Tools (i.e. [1]) help.",
        "Tools (cf. [1]) help.",
        "Tools (see Fig. [1]) help.",
        "Tools (e.g. [1], [2]) help.",
    ],
)
def test_an_abbreviation_before_a_citation_in_brackets_ends_no_sentence(text: str) -> None:
    # QA: "Tools (e.g. [1]) help." was cut "Tools (e.g. [1])" and "help.": the claim judged
    # was "Tools" and "help." was listed as uncited.
    assert _texts(text) == [text]
    # A full stop after the bracket still ends the sentence.
    assert _texts("X holds (see [1]). We pad.") == ["X holds (see [1]).", "We pad."]
