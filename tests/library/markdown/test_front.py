"""A Markdown paper's title block (author lines, affiliations, addresses, notices) is no
passage, and its names are the paper's authors; prose under the title stays text."""

from __future__ import annotations

from pathlib import Path

from claimaudit.library.extract import extract

# The top of Good Enough Practices' index.md, shortened.
TITLE_BLOCK = (
    "---\nlayout: page\n---\n# Good Enough Practices\n\n"
    "Greg Wilson<sup>1</sup>,\nJennifer Bryan<sup>2</sup>,\nTracy K. Teal<sup>3</sup>\n\n"
    "1) Software Carpentry Foundation / gvwilson@software-carpentry.org\n\n"
    "2) University of British Columbia / jenny@stat.ubc.ca\n\n"
    "3) Data Carpentry / tkteal@datacarpentry.org\n\n"
    "> **A PDF of this paper can be found at <http://arxiv.org/abs/1609.00037>.\n"
    "> please email comments to the authors.**\n\n"
)
ABSTRACT = (
    "We present a set of computing tools and techniques that every researcher can and should "
    "consider adopting."
)


def _write(tmp_path: Path, markdown: str) -> Path:
    path = tmp_path / "paper.md"
    path.write_text(markdown, encoding="utf-8")
    return path


def _texts(path: Path) -> list[str]:
    return [block.text for block in extract(path).blocks]


def test_a_title_block_is_no_passage_and_names_the_authors(tmp_path: Path) -> None:
    path = _write(
        tmp_path, TITLE_BLOCK + f"**Abstract**\n\n{ABSTRACT}\n\n## Introduction\n\nText here.\n"
    )
    document = extract(path)
    # The bold "Abstract" ends the title block and is the abstract's section.
    assert [(b.section, b.text) for b in document.blocks] == [
        ("Abstract", ABSTRACT),
        ("Introduction", "Text here."),
    ]
    assert document.authors == "Greg Wilson, Jennifer Bryan, Tracy K. Teal"
    assert document.title == "Good Enough Practices"


def test_pandoc_marks_and_a_correspondence_line_are_title_block_too(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "Title\n=====\n\nAda Lovelace^1,\\*^ and Charles Babbage^2^\n\n"
        "^1^ Department of Mathematics, University of London\n"
        "^2^ Trinity College, Cambridge\n\n"
        "\\* Correspondence: ada@example.org\n\n"
        f"{ABSTRACT}\n",
    )
    assert _texts(path) == [ABSTRACT]
    assert extract(path).authors == "Ada Lovelace, Charles Babbage"


def test_unicode_superscripts_and_bold_names_are_marks(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "# A Paper\n\n**Stéfan van der Walt**¹, **J.-P. Sartre**²,³\n\n"
        "¹ Stellenbosch University\n² ORCID 0000-0002-1825-0097\n\n"
        f"{ABSTRACT}\n",
    )
    assert _texts(path) == [ABSTRACT]
    assert extract(path).authors == "Stéfan van der Walt, J.-P. Sartre"


def test_prose_under_the_title_stays(tmp_path: Path) -> None:
    # An abstract without a heading, even after the title block.
    assert _texts(_write(tmp_path, f"# A Paper\n\n{ABSTRACT}\n\n## Methods\n\nMore.\n")) == [
        ABSTRACT,
        "More.",
    ]
    after_block = _write(tmp_path, TITLE_BLOCK + f"{ABSTRACT}\n")
    assert _texts(after_block) == [ABSTRACT]


def test_bare_names_and_lists_under_the_title_stay(tmp_path: Path) -> None:
    # Names with nothing to mark them as authors may be a subtitle: kept, no authors.
    subtitle = _write(tmp_path, f"# A Guide\n\nData Management, Software Design\n\n{ABSTRACT}\n")
    assert _texts(subtitle) == ["Data Management, Software Design", ABSTRACT]
    assert extract(subtitle).authors is None
    numbered = _write(tmp_path, "# A Guide\n\n1) Install Python first\n\n2) Then run it\n")
    assert _texts(numbered) == ["Install Python first", "Then run it"]


def test_an_epigraph_under_the_title_stays(tmp_path: Path) -> None:
    path = _write(tmp_path, "# A Paper\n\n> All models are wrong, but some are useful.\n")
    assert _texts(path) == ["All models are wrong, but some are useful."]


def test_names_that_do_not_read_cleanly_are_dropped_but_not_stored(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "# A Paper\n\nJane Doe<sup>1</sup>, John Smith, Jr.<sup>2</sup>\n\n"
        "<sup>1</sup> University of Somewhere\n\n"
        f"{ABSTRACT}\n",
    )
    assert _texts(path) == [ABSTRACT]
    assert extract(path).authors is None


def test_front_matter_authors_come_first(tmp_path: Path) -> None:
    body = TITLE_BLOCK.split("---\n", 2)[2] + ABSTRACT
    path = _write(tmp_path, "---\nauthor: G. Wilson\n---\n" + body)
    assert extract(path).authors == "G. Wilson"
    assert not any("@" in text for text in _texts(path))


def test_a_block_only_under_the_title_at_the_top(tmp_path: Path) -> None:
    # Names and an address under a section heading are the section's text.
    path = _write(
        tmp_path,
        "Opening words of the paper.\n\n# Contributors\n\n"
        "Jane Doe<sup>1</sup>\n\n1) University of Somewhere / jane@example.org\n",
    )
    assert _texts(path) == [
        "Opening words of the paper.",
        "Jane Doe",
        "University of Somewhere / jane@example.org",
    ]


def test_a_quoted_abstract_under_the_title_stays(tmp_path: Path) -> None:
    # QA: a web address in its last sentence made the abstract a "notice".
    abstract = (
        "Abstract. We show that evening coffee reduces total sleep time by forty minutes in a "
        "randomized trial of 120 adults. Code and data are at https://github.com/example/coffee."
    )
    path = _write(
        tmp_path,
        "# Coffee and sleep\n\n> **Abstract.** We show that evening coffee reduces total sleep "
        "time by forty minutes in a randomized trial of 120 adults. Code and data are at "
        "https://github.com/example/coffee.\n\n## Introduction\n\nCoffee is popular.\n",
    )
    assert _texts(path) == [abstract, "Coffee is popular."]


def test_a_quote_naming_a_draft_stays(tmp_path: Path) -> None:
    draft = "We assembled a draft genome of Coffea arabica holding 25,000 genes."
    assert _texts(_write(tmp_path, f"# Coffee genome\n\n> {draft}\n\n{ABSTRACT}\n")) == [
        draft,
        ABSTRACT,
    ]


def test_a_quote_naming_a_version_after_the_authors_stays(tmp_path: Path) -> None:
    finding = "A newer version of the model, published here for the first time, cuts error."
    after_block = _write(tmp_path, TITLE_BLOCK + f"> {finding}\n\n{ABSTRACT}\n")
    assert _texts(after_block) == [finding, ABSTRACT]
    assert extract(after_block).authors == "Greg Wilson, Jennifer Bryan, Tracy K. Teal"


def test_a_notice_alone_is_no_title_block(tmp_path: Path) -> None:
    path = _write(
        tmp_path, f"# A Paper\n\n> Preprint: https://arxiv.org/abs/1234.56789\n\n{ABSTRACT}\n"
    )
    assert _texts(path) == ["Preprint: https://arxiv.org/abs/1234.56789", ABSTRACT]


def test_a_subtitle_over_a_contact_line_is_no_author(tmp_path: Path) -> None:
    path = _write(
        tmp_path, f"# Coffee\n\nA Randomized Trial\n\nContact: lab@example.org\n\n{ABSTRACT}\n"
    )
    assert extract(path).authors is None
    assert _texts(path) == ["A Randomized Trial", "Contact: lab@example.org", ABSTRACT]


def test_escaped_star_marks_are_marks(tmp_path: Path) -> None:
    escaped = _write(
        tmp_path, f"# Coffee\n\nAlice Smith\\*, Bob Jones\n\n\\* alice@example.org\n\n{ABSTRACT}\n"
    )
    assert _texts(escaped) == [ABSTRACT]
    assert extract(escaped).authors == "Alice Smith, Bob Jones"


def test_cjk_names_are_authors(tmp_path: Path) -> None:
    cjk = _write(
        tmp_path,
        "# 咖啡\n\n张伟<sup>1</sup>, 李娜<sup>2</sup>\n\n"
        f"<sup>1</sup> 北京大学 zhang@pku.edu.cn\n\n{ABSTRACT}\n",
    )
    assert _texts(cjk) == [ABSTRACT]
    assert extract(cjk).authors == "张伟, 李娜"


def test_sixty_marked_authors_on_one_line_are_authors(tmp_path: Path) -> None:
    surnames = [f"Author{chr(65 + i % 26)}{chr(97 + i // 26)}" for i in range(60)]
    line = ", ".join(f"Jane {surname}<sup>{i % 3 + 1}</sup>" for i, surname in enumerate(surnames))
    path = _write(tmp_path, f"# A Paper\n\n{line}\n\n<sup>1</sup> University of X\n\n{ABSTRACT}\n")
    assert _texts(path) == [ABSTRACT]
    assert extract(path).authors == ", ".join(f"Jane {surname}" for surname in surnames)
