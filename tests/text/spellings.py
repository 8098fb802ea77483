"""Pairs of spellings a reader takes for one word, which the library index reads as one: the
rankers that pick a claim's passages must read each pair alike too (``checker.selection`` and
the local judge's pre-selection both test them)."""

SPELLINGS_OF_ONE_WORD = [
    ("\u0645\u06cc\u200c\u0634\u0648\u062f", "\u0645\u06cc\u0634\u0648\u062f"),
    ("\u06a9\u062a\u0627\u0628", "\u0643\u062a\u0627\u0628"),
    ("\u03c0\u03c1\u03bf\u03ca\u03cc\u03bd", "\u03c0\u03c1\u03bf\u03b9\u03cc\u03bd"),
    ("treat\u00adment", "treatment"),
    ("\u03ac\u03c3\u03ba\u03b7\u03c3\u03b7", "\u03b1\u03c3\u03ba\u03b7\u03c3\u03b7"),
    ("\u0451\u0436\u0438\u043a", "\u0435\u0436\u0438\u043a"),
    # QA: an alef maksura and teh marbuta and the yeh and heh written for them, a dotless i
    # under a capital I, a khanda ta or chillu and its older spelling (consonant, virama,
    # joiner): one word to a reader, two to the index and the rankers.
    ("\u0645\u0633\u062a\u0634\u0641\u0649", "\u0645\u0633\u062a\u0634\u0641\u064a"),
    ("\u0645\u062f\u0631\u0633\u0629", "\u0645\u062f\u0631\u0633\u0647"),
    ("ISPARTA", "\u0131sparta"),
    ("\u0989\u09ce\u09b8", "\u0989\u09a4\u09cd\u200d\u09b8"),
    ("\u0d05\u0d35\u0d7b", "\u0d05\u0d35\u0d28\u0d4d\u200d"),
    # QA: the Urdu heh goal and yeh barree and the Arabic heh and yeh a keyboard of Arabic
    # layout types for them ("بچہ", child; "بڑے", big): one word to a reader, two to the
    # index and the rankers.
    ("\u0628\u0686\u06c1", "\u0628\u0686\u0647"),
    ("\u0628\u0691\u06d2", "\u0628\u0691\u064a"),
    # QA: a Hebrew acronym with its gershayim, the ASCII quote typed for it, or neither
    # ("צה״ל"), a geresh and the apostrophe typed for it: one word to a reader, two or
    # three to the index and the rankers.
    ("\u05e6\u05d4\u05f4\u05dc", "\u05e6\u05d4\u05dc"),
    ('\u05e6\u05d4"\u05dc', "\u05e6\u05d4\u05dc"),
    ("\u05d2\u05f3\u05d9\u05e8\u05e4\u05d4", "\u05d2'\u05d9\u05e8\u05e4\u05d4"),
    # QA: a modifier letter apostrophe (Ukrainian "мʼясо") and the ASCII or curly one typed
    # for it: one word to a reader; a letter to the index and the rankers, or a word break.
    ("\u043c\u02bc\u044f\u0441\u043e", "\u043c'\u044f\u0441\u043e"),
    ("\u043c\u02bc\u044f\u0441\u043e", "\u043c\u2019\u044f\u0441\u043e"),
    ("Hawai\u02bbi", "Hawai'i"),
    # QA: the Latin letters the tokenizer keeps but English and a keyboard without them
    # write plain ("Łódź" and "Lodz", "encyclopædia" and "encyclopaedia", "Đà" and "Da"):
    # one word to a reader, two to the index and the rankers.
    ("\u0141\u00f3d\u017a", "Lodz"),
    ("encyclop\u00e6dia", "encyclopaedia"),
    ("\u0153dema", "OEDEMA"),
    ("\u0110\u00e0 N\u1eb5ng", "Da Nang"),
    # QA: the Danish and Norwegian "ø" and the "o" English writes for it ("Søren", "Soren"):
    # one letter to a reader, two to the index and the rankers.
    ("S\u00f8ren", "Soren"),
    ("\u00d8RSTED", "orsted"),
    # QA: a Persian plural's ending after a non-joiner, written onto its word, or as a word
    # apart ("کتابها", books): one word to a reader, to the rankers a word or two.
    ("\u06a9\u062a\u0627\u0628\u200c\u0647\u0627", "\u06a9\u062a\u0627\u0628 \u0647\u0627"),
    ("\u06a9\u062a\u0627\u0628\u0647\u0627\u06cc", "\u06a9\u062a\u0627\u0628 \u0647\u0627\u06cc"),
    # QA: a letter's exponent or index raised and written with "^" or "_" as LaTeX and
    # Markdown write it, and a German umlaut and the "e" written for it ("Mueller", and
    # "Soeren" for "Søren"): found by each other in ``library search``, two words or three to
    # the rankers (``text.folds``).
    ("x\u00b2", "x^2"),
    ("x\u2082", "x_{2}"),
    ("H\u2082O", "H$_2$O"),
    ("CO2", "CO_2"),
    ("M\u00fcller", "Mueller"),
    ("Schr\u00f6der", "SCHROEDER"),
    ("S\u00f8ren", "Soeren"),
    # QA: a plain spelling of an umlaut ("Muller", as the index reads "Müller") and the "e"
    # written for it ("Mueller"): ``library search`` finds the one by the other, the rankers
    # read them as two words, as the claim held no umlaut.
    ("Muller", "Mueller"),
    ("GARTNER", "Gaertner"),
    ("Soren", "Soeren"),
    # QA: a word and its number written as one word and apart ("COVID19", "COVID-19"): found
    # by each other in ``library search``, other words to the rankers (``text.number_words``).
    ("covid19", "COVID-19"),
    ("CO 2", "CO2"),
    # QA: a Latin vowel with a diaeresis after a/o/u and the word written without it
    # ("Michaël", "Israël"): one word to the index, but "michal" and "michael" to the checker's
    # BM25, which read "ae" as an umlaut written out before its tokenizer dropped the diaeresis.
    ("Micha\u00ebl", "Michael"),
    ("Isra\u00ebl", "ISRAEL"),
    ("Citro\u00ebn", "Citroen"),
]
