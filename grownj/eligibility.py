"""Who may receive credits: minimum capital investment (s.3 b) and minimum jobs (s.3 c)."""
from __future__ import annotations

import numpy as np

from .arithmetic import to_cents
from .selection import binary_code, either, first_true, lookup, one_of
from .law import Law
from .scenario import Columns


def reduced_minimums(c: Columns) -> np.ndarray:
    """s.3 b, c last paragraphs: minimums reduced in a growth zone or the southern counties."""
    return (c.location_tier == "gsgz") | c.south_jersey


def capital_per_sq_ft(c: Columns, law: Law) -> np.ndarray:
    """s.3 b(1)-(4). As introduced only industrial premises had the lower minimums; the contract's
    `industrial` premises also covers warehousing and logistics, told apart by the industry."""
    industrial = (c.premises == "industrial") & ~one_of(c.industry, law.min_capital_nonindustrial_industries)
    new = c.construction == "new"
    table = [law.min_capital_other_rehab, law.min_capital_other_new,
             law.min_capital_industrial_rehab, law.min_capital_industrial_new]
    return lookup(np.asarray(table, dtype=float), binary_code(industrial, new))


def min_capital_investment(c: Columns, per_sq_ft: np.ndarray, reduced: np.ndarray, law: Law) -> np.ndarray:
    """`reduced`: reduced_minimums."""
    factor = either(reduced, 1 - law.min_capital_reduction, 1)
    return to_cents(per_sq_ft * c.gross_leasable_area * factor)


def targeted_industry(c: Columns, law: Law) -> np.ndarray:
    """Register 11: the listed sectors, and every technology startup (s.3 c(2))."""
    return one_of(c.industry, law.targeted_industries) | c.technology_startup


# s.3 c(1), (2), (3): the job minimums by kind of business, as (new, retained) parameters.
JOB_CATEGORIES = (
    ("min_new_jobs_startup_manufacturing", "min_retained_jobs_startup_manufacturing"),
    ("min_new_jobs_targeted", "min_retained_jobs_targeted"),
    ("min_new_jobs_other", "min_retained_jobs_other"),
)


def job_category(c: Columns, targeted: np.ndarray) -> np.ndarray:
    """Index into JOB_CATEGORIES: startup or manufacturing, other targeted industry (`targeted`:
    targeted_industry), any other."""
    startup_or_manufacturing = c.technology_startup | (c.industry == "manufacturing")
    return first_true([startup_or_manufacturing, targeted])


def min_jobs(category: np.ndarray, reduced: np.ndarray, law: Law) -> tuple[np.ndarray, np.ndarray]:
    """(minimum new, minimum retained) for each job_category, reduced where `reduced`
    (reduced_minimums); fractions kept (7.5 means 8 are needed: register 10)."""
    factor = either(reduced, 1 - law.min_jobs_reduction, 1)
    new, retained = (lookup([float(law[pair[k]]) for pair in JOB_CATEGORIES], category) * factor for k in (0, 1))
    return new, retained


def meets_jobs(c: Columns, min_new: np.ndarray, min_retained: np.ndarray) -> np.ndarray:
    """s.3 a(1)(a)-(c): enough retained, enough new, or in combination new/min + retained/min >= 1
    (register 10), compared by cross-multiplying so that no rounding decides it."""
    return ((c.new_jobs >= min_new) | (c.retained_jobs >= min_retained)
            | (c.new_jobs * min_retained + c.retained_jobs * min_new >= min_new * min_retained))


def meets_capital(c: Columns, minimum: np.ndarray) -> np.ndarray:
    return c.capital_investment >= minimum
