"""The checking pipeline and its parts: what a caller gives (``args``), the evidence offered
(``vetting``, ``selection``), the judge's reply made a record (``decision``) under the review
policy (``policy``), what it cost (``spending``), and the results cache (``cache``); ``pipeline``
runs them, one record per paper.

Nothing is imported here, so a command that needs one part does not load them all; the public
names (``Checker``, ``ResultCache``) are re-exported from the package root.
"""
