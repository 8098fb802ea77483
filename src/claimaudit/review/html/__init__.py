"""The self-contained HTML report of a review: the page (``report``), the pieces every format
shares (``parts``), a LaTeX draft's document part (``latex``), and the inline style and script
(``assets``).
"""
