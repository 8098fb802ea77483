"""LaTeX caption labels printed as the paper's class and settings print them, or not at all."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from benchmarks.pdf_fidelity import PAIRS

from tests.library.helpers import CONV_TEX, GOOD_ENOUGH_TEX, SKIMAGE_TEX
from tests.library.latex.test_refs import passages_of, plain, texts


def test_captions_carry_the_label_their_class_prints() -> None:
    conv = texts(CONV_TEX)
    assert (
        "Figure 1.2: Computing the output values of a discrete convolution for N = 2,"
        in " ".join(conv)
    )
    # good-enough-practices renames its figures ("\renewcommand{\figurename}{Fig}") and sets
    # the caption package's labelsep=period, as its PDF prints them.
    assert "Fig 1. Example of gathering columns to create tidy data." in texts(GOOD_ENOUGH_TEX)
    for pair in PAIRS[:2]:
        printed = plain(" ".join(texts(pair.pdf)))
        for text in texts(pair.latex):
            label = re.match(r"(Fig|Figure) \d[\d.]*[:.] \S+ \S+", plain(text))
            if label:
                assert label.group(0) in printed
    # scikit-image's class (wlpeerj) is not one whose labels are known here: no label guessed.
    assert not any(re.match(r"Figure \d", t) for t in texts(SKIMAGE_TEX) if "Illustration" in t)


@pytest.mark.parametrize(
    ("preamble", "label"),
    [
        ("", "Figure 1: "),
        ("\\usepackage[labelsep=period]{caption}", "Figure 1. "),
        ("\\usepackage{caption}\n\\captionsetup{labelsep=space}", "Figure 1 "),
        ("\\renewcommand{\\figurename}{Fig.}", "Fig. 1: "),
        ("\\def\\figurename{Fig.}", "Fig. 1: "),
        ("\\addto\\captionsenglish{\\gdef \\figurename {Fig}}", "Fig 1: "),
        ("\\usepackage{caption}\n\\captionsetup[figure]{labelsep=period}", ""),
        ("\\usepackage[labelformat=simple]{caption}", ""),
    ],
)
def test_caption_labels_follow_the_settings_or_stay_out(
    tmp_path: Path, preamble: str, label: str
) -> None:
    body = "\\section{S}\nText.\n\\begin{figure}\\caption{A drawing.}\\end{figure}\n"
    assert passages_of(tmp_path, body, preamble)[-1] == f"{label}A drawing."


def test_no_caption_label_in_a_class_of_its_own(tmp_path: Path) -> None:
    body = "\\begin{table}\\caption{Numbers.}\\end{table}\n"
    assert passages_of(tmp_path, body, cls="article")[-1] == "Table 1: Numbers."
    assert passages_of(tmp_path, body, cls="wlscirep")[-1] == "Numbers."


def test_starred_captionof_and_captionsetup_number_and_print_as_the_paper(
    tmp_path: Path,
) -> None:
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\usepackage{caption}\n\\begin{document}\n"
        "\\section{Results}\nCaffeine reduced sleep time in adults.\n"
        "\\begin{figure}\\caption[Short]{Long caption: sleep fell.}\\end{figure}\n"
        "\\begin{figure}\\caption*{Unnumbered caption about naps.}\\end{figure}\n"
        "\\begin{minipage}{0.5\\textwidth}\\captionof{table}{Dose table.}\\label{t}"
        "\\end{minipage}\n"
        "\\begin{minipage}{0.5\\textwidth}\\captionof{figure}[Short]{Figure apart.}"
        "\\end{minipage}\n"
        "\\begin{figure}\\captionsetup{font=small}\\caption{After setup: memory fell.}"
        "\\end{figure}\nAs Table~\\ref{t} shows.\n\\end{document}\n",
        encoding="utf-8",
    )
    assert texts(path) == (
        "Caffeine reduced sleep time in adults.",
        "Figure 1: Long caption: sleep fell.",
        "Unnumbered caption about naps.",
        "Table 1: Dose table.",
        "Figure 2: Figure apart.",
        "Figure 3: After setup: memory fell.",
        "As Table 1 shows.",
    )
