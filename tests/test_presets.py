"""Presets: published awards reproduce their reported figures; teaching cases show what they say."""
import pandas as pd

import grownj
from grownj.awards.presets import presets
from grownj.law.places import DATA, municipalities, county_wages

BY_NAME = {p.name.split(" (")[0]: p for p in presets()}


def test_published_presets_reproduce_reported_awards_s5d():
    for p in presets():
        if p.kind == "published" and "assumed" not in p.name:
            r = grownj.evaluate(p.scenario)
            assert (r.annual_credit, r.total_credit) == (p.reported_per_year, p.reported_total), p.name


def test_chelten_with_assumed_inputs_matches_the_rounded_report():
    # Mega project a (port district, > $20M, 301 jobs): 125 x 11,000 + 176 x 5,500 = 2,343,000 a year
    # against $2.34M reported (rounded in the press).
    r = grownj.evaluate(BY_NAME["Chelten House Products, Logan Township"].scenario)
    assert r.mega_project and (r.per_job_new, r.per_job_retained) == (11000, 5500)
    assert r.annual_credit == 2343000 and r.total_credit == 23430000


def test_teaching_presets_show_their_rule():
    r = grownj.evaluate(BY_NAME["Fails eligibility: too few jobs"].scenario)
    assert not r.eligible and r.total_credit == 0 and r.reasons  # s.3 c(2)
    r = grownj.evaluate(BY_NAME["Mega project, Newark transit hub"].scenario)
    assert r.mega_project and r.annual_credit == 4675000  # s.2 mega c; 500 x 8,500 + 100 x 4,250
    r = grownj.evaluate(BY_NAME["Headquarters move keeping retained jobs"].scenario)
    assert r.mega_project and r.per_job_retained == r.gross_per_job  # s.5 e exception
    r = grownj.evaluate(BY_NAME["Priority area, withholdings limit"].scenario)
    assert r.annual_cap == 1350000  # s.5 f(5): 90% of 1,500,000
    r = grownj.evaluate(BY_NAME["Other eligible area, per-job cap"].scenario)
    assert (r.gross_per_job_uncapped, r.gross_per_job) == (6750, 6000)  # s.5 d(5)
    tiers = {p.scenario.location_tier for p in presets()}
    assert tiers == {"gsgz", "uth", "distressed", "priority", "other"}


def test_places_cover_every_county_and_municipality():
    towns = municipalities()
    assert len(towns) == 565 and towns["county"].nunique() == 21
    assert set(county_wages().index) - {"New Jersey (statewide)"} == set(towns["county"])
    designations = pd.read_csv(DATA / "municipality_designations.csv")
    assert towns["garden_state_growth_zone"].sum() == 4 and towns["urban_transit_hub_municipality"].sum() == 9
    assert set(designations["municipality"]) <= set(towns["municipality"])
