"""A notice is a quoted paragraph that only speaks of the paper as a document; an abstract,
a finding or an epigraph that mentions a draft, a version or a web address is no notice."""

from __future__ import annotations

import pytest

from claimaudit.library.markdown.notice import is_notice


@pytest.mark.parametrize(
    "quoted",
    [
        # Good Enough Practices' notice, as its quote lines read without the "> ".
        "**A PDF of this paper can be found at <http://arxiv.org/abs/1609.00037>. "
        "We would appreciate feedback of all kinds: please email comments to the authors.**",
        "Preprint: https://arxiv.org/abs/1234.56789",
        "Published in PLOS Computational Biology. DOI: 10.1371/journal.pcbi.1005510",
        "Draft: please do not cite.",
        "The published version of this article is at [the journal](https://example.org/a1).",
        "This is a preprint. It has not been peer reviewed.",
        "**Note:** this manuscript is under review.",
        "Published: 12 March 2020. Cite as: https://doi.org/10.1371/journal.pcbi.1005510",
    ],
)
def test_a_notice_about_the_document(quoted: str) -> None:
    assert is_notice(quoted)


@pytest.mark.parametrize(
    "quoted",
    [
        # The QA repro: an abstract with a web address in its last sentence.
        "**Abstract.** We show that evening coffee reduces total sleep time by forty minutes "
        "in a randomized trial of 120 adults. Code and data are at "
        "https://github.com/example/coffee.",
        "We assembled a draft genome of Coffea arabica holding 25,000 genes.",
        "A newer version of the model, published here for the first time, cuts error by half.",
        "This paper shows that coffee shortens sleep.",
        "Note: caffeine was given at 8 pm.",
        "This paper shows that accepted theories of sleep fail.",
        "All models are wrong, but some are useful.",
        # QA round 3: findings that open as a status line, or carry a disclaimer, or sit
        # after a notice sentence, are findings.
        "V1 neurons fired 30% more often under caffeine.",
        "Version 2 of the protocol doubled sleep loss in adults.",
        "Caffeine reduced sleep in all 40 participants, a result not yet peer-reviewed.",
        "Published in 2019, the trial found that sleep fell by a third.",
        "Submitted to the ethics board, the protocol enrolled 40 adults.",
        "Comments: caffeine reduced sleep in every participant.",
        "This article shows that caffeine is available in most foods and reduces sleep.",
        "The data for this paper are available at https://x.org. 40% of participants slept less.",
        "Code and data are at https://github.com/example/coffee.",
        # Long: a notice is a line or two.
        "A PDF of this paper can be found at https://example.org/p.pdf. " * 8,
        "",
    ],
)
def test_anything_else_is_no_notice(quoted: str) -> None:
    assert not is_notice(quoted)
