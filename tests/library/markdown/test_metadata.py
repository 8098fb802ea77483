"""A Markdown paper's title and authors read from its YAML front matter as YAML reads them."""

from __future__ import annotations

from pathlib import Path

from claimaudit.library.extract import extract
from claimaudit.library.markdown.extract import title_from


def test_a_quoted_title_reads_as_yaml_reads_it() -> None:
    assert title_from("---\ntitle: 'It''s a Title'\n---\n\nText.\n") == "It's a Title"
    assert title_from('---\ntitle: "A \\"quoted\\" word"\n---\n\nText.\n') == 'A "quoted" word'


def test_a_folded_title_over_two_lines_is_one_line() -> None:
    markdown = "---\ntitle: >-\n  A folded title\n  over two lines\nauthor: Ada Lovelace\n---\n"
    assert title_from(markdown + "\n# Heading\n\nText.\n") == "A folded title over two lines"


def test_a_title_in_front_matter_that_is_no_valid_yaml_is_still_read() -> None:
    # A tab indents nothing in YAML: the block does not parse, its title line is still read.
    markdown = "---\ntitle: 'A Broken Block'\nauthor:\n\t- x\n---\n\n# Heading\n\nText.\n"
    assert title_from(markdown) == "A Broken Block"


def test_a_date_typo_in_the_front_matter_does_not_lose_its_title() -> None:
    # QA: ``date: 2024-13-45`` raised a ValueError: the paper could not be added at all.
    markdown = "---\ndate: 2024-13-45\ntitle: 'A Dated Paper'\n---\n\n# Heading\n\nText.\n"
    assert title_from(markdown) == "A Dated Paper"


def test_a_title_that_is_no_text_gives_way_to_the_first_heading() -> None:
    markdown = "---\ntitle:\n  - a list\n---\n\n# The Heading\n\nText.\n"
    assert title_from(markdown) == "The Heading"


def test_title_and_authors_come_from_one_front_matter(tmp_path: Path) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text(
        "---\ntitle: |\n  Caffeine and\n  sleep\nauthor:\n  - name: Ada Lovelace\n"
        "  - Grace Hopper\n---\n\n# Results\n\nCaffeine reduced sleep.\n",
        encoding="utf-8",
    )
    document = extract(paper)
    assert (document.title, document.authors) == (
        "Caffeine and sleep",
        "Ada Lovelace, Grace Hopper",
    )


def test_a_manubot_metadata_files_folded_title_is_read(tmp_path: Path) -> None:
    content = tmp_path / "content"
    content.mkdir()
    (content / "01.main.md").write_text("# Results\n\nCaffeine reduced sleep.\n", encoding="utf-8")
    (content / "metadata.yaml").write_text(
        "title: >-\n  Ten simple rules\n  for sleep\nauthors:\n  - name: Ada Lovelace\n",
        encoding="utf-8",
    )
    document = extract(tmp_path)
    assert (document.title, document.authors) == ("Ten simple rules for sleep", "Ada Lovelace")


def test_a_front_matter_nested_too_deeply_for_yaml_still_gives_its_title_line() -> None:
    # The safe loader reads nesting by recursion: 5,000 brackets raised RecursionError.
    deep = "[" * 5000 + "]" * 5000
    markdown = f"---\ntitle: Real Title\nkeywords: {deep}\n---\n\n# Heading\n\nText.\n"
    assert title_from(markdown) == "Real Title"


def test_a_yaml_title_prints_without_its_markdown(tmp_path: Path) -> None:
    # QA: 'title: "A *test* paper"' was stored "A *test* paper"; Pandoc reads a title as
    # Markdown (as this reader reads a "#" title and the authors): "A test paper".
    path = tmp_path / "paper.md"
    path.write_text(
        '---\ntitle: "A *test* of `x_y` and **H~2~O**"\n---\n\n# Intro\n\nText.\n',
        encoding="utf-8",
    )
    assert extract(path).title == "A test of x_y and H2O"
