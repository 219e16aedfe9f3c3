"""The place decides (s.2 "Garden State Growth Zone", "Urban transit hub municipality"; s.5 d's
MRERA growth zone; s.3 b's southern counties): a given municipality sets the designations under the
project's law, the same in one evaluation and a table, and a flag that contradicts it is refused by
name on the command line and in a batch."""
import json
import subprocess
import sys

import pandas as pd
import pytest

import grownj
from grownj.engine.frame import evaluate_frame
from grownj.law import load
from grownj.law.places import place_names
from grownj.rules.scenario import ScenarioError

PROJECT = {"new_jobs": 300, "capital_investment": 5e7, "gross_leasable_area": 2e5, "average_salary": 80_000}


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "grownj", *map(str, args)], input=stdin, capture_output=True,
                          text=True)


@pytest.mark.parametrize("version", ["enacted", "passed"])
def test_every_municipality_decides_alike_in_one_evaluation_and_a_table(version):
    law = load(version)
    table = evaluate_frame(pd.DataFrame([{**PROJECT, "municipality": p} for p in place_names()]), law)
    assert (table["error"] == "").all()
    for place, (_, row) in zip(place_names(), table.iterrows()):
        one = grownj.evaluate({**PROJECT, "municipality": place}, law)
        assert (one.location_tier, one.annual_credit, one.bonuses["c6"]) == \
            (row["location_tier"], row["annual_credit"], row["bonus_c6"]), place


def test_atlantic_city_is_a_growth_zone_only_as_enacted_s2():
    place = {**PROJECT, "municipality": "Atlantic City (Atlantic)"}
    assert grownj.evaluate(place).location_tier == "gsgz"
    assert grownj.evaluate(place, load("passed")).location_tier == "other"
    with pytest.raises(ScenarioError, match="location_tier: Atlantic City .* the bill as passed"):
        grownj.evaluate({**place, "location_tier": "gsgz"}, load("passed"))


def test_camden_is_mrera_whatever_the_flag_s5d():
    result = grownj.evaluate({**PROJECT, "municipality": "Camden (Camden)"})
    assert result.location_tier == "gsgz" and result.mrera_alternative_used


@pytest.mark.parametrize("flags, field", [
    ({"location_tier": "gsgz", "municipality": "Clifton (Passaic)"}, "location_tier"),
    ({"location_tier": "priority", "municipality": "Newark (Essex)"}, "location_tier"),
    ({"location_tier": "gsgz", "mrera": True, "municipality": "Trenton (Mercer)"}, "mrera"),
    ({"south_jersey": True, "municipality": "Clifton (Passaic)"}, "south_jersey"),
    ({"site_in_transit_hub": True, "municipality": "Clifton (Passaic)"}, "site_in_transit_hub"),
])
def test_a_flag_that_contradicts_the_place_is_refused_by_name_on_the_command_line(flags, field):
    done = run("evaluate", "-", stdin=json.dumps({**PROJECT, **flags}))
    assert done.returncode == 2 and done.stderr.startswith(f"error: {field}: {flags['municipality']}")


def test_a_batch_refuses_the_row_whose_flag_contradicts_its_place(tmp_path):
    rows = pd.DataFrame([{**PROJECT, "municipality": "Camden (Camden)", "location_tier": ""},
                         {**PROJECT, "municipality": "Clifton (Passaic)", "location_tier": "gsgz"}])
    rows.to_csv(tmp_path / "in.csv", index=False)
    done = run("batch", tmp_path / "in.csv", tmp_path / "out.csv")
    assert done.returncode == 0, done.stderr
    out = pd.read_csv(tmp_path / "out.csv", keep_default_na=False)
    assert out.loc[0, "location_tier_result"] == "gsgz" and out.loc[0, "error"] == ""
    assert out.loc[1, "error"].startswith("location_tier: Clifton (Passaic) is neither")
