"""A LaTeX draft under review: its files taken in (``files``, ``include``), walked as TeX prints
it (``walk``, ``text``, ``notes``), its sentences and the citations each is checked against
(``sentences``, ``claims``, ``collect``, ``cites``), and the draft given back annotated
(``annotate``, ``insert``); ``read`` reads one.
"""
