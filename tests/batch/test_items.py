"""Reading a batch's input (``claimaudit.batch.items``): lines, keys, bad lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.batch.items import BadLine, read_items, require_json_lines
from claimaudit.errors import DatasetError


def _write_input(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_batch_line_with_an_id_too_long_for_python_is_a_bad_line(tmp_path: Path) -> None:
    line = '{"id": ' + "9" * 5000 + ', "claim": "Aspirin lowers fever.", "papers": ["x:1"]}'
    source = tmp_path / "in.jsonl"
    source.write_text(line + "\n", encoding="utf-8")
    [bad] = read_items(source)
    assert isinstance(bad, BadLine) and bad.id == "line-1"
    assert bad.error.startswith("line 1: invalid JSON (a number too long to read")


def test_a_first_line_that_is_an_object_makes_a_json_lines_file(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    # After a byte order mark and blank lines; an object too deep to read is still one.
    src.write_bytes(b"\xef\xbb\xbf\n  \n" + b'{"a": ' * 100 + b"1" + b"}" * 100 + b"\nnot json\n")
    require_json_lines(src)
    (tmp_path / "empty.jsonl").write_bytes(b"\n\n")
    require_json_lines(tmp_path / "empty.jsonl")  # nothing to check, nothing written
    utf16 = tmp_path / "utf16.jsonl"
    utf16.write_text('{"id": 1}\n', encoding="utf-16")
    # It said "line 1 is not UTF-8 text", as of any other encoding: now what to do.
    with pytest.raises(DatasetError) as refused:
        require_json_lines(utf16)
    assert str(refused.value) == f"{utf16}: UTF-16 text, not UTF-8; re-save it as UTF-8"
    short = tmp_path / "short.jsonl"  # a first line too short to tell
    short.write_text("{}\n" + '{"id": 1}\n' * 3, encoding="utf-16-le")
    with pytest.raises(DatasetError, match="UTF-16 text, not UTF-8; re-save it as UTF-8"):
        require_json_lines(short)
    latin1 = tmp_path / "latin1.jsonl"
    latin1.write_bytes('{"claim": "café"}\n'.encode("latin-1"))
    with pytest.raises(DatasetError, match="line 1 is not UTF-8 text"):
        require_json_lines(latin1)


@pytest.mark.parametrize("end", [b"\r", b"\r\n", b"\n"])
def test_lines_ended_by_a_lone_cr_are_lines_as_crlf_and_lf_are(tmp_path: Path, end: bytes) -> None:
    # Lone CRs were refused ("line 1 is not a JSON object"); import-jsonl takes them.
    src = tmp_path / "in.jsonl"
    lines = [b'{"id": 1, "claim": "Raw data is kept.", "papers": ["p"]}', b"", b"{broken"]
    src.write_bytes(end.join(lines) + end)
    require_json_lines(src)
    items = list(read_items(src))
    assert [i.line_number for i in items] == [1, 3]
    assert not isinstance(items[0], BadLine) and isinstance(items[1], BadLine)


@pytest.mark.parametrize("end", [b"\r\n", b"\n"])
def test_a_raw_cr_between_the_tokens_of_a_line_keeps_it_one_line(
    tmp_path: Path, end: bytes
) -> None:
    # JSON allows a raw CR as whitespace: the line was split there into two bad lines.
    src = tmp_path / "in.jsonl"
    good = b'{"id": "a",\r"claim": "Raw data is kept.",\r\t"papers": ["p"]}'
    src.write_bytes(
        good + end + b'{"id": "b", "claim": "Raw data is kept.", "papers": ["q"]}' + end
    )
    require_json_lines(src)
    items = list(read_items(src))
    assert [(i.line_number, i.id, isinstance(i, BadLine)) for i in items] == [
        (1, "a", False),
        (2, "b", False),
    ]


def test_lone_crs_around_or_between_values_still_end_lines(tmp_path: Path) -> None:
    # Blank lines of a classic Mac file before a line, and two objects a CR apart, are lines.
    src = tmp_path / "in.jsonl"
    one = b'{"id": 1, "claim": "Raw data is kept.", "papers": ["p"]}'
    src.write_bytes(b"\r\r" + one + b"\r" + one.replace(b"1", b"2") + b"\n")
    assert [(i.line_number, i.id) for i in read_items(src)] == [(3, 1), (4, 2)]


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (
            {"id": 1, "claim": "Aspirin lowers fever.", "paper": "scifact:1"},
            "line 1: missing 'papers'; unknown key 'paper' (did you mean 'papers'?)",
        ),
        (
            {"id": 1, "text": "Aspirin lowers fever.", "papers": ["scifact:1"]},
            "line 1: missing 'claim'; unknown key 'text'",
        ),
        (
            {"id": 1, "papers": ["scifact:1"], "claims": "A", "topics": "t"},
            "line 1: missing 'claim'; unknown keys 'claims' (did you mean 'claim'?), 'topics' "
            "(did you mean 'topic'?)",
        ),
        (
            {"id": 1, "claim": None, "papers": ["scifact:1"]},
            "line 1: 'claim' must be a string",
        ),
        ({"id": 3}, "line 1: missing 'claim' and 'papers'"),
        (
            {"claim": "Aspirin lowers fever."},
            "line 1: missing or invalid 'id' (a string or whole number, up to 1,000 characters); "
            "missing 'papers'",
        ),
    ],
)
def test_a_common_slip_is_named_in_the_bad_line_s_error(
    tmp_path: Path, line: dict[str, object], error: str
) -> None:
    [item] = read_items(_write_input(tmp_path / "in.jsonl", [json.dumps(line)]))
    assert isinstance(item, BadLine)
    assert item.error == error


def test_an_extra_key_alone_does_not_make_a_line_bad(tmp_path: Path) -> None:
    line = {"id": 1, "claim": "Aspirin lowers fever.", "papers": ["scifact:1"], "note": "x"}
    [item] = read_items(_write_input(tmp_path / "in.jsonl", [json.dumps(line)]))
    assert not isinstance(item, BadLine)


def test_reading_the_input_does_not_hold_every_line_in_memory(tmp_path: Path) -> None:
    # QA: the count of each line's repeats kept every line's text, so a run held its whole
    # input in memory twice over (the scan, then the run), a 50 MB line per 50 MB line.
    import tracemalloc

    wide = 1_000_000
    lines = [
        json.dumps({"id": n, "claim": "Aspirin lowers fever.", "papers": ["x:1"], "n": "x" * wide})
        for n in range(12)
    ]
    source = _write_input(tmp_path / "in.jsonl", [*lines, lines[0]])
    tracemalloc.start()
    try:
        items = [(item.line_number, item.key) for item in read_items(source)]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # One line at a time, each read, decoded and parsed: a few times a line, not twelve.
    assert peak < 6 * wide, peak
    # A repeated line is still told apart by its repeat.
    assert items[0][1].endswith(":1") and items[-1][1] == items[0][1][:-1] + "2"


def test_a_line_not_utf8_keeps_its_id_claim_and_papers_in_its_records(tmp_path: Path) -> None:
    # QA: a line whose claim held one Latin-1 byte ("caf\xe9") lost everything it asked: one
    # record with the id "line-2" and no paper, while README says one record per paper the line
    # lists, with its claim; its id (to join on) and papers could be read all along.
    source = tmp_path / "in.jsonl"
    good = b'{"id": "a", "claim": "Aspirin lowers fever.", "papers": ["x:1"]}\n'
    bad = b'{"id": "x", "claim": "caf\xe9 helps", "papers": ["x:1", "x:2"]}\n'
    source.write_bytes(good + bad)
    _, line = read_items(source)
    assert isinstance(line, BadLine)
    assert line.error == "line 2: not UTF-8 text (invalid byte at offset 25)"
    assert (line.id, line.claim, line.papers) == ("x", "caf\ufffd helps", ("x:1", "x:2"))


def test_a_line_not_utf8_nor_json_is_one_record_without_a_paper(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_bytes(b'{"id": 1}\n\xff\xfe garbage\n')
    _, line = read_items(source)
    assert isinstance(line, BadLine)
    assert (line.id, line.claim, line.papers) == ("line-2", "", ())
    assert line.error.startswith("line 2: not UTF-8 text")
