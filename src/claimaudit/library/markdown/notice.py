"""A notice above a Markdown paper's abstract: a short quoted paragraph about the paper as a
document (where a PDF is, which version or draft it is, where it is published, a request for
comments), as Good Enough Practices has under its authors::

    > **A PDF of this paper can be found at <http://arxiv.org/abs/1609.00037>.
    > We would appreciate feedback of all kinds: please email comments to the authors.**

Such a notice is no evidence and is left out with the title block. Anything else quoted there
(an abstract, an epigraph, a finding) is the paper's text and stays, so a notice is read
strictly: every sentence of it must say something about the document, and a word such as
"draft", "version" or a web address alone is not enough ("a draft genome", "code is at <url>").
"""

from __future__ import annotations

import re

from claimaudit.library.markdown.inline import inline_text

MAX_NOTICE = 400  # characters: a notice is a line or two, an abstract is longer
_MAX_NOTICE_MARKUP = 4 * MAX_NOTICE  # the same, its markup (links, emphasis) included
# A web address, a DOI or an arXiv identifier: where the paper is.
_LOCATOR = re.compile(
    r"https?://\S+|\bwww\.\S+|\b(?:doi\s*:?\s*)?10\.\d{4,9}/\S+|\barxiv\s*:?\s*\d{4}\.\d{4,5}",
    re.IGNORECASE,
)
# The paper naming itself ("this paper", "the published version of this article").
_SELF = re.compile(
    r"\b(?:this|the present|the current|the latest|the final|the published)\s+"
    r"(?:\w+\s+)?(?:paper|article|manuscript|preprint|draft|version|document|report)\b",
    re.IGNORECASE,
)
# What a notice says of the paper it names: a form, a place, its standing.
_ABOUT_DOCUMENT = re.compile(
    r"\b(?:pdf|html|available|can be found|download\w*|hosted|posted|copyright|licen[cs]ed|"
    r"cite|under review|in press|(?:is|was|has been) (?:accepted|submitted|published))\b",
    re.IGNORECASE,
)
_FEEDBACK = re.compile(r"\b(?:feedback|comments?|suggestions?|corrections?)\b", re.IGNORECASE)
_REQUEST = re.compile(r"\b(?:please|welcome[sd]?|appreciate[sd]?|invite[sd]?)\b", re.IGNORECASE)
# A sentence that opens as a status line does ("Preprint:", "Published in ...", "Version 2").
_STATUS = re.compile(
    r"^\W*(?:pre-?print\b|draft\s*[:.,\u2014-]|version\s*\d|"
    r"(?:published|appeared|accepted|submitted)\s+(?:in|as|at|by|for|to|online)\b|"
    r"to appear in\b|under review\b|in press\b|working paper\b|"
    r"(?:comments?|published|received|accepted|revised|last updated|cite as|citation)\s*:|"
    r"this is an? (?:draft|preprint|working paper)\b)",
    re.IGNORECASE,
)
_DISCLAIMER = re.compile(
    r"\bdo not (?:cite|circulate|distribute|quote)\b|\bnot (?:yet )?(?:been )?peer[- ]reviewed\b",
    re.IGNORECASE,
)
# Sentences end at a stop before a capital, a bracket or a quote; a stop inside a web address
# ("arxiv.org") has no space after it.
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[\u201c]?[A-Z0-9])")
# Addresses kept through the reading as text: "<http://x>" would go as a tag, a link's target
# with the link.
_AUTOLINK = re.compile(r"<((?:https?://|www\.)[^<>\s]+)>", re.IGNORECASE)
_LINK_TARGET = re.compile(r"\[([^\[\]]*)\]\(((?:https?://|www\.)[^()\s]+)\)", re.IGNORECASE)
# "Note: this manuscript is under review": the label says nothing either way.
_LABEL = re.compile(r"^\W*(?:note|notice|n\.\s?b\.)\s*[:.]\s*", re.IGNORECASE)
_MAX_LOCATOR_WORDS = 3  # "Preprint: <url>", "DOI: 10.1/x": the address is the sentence
# A status line or a disclaimer is short ("Published in PLOS Comp Biol, 2017."); a longer
# sentence opening so is a finding ("Published in 2019, the trial found ..."), kept.
_MAX_STATUS_WORDS = 6
# The paper naming itself with no address: "The published version of this article is
# available online.", not "This article shows that caffeine is available in most foods."
_MAX_SELF_WORDS = 10


def is_notice(quoted: str) -> bool:
    """Whether a quoted paragraph's text (its quote marks removed, its markup not yet read) is
    only a notice about the paper as a document."""
    if len(quoted) > _MAX_NOTICE_MARKUP:
        return False
    text = inline_text(_LINK_TARGET.sub(r"\1 \2", _AUTOLINK.sub(r"\1", quoted)))
    if not text or len(text) > MAX_NOTICE:
        return False
    sentences = [s for s in _SENTENCE_BREAK.split(text) if any(c.isalnum() for c in s)]
    return bool(sentences) and all(map(_about_the_document, sentences))


def _about_the_document(sentence: str) -> bool:
    sentence = _LABEL.sub("", sentence, count=1)
    rest = re.findall(r"[^\W_]+", _LOCATOR.sub(" ", sentence))
    short = len(rest) <= _MAX_STATUS_WORDS
    if short and (_STATUS.match(sentence) or _DISCLAIMER.search(sentence)):
        return True
    if _FEEDBACK.search(sentence) and _REQUEST.search(sentence):
        return True
    locator = _LOCATOR.search(sentence) is not None
    if _SELF.search(sentence) and (
        locator or (_ABOUT_DOCUMENT.search(sentence) and len(rest) <= _MAX_SELF_WORDS)
    ):
        return True
    return locator and len(rest) <= _MAX_LOCATOR_WORDS
