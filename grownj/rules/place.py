"""Where a municipality is given, it decides what the law makes of the site: a Garden State Growth
Zone or urban transit hub municipality (s.2, s.5 b), MRERA's growth zone (s.5 d), the southern
counties (s.3 b, c) and the salary c(6) compares with, each under the project's law (Atlantic City a
growth zone only as enacted). A flag that says otherwise is refused by name. In array form: a table's
municipality column is a column of codes, and each designation is looked up by code."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import numpy as np

from ..law import VERSIONS, Law
from ..law.places import designations_with, place_names
from ..machinery.columns import Coded
from ..machinery.scenario_columns import Columns
from .location import TIER_NAMES

TIERS = tuple(TIER_NAMES)
# The scenario's municipality: none given (code 0), or one of the 565 as a person picks it.
PLACES = (None, *place_names())
# The tiers only a designation gives; a distressed municipality or priority area depends on maps.
DESIGNATED = ("gsgz", "uth")
# The fields a municipality decides.
DECIDED = ("location_tier", "mrera", "south_jersey", "county_average_salary")


@dataclass(frozen=True)
class _Table:
    """Each designation by municipality code (code 0: none given)."""
    tier: np.ndarray  # the tier's code among TIERS, -1 for none
    mrera: np.ndarray
    south: np.ndarray
    hub: np.ndarray
    salary: np.ndarray
    county: tuple[str, ...]


@lru_cache(maxsize=2)
def _table(tourism_district_zone: bool) -> _Table:
    d = designations_with(tourism_district_zone)
    tier = np.array([-1, *(TIERS.index(t) if isinstance(t, str) else -1 for t in d["location_tier"])])
    flag = lambda name: np.concatenate([[False], d[name].to_numpy(bool)])  # noqa: E731
    salary = np.concatenate([[0.0], np.nan_to_num(d["comparison_salary"].to_numpy(float))])
    return _Table(tier, flag("mrera"), flag("south_jersey"), flag("urban_transit_hub_municipality"), salary,
                  ("", *d["county"]))


def _designation(tier: int) -> str:
    if tier < 0:
        return f"neither a {TIER_NAMES['gsgz']} nor an {TIER_NAMES['uth']}"
    return f"{'a' if TIERS[tier] == 'gsgz' else 'an'} {TIER_NAMES[TIERS[tier]]}"


def law_words(law: Law) -> str:
    """The law a designation is read under, as a sentence says it: "the bill as passed by ..."."""
    version = VERSIONS[law.version]
    version = f"the law {version}" if version.startswith("as ") else version
    return version if law.name == law.version else f"the reform {law.name!r} of {version}"


def settle(c: Columns, law: Law) -> tuple[Columns, list[tuple[str, np.ndarray, Callable[[int], str]]]]:
    """(the columns with what each given municipality decides, the flags that contradict it as
    (field, bad-row mask, message for a row)). A tier left as "other" takes the place's designation;
    salary compared left at 0 takes the zone's (where found) or the county's."""
    code = c.municipality.codes.astype(np.intp)
    given = code > 0
    if not given.any():
        return c, []
    t = _table(bool(law.growth_zone_tourism_district))
    place_tier = t.tier[code]
    tier = c.location_tier.codes
    designated = place_tier >= 0
    other, allowed = TIERS.index("other"), [TIERS.index(x) for x in DESIGNATED]
    under = law_words(law)

    def words(i: int) -> str:
        return PLACES[code[i]]

    errors = [
        ("location_tier", given & np.where(designated, (tier != place_tier) & (tier != other), np.isin(tier, allowed)),
         lambda i: f"{words(i)} is {_designation(place_tier[i])} under {under}: the municipality decides the "
                   f"tier, so {TIERS[tier[i]]} contradicts it (leave the tier out, or give {TIERS[max(place_tier[i], other)]})"),
        ("mrera", given & c.mrera & ~t.mrera[code],
         lambda i: f"{words(i)} is not a {TIER_NAMES['gsgz']} that qualifies under MRERA (P.L.2002 c.43) under {under}"),
        ("south_jersey", given & c.south_jersey & ~t.south[code],
         lambda i: f"{words(i)} is in {t.county[code[i]]} County, not one of the southern counties (s.3 b)"),
        ("site_in_transit_hub", given & c.site_in_transit_hub & ~t.hub[code],
         lambda i: f"{words(i)} is not an {TIER_NAMES['uth']}, so no site there is within an urban transit hub"),
    ]
    settled = Columns(dict(c))
    settled["location_tier"] = Coded(np.where(given & designated, place_tier, tier), TIERS)
    settled["mrera"] = np.where(given, t.mrera[code], c.mrera)
    settled["south_jersey"] = np.where(given, t.south[code], c.south_jersey)
    settled["county_average_salary"] = np.where(given & (c.county_average_salary == 0), t.salary[code],
                                                c.county_average_salary)
    return settled, [(name, bad, message) for name, bad, message in errors if bad.any()]
