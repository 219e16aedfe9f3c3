"""D2: s.2 "Mega project" c needs a site "located in an urban transit hub" (P.L.2007 c.346
s.2), an input of its own that every way a scenario travels carries: JSON, a CSV row, a link, the
library."""
import pandas as pd

import grownj
from grownj.ui.storage import Library
from grownj.ui import state

# An urban transit hub municipality, over $50M and over 250 jobs: mega project c only inside the hub.
OUTSIDE = {"location_tier": "uth", "site_in_transit_hub": False, "new_jobs": 251, "capital_investment": 50_000_001}


def test_the_site_decides_mega_item_c_in_evaluate_and_the_frame():
    assert not grownj.evaluate(OUTSIDE).mega_project
    assert grownj.evaluate({**OUTSIDE, "site_in_transit_hub": True}).mega_project
    frame = grownj.evaluate_frame(pd.DataFrame({"location_tier": ["uth"] * 3, "new_jobs": [251] * 3,
                                                "capital_investment": [50_000_001] * 3,
                                                "site_in_transit_hub": ["false", "true", None]}))
    # Empty: the default, outside the hub. A site is in the hub only if the user says so: a hub
    # municipality alone would make every large project there a mega project.
    assert frame["mega_project"].tolist() == [False, True, False]
    assert not grownj.evaluate({k: v for k, v in OUTSIDE.items() if k != "site_in_transit_hub"}).mega_project


def test_a_link_and_the_library_keep_the_site(tmp_path):
    scenario = grownj.Scenario.from_dict(OUTSIDE)
    opened, problems = state.scenario_from_query({"site_in_transit_hub": "false", "location_tier": "uth",
                                                  "new_jobs": "251", "capital_investment": "50000001"})
    assert not problems and opened.site_in_transit_hub is False
    library = Library(tmp_path / "lib.sqlite")
    library.save("Outside the hub", scenario)
    assert library.load("Outside the hub") == scenario
