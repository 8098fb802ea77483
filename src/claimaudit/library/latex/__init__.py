"""The LaTeX reader: a paper's source to passages. ``extract`` walks the document (``walker``)
with its inputs, definitions and macros expanded, and prints what TeX would: text, math, citations,
references, captions and notes.
"""
