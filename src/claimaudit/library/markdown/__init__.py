"""The Markdown reader: a paper's Markdown to passages (``extract``), with its front matter,
headings, inline markup, notes, definitions and figures read as a reader sees them.
"""
