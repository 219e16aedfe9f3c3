"""Who may receive credits: minimum capital investment (s.3 b) and minimum jobs (s.3 c)."""
from __future__ import annotations

import numpy as np

from ..law import Law
from ..machinery.arithmetic import at_least
from ..machinery.scenario_columns import Columns
from ..machinery.selection import Choice, amount_of, choose, either, one_of


def reduced_minimums(c: Columns) -> np.ndarray:
    """s.3 b, c last paragraphs: minimums reduced in a growth zone or the southern counties."""
    return (c.location_tier == "gsgz") | c.south_jersey


def min_capital_parameter(c: Columns, law: Law) -> Choice:
    """Which of s.3 b(1)-(4) sets the minimum investment a square foot. As introduced only industrial
    premises had the lower minimums; the contract's `industrial` premises also covers warehousing and
    logistics, told apart by the industry."""
    industrial = (c.premises == "industrial") & ~one_of(c.industry, law.min_capital_nonindustrial_industries)
    new = c.construction == "new"
    return choose([(industrial & new, "min_capital_industrial_new"), (industrial, "min_capital_industrial_rehab"),
                   (new, "min_capital_other_new")], "min_capital_other_rehab")


def min_capital_investment(c: Columns, per_sq_ft: np.ndarray, reduced: np.ndarray, law: Law) -> np.ndarray:
    """The minimum a square foot (min_capital_parameter's amount) times the area, reduced where
    `reduced` (reduced_minimums)."""
    factor = either(reduced, 1 - law.min_capital_reduction, 1)
    return per_sq_ft * c.gross_leasable_area * factor


def targeted_industry(c: Columns, law: Law) -> np.ndarray:
    """Register 11: the listed sectors, and every technology startup (s.3 c(2))."""
    return one_of(c.industry, law.targeted_industries) | c.technology_startup


# s.3 c(1), (2), (3): each kind of business's minimum of new jobs, and its minimum of retained jobs.
RETAINED_MINIMUM = {
    "min_new_jobs_startup_manufacturing": "min_retained_jobs_startup_manufacturing",
    "min_new_jobs_targeted": "min_retained_jobs_targeted",
    "min_new_jobs_other": "min_retained_jobs_other",
}


def min_jobs_parameter(c: Columns, targeted: np.ndarray) -> Choice:
    """Which of s.3 c(1)-(3) sets the job minimums, by its new-jobs parameter: a technology startup
    or manufacturing company, another targeted industry (`targeted`: targeted_industry), any other."""
    startup_or_manufacturing = c.technology_startup | (c.industry == "manufacturing")
    return choose([(startup_or_manufacturing, "min_new_jobs_startup_manufacturing"),
                   (targeted, "min_new_jobs_targeted")], "min_new_jobs_other")


def min_jobs(parameter: Choice, reduced: np.ndarray, law: Law) -> tuple[np.ndarray, np.ndarray]:
    """(minimum new, minimum retained) under the `parameter` that applies (min_jobs_parameter),
    reduced where `reduced` (reduced_minimums); fractions kept (7.5 means 8 are needed: register 10)."""
    factor = either(reduced, 1 - law.min_jobs_reduction, 1)
    retained = {new: law[kept] for new, kept in RETAINED_MINIMUM.items()}
    return amount_of(parameter, law) * factor, amount_of(parameter, retained) * factor


def meets_jobs(c: Columns, min_new: np.ndarray, min_retained: np.ndarray) -> np.ndarray:
    """s.3 a(1)(a)-(c): enough retained, enough new, or in combination new/min + retained/min >= 1
    (register 10), compared by cross-multiplying so that no rounding decides it."""
    return ((c.new_jobs >= min_new) | (c.retained_jobs >= min_retained)
            | (c.new_jobs * min_retained + c.retained_jobs * min_new >= min_new * min_retained))


def meets_capital(c: Columns, minimum: np.ndarray) -> np.ndarray:
    """s.3 b: "at least" the exact minimum, compared before any rounding to the cent."""
    return at_least(c.capital_investment, minimum)
