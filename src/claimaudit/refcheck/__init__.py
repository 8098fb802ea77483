"""Reference integrity: is each cited reference a real work, described as the catalogue
describes it, and still standing?

``ReferenceVerifier.check(CitedReference)`` looks an arXiv id up in the arXiv API and a DOI in
Crossref's REST API and gives a ``ReferenceCheck`` whose ``status`` is one of ``ok``,
``not_found``, ``metadata_mismatch``, ``withdrawn`` or ``not_verified`` (see
``claimaudit.refcheck.compare`` for the tolerances).
"""

from claimaudit.refcheck.crossref import CrossrefClient
from claimaudit.refcheck.models import (
    CatalogueRecord,
    CitedReference,
    Mismatch,
    ReferenceCheck,
    ReferenceStatus,
)
from claimaudit.refcheck.verify import ReferenceVerifier

__all__ = [
    "CatalogueRecord",
    "CitedReference",
    "CrossrefClient",
    "Mismatch",
    "ReferenceCheck",
    "ReferenceStatus",
    "ReferenceVerifier",
]
