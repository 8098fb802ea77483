"""Who a removed citation was as a German, French or Spanish verb's subject: "[1] zeigt X."
reads "Die zitierte Arbeit zeigt X.", "[1] montre que X." "L'ouvrage cité montre que X.",
"[1] muestra X." "La obra citada muestra X.", not "The authors zeigt X.": a claim is said in
its draft's language, as ``german`` names the work in "Laut [1] gilt X." and ``see_for`` in
"Siehe [1] für X.". Only verbs no English sentence has ("describe" and "propose" are English
too) are read so.
"""

from __future__ import annotations

# Each language's verbs for one subject, then for several.
_VERBS = {
    "de": (
        """zeigt beschreibt belegt untersucht berichtet ist hat gilt verwendet nutzt führt fand
        zeigte präsentiert liefert schlägt stellt findet""",
        """zeigen beschreiben belegen untersuchen berichten sind haben gelten verwenden nutzen
        führen fanden zeigten präsentieren liefern schlagen stellen finden""",
    ),
    "fr": (
        """montre décrit est démontre étudie rapporte trouve suggère introduit présente
        utilise obtient affirme""",
        """montrent décrivent proposent sont ont démontrent étudient rapportent trouvent
        suggèrent introduisent présentent utilisent obtiennent affirment""",
    ),
    "es": (
        """muestra demuestra propone es estudia encuentra presenta utiliza usa obtiene sugiere
        mostró demostró describió propuso encontró afirma""",
        """muestran demuestran proponen son han estudian encuentran presentan utilizan usan
        obtienen sugieren describen mostraron demostraron describieron propusieron
        encontraron afirman""",
    ),
}
_FOR_ONE = {verb: language for language, (one, _) in _VERBS.items() for verb in one.split()}
_FOR_SEVERAL = {verb: lang for lang, (_, several) in _VERBS.items() for verb in several.split()}
# The cited work, each of several, the cited works and their authors, in each language.
_SUBJECTS = {
    "de": ("Die zitierte Arbeit", "Jede zitierte Arbeit", "Die zitierten Arbeiten", "Die Autoren"),
    "fr": ("L'ouvrage cité", "Chaque ouvrage cité", "Les ouvrages cités", "Les auteurs"),
    "es": ("La obra citada", "Cada obra citada", "Las obras citadas", "Los autores"),
}


def subject_abroad(verb: str, several: bool) -> str | None:
    """Who removed citations (``several`` of them or one) were as ``verb``'s subject where it
    is a German, French or Spanish verb, as ``verbs.subject_for`` says it in English: the work
    before a verb for one ("Die zitierte Arbeit zeigt"), each of several ("Jede zitierte
    Arbeit zeigt"), the works before a verb for several ("Die zitierten Arbeiten zeigen"), or
    the authors of one ("Die Autoren zeigen"); None for any other verb."""
    if verb in _FOR_ONE:
        one, each, _, _ = _SUBJECTS[_FOR_ONE[verb]]
        return each if several else one
    if verb in _FOR_SEVERAL:
        _, _, works, authors = _SUBJECTS[_FOR_SEVERAL[verb]]
        return works if several else authors
    return None
