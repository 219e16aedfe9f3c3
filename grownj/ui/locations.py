"""Named locations to place one project in (Compare locations, Risk, presenter mode). A location is a
site: its row replaces every site field of the project, and a site field that is not a column of
the table is the contract's default there (no port district, no light rail, ...), so that a flag of
the sidebar's own site does not follow the project to every other place."""
from . import state
from ..engine.evaluation import evaluate
from ..law import Law
from ..rules import credit
from ..rules.result import Result
from ..rules.scenario import FIELDS
from ..words.choices import tier_label, tier_name
from .inputs import GROUPS

LOCATION_COLUMNS = ["location_tier", "mrera", "south_jersey", "deep_poverty_pocket", "transit_oriented",
                    "redevelopment_area", "county_average_salary"]
# The table's headers for its ticks, short so that the table fits a projector ("In a southern coun..."
# was cut); each header's help is the field's label in full.
SHORT_HEADERS = {"mrera": "MRERA", "south_jersey": "Southern county", "deep_poverty_pocket": "Deep poverty",
                 "transit_oriented": "Transit oriented", "redevelopment_area": "Redevelopment"}
SITE_FIELDS = (*GROUPS["Where"], "county_average_salary")


def location(name: str, tier: str, salary: float = 60000.0, **flags: bool) -> dict:
    """One row of the location table: every flag off unless named."""
    row = {"name": name, "location_tier": tier, **{k: False for k in LOCATION_COLUMNS[1:-1]},
           "county_average_salary": salary}
    return {**row, **flags}


# County salaries: BLS QCEW 2013 Q4 x 52 (grownj/law/county_weekly_wages_2013q4.csv) for Camden and Essex.
DEFAULT_LOCATIONS = [
    location("Camden (MRERA growth zone)", "gsgz", 53352.0, mrera=True, south_jersey=True),
    location("Newark (transit hub)", "uth", 64324.0, transit_oriented=True),
    location(f"A {tier_name('distressed')}", "distressed"),
    location(f"Suburban {tier_name('priority')}", "priority"),
    location(tier_label("other"), "other"),
]


def overrides(row: dict) -> dict:
    """The site fields a location row sets; MRERA only where the tier is a growth zone."""
    out = {k: FIELDS[k].default for k in SITE_FIELDS}
    out.update({k: row[k] for k in LOCATION_COLUMNS if k in row and row[k] == row[k] and row[k] is not None})
    for k in LOCATION_COLUMNS[1:-1]:  # the flags: an edited table may hold 0/1 or numpy booleans
        if k in out:
            out[k] = bool(out[k])
    if out.get("location_tier") != credit.MRERA_ZONE:
        out["mrera"] = False
    return out


def evaluated_at(row: dict, law: Law | None = None) -> Result:
    """The project placed at a location row, evaluated under `law` (None: the project's): the project's
    own Result where the row changes none of its fields (state.project evaluates it once)."""
    scenario, result = state.project(law)
    changes = overrides(row)
    if all(getattr(scenario, k) == v for k, v in changes.items()):
        return result
    return evaluate(scenario.replace(**changes), result.law)
