"""Plain text every stage shares: whitespace and markup to text (``plain``), sentence
boundaries (``segmenter``), the English stop words (``stopwords``), whether a claim has a word
to check (``claimwords``), and the blanks removed marks leave (``removed_marks``).
"""
