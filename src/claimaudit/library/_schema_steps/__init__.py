"""The schema's steps, in order: step ``n`` takes a library from version ``n - 1`` to ``n``.

Grouped by era, a module each: ``tables`` (1 to 6), ``normal_forms`` (7 to 9), ``scripts``
(10 on). A new step is appended to the last era's ``STEPS`` (or to a new era module added at the
end of ``MIGRATIONS`` below); ``claimaudit.library._migrations`` runs them.
"""

from __future__ import annotations

from claimaudit.library._schema_steps import normal_forms, scripts, tables
from claimaudit.library._schema_steps.common import APPLICATION_ID, Migration

MIGRATIONS: tuple[Migration, ...] = (*tables.STEPS, *normal_forms.STEPS, *scripts.STEPS)

__all__ = ["APPLICATION_ID", "MIGRATIONS", "Migration"]
