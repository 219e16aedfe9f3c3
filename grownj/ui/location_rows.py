"""The locations a project is placed in, as table rows (Compare locations' starting table, Risk's
other places, presenter mode's and the link's): data only, so that the session's state, which writes
the rows into a link, and the pages that compute with them read one list."""
from ..words.choices import tier_label, tier_name

LOCATION_COLUMNS = ["location_tier", "mrera", "south_jersey", "deep_poverty_pocket", "transit_oriented",
                    "redevelopment_area", "county_average_salary"]
# The table's headers for its ticks, short so that the table fits a projector ("In a southern coun..."
# was cut); each header's help is the field's label in full.
SHORT_HEADERS = {"mrera": "MRERA", "south_jersey": "Southern county", "deep_poverty_pocket": "Deep poverty",
                 "transit_oriented": "Transit oriented", "redevelopment_area": "Redevelopment"}


def location(name: str, tier: str, salary: float = 60000.0, **flags: bool) -> dict:
    """One row of the location table: every flag off unless named."""
    row = {"name": name, "location_tier": tier, **{k: False for k in LOCATION_COLUMNS[1:-1]},
           "county_average_salary": salary}
    return {**row, **flags}


# Compare's first row when no location row places the project where it is: the project as the
# calculator and every other page show it.
OWN_SITE = "This project, at its own site"

# County salaries: BLS QCEW 2013 Q4 x 52 (grownj/law/county_weekly_wages_2013q4.csv) for Camden and Essex.
DEFAULT_LOCATIONS = [
    location("Camden (MRERA growth zone)", "gsgz", 53352.0, mrera=True, south_jersey=True),
    location("Newark (transit hub)", "uth", 64324.0, transit_oriented=True),
    location(f"A {tier_name('distressed')}", "distressed"),
    location(f"Suburban {tier_name('priority')}", "priority"),
    location(tier_label("other"), "other"),
]
