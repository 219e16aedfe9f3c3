"""Where the project is, as the law sees it: the tier used and mega project status (s.2)."""
from __future__ import annotations

import numpy as np

from ..law import Law
from ..machinery.scenario_columns import Columns
from ..machinery.selection import Choice, any_of, one_of


def priority_by_definition(c: Columns) -> np.ndarray:
    """s.2 "Priority area" b, c: a site in a deep poverty pocket or port district, or the site of a
    disaster recovery project, qualified incubator or transit oriented development (register 14)."""
    return (c.location_tier == "other") & (
        c.deep_poverty_pocket | c.port_district | c.disaster_recovery_project | c.incubator | c.transit_oriented
    )


def tier_used(c: Columns, priority: np.ndarray) -> Choice:
    """The tier given, or a priority area where `priority` (priority_by_definition)."""
    return c.location_tier.where(priority, "priority")


def total_jobs(c: Columns) -> np.ndarray:
    return c.new_jobs + c.retained_jobs


# The location tiers of s.5 b (they set the base amount and the caps) by the names s.2 gives them,
# each written here once and read wherever a tier is named; the growth zone, a defined name, keeps its capitals.
TIER_NAMES = {
    "gsgz": "Garden State Growth Zone",
    "uth": "urban transit hub municipality",
    "distressed": "distressed municipality",
    "priority": "priority area",
    "other": "other eligible area",
}
GSGZ, PRIORITY = TIER_NAMES["gsgz"], TIER_NAMES["priority"]

# Each item of the s.2 "Mega project" definition in a few words, for the sentence that says which applied.
MEGA_ITEM_WORDS = {
    "a": "a logistics, manufacturing, energy, defense or maritime business in a port district",
    "b": f"an aviation business in an aviation district, a project in a {GSGZ}, or an "
         f"automobile manufacturer's United States headquarters in a {PRIORITY}",
    "c": "a business of any kind in an urban transit hub",
    "d": "a corporate headquarters",
    # "designated in need of redevelopment prior to the enactment" of this act: the flag read as a designation
    # made before October 24, 2014 (act_2014_effective_date).
    "e": "a project in an area designated in need of redevelopment (before this act) in a southern county",
}


def mega_items(c: Columns, tier: np.ndarray, jobs: np.ndarray, law: Law) -> dict[str, np.ndarray]:
    """Which items of the s.2 "Mega project" definition the project meets ("in excess of" and
    "more than" are strict; d counts new jobs only: register 12). `jobs`: total_jobs."""
    capex = c.capital_investment
    large = ((capex > law.mega_port_capital_investment) & (jobs > law.mega_port_jobs)) | (jobs > law.mega_port_jobs_alone)
    items = {
        "a": c.port_district & one_of(c.industry, law.mega_port_industries) & large,
        "b": ((c.aviation_district & (c.industry == "aviation")) | (tier == "gsgz")
              | ((tier == "priority") & c.auto_manufacturer_us_hq)) & large,
        # "located in an urban transit hub": the site within the hub, not only its municipality.
        "c": (tier == "uth") & c.site_in_transit_hub & (capex > law.mega_uth_capital_investment)
             & (jobs > law.mega_uth_jobs),
        "d": c.corporate_headquarters & (capex > law.mega_hq_capital_investment) & (c.new_jobs > law.mega_hq_new_jobs),
        "e": c.redevelopment_area & c.south_jersey & (capex > law.mega_redevelopment_capital_investment)
             & (jobs > law.mega_redevelopment_jobs),
    }
    # d and e are committee insertions: the bill as introduced had a to c only.
    return {k: v if k in law.mega_items_in_force else np.zeros_like(v) for k, v in items.items()}


def is_mega(items: dict[str, np.ndarray]) -> np.ndarray:
    return any_of(items.values())


def gsgz_or_mega(tier: Choice, mega: np.ndarray) -> np.ndarray:
    """A Garden State Growth Zone or a mega project: the law treats them alike for the per-job and
    annual caps (s.5 d, f(2)), the investment bonus c(10), the net benefit horizon (s.3 a(3)) and
    the use of credits (s.6)."""
    return mega | (tier == "gsgz")
