"""``claimaudit mcp``: the checker as tools for a research agent over MCP on stdio. The server
(``server``), its tools (``tools``), where it departs from the SDK's defaults (``protocol``), the
stdio wire screened line by line (``stdio``, ``wire``), and a call's work stopped when it is
cancelled (``cancel``).
"""
