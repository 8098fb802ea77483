"""``python -m claimaudit``: the same as the ``claimaudit`` command."""

from claimaudit.cli import main

main()
