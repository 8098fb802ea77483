"""Batches of checks from JSON Lines: the input read line by line (``items``), the run
(``run``), one run per output at a time (``lock``), what an output already holds when a run
resumes (``resume``), and the records judged against text the library has replaced since
(``stale``).

Nothing is imported here, so a command that needs one part does not load them all.
"""
