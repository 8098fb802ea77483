"""Whether an arXiv id is one arXiv's schemes can issue (info.arxiv.org/help/arxiv_identifier):
the new scheme's YYMM.NNNNN from April 2007 to this month, the old scheme's archive/YYMMNNN from
August 1991 to March 2007, in its archives only (``claimaudit.identity`` reads the id)."""

from __future__ import annotations

from datetime import UTC, datetime

_MONTHS = (
    "January February March April May June July August September October November December"
).split()


def _this_month() -> tuple[int, int]:
    # UTC: arXiv dates its ids by its own (US Eastern) month, never later than UTC's.
    today = datetime.now(UTC)
    return today.year, today.month


def new_style_problem(yymm: str, number: str) -> str | None:
    """Why ``yymm.number`` is not an id arXiv's scheme can issue, or None: the scheme began in
    April 2007 (0704), numbers had 4 digits through 1412 and 5 from 1501, months run 01-12,
    and YY 07-99 is 2007-2099, no later than this month (info.arxiv.org/help/arxiv_identifier).
    """
    year, month = 2000 + int(yymm[:2]), int(yymm[2:])
    if not 1 <= month <= 12:
        return f"its month {yymm[2:]} is not 01-12 (YYMM is the year and month)"
    if (year, month) < (2007, 4):
        # YY 00-06 would be 2100-2106, far ahead; it is meant as 2000-2006, before the scheme.
        return (
            "arXiv ids of the form YYMM.NNNN begin in April 2007 (0704); "
            "older ones read like hep-th/0501001"
        )
    if (year, month) > _this_month():
        return f"it would be from {_MONTHS[month - 1]} {year}, a month not yet reached"
    if (year, month) >= (2015, 1) and len(number) != 5:
        return "from 2015 (1501) arXiv ids have 5 digits after the dot, YYMM.NNNNN"
    if (year, month) < (2015, 1) and len(number) != 4:
        return "arXiv ids of the form YYMM.NNNNN begin in 2015 (1501); before, YYMM.NNNN"
    if not int(number):
        return "arXiv numbers each month's papers from 1"
    return None


# The archives of arXiv's old scheme (info.arxiv.org/help/arxiv_identifier and the archives
# since merged into others): no other name ever began an old-style id.
_OLD_ARCHIVES = frozenset(
    """astro-ph cond-mat gr-qc hep-ex hep-lat hep-ph hep-th math-ph nlin nucl-ex nucl-th physics
    quant-ph math cs q-bio q-fin stat acc-phys adap-org alg-geom ao-sci atom-ph bayes-an chao-dyn
    chem-ph cmp-lg comp-gas dg-ga funct-an mtrl-th patt-sol plasm-ph q-alg solv-int
    supr-con""".split()
)


def old_style_problem(archive: str, number: str) -> str | None:
    """Why ``archive/YYMMNNN`` is no id arXiv's old scheme issued, or None: it ran from August
    1991 (9108) to March 2007 (0703), months 01-12, numbering each month's papers from 001,
    in its archives only. Without this, ``hep-th/9913001`` was taken, and only arXiv's "not
    found" told otherwise; so was ``hep-ht/9901001``, a typo of an archive."""
    if archive not in _OLD_ARCHIVES:
        return f"arXiv has no archive {archive!r} (old-style ids read like hep-th/9901001)"
    yymm, serial = number[:4], number[4:]
    month = int(yymm[2:])
    if not 1 <= month <= 12:
        return f"its month {yymm[2:]} is not 01-12 (YYMM is the year and month)"
    # YY 91-99 is 1991-1999; 00-90 is 2000-2090, the old scheme's last month being 0703.
    year = 1900 + int(yymm[:2]) if int(yymm[:2]) >= 91 else 2000 + int(yymm[:2])
    if not (1991, 8) <= (year, month) <= (2007, 3):
        return (
            "old-style arXiv ids (archive/YYMMNNN) run from August 1991 (9108) to March 2007 "
            "(0703); later ones read like 0704.0001"
        )
    if not int(serial):
        return "arXiv numbers each month's papers from 1"
    return None
