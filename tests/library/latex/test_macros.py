"""A paper's own macros: ``\\def`` and its kin, math operators, an optional first argument."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from claimaudit.library.latex.macros import MAX_NESTING, draft_macros, expand_macros, inline_nested
from tests.library.latex.test_refs import passages_of


def test_a_def_macro_prints_its_word_in_the_paper(tmp_path: Path) -> None:
    texts = passages_of(
        tmp_path,
        "We train \\method{} on ImageNet. \\method\\ outperforms \\baseline.",
        preamble="\\def\\method{FooNet}\n\\gdef \\baseline {ResNet}",
    )
    assert texts == ["We train FooNet on ImageNet. FooNet outperforms ResNet."]


def test_def_with_parameters_is_expanded_as_tex_would() -> None:
    source = "\\long\\def\\pair#1#2{#2 (#1)}\nA \\pair{1a}{Save it} and \\pair {x} {y}."
    out = expand_macros(source, 10_000)
    assert "\\def" not in out and "\\long" not in out
    assert "A {Save it (1a)} and {y (x)}." in out


def test_a_delimited_parameter_text_is_matched_as_tex_would() -> None:
    source = (
        "\\def\\upto#1.{(#1)}\\def\\pair(#1,#2){#2/#1}\\def\\spaced#1 {[#1]}"
        "\\upto x y. \\pair ({a,b},c) \\spaced word more \\upto {u.v}."
    )
    assert expand_macros(source, 10_000) == "{(x y)} {c/a,b} {[word]}more {(u.v)}"


def test_a_call_that_does_not_match_its_delimited_definition_is_left_alone() -> None:
    # TeX stops with an error at each: the prefix is missing, the delimiter never comes
    # before the group ends; "#2#1" is no parameter text TeX accepts.
    source = "\\def\\pair(#1,#2){P}\\def\\swap#2#1{#1}{\\pair[a,b) \\pair(a} \\swap{a}{b}"
    assert expand_macros(source, 10_000) == (
        "\\def\\swap#2#1{#1}{\\pair[a,b) \\pair(a} \\swap{a}{b}"
    )


def test_a_delimited_definition_in_the_body_prints_nothing_and_its_calls_read(
    tmp_path: Path,
) -> None:
    texts = passages_of(
        tmp_path,
        "\\def\\foo#1.{the #1 task}\n\\def\\pair(#1,#2){(#1, #2)}\n"
        "\\def\\mode{\\ifmmode a\\else b\\fi}\n"
        "We study \\foo ranking. on the pair \\pair(a,b) today.",
    )
    assert texts == ["We study the ranking task on the pair (a, b) today."]


def test_a_def_that_programs_tex_is_left_alone() -> None:
    source = (
        "\\edef\\name{SciPy}\\xdef\\count{\\the\\value}"
        "\\def\\maketitle{\\@title\\par}\\def\\mode{\\ifmmode a\\else b\\fi}"
        "\\name{} and \\count."
    )
    out = expand_macros(source, 10_000)
    assert out == source.replace("\\edef\\name{SciPy}", "").replace("\\name{}", "{SciPy}{}")


def test_a_math_operator_prints_its_name() -> None:
    source = (
        "\\DeclareMathOperator*{\\argmax}{arg\\,max}\\DeclareMathOperator\\Tr{Tr}"
        "$\\argmax_x f(x) = \\Tr A$"
    )
    assert expand_macros(source, 10_000) == "${arg\\,max}_x f(x) = {Tr} A$"


def test_an_optional_first_argument_takes_the_bracket_or_its_default() -> None:
    source = (
        "\\newcommand{\\cell}[2][blank]{#2 is #1}\n"
        "\\cell{A} / \\cell[full]{B} / \\cell [a {]} b]{C}"
    )
    out = expand_macros(source, 10_000)
    # A "]" in braces does not close the bracket, as in LaTeX.
    assert out.splitlines()[-1] == "{A is blank} / {B is full} / {C is a {]} b}"


def test_a_def_inside_another_definition_is_not_read_on_its_own() -> None:
    # \x's "#1" belongs to \setname: \x alone has no parameter, so it is no macro here.
    source = "\\newcommand{\\setname}[1]{\\def\\x{#1}}\\setname{A}\\x."
    assert expand_macros(source, 10_000) == "{\\def\\x{A}}\\x."
    assert expand_macros("\\newcommand\\a[1][x]{\\def\\b{#2}}\\b", 10_000).endswith("\\b")


def test_a_macro_whose_name_begins_a_command_it_calls_is_expanded(tmp_path: Path) -> None:
    # QA: a body calling a command whose name starts with the macro's (\cit calling \citep,
    # \sys \systemname, \e \emph) was taken for the macro calling itself and never expanded:
    # the paper read "with  a." (the citation's key printed, the word lost).
    preamble = (
        "\\usepackage{natbib}\n\\newcommand{\\cit}[1]{\\citep{#1}}\n"
        "\\newcommand{\\sys}{\\systemname{}}\n\\newcommand{\\systemname}{DeepFoo}\n"
        "\\newcommand{\\e}[1]{\\emph{#1}}"
    )
    body = "Graphs are \\e{finite} with \\sys{} \\cit{a}."
    assert passages_of(tmp_path, body, preamble) == ["Graphs are finite with DeepFoo."]
    # ... while one that calls itself is still left alone (TeX would loop).
    assert expand_macros("\\def\\a{\\a x}\\a.", 1_000) == "\\def\\a{\\a x}\\a."


def test_hostile_self_and_mutual_recursion_stays_bounded() -> None:
    assert expand_macros("\\def\\a{\\a\\a}\\a\\a", 1_000) == "\\def\\a{\\a\\a}\\a\\a"
    bomb = "\\def\\a{\\b\\b\\b\\b}\\def\\b{\\a\\a\\a\\a}" + "\\a" * 200
    out = expand_macros(bomb, 50_000)
    assert len(out) <= 50_000 + len(bomb)
    many = "".join(f"\\def\\m{chr(97 + n % 26)}{n}{{x}}" for n in range(500)) + "\\ma1"
    assert len(expand_macros(many, 10_000)) <= 10_000 + len(many)


def test_a_draft_reader_gets_the_macros_it_can_parse_and_the_defs_to_blank() -> None:
    # It parses the source as written: it cannot read a bracket, nor \\def (so it blanks them).
    source = "\\def\\a{A}\\newcommand{\\b}[1][x]{#1}\\newcommand{\\c}[1]{(#1)}\\long\\def\\d#1{#1}"
    found = draft_macros(source)
    assert found.macros == {"a": (0, "A"), "c": (1, "(#1)"), "d": (1, "#1")}
    assert [source[start:end] for start, end in found.blanked] == [
        "\\def\\a{A}",
        "\\long\\def\\d#1{#1}",
    ]


def test_brackets_that_never_close_take_the_default() -> None:
    # Each call looks for its bracket a bounded way ahead; past so many misses, not at all
    # (the calls near the end would reach the "]" otherwise).
    source = "\\newcommand{\\x}[1][d]{#1}" + "\\x[" * 20_000 + "]"
    assert expand_macros(source, 1_000_000) == "{d}[" * 20_000 + "]"


def test_provide_robust_and_document_commands_are_expanded() -> None:
    source = (
        "\\providecommand{\\p}[1]{P(#1)}\\DeclareRobustCommand\\r[1]{R(#1)}"
        "\\NewDocumentCommand{\\n}{ m m }{N(#1,#2)}\\NewDocumentCommand\\o{om}{O(#1,#2)}"
        "\\NewDocumentCommand{\\s}{s m}{S(#2)}"
        "\\p{a} \\r{b} \\n{c}{d} \\o[e]{f} \\o{g}"
    )
    out = expand_macros(source, 10_000)
    assert "{P(a)} {R(b)} {N(c,d)} {O(e,f)} {O(,g)}" in out
    assert "\\s" in out  # a starred (``s``) specification is not read


def test_a_draft_reader_blanks_every_definition_and_let_when_asked() -> None:
    source = (
        "\\NewDocumentCommand{\\s}{s m}{\\cite{#2}}\\let\\c=\\cite\\newcommand{\\x}[2][d]{#1#2}"
    )
    found = draft_macros(source, blank_all=True)
    assert found.macros == {"x": (2, "#1#2")}
    assert found.defaults == {"x": "d"}
    assert found.copies == {"c": "cite"}
    blanked = list(source)
    for start, end in found.blanked:
        blanked[start:end] = " " * (end - start)
    assert not "".join(blanked).strip()


def test_inline_nested_expands_a_body_s_calls_until_none_is_left() -> None:
    macros = {
        "zcite": (1, "\\zz@cite{#1}"),
        "zz@cite": (1, "\\za{#1}"),
        "za": (2, "\\citep[#1]{#2}"),
        "zz": (0, "never"),  # a prefix of \\zz@cite: not the call
    }
    inlined = inline_nested(macros, {"za": "see"})
    assert inlined["zcite"] == (1, "{{\\citep[see]{#1}}}")
    assert inlined["za"] == macros["za"]


def test_inline_nested_leaves_a_cycle_and_a_too_deep_chain_as_written() -> None:
    cycle = {"a": (0, "x\\b"), "b": (0, "y\\a"), "c": (0, "\\a")}
    assert inline_nested(cycle, {}) == cycle
    # A chain one longer than the bound: its top is left for the reader's own one level.
    names = ["m" + "a" * depth for depth in range(MAX_NESTING + 2)]
    chain = {name: (0, f"\\{after} x") for name, after in pairwise(names)}
    chain[names[-1]] = (0, "end")
    inlined = inline_nested(chain, {})
    assert inlined[names[0]] == chain[names[0]]
    assert inlined[names[1]][1].count("x") == MAX_NESTING and "end" in inlined[names[1]][1]


def test_providecommand_defines_only_what_is_not_defined_yet(tmp_path: Path) -> None:
    # QA: \providecommand{\x}{Two} after \newcommand{\x}{One} read "Two"; TeX keeps "One".
    preamble = (
        "\\newcommand{\\myx}{One}\n\\providecommand{\\myx}{Two}\n"
        "\\providecommand{\\myy}{Three}\n\\ProvideDocumentCommand{\\myy}{}{Four}"
    )
    body = "We use \\myx{} and \\myy{} here."
    assert passages_of(tmp_path, body, preamble) == ["We use One and Three here."]


def test_a_let_copy_of_the_paper_s_own_macro_reads_as_it_stood(tmp_path: Path) -> None:
    # QA: \let\myb\mya of the paper's own \mya printed nothing ("We use  and"); TeX copies
    # the meaning \mya has where the \let stands, which a later \renewcommand may wrap.
    preamble = (
        "\\newcommand{\\mya}{Alpha}\n\\let\\myb\\mya\n\\newcommand{\\foo}{Base}\n"
        "\\let\\oldfoo\\foo\n\\renewcommand{\\foo}{\\oldfoo{} more}"
    )
    body = "We use \\myb{} and \\foo{} here."
    assert passages_of(tmp_path, body, preamble) == ["We use Alpha and Base more here."]


def test_an_environment_defined_with_arguments_prints_as_its_definition(tmp_path: Path) -> None:
    # QA: \begin{note}{important} of \newenvironment{note}[1]{...} read "important Trees help.":
    # the definition was dropped and its argument read as the paragraph's first word.
    preamble = (
        "\\newenvironment{note}[1]{\\par\\textbf{Note (#1).} }{\\par}\n"
        "\\newenvironment{hint}[2][Info]{\\textbf{#1: #2.} }{}\n"
        "\\newenvironment{aside}[1]{\\begin{quote}#1}{\\end{quote}}"
    )
    body = (
        "\\begin{note}{important} Trees help.\\end{note}\n\n"
        "\\begin{hint}{Careful} Paths vary.\\end{hint} \\begin{hint}[Tip]{Fast} Cycles too."
        "\\end{hint}\n\n\\begin{aside}{Left} as it was.\\end{aside}"
    )
    assert passages_of(tmp_path, body, preamble) == [
        "Note (important). Trees help.",
        "Info: Careful. Paths vary. Tip: Fast. Cycles too.",
        # One whose parts open and close an environment apart is read as before.
        "Left as it was.",
    ]
