"""Guards for what comes from outside: valid Unicode and bounded nesting (``untrusted``),
files a person names (``userfiles``, ``usertext``) and the names of standard input and output
among them (``stdio_names``), JSON safe to show (``jsonsafe``), names given twice
(``repeated``), a full disk told apart (``diskspace``), and what a killed run left
(``leftovers``).
"""
