"""Reading a paper's own macro definitions and ``\\let`` copies out of its LaTeX source."""

from __future__ import annotations

from claimaudit.library.latex.definitions import (
    MAX_MACROS,
    Brackets,
    Macro,
    accepted_definitions,
    brace_group,
    document_command_spans,
    let_spans,
    read_copies,
    read_definitions,
)


def test_each_kind_of_definition_is_read_with_where_it_stands() -> None:
    source = (
        "\\newcommand{\\a}[2][d]{#1-#2}\\long\\def\\b#1{(#1)}\\DeclareMathOperator*{\\c}{C}"
        "\\NewDocumentCommand\\e{om}{E#2}\\renewcommand\\f{F}"
    )
    found = accepted_definitions(source)
    assert [d.macro for d in found] == [
        Macro("a", 2, "#1-#2", "d"),
        Macro("b", 1, "(#1)", tex_def=True),
        Macro("c", 0, "C", tex_def=True),
        Macro("e", 2, "E#2", ""),
        Macro("f", 0, "F"),
    ]
    # A \def's span takes its prefixes: dropping it leaves no stray \long.
    assert [source[d.start : d.end] for d in found][1] == "\\long\\def\\b#1{(#1)}"


def test_definitions_that_are_not_simple_are_not_read() -> None:
    source = (
        "\\def\\upto#1\\par{(#1)}"  # a parameter text delimited by a command
        "\\def\\mode{\\ifmmode a\\else b\\fi}"  # programs TeX
        "\\def\\loop{\\loop}"  # recursive
        "\\newcommand{\\outer}[1]{\\def\\inner{#1}}"  # \inner's #1 is \outer's
        "\\NewDocumentCommand{\\s}{s m}{S}"  # a starred specification
    )
    assert [d.macro.name for d in accepted_definitions(source)] == ["outer"]


def test_a_delimited_parameter_text_is_read_with_its_delimiters() -> None:
    source = "\\def\\upto#1.{(#1)}\\def\\pair (#1,#2){#1-#2}\\def\\first#1#2 {#1}"
    assert [d.macro for d in accepted_definitions(source)] == [
        Macro("upto", 1, "(#1)", tex_def=True, delimiters=("", ".")),
        Macro("pair", 2, "#1-#2", tex_def=True, delimiters=("(", ",", ")")),
        Macro("first", 2, "#1", tex_def=True, delimiters=("", "", " ")),
    ]


def test_the_last_definition_wins_and_the_rest_of_the_source_is_kept() -> None:
    macros, rest = read_definitions("A\\newcommand\\x{1}B\\renewcommand\\x{2}C")
    assert (macros["x"].body, rest) == ("2", "ABC")


def test_let_copies_of_built_in_macros_only() -> None:
    source = "\\let\\lcite\\cite \\newcommand\\w{W}\\let\\v=\\w \\let \\e = \\emph X"
    copies, rest = read_copies(source)
    assert copies == {"lcite": "cite", "e": "emph"}  # \v copies the source's own \w
    assert rest == " \\newcommand\\w{W}  X"
    assert [source[s:e] for s, e in let_spans(source)] == [
        "\\let\\lcite\\cite",
        "\\let\\v=\\w",
        "\\let \\e = \\emph",
    ]
    many = "".join(f"\\let\\c{chr(97 + n % 26)}{chr(97 + n // 26)}\\cite" for n in range(300))
    assert len(read_copies(many)[0]) == MAX_MACROS


def test_document_command_spans_cover_those_not_read_too() -> None:
    source = "x\\NewDocumentCommand{\\s}{s m}{\\cite{#2}}y\\NewDocumentCommand\\n{m}{#1}z"
    assert [source[s:e] for s, e in document_command_spans(source)] == [
        "\\NewDocumentCommand{\\s}{s m}{\\cite{#2}}",
        "\\NewDocumentCommand\\n{m}{#1}",
    ]


def test_brace_groups_and_brackets() -> None:
    assert brace_group("  {a{b}\\}c} rest", 0) == ("a{b}\\}c", 11)
    assert brace_group("a{b}", 0) is None
    assert brace_group("{never closed", 0) is None
    brackets = Brackets()
    assert brackets.read("[a {]} b]{C}", 0) == ("a {]} b", 9)
    assert brackets.read("[never closed", 0) is None
    assert brackets.misses == 1


def test_an_at_is_a_letter_in_a_package_and_between_makeatletter_and_makeatother() -> None:
    source = (
        "\\let\\a@x\\citep \\newcommand\\b@y{B}"
        "\\makeatletter\\let\\c@x\\citet \\newcommand\\d@y{D}\\makeatother"
        "\\let\\e@x\\cite"
    )
    # Outside the span "\a@x" is "\a" then "@x": no copy, no definition of such a name.
    assert read_copies(source)[0] == {"c@x": "citet"}
    assert list(read_definitions(source)[0]) == ["d@y"]
    assert [source[s:e] for s, e in let_spans(source)] == ["\\let\\c@x\\citet"]
    # A package file's: everywhere.
    assert read_copies(source, at_letter=True)[0] == {"a@x": "citep", "c@x": "citet", "e@x": "cite"}
    assert list(read_definitions(source, at_letter=True)[0]) == ["b@y", "d@y"]
    # Letters only, as before, where no \makeatletter is.
    assert read_copies("\\let\\lcite\\cite")[0] == {"lcite": "cite"}
