"""Claims with and without a word to check: the one table that the rule's tests and every
surface's tests (command line, HTTP, MCP) share, so that the surfaces cannot drift apart."""

from __future__ import annotations

# Nothing a paper could support: each must be refused before any paper is read.
REFUSED_CLAIMS: tuple[str, ...] = (
    "...",
    "also however very",  # stop words only
    "it is what it is",
    "I",  # one-letter words
    "s",
    "x",
    "e.g.",
    "p < 0.05",
    "a\u200bb",
    "et al.",  # citation and cross-reference fragments
    "ibid.",
    "Fig. 1",
    "see Table 2 and Eq. (3)",
    "Section IV",
    "[1]",
    "[1, 2-4]",
    "(Smith 2019)",
    "(Smith et al., 2019)",
    "Smith et al. (2019)",
    "Smith and Jones, 2019; Lee 2020b",
    "van der Berg & Li 2020",
    "https://example.com/paper.pdf",  # a paper's address names it, it claims nothing
    "doi:10.1038/s41592-019-0686-2",
    "arXiv:1907.10121",
    "1e-3 10^-5",  # numbers, exponents and units
    "2017",
    "10 mg per kg",
    "3rd",
    "NEAR/3",  # search syntax
    "AND OR NOT NEAR",
    "、「」。",  # CJK punctuation, a numeral, a particle alone
    "二十",
    "の",
)

# Real claims, however short, in any language: each must be checked.
ACCEPTED_CLAIMS: tuple[str, ...] = (
    "Aspirin reduces fever.",
    "SciPy is fast.",
    "p53 regulates apoptosis.",
    "COVID-19 vaccines work.",
    "IL-6 rises after treatment.",
    "mRNA vaccines work (Smith et al., 2021).",
    "Smith 2019 showed that aspirin works.",
    "Le tabac tue.",
    "吸烟有害健康",
    "癌",  # one character is a word in Chinese, Japanese and Korean: "cancer"
    "암",
    "مرحبا بالعالم",
    "चीनी मीठी है",  # Hindi: words of letters and vowel signs (combining marks)
)
