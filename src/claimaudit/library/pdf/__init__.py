"""The PDF reader: a paper's PDF to passages (``extract``), read in a child process under limits
(``guard``, ``child``), its layout, columns, boxes, tables, line numbers and fonts told apart from
its text.
"""
