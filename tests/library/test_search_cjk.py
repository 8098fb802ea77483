"""CJK words inside sentences, found by their character pairs (the index cannot find them)."""

from __future__ import annotations

import sqlite3

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage

TEXTS = [
    "我们研究了深度学习方法在医学中的应用。",
    "这是另一段关于学习的文字。",
    "English paragraph about deep learning.",
    "与此无关的句子。",
]


def _add(library: Library, ref: str) -> None:
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(TEXTS, start=1)]
    library.add_paper(NewPaper(parse_ref(ref), "T", passages, ref))


def test_a_cjk_word_inside_a_sentence_is_found_and_the_whole_word_ranks_first(
    library: Library,
) -> None:
    _add(library, "local:cjk")
    hits = library.search("深度学习")
    # All three pairs of the word in P001, one ("学习") in P002, none in the others.
    assert [(h.passage_id, h.score) for h in hits] == [("P001", 3.0), ("P002", 1.0)]


def test_cjk_and_other_words_are_both_searched_for(library: Library) -> None:
    _add(library, "local:cjk")
    hits = library.search("深度学习 deep")
    assert [h.passage_id for h in hits] == ["P001", "P002", "P003"]
    assert [h.passage_id for h in library.search("深度学习 deep", limit=1)] == ["P001"]


def test_a_cjk_search_within_one_paper_stays_in_it(library: Library) -> None:
    _add(library, "local:a")
    _add(library, "local:b")
    hits = library.search("学习", ref=parse_ref("local:b"))
    assert {str(h.ref) for h in hits} == {"local:b"}
    assert [h.passage_id for h in hits] == ["P001", "P002"]


NUMBERS = [
    "我们使用了5000个蛋白质进行训练。",
    "该模型使用了\uff11\uff12\uff10\uff10\uff10张\uff23\uff34图像进行训练。",  # １２０００张ＣＴ
    "被験者は\uff14\uff10名であった。",  # ４０名
    "The effect of 5000 steps, 40 subjects and 12000 scans.",
    "与此无关的句子\uff1a12345个 effect。",
    "我们用Über方法。",
]


def _add_numbers(library: Library, ref: str = "local:num") -> None:
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(NUMBERS, start=1)]
    library.add_paper(NewPaper(parse_ref(ref), "T", passages, ref))


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("5000", ["P004", "P001"]),
        ("12000", ["P004", "P002"]),
        ("\uff11\uff12\uff10\uff10\uff10", ["P004", "P002"]),  # typed full-width
        ("CT", ["P002"]),
        ("\uff23\uff34", ["P002"]),
        ("40", ["P004", "P003"]),
        ("\uff14\uff10", ["P004", "P003"]),
        ("über", ["P006"]),
        ("ÜBER", ["P006"]),
    ],
)
def test_numbers_and_latin_inside_cjk_text_are_found_after_the_index_hits(
    library: Library, typed: str, expected: list[str]
) -> None:
    """The tokenizer keeps "使用了5000个" as one token and full-width letters as written: such
    words were found by no query at all."""
    _add_numbers(library)
    assert [h.passage_id for h in library.search(typed)] == expected


@pytest.mark.parametrize(
    "typed", ["straße", "Straße", "STRAẞE", "strasse", "STRASSE", "naß ǰab ΐx"]
)
def test_a_word_whose_capital_is_no_single_character_is_searched_for(
    library: Library, typed: str
) -> None:
    """ "ß" is "SS" in capitals: the scan for words inside CJK text raised a TypeError (a
    traceback from ``library search straße``) when the index found too few passages."""
    texts = ["我们用Straße方法。", "我们用STRAẞE方法。", "与此无关的句子。"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:sharp"), "T", passages, "local:sharp"))
    expected = [] if typed.startswith("naß") else ["P001", "P002"]
    assert [h.passage_id for h in library.search(typed)] == expected


def test_a_word_inside_a_latin_word_or_number_is_not_found(library: Library) -> None:
    _add_numbers(library)
    # "ct" in "effect", "234" in "12345" (P005, CJK text): inside a word, never a hit.
    assert library.search("ct") == library.search("\uff43\uff54") != []
    assert [h.passage_id for h in library.search("ct")] == ["P002"]
    assert library.search("234") == []


def test_the_text_is_scanned_only_when_the_index_finds_too_few(library: Library) -> None:
    _add_numbers(library)
    assert [h.passage_id for h in library.search("5000", limit=1)] == ["P004"]
    _add_numbers(library, "local:other")
    hits = library.search("5000", ref=parse_ref("local:other"))
    assert {str(h.ref) for h in hits} == {"local:other"} and len(hits) == 2


def test_every_word_of_a_long_query_is_looked_for_inside_cjk_text(library: Library) -> None:
    """The scan looked for the query's first 32 words only, and said nothing of the rest."""
    _add_numbers(library)
    filler = " ".join(f"filler{i}" for i in range(40))
    assert [h.passage_id for h in library.search(f"{filler} CT")] == ["P002"]
    assert [h.passage_id for h in library.search(f"{filler} 5000")] == ["P004", "P001"]


def test_a_passage_holding_more_of_a_long_querys_words_inside_cjk_text_ranks_first(
    library: Library,
) -> None:
    texts = ["只有CT图像。", "使用了CT和MRI图像。"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:many"), "T", passages, "local:many"))
    words = " ".join(f"w{i}x" for i in range(200))
    hits = library.search(f"{words} ct mri")
    assert [(h.passage_id, h.score) for h in hits] == [("P002", 2.0), ("P001", 1.0)]


def test_a_decimal_number_inside_cjk_text_is_found_only_as_itself(library: Library) -> None:
    texts = ["剂量为2.5倍。", "见第1.2.5节。", "设i_2=5。", "浓度为12.5。"]
    texts.append("剂量为\uff12.\uff15倍。")  # full-width digits, an ASCII point
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:dec"), "T", passages, "local:dec"))
    assert [h.passage_id for h in library.search("2.5")] == ["P001", "P005"]


def test_a_thai_word_inside_a_sentence_is_found(library: Library) -> None:
    # Thai is written without spaces: "ภาษาไทย" is no token of the index inside the sentence.
    passages = [
        Passage("P001", "นักเรียนเรียนภาษาไทยทุกวัน และครูสอนคณิตศาสตร์ในโรงเรียน", None),
        Passage("P002", "ผลการทดลองแสดงว่ายาลดไข้ได้ดี", None),
        Passage("P003", "ภาษาอังกฤษ", None),
    ]
    library.add_paper(NewPaper(parse_ref("local:thai"), "T", passages, "h"))
    for word, expected in [
        ("ภาษาไทย", "P001"),
        ("โรงเรียน", "P001"),
        ("ยาลดไข้", "P002"),
    ]:
        # First: a passage holding a word whole above one holding some of its letter pairs
        # ("ภาษาอังกฤษ" holds "ภาษา").
        assert library.search(word)[0].passage_id == expected, word
    assert sorted(h.passage_id for h in library.search("ผลการทดลอง ครู"))[:2] == ["P001", "P002"]


def test_thai_words_written_together_in_a_query_are_found_apart(library: Library) -> None:
    # QA: a Thai query of two words (no space between them, as Thai is written) was looked for
    # whole, and a passage writing them apart or inside another phrase was never found.
    passages = [
        Passage("P001", "ฉันชอบกินข้าวผัดกับไข่ดาว", None),
        Passage("P002", "ผลการศึกษาพบว่าวัคซีนมีประสิทธิภาพสูง", None),
    ]
    library.add_paper(NewPaper(parse_ref("local:thai"), "T", passages, "h"))
    assert [h.passage_id for h in library.search("การศึกษาวัคซีน")] == ["P002"]


def test_a_thai_word_holding_sara_am_is_found_as_the_index_reads_it(library: Library) -> None:
    # NFKC reads "ำ" (U+0E33) as "ํา": the query and the text it is looked for in alike.
    passages = [Passage("P001", "เราทำการทดลองซ้ำ", None)]
    library.add_paper(NewPaper(parse_ref("local:thai"), "T", passages, "h"))
    assert [h.passage_id for h in library.search("ทำการทดลอง")] == ["P001"]


def test_an_iteration_mark_is_read_with_its_word(library: Library) -> None:
    # QA: "々" (it repeats the character before) was no CJK character to the search, so
    # "人々" (people) was looked for as "人" alone, which "人工" and "人口" hold too.
    texts = ["多くの人々が様々な方法を試した。", "人工知能の研究。", "日本の人口は減少している。"]
    passages = [Passage(f"P{i:03d}", t, None) for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:iter"), "T", passages, "local:iter"))
    assert [h.passage_id for h in library.search("人々")] == ["P001"]
    assert [h.passage_id for h in library.search("様々")] == ["P001"]


KOREAN = [
    "암 환자의 생존율이 높다.",
    "이 약에서 효과가 있다.",
    "연구 결과를 보고한다.",
    "암을 치료한다.",
]


def test_a_korean_word_written_with_a_particle_finds_the_word(library: Library) -> None:
    # QA: "암은" (cancer + particle) was looked for as the pair "암은", which "암" and "암을"
    # do not hold, and "연구에서" found any passage holding "에서". A query's Korean word is
    # looked for without its particle.
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(KOREAN, start=1)]
    library.add_paper(NewPaper(parse_ref("local:ko"), "T", passages, "local:ko"))
    assert {h.passage_id for h in library.search("암은")} == {"P001", "P004"}
    assert [h.passage_id for h in library.search("연구에서")] == ["P003"]


def test_a_japanese_one_kanji_word_written_with_kana_finds_the_word(library: Library) -> None:
    # QA: "癌は" (cancer + particle) was looked for as the pair "癌は", which "肺癌の" does not
    # hold: a kanji alone before hiragana is looked for alone too.
    texts = ["肺癌の治療法を調べた。", "天気が良い。"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:ja"), "T", passages, "local:ja"))
    assert [h.passage_id for h in library.search("癌は")] == ["P001"]


def test_a_word_typed_with_a_korean_particle_finds_the_word_alone(library: Library) -> None:
    # QA: "DNA는" (a particle written onto "DNA") was one token, looked for only so: a passage
    # writing "DNA" alone was not found; nor by "使用了5000个" one writing "5000" alone.
    texts = ["DNA는 중요한 분자이다.", "DNA sequencing in labs.", "RNA was studied.", "n = 5000."]
    passages = [Passage(f"P{i:03d}", t, None) for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:k"), "T", passages, "local:k"))
    assert sorted(h.passage_id for h in library.search("DNA는")) == ["P001", "P002"]
    assert [h.passage_id for h in library.search("使用了5000个")] == ["P004"]


def test_a_word_touching_thai_text_is_found(library: Library) -> None:
    # QA: "COVIDในประเทศไทย" (Thai writes a Latin word onto the next) was one token of the
    # index, and the scan for words touching unspaced text read CJK alone: "COVID" found none.
    texts = ["การระบาดของCOVIDในประเทศไทย", "ฉันชอบกินข้าว"]
    passages = [Passage(f"P{i:03d}", t, None) for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:t"), "T", passages, "local:t"))
    assert [h.passage_id for h in library.search("COVID")] == ["P001"]
    # Typed so too: the word is looked for apart from the Thai text.
    assert [h.passage_id for h in library.search("COVIDระบาด")] == ["P001"]


def test_a_search_finding_too_few_pattern_scans_only_passages_with_cjk_text(
    library: Library,
) -> None:
    """QA: a search finding fewer passages than asked for looked for its words inside CJK text
    by GLOBs over every passage's text, CJK or not: a Hebrew query finding nothing took
    seconds on a library of 46,000 passages. Only a passage holding CJK or full-width text is
    read so now, and the word inside CJK text is still found."""
    texts = [f"English passage {i} about deep learning and medicine." for i in range(40)]
    texts += ["我们说\u05e9\u05dc\u05d5\u05dd你好。", "Un caf\u00e9 sans rien d'autre."]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:mixed"), "T", passages, "local:mixed"))
    calls: list[str] = []
    plain = sqlite3.connect(":memory:")

    def glob(pattern: str, text: str) -> bool:
        calls.append(text)
        return bool(plain.execute("SELECT ? GLOB ?", (text, pattern)).fetchone()[0])

    library.connection.create_function("glob", 2, glob)
    query = "\u05e9\u05dc\u05d5\u05dd \u05d4\u05de\u05d7\u05e7\u05e8 \u05de\u05e8\u05d0\u05d4"
    assert [h.passage_id for h in library.search(query)] == ["P041"]
    assert set(calls) <= {texts[40]}
    plain.close()


def test_a_cjk_search_scans_only_passages_holding_cjk_text(library: Library) -> None:
    """QA: each character pair of a CJK query was looked for in every passage's text, CJK or
    not: such a query cost 0.2 s and more on a library of 46,000 English passages, whatever it
    found. Only a passage holding CJK (or Thai, Lao, Burmese, Khmer) text is scanned now."""
    texts = [f"English passage {i} about deep learning." for i in range(40)]
    texts += ["我们研究了深度学习方法。", "นักเรียนเรียนภาษาไทยทุกวัน"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:mixed"), "T", passages, "local:mixed"))
    scanned: list[str] = []

    def instr(text: str, piece: str) -> int:
        scanned.append(text)
        return text.find(piece) + 1

    library.connection.create_function("instr", 2, instr)
    assert [h.passage_id for h in library.search("深度学习")] == ["P041"]
    assert [h.passage_id for h in library.search("ภาษาไทย")] == ["P042"]
    assert set(scanned) <= {texts[40], texts[41]}
