"""Markdown that is not prose (scripts, style sheets, code, tables) never reaches a passage,
and headings and breaks read as a reader sees them."""

from __future__ import annotations

from pathlib import Path

from claimaudit.library.extract import extract
from claimaudit.library.markdown.extract import markdown_blocks, title_from
from claimaudit.library.passages import make_passages
from tests.library.helpers import DEEP_RULES, GOOD_ENOUGH


def _texts(markdown: str) -> list[tuple[str | None, str]]:
    return [(b.section, b.text) for b in markdown_blocks(markdown)]


def test_script_and_style_contents_are_dropped() -> None:
    markdown = (
        "# Results\n\nFirst paragraph.\n"
        '<script type="text/javascript">\nvar secret = "do not store";\n</script>\n'
        "<style>\n.x { color: red; }\n</style>\nNext paragraph here.\n"
    )
    assert _texts(markdown) == [
        ("Results", "First paragraph."),
        ("Results", "Next paragraph here."),
    ]


def test_inline_html_inside_a_sentence_leaves_it_one_passage() -> None:
    # A script inside a line is inline HTML, not an HTML block: it was read as a paragraph
    # break, cutting the sentence into "Our results show that" and "baseline models ...".
    sentence = "Our results show that {} baseline models are weaker."
    for html in (
        "<script>alert(1)</script>",
        '<script type="text/javascript">\nvar secret = "do not store";\n</script>',
        "<style>p { color: red; }</style>",
        '<span class="x">clearly</span>',
        "<sup>1</sup>",
    ):
        texts = _texts(f"# Results\n\n{sentence.format(html)}\n")
        assert len(texts) == 1, (html, texts)
        [(section, text)] = texts
        assert section == "Results" and text.startswith("Our results show that")
        assert text.endswith("baseline models are weaker.")
        assert "alert" not in text and "secret" not in text and "color" not in text
    # The paragraph goes on past a script ending its line; one opening its line still ends it.
    assert _texts("Results show <script>x()</script>\nthat models are weaker.\n") == [
        (None, "Results show that models are weaker.")
    ]
    assert _texts("Results show\n<script>x()</script>\nthat models are weaker.\n") == [
        (None, "Results show"),
        (None, "that models are weaker."),
    ]


def test_setext_headings_are_sections_not_first_words() -> None:
    markdown = (
        "A Paper Title\n=============\n\nThe opening paragraph.\n\n"
        "Methods\n-------\nWe measured carbon.\n\nOne more line.\n\n---\n\nAfter a rule.\n"
    )
    assert _texts(markdown) == [
        ("A Paper Title", "The opening paragraph."),
        ("Methods", "We measured carbon."),
        ("Methods", "One more line."),
        ("Methods", "After a rule."),
    ]
    assert title_from(markdown) == "A Paper Title"


def test_a_paragraph_right_above_a_heading_is_kept_under_its_own_section() -> None:
    # An ATX heading interrupts a paragraph (CommonMark): with no blank line between, the
    # paragraph above it was dropped whole; files joined with `cat` kept one section of 3,000.
    markdown = (
        "## Alpha study\n\nThe first finding was large.\nIt held in every cohort.\n"
        "## Beta study\nThe second finding was small.\n### Gamma\n\nLast words.\n"
    )
    assert _texts(markdown) == [
        ("Alpha study", "The first finding was large. It held in every cohort."),
        ("Beta study", "The second finding was small."),
        ("Gamma", "Last words."),
    ]


def test_an_indented_code_block_is_dropped_not_glued_to_the_next_paragraph() -> None:
    markdown = (
        "Run the model as follows.\n\n    python run.py --seed 1\n    print(result)\n\n"
        "The model converged.\n\n- A list item\n\n    its indented second paragraph.\n"
    )
    assert [text for _, text in _texts(markdown)] == [
        "Run the model as follows.",
        "The model converged.",
        "A list item",
        "its indented second paragraph.",
    ]


def test_code_in_a_list_item_is_dropped_as_commonmark_reads_it() -> None:
    # QA (good-enough-practices): code indented under an item was stored as prose, and a
    # directory tree glued to the paragraph after it.
    markdown = (
        "1.  Keep a changelog, with entries like those below.\n\n"
        "        ## 2016-04-08\n\n        * Switched to cubic interpolation.\n\n"
        "2.  Copy the project:\n\n        |-- project_name\n        |   -- 2016-03-01\n\n"
        "    Here, the folder is mapped to external storage.\n\n"
        "[^1]: A note.\n\n    Its second paragraph.\n"
    )
    assert [text for _, text in _texts(markdown)] == [
        "Keep a changelog, with entries like those below.",
        "Copy the project:",
        "Here, the folder is mapped to external storage.",
        "A note.",
        "Its second paragraph.",
    ]


def test_a_br_tag_separates_words() -> None:
    markdown = (
        "This is **a bold team**.<br>Second line after br.<br/>Third<br />fourth <BR> five.\n"
    )
    assert _texts(markdown) == [
        (None, "This is a bold team. Second line after br. Third fourth five."),
    ]


def test_display_maths_reads_as_inline_maths_without_dollars() -> None:
    markdown = (
        "The formula\n$$E = mc^2 \\quad \\text{energy equation}$$\nholds.\n\n"
        "$$\nE = mc^2 \\quad \\text{energy equation}\n$$\n\n"
        "Costs $$5 and $$10 stay dollars.\n"
    )
    assert [text for _, text in _texts(markdown)] == [
        "The formula E = mc^2 energy equation holds.",
        "E = mc^2 energy equation",
        "Costs $$5 and $$10 stay dollars.",
    ]


def test_a_pipe_table_is_a_block_of_its_own_never_glued_to_prose() -> None:
    markdown = (
        "We measured carbon at two sites.\n"
        "| Site | Carbon (t/ha) |\n|---|---|\n| A | 120 |\n| B | 95 |\n"
        "Site A held more carbon than site B in every season we sampled.\n\n"
        "Site | Carbon\n:--- | ---:\nA | 120\n\n: Carbon by site. {#tbl:carbon}\n\n"
        "| Site | Carbon |\n|---|---|\n| A | 120 |\n\nTable: Carbon again.\n\n"
        ": not a caption, a definition's description.\n\n"
        "| Author | Competing interests |\n|---|---|\n"
        "All other authors have declared no competing interests.\n"
    )
    blocks = markdown_blocks(markdown)
    # A table's cells stay readable (a glossary defines terms a claim may cite), apart from the
    # prose around it; column names over no row are left out.
    assert [(b.kind, b.text) for b in blocks] == [
        ("text", "We measured carbon at two sites."),
        ("table", "Site Carbon (t/ha) A 120 B 95"),
        ("text", "Site A held more carbon than site B in every season we sampled."),
        ("table", "Site Carbon A 120"),
        ("caption", "Carbon by site."),
        ("table", "Site Carbon A 120"),
        ("caption", "Carbon again."),
        ("text", "not a caption, a definition's description."),
        ("text", "All other authors have declared no competing interests."),
    ]


def test_front_matter_authors_are_the_papers_authors(tmp_path: Path) -> None:
    one = tmp_path / "one.md"
    one.write_text('---\ntitle: "T"\nauthor: Ada Lovelace\n---\n# T\n\nSome text here.\n')
    assert extract(one).authors == "Ada Lovelace"
    several = tmp_path / "several.md"
    several.write_text(
        "---\nauthor:\n  - Ada Lovelace\n  - name: Charles Babbage\n"
        "    affiliation: Cambridge\n    email: cb@example.org\n---\nSome text here.\n"
    )
    assert extract(several).authors == "Ada Lovelace, Charles Babbage"
    none = tmp_path / "none.md"
    none.write_text("---\nlayout: page\n---\nSome text here.\n")
    assert extract(none).authors is None


def test_manubot_metadata_names_the_authors() -> None:
    authors = extract(DEEP_RULES).authors
    assert authors is not None and authors.startswith("Benjamin D. Lee, Anthony Gitter, ")
    assert "@" not in authors


def test_a_bold_paragraph_alone_is_a_section_like_a_heading() -> None:
    markdown = (
        "# A Paper\n\n**Abstract**\n\nWe present a set of tools.\n\n"
        "**Note.** The data are public.\n\n"
        "**Manubot updates:**\nWe updated the repository.\n\n"
        "## What We Left Out\n\nWe left these out.\n\n"
        "**Branches**\n\n:   A branch is a parallel universe.\n\n"
        "One observation about this list.\n\n"
        "**References**\n\nSmith J. 2020. A title.\n"
    )
    assert _texts(markdown) == [
        ("Abstract", "We present a set of tools."),
        ("Abstract", "Note. The data are public."),
        ("Abstract", "Manubot updates: We updated the repository."),
        ("What We Left Out", "We left these out."),
        # A definition list's term opens its description, in the section around it.
        ("What We Left Out", "Branches: A branch is a parallel universe."),
        ("What We Left Out", "One observation about this list."),
    ]


def test_a_definition_list_item_reads_as_its_term_then_its_description() -> None:
    markdown = (
        "## What We Left Out\n\nWe left these out.\n\n"
        "**Branches**\n\n:   A *branch* is a parallel universe\n    within a repository.\n\n"
        "    Branching can wait.\n\n"
        "Build Tools\n:   Make reruns what changed.\n~   Scripts rerun everything.\n\n"
        "Why bother?\n\n:   Because it pays off [@doi:10.1/x].\n\n"
        "One observation about this list.\n"
    )
    assert [(b.kind, b.text) for b in markdown_blocks(markdown)] == [
        ("text", "We left these out."),
        ("list", "Branches: A branch is a parallel universe within a repository."),
        # A description's later paragraph is indented under it: text, not code.
        ("text", "Branching can wait."),
        # A term opens each of its descriptions; one ending in its own mark takes no colon.
        ("list", "Build Tools: Make reruns what changed."),
        ("list", "Build Tools: Scripts rerun everything."),
        ("list", "Why bother? Because it pays off."),
        ("text", "One observation about this list."),
    ]


def test_a_description_without_words_gives_its_term_no_label() -> None:
    # A Manubot template removed from ":   {{ names }}." leaves ": ." under a sentence.
    markdown = "We kept the repository.\n\n  : , .\n\nNext paragraph.\n"
    assert [text for _, text in _texts(markdown)] == [
        "We kept the repository.",
        "Next paragraph.",
    ]


def test_the_definition_lists_of_good_enough_practices_open_with_their_terms() -> None:
    blocks = extract(GOOD_ENOUGH / "index.md").blocks
    left_out = [b.text for b in blocks if b.section == "What We Left Out" and b.kind == "list"]
    assert [text.split(":")[0] for text in left_out] == [
        "Branches",
        "Build Tools",
        "Unit Tests",
        "Continuous Integration",
        "Profiling and Performance Tuning",
        "Coverage",
        "The Semantic Web",
        "Documentation",
        "A Bibliography Manager",
        "Code Reviews and Pair Programming",
    ]
    assert left_out[0].startswith('Branches: A branch is a "parallel universe" within')


def test_a_bold_question_alone_in_its_paragraph_is_a_section() -> None:
    markdown = (
        "# A Paper\n\n**Why does this matter?**\n\nUntracked data cannot be checked.\n\n"
        "**Is it hard?**\nNot with a script.\n\n"
        "**Why bother?**\n\n:   Because it pays off.\n"
    )
    assert [(b.section, b.kind, b.text) for b in markdown_blocks(markdown)] == [
        ("Why does this matter?", "text", "Untracked data cannot be checked."),
        # Text on the next line: a bold lead-in, not a heading.
        ("Why does this matter?", "text", "Is it hard? Not with a script."),
        # A description under it: a definition's term.
        ("Why does this matter?", "list", "Why bother? Because it pays off."),
    ]


def test_a_bold_finding_stays_text() -> None:
    # QA: a bold statement over text became the section's name, its words gone from the text.
    markdown = (
        "# A Paper\n\n## Results\n\n"
        "**Key finding: caffeine reduced sleep in every single participant**\n\n"
        "We saw it in all 120.\n"
    )
    assert _texts(markdown) == [
        ("Results", "Key finding: caffeine reduced sleep in every single participant"),
        ("Results", "We saw it in all 120."),
    ]


def test_a_bold_line_over_no_text_is_no_heading() -> None:
    # QA: the last line, bold, vanished; so does a bold line right over a heading.
    last = "# A Paper\n\n## Results\n\nSome text.\n\n**Evening coffee reduces sleep**\n"
    assert _texts(last)[-1] == ("Results", "Evening coffee reduces sleep")
    over_heading = "# A Paper\n\nSome text.\n\n**Caffeine**\n\n## Methods\n\nWe measured.\n"
    assert _texts(over_heading) == [
        ("A Paper", "Some text."),
        ("A Paper", "Caffeine"),
        ("Methods", "We measured."),
    ]
    over_a_tag = '# A Paper\n\nSome text.\n\n**Caffeine**\n\n<div id="refs"></div>\n'
    assert _texts(over_a_tag)[-1] == ("A Paper", "Caffeine")


def test_a_quoted_bold_line_is_a_box_title_only_over_quoted_text() -> None:
    alone = "# A Paper\n\n## Background\n\n> **Caffeine blocks adenosine receptors**\n\nMore.\n"
    assert _texts(alone) == [
        ("Background", "Caffeine blocks adenosine receptors"),
        ("Background", "More."),
    ]
    box = "## Background\n\n> **Tab Completion**\n>\n> Editors complete names.\n\nMore.\n"
    assert _texts(box) == [("Tab Completion", "Editors complete names."), ("Background", "More.")]


def test_good_enough_practices_keeps_its_bold_headings() -> None:
    blocks = extract(GOOD_ENOUGH / "index.md").blocks
    sections = [block.section for block in blocks]
    assert sections[:2] == ["Abstract", "Author Summary"]
    assert {"Data is Cheap, Time is Expensive", "What Not To Do", "Tab Completion"} <= set(sections)


def test_an_escaped_backtick_prints_as_a_backtick_beside_code() -> None:
    markdown = "# Usage\n\nType a \\` tick, then `ls -l` to list.\n"
    assert [b.text for b in markdown_blocks(markdown)] == ["Type a ` tick, then ls -l to list."]


def _passages(markdown: str) -> list[tuple[str | None, str]]:
    return [(p.section, p.text) for p in make_passages(markdown_blocks(markdown))]


def test_a_footnote_defined_after_the_references_follows_the_paragraph_citing_it() -> None:
    # QA (md/foot_refs.md): Pandoc writes every footnote at the end; after "## References" it
    # was left out with the references.
    markdown = (
        "# Paper\n\n## Results\n\nThe effect was large.[^1] It held.\n\n## Discussion\n\n"
        "We discuss it.\n\n## References\n\n1. Smith J. A paper. 2020.\n\n"
        "[^1]: The effect held only in males (n = 12).\n"
    )
    assert [(b.kind, b.section, b.text) for b in markdown_blocks(markdown)] == [
        ("text", "Results", "The effect was large. It held."),
        ("footnote", "Results", "The effect held only in males (n = 12)."),
        ("text", "Discussion", "We discuss it."),
    ]


def test_a_footnote_is_filed_under_the_section_citing_it_with_all_its_paragraphs() -> None:
    # QA (md/paper.md): a footnote on the Abstract was stored under [Appendix], where it was
    # defined, and its indented second paragraph read as the Appendix's text.
    markdown = (
        "## Abstract\n\nAn abstract with a note[^1] and another[^long].\n\n"
        "## Appendix\n\nAppendix text.\n\n[^1]: First note.\n"
        "[^long]: A long note\n\n    with a second paragraph.\n\nBack in the appendix.\n"
    )
    assert [(b.kind, b.section, b.text) for b in markdown_blocks(markdown)] == [
        ("text", "Abstract", "An abstract with a note and another."),
        ("footnote", "Abstract", "First note."),
        ("footnote", "Abstract", "A long note"),
        ("footnote", "Abstract", "with a second paragraph."),
        ("text", "Appendix", "Appendix text."),
        ("text", "Appendix", "Back in the appendix."),
    ]


def test_a_footnote_cited_nowhere_stays_where_it_is_defined() -> None:
    markdown = (
        "## Methods\n\nWe measured.\n\n[^a]: A note no one cites.\n\n"
        "## References\n\n1. Smith.\n\n[^b]: Another, among the references.\n"
    )
    assert [(b.kind, b.section, b.text) for b in markdown_blocks(markdown)] == [
        ("text", "Methods", "We measured."),
        ("footnote", "Methods", "A note no one cites."),
    ]


def test_an_inline_note_is_a_footnote_after_its_paragraph() -> None:
    # QA (md/more.md): "Inline note here^[INLINEFOOT the inline footnote text.] continues".
    markdown = (
        "## Results\n\nInline note here^[The inline note, see [the site](https://x.org)\n"
        "over two lines.] continues.\n\nNext paragraph.\n"
    )
    assert _passages(markdown) == [
        ("Results", "Inline note here continues."),
        ("Results", "The inline note, see the site over two lines."),
        ("Results", "Next paragraph."),
    ]


def test_a_table_with_a_caption_does_not_run_into_the_paragraph_after_it() -> None:
    # QA (md/table_cap.md, table_colcap.md): "Col A Col B ZETACELL1 ETACELL2 Text after ..."
    for caption in ("Table: The caption.", ": The caption."):
        markdown = (
            "# T\n\nBefore.\n\n| Col A | Col B |\n|-------|-------|\n| Zeta | Eta |\n\n"
            f"{caption}\n\nText after the table continues\n"
        )
        assert [text for _, text in _passages(markdown)] == [
            "Before.",
            "Col A Col B Zeta Eta",
            "The caption.",
            "Text after the table continues",
        ]


def test_the_authors_spaces_before_punctuation_are_kept() -> None:
    # French spacing is the paper's wording: a quote from it must match it.
    text = "Le résultat : positif ; le taux (voir ci-dessous) : 15 %. Oui !"
    assert _texts(f"# T\n\n{text}\n") == [("T", text)]


def test_no_break_spaces_are_kept_as_typed() -> None:
    text = "Le café est bon\u202f: oui. Vraiment\u00a0; non, 15\u00a0% des cas."
    assert _texts(f"# T\n\n{text}\n") == [("T", text)]


def test_blanks_a_dropped_citation_leaves_before_punctuation_go() -> None:
    markdown = "# T\n\nShown here [@a] , and there <sup>1</sup>.\nAs seen\n[@b]; next [^1] .\n"
    assert _texts(markdown) == [("T", "Shown here, and there. As seen; next.")]


def test_a_soft_hyphen_inside_a_word_is_dropped(tmp_path: Path) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text("# T\u00aditle\n\nThe data were de\u00adcomposed.\n", encoding="utf-8")
    document = extract(paper)
    assert [(b.section, b.text) for b in document.blocks] == [
        ("Title", "The data were decomposed.")
    ]


def test_a_citation_dropped_at_a_lines_start_leaves_its_punctuation_to_the_line_before() -> None:
    markdown = "# T\n\nAs summarized in\n[[a2015](#a2015)], you want it.\nWe know\n; that.\n"
    # The author's own "; that" on a line of its own keeps its blank.
    assert _texts(markdown) == [("T", "As summarized in, you want it. We know ; that.")]


def test_a_lettered_list_nested_in_an_item_is_one_item_per_line() -> None:
    # QA: "1. Data handling" over "    a. Never delete ..." and "    b. Back up ..." was one
    # item, "Data handling a. Never delete the raw measurements. b. Back up ...", where the
    # LaTeX copy gives each item its own block.
    markdown = (
        "# Summary\n\n1. Data handling\n    a. Never delete the raw measurements.\n"
        "    b) Back up data\n       in two places.\n2. Software\n\n"
        "    (a) Comment every program.\n"
    )
    assert [(b.kind, b.text) for b in markdown_blocks(markdown)] == [
        ("list", "Data handling"),
        ("list", "Never delete the raw measurements."),
        ("list", "Back up data in two places."),
        ("list", "Software"),
        ("list", "Comment every program."),
    ]


def test_a_line_opening_with_a_letter_outside_a_list_stays_text() -> None:
    markdown = "# Notes\n\nWe cite the guide,\n  e. g. its first part.\n"
    assert _texts(markdown) == [("Notes", "We cite the guide, e. g. its first part.")]
