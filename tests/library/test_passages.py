from __future__ import annotations

from claimaudit.library.models import TextBlock
from claimaudit.library.passages import make_passages
from claimaudit.passage import passage_id


def test_ids_are_stable_and_ordered() -> None:
    assert [passage_id(i) for i in (0, 1, 998, 999)] == ["P001", "P002", "P999", "P1000"]


def test_paragraphs_stay_whole_and_fragments_join_the_next_text_paragraph() -> None:
    blocks = [
        TextBlock("Short paragraph.", "A", (1, 1)),
        TextBlock("The output size is given by", "A", (1, 1)),
        TextBlock("where k is the kernel size.", "A", (2, 2)),
        TextBlock("Figure 1: A caption", "A", (2, 2), "caption"),
        TextBlock("A footnote", "A", (2, 2), "footnote"),
        TextBlock("Next section text.", "B", (3, 3)),
    ]
    passages = make_passages(blocks)
    assert [(p.text, p.section, p.pages) for p in passages] == [
        ("Short paragraph.", "A", (1, 1)),
        ("The output size is given by where k is the kernel size.", "A", (1, 2)),
        ("Figure 1: A caption", "A", (2, 2)),
        ("A footnote", "A", (2, 2)),
        ("Next section text.", "B", (3, 3)),
    ]


def test_list_items_stay_apart_but_a_lists_name_reads_with_its_first_item() -> None:
    blocks = [
        TextBlock("Data Management", "Box", kind="list"),
        TextBlock("Save the raw data.", "Box", kind="list"),
        TextBlock("Ensure that raw data is backed up.", "Box", kind="list"),
        TextBlock("i_j: input size along axis j,", "Notation", kind="list"),
        TextBlock("k_j: kernel size along axis j.", "Notation", kind="list"),
        TextBlock("Duke University / karen@duke.edu", "Authors", kind="list"),
        TextBlock("University of Oslo / lex@uio.no", "Authors", kind="list"),
    ]
    assert [(p.text, p.section) for p in make_passages(blocks)] == [
        ("Data Management Save the raw data.", "Box"),
        ("Ensure that raw data is backed up.", "Box"),
        ("i_j: input size along axis j,", "Notation"),
        ("k_j: kernel size along axis j.", "Notation"),
        ("Duke University / karen@duke.edu", "Authors"),
        ("University of Oslo / lex@uio.no", "Authors"),
    ]


def test_long_paragraphs_split_between_sentences_only() -> None:
    sentence = "See Fig. 2 and the results of Smith et al. in Table 1, which hold up well. "
    passages = make_passages([TextBlock(sentence * 40, "A", (4, 5))])
    assert len(passages) > 1
    for passage in passages:
        assert passage.text.startswith("See Fig. 2") and passage.text.endswith("hold up well.")
        assert len(passage.text) <= 1200 and passage.pages == (4, 5)


def test_a_sentence_longer_than_the_limit_stays_whole_up_to_four_times_it() -> None:
    names = ", ".join(f"Author Number{i}" for i in range(200))  # about 3,000 characters
    assert [p.text for p in make_passages([TextBlock(names)])] == [names]
    longer = ", ".join(f"Author Number{i}" for i in range(400))
    assert len(make_passages([TextBlock(longer)])) > 1


def test_whitespace_is_normalised_and_empty_blocks_dropped() -> None:
    passages = make_passages([TextBlock("  a\n\tb  "), TextBlock("   ")])
    assert [p.text for p in passages] == ["a b"]
