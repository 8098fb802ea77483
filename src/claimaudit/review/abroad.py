"""Pointer words of drafts written in German, French, Spanish, Italian and Portuguese: "vgl.",
"siehe", "z. B.", "voir", "p. ex.", "véase", "vedi", "cfr.", "veja". They do what "see",
"cf." and "e.g." do in English, and are read by the same rules (``citation_only``,
``leftovers``): "X gilt [1]. Vgl. auch [2]." was judged as two claims, the second "Vgl.
auch.", and "X gilt (vgl. [1])." as "X gilt (vgl.)."; they read "X gilt." now.
"""

from __future__ import annotations

# "According to" and "as shown in" abroad: a preposition whose object was the cited work ("X
# gilt laut [1].", "X tient selon [1].") and the words of an "as shown in" ("Comme montré dans
# [1], X tient."), read as "according to" and "as shown in" are (``pointers``), not as "X
# gilt laut." and "Comme montré dans, X tient.".
ACCORDING_ABROAD = "laut gemäß gemäss nach zufolge selon según segun secondo segundo".split()
AS_ABROAD = "wie comme como".split()
SHOWN_ABROAD = frozenset(
    """
    gezeigt beschrieben vorgeschlagen berichtet dargestellt
    montré montrée montrés montrées décrit décrite décrits proposé proposée rapporté rapportée
    mostrado mostrada descrito descrita propuesto mostrato mostrata descritto proposto
    """.split()
)
# The same verbs said of a cited work as their subject, in an "as [1] shows" ("X gilt, wie [1]
# zeigt.", "X est vrai, comme le montre [1].", "Como muestra [1], X."): with the citation gone
# their subject is missing, as a preposition's object is.
SHOWS_ABROAD = frozenset(
    """
    zeigt zeigen beschreibt beschreiben belegt belegen
    montre montrent décrivent
    muestra muestran describe describen mostró mostraron demostró demostraron describió
    describieron
    """.split()
)
# "According to" and "following" written in several words: French "d'après [1]" (read as "d"
# and "après") and "en suivant [1]", Spanish "de acuerdo con [1]" and "siguiendo [1]".
FOLLOWING_ABROAD = frozenset({"après", "suivant", "siguiendo", "con"})
# Prepositions abroad that need an object, as "in" does ("dans [1]", "en [1]", "bei [1]",
# "montré par [1]").
NEEDS_OBJECT_ABROAD = (
    frozenset(ACCORDING_ABROAD)
    | {"dans", "en", "nel", "nella", "bei", "von", "par"}
    | SHOWS_ABROAD
    | FOLLOWING_ABROAD
)
# Those of them that go with their object inside a sentence, as "in" and "per" do ("X gilt
# gemäß [1] und Y."): not "zufolge", which follows its object.
IN_ABROAD = NEEDS_OBJECT_ABROAD - {"zufolge"}
# "But" abroad, opening the clause after such a pointer ("X tient selon [1] mais Y échoue.").
BUT_ABROAD = "aber|jedoch|mais|pero|ma|mas"
# "According to" and "following" in several words, one of them short and English too, as a
# pattern: Spanish "conforme a [1]", German "im Anschluss an [1]" and "in Anlehnung an [1]".
SEVERAL_WORDS_ABROAD = r"conforme\s+a|im\s+anschluss\s+an|in\s+anlehnung\s+an"
# What opens such a pointer phrase, as a pattern ("as", "according" in English).
_OPENS_FOLLOWING = [
    "d(?=['\u2019]apr)",
    "de(?=\\s+acuerdo)",
    "siguiendo",
    "suivant",
    "conforme(?=\\s+a\\b)",
    "im(?=\\s+anschluss\\b)",
]
OPENS_PHRASE_ABROAD = "|".join(ACCORDING_ABROAD + AS_ABROAD + _OPENS_FOLLOWING)
# The words a pointer at a cited work is made of, lower case, as ``citation_only`` splits them.
# No word here says something of its own in a claim: a bracket or a sentence of nothing but
# these (and its citations) is a pointer. No single letters ("z. B.", Spanish "y"): "See [1]
# for Y." names a topic, "Y"; ``POINTER_ABROAD`` reads "z. B." whole.
POINTER_WORDS_ABROAD = (
    frozenset(
        """
    siehe vgl vergleiche auch bspw beispielsweise beispiel zum etwa insbesondere und oder bzw
    dazu hierzu ebd ebenda
    voir aussi également notamment par ex exemple et ou dans chez ibid
    véase vease ver también tambien ej ejemplo por en
    vedi cfr anche ad es esempio per
    veja também exemplo
    die dort darin zitierte zitierten literatur
    bei von par le se
    für pour para einen eine ein einzelheiten überblick mehr weitere plus de les détails
    detalles más los
    d acuerdo tel que ainsi
    """.split()
    )
    | frozenset(ACCORDING_ABROAD + AS_ABROAD)
    | SHOWN_ABROAD
    | SHOWS_ABROAD
    | FOLLOWING_ABROAD
)
# Those that open a pointer in brackets, as "see" and "cf." do: "(vgl. auch [1])", "(voir [1])".
OPENS_POINTER_ABROAD = frozenset("siehe vgl vergleiche voir véase vease ver vedi cfr veja".split())
# The same as a pattern, with the examples' pointers ("z. B.", "p. ex.", "p. ej.", "ad es."), for
# a bracket that held nothing else ("(vgl. [1])" reads "(vgl. )" once its citation is gone).
POINTER_ABROAD = (
    r"siehe(?:\s+auch)?|vgl\.(?:\s+auch)?|z\.\s?B\.|voir(?:\s+aussi)?|p(?:ar)?\.?\s?ex\.|p\.\s?ej\."
    r"|v[ée]ase(?:\s+tambi[ée]n)?|ver|vedi(?:\s+anche)?|cfr\.|ad\s+es\.|veja(?:\s+tamb[ée]m)?"
    r"|zum\s+Beispiel|par\s+exemple|por\s+ejemplo|per\s+esempio|por\s+exemplo"
)
# Words joining two citations, as "and" and "or" do: "[1] und [2]", "[1] et [2]", "[1] y [2]".
JOINING_ABROAD = "und|oder|et|ou|y|o|e"
