"""``python -m claimaudit``: the same as the ``claimaudit`` command."""

from claimaudit._entry import main

main()
