"""python -m grownj: evaluate, schedule, batch; bad input exits 2 with one line naming the field."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import grownj

ROOT = Path(__file__).parents[1]
HOLTEC = {"location_tier": "gsgz", "mrera": True, "south_jersey": True, "new_jobs": 235, "retained_jobs": 160,
          "capital_investment": 260000000, "industry": "manufacturing", "premises": "industrial",
          "gross_leasable_area": 600000, "construction": "new"}


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "grownj", *map(str, args)], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_evaluate_holtec_prints_total_credit_of_260_million_s5d(tmp_path):
    path = tmp_path / "holtec.json"
    path.write_text(json.dumps(HOLTEC))
    out = run("evaluate", path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["total_credit"] == 260000000


def test_evaluate_reads_stdin():
    out = run("evaluate", "-", stdin='{"location_tier": "uth", "new_jobs": 100}')
    assert json.loads(out.stdout)["annual_credit"] == 500000  # s.5 b(1): 100 x 5,000


def test_schedule_prints_years():
    out = run("schedule", "-", stdin=json.dumps({"location_tier": "uth", "new_jobs": 100,
                                                 "facility_jobs": [100, 70] + [100] * 8}))
    years = json.loads(out.stdout)["years"]
    assert [y["credit"] for y in years[:2]] == [500000, 0] and years[1]["forfeited"]  # s.6 d(2)


@pytest.mark.parametrize("stdin, needle", [
    ("{", "not valid JSON"),
    ("", "empty"),
    ("[1, 2]", "scenario: must be a JSON object"),
    ('{"new_jobs": -5}', "new_jobs"),
    ('{"bogus": 1}', "bogus: unknown field"),
    ('{"facility_jobs": [1]}', "facility_jobs"),
    ("[" * 100000, "JSON"),
])
def test_bad_input_exits_2_with_one_line(stdin, needle):
    for command in ("evaluate", "schedule"):
        out = run(command, "-", stdin=stdin)
        assert out.returncode == 2, out.stderr
        assert needle in out.stderr and "Traceback" not in out.stderr
        assert len(out.stderr.strip().splitlines()) == 1


def test_missing_file_exits_2():
    out = run("evaluate", "/nonexistent/x.json")
    assert out.returncode == 2 and "cannot read" in out.stderr


def test_batch_keeps_every_row_in_order_with_errors(tmp_path):
    src, dst = tmp_path / "in.csv", tmp_path / "out.csv"
    src.write_text("company,new_jobs,location_tier,transit_oriented\nA,100,uth,false\nB,abc,uth,0\n"
                   "C,,,\nD,40,other,1\n")
    out = run("batch", src, dst)
    assert out.returncode == 0, out.stderr
    got = pd.read_csv(dst, keep_default_na=False, dtype={"error": str, "reasons": str})
    assert list(got["company"]) == ["A", "B", "C", "D"]
    assert got["error"][1].startswith("new_jobs:") and got["error"][0] == got["error"][3] == ""
    assert float(got["annual_credit"][0]) == 500000  # 100 x 5,000 (s.5 b(1))
    assert float(got["annual_credit"][3]) == 200000  # priority by definition: 40 x (3,000 + 2,000)
    assert got["reasons"][2].startswith("Needs 35 new jobs")
    assert {f"bonus_c{i}" for i in range(1, 17)} <= set(got.columns)


def test_batch_empty_file_exits_2(tmp_path):
    (tmp_path / "empty.csv").write_text("")
    out = run("batch", tmp_path / "empty.csv", tmp_path / "out.csv")
    assert out.returncode == 2 and "empty" in out.stderr


def test_batch_duplicate_columns_exit_2(tmp_path):
    (tmp_path / "dup.csv").write_text("new_jobs,new_jobs\n1,2\n")
    out = run("batch", tmp_path / "dup.csv", tmp_path / "out.csv")
    assert out.returncode == 2 and "more than once" in out.stderr


def test_parameters_prints_every_parameter_with_its_citation():
    out = run("parameters")
    params = json.loads(out.stdout)
    assert params["base_gsgz_uth_mega"]["value"] == 5000  # s.5 b(1)
    assert params["base_gsgz_uth_mega"]["citation"] == "s.5 b(1), C.34:1B-246"
    assert params["base_gsgz_uth_mega"]["label"] == grownj.enacted().parameters["base_gsgz_uth_mega"].label
    assert params["mrera_annual_caps"]["value"] == [2000000, 3000000, 4000000, 5000000, None]
    assert params["mrera_annual_caps"]["keys"] == ["a", "b", "c", "d", "e"]  # s.5 d's tiers (a)-(e)
    assert params["retained_share"]["range"] == "from 0 to 1" and params["bonus_c6_step_excess"]["range"] == "above 0"
    assert all(re.match(r"(P.L.\d{4} c.\d+ )?s\.\d", p["citation"]) for p in params.values())


def test_holtec_is_26m_a_year_under_the_law_it_was_approved_under_s5d6(tmp_path):
    # Holtec was approved on July 10, 2014, under prior law (P.L.2013 c.161), whose MRERA text is the
    # bill as introduced: tier e, "the total capital investment ... divided by the total number of
    # full-time jobs", a total over the grant term: $260M / 10 = $26M a year in every version.
    path = tmp_path / "holtec.json"
    path.write_text(json.dumps(HOLTEC))
    for law in ("prior", "introduced", "enacted"):
        assert json.loads(run("evaluate", path, "--law", law).stdout)["annual_credit"] == 26000000
    reform = tmp_path / "introduced.json"
    reform.write_text('{"law": "introduced"}')
    out = json.loads(run("evaluate", path, "--reform", reform).stdout)
    assert out["difference"]["annual_credit"] == 0 and out["baseline"]["total_credit"] == 260000000
    # What the committee changed: "35 or more ¹[new or retained]¹ full-time jobs ¹new to the
    # municipality¹". Had only its 235 new jobs been new to Camden, the enacted text counts 235: tier d,
    # min($26M, $5M) = $5M; as introduced 235 + 160 = 395 new or retained: tier e, $26M.
    path.write_text(json.dumps({**HOLTEC, "jobs_new_to_municipality": 235}))
    out = json.loads(run("evaluate", path, "--reform", reform).stdout)
    assert out["difference"]["annual_credit"] == 21000000 and out["difference"]["total_credit"] == 210000000


def test_reform_file_on_schedule_and_batch_s5e2(tmp_path):
    reform = tmp_path / "r.yaml"
    reform.write_text("name: Retained at 75%\nparameters:\n  retained_share: 0.75\n")
    scenario = {"location_tier": "distressed", "retained_jobs": 100, "capital_investment": 10000000}
    out = json.loads(run("schedule", "-", "--reform", reform, stdin=json.dumps(scenario)).stdout)
    # $4,000 x (0.75 - 0.50) x 100 jobs x 10 years = $1,000,000.
    assert out["difference"]["total_credit"] == 1000000 and out["reform_law"] == "Retained at 75%"
    pd.DataFrame([scenario, {"location_tier": "uth", "new_jobs": 100}]).to_csv(tmp_path / "in.csv", index=False)
    done = run("batch", tmp_path / "in.csv", tmp_path / "out.csv", "--reform", reform)
    assert done.returncode == 0, done.stderr
    rows = pd.read_csv(tmp_path / "out.csv")
    assert list(rows["difference_annual_credit"]) == [100000, 0]


def test_parameters_by_version_mark_inherited_prior_values():
    prior = json.loads(run("parameters", "--law", "prior").stdout)
    assert prior["forfeiture_rule"] == {**prior["forfeiture_rule"], "value": "forfeit", "inherited": False}
    assert prior["base_other"]["inherited"] is True
    introduced = json.loads(run("parameters", "--law", "introduced").stdout)
    assert introduced["retained_capital_fraction"]["value"] is None


@pytest.mark.parametrize("text, message", [
    ('{"parameters": {"base_othr": 1}}', "error: base_othr: no such parameter; did you mean base_other?"),
    ('{"parameters": {"base_other": "lots"}}', "error: base_other: must be a number at least 0, got 'lots'"),
    ("{law: [", "error: reform: not valid JSON or YAML"),
])
def test_bad_reform_file_exits_2_with_one_line(tmp_path, text, message):
    reform = tmp_path / "bad.json"
    reform.write_text(text)
    out = run("evaluate", "-", "--reform", reform, stdin="{}")
    assert out.returncode == 2 and out.stderr.startswith(message) and out.stderr.count("\n") == 1


@pytest.mark.parametrize("command, data, key, expected", [
    # s.7: $200,000 sold at 90 cents in each of two years.
    ("credit-use", {"credits": [500000, 500000], "sell": [200000, 200000], "price": 0.9, "liability": 300000},
     "total_proceeds", 360000),
    # bill s.7 b(2)(a): Camden growth zone, the $175M sub-allocation.
    ("erg", {"county": "Camden", "gsgz": True}, "sub_allocation_amount", 175000000),
    # P.L.2013 c.161 s.24 c: 10 exempt years of $1,000 plus 450% of $1,000 in years 11-19.
    ("exemption", {"taxes_due": 1000}, "total_exempt", 14500),
    # s.6 b(1): prior to July 1, 2019.
    ("deadlines", {"application_date": "2019-07-01"}, "all_met", False),
])
def test_rest_of_the_act_subcommands(command, data, key, expected):
    out = run(command, "-", stdin=json.dumps(data))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)[key] == expected


def test_erg_subcommand_takes_the_law_version():
    out = run("erg", "-", "--law", "introduced", stdin='{"county": "Essex", "application_date": "2015-07-01"}')
    assert json.loads(out.stdout)["date_checks"][0]["deadline"] == "2015-07-01"  # "¹[2015] 2016¹"


@pytest.mark.parametrize("command", ["credit-use", "erg", "exemption", "deadlines"])
def test_rest_of_the_act_bad_input_exits_2_with_one_line(command):
    out = run(command, "-", stdin='{"no_such_field": 1}')
    assert out.returncode == 2 and out.stderr.startswith("error: no_such_field: unknown field")
    assert out.stderr.count("\n") == 1


def test_net_benefit_prints_both_views_with_an_award_spread_evenly_s3a3():
    out = run("net-benefit", "-", stdin=json.dumps({"scenario": HOLTEC, "award_total": 26000000,
                                                    "assumptions": {"but_for_typical": 0.2}, "draws": 500,
                                                    "seed": 7}))
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    s, e = got["statutory"], got["economist"]
    assert (s["years"], s["ratio_required"], s["credit"]) == (35, 1.0, 26000000)  # MRERA GSGZ, s.3 a(3)(b)
    assert s["net_benefit"] == pytest.approx(s["benefit"] - s["credit"], abs=0.02)
    assert s["passes"] == (s["benefit"] >= s["credit"]) and s["ratio"] == pytest.approx(s["benefit"] / 26e6, abs=1e-4)
    assert set(e) >= {"npv", "benefit_cost_ratio", "breakeven_but_for", "cost_per_induced_job", "benefit", "credit",
                      "induced_jobs", "streams", "parts", "probability_positive", "npv_band",
                      "cost_per_induced_job_year", "breakeven_note", "fiscal_npv"}
    assert sum(e["parts"].values()) == pytest.approx(e["npv"], abs=0.05) and (e["draws"], e["seed"]) == (500, 7)
    assert got["assumptions"]["but_for_typical"] == 0.2
    # Without the award the engine's credit counts: $26M a year for ten years (tier e).
    alone = json.loads(run("net-benefit", "-", stdin=json.dumps({"scenario": HOLTEC})).stdout)
    assert alone["statutory"]["credit"] == 260000000


def test_net_benefit_splits_state_and_local_with_a_verdict_in_three_s3a3b():
    got = json.loads(run("net-benefit", "-", stdin=json.dumps({"scenario": HOLTEC, "award_total": 260000000})).stdout)
    s = got["statutory"]
    assert s["state"] + s["local"] == pytest.approx(s["benefit"], abs=0.02) and s["local"] > 0  # MRERA, s.3 a(3)(b)
    assert set(s["streams"]) - {"income_direct", "income_indirect", "sales", "cbt"} == {"zone_sales",
                                                                                       "facility_property"}
    assert {"household_local", "construction"} <= set(s["not_counted"])
    assert any("not model" in note and "s.3 a(3)" in note for note in s["notes"])  # the growth zone bonuses
    assert s["years_max"] == s["years"] == 35 and s["verdict"] == "within the model's error"
    low, high = s["benefit_band"]
    assert low < s["benefit"] < high and low < s["credit"] < high
    uth = json.loads(run("net-benefit", "-", stdin=json.dumps(
        {"scenario": {"location_tier": "uth", "new_jobs": 100}, "horizon": 20})).stdout)["statutory"]
    assert uth["local"] == 0 and uth["benefit"] == uth["state"] and (uth["years"], uth["years_max"]) == (20, 20)
    assert uth["notes"] == []


ISSUE_40_EXAMPLE = {"location_tier": "uth", "new_jobs": 300, "capital_investment": 10000000, "gross_leasable_area": 10000,
                    "average_salary": 45000, "county_average_salary": 60000, "transit_oriented": True,
                    "deep_poverty_pocket": True, "industry": "finance"}


def test_net_benefit_a_default_retyped_changes_nothing_and_fixed_is_said():
    # A reviewer found {"but_for_typical": 0.127}, the default, held the assumption: 8.0% became 2.9%.
    def economist(assumptions=None):
        request = {"scenario": ISSUE_40_EXAMPLE, "draws": 2_000}
        out = run("net-benefit", "-", stdin=json.dumps(request | ({} if assumptions is None else
                                                                  {"assumptions": assumptions})))
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)["economist"]
    plain, retyped = economist(), economist({"but_for_typical": 0.127})
    assert plain == retyped and plain["fixed"] == []
    held = economist({"but_for_typical": 0.127, "fixed": ["but_for_typical"]})
    assert held["fixed"] == ["but_for_typical"] and held["npv"] == plain["npv"]
    assert held["npv_band"] != plain["npv_band"]  # held, it no longer widens the band
    assert abs(plain["npv"] - plain["npv_median"]) < 0.1 * abs(plain["npv_median"])  # the point is the middle


def test_net_benefit_the_economists_horizon_is_the_economists():
    # "horizon": 35 on a hub project is refused (the statute's 20); the economist's is its own.
    def views(**keys):
        out = run("net-benefit", "-", stdin=json.dumps({"scenario": ISSUE_40_EXAMPLE, "draws": 200} | keys))
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)
    forty, plain = views(economist_horizon=40), views()
    assert (forty["statutory"]["years"], forty["economist"]["horizon"]) == (20, 40)
    assert forty["statutory"] == plain["statutory"]
    ten = views(economist_horizon=10)
    assert ten["economist"]["horizon"] == 10 and ten["economist"]["npv"] < forty["economist"]["npv"]
    assert ten["statutory"]["years"] == 20
    assert run("net-benefit", "-", stdin=json.dumps({"scenario": ISSUE_40_EXAMPLE, "horizon": 35})).returncode == 2


@pytest.mark.parametrize("payload, field", [
    ({"scenario": HOLTEC, "economist_horizon": 101}, "economist_horizon"),
    ({"scenario": HOLTEC, "economist_horizon": 0}, "economist_horizon"),
    ({"scenario": HOLTEC, "assumptions": {"fixed": ["but_for"]}}, "assumptions.fixed"),
    ({"scenario": HOLTEC, "assumptions": {"fixed": "but_for_typical"}}, "assumptions.fixed"),
    ({"scenario": HOLTEC, "horizon": 36}, "horizon"),
    ({"scenario": HOLTEC, "horizon": 0}, "horizon"),
    # s.3 a(3): "the first 20 years" for a project neither mega nor in a growth zone, "up to" only for those.
    ({"scenario": {"location_tier": "uth", "new_jobs": 100}, "horizon": 12}, "horizon"),
    ({"scenario": HOLTEC, "award_total": "lots"}, "award_total"),
    ({"scenario": HOLTEC, "assumptions": {"discount_rate": 2}}, "assumptions.discount_rate"),
    ({"scenario": {**HOLTEC, "new_jobs": -1}}, "new_jobs"),
    ({"award_total": 5}, "scenario"),
    ({"scenario": HOLTEC, "extra": 1}, "extra"),
])
def test_net_benefit_bad_input_names_the_field(payload, field):
    out = run("net-benefit", "-", stdin=json.dumps(payload))
    assert out.returncode == 2 and out.stderr.startswith(f"error: {field}:") and len(out.stderr.splitlines()) == 1


def test_a_project_file_the_dashboard_saved_is_computed_under_its_law(tmp_path):
    """The dashboard's scenario file keeps the law beside the scenario: the command line reads the
    scenario and, unless --law says another, the law (the per-job cap's teaching preset, a logistics
    business: $1,500,000 in all under prior law, whose s.5 c(5) pays industrial premises of an
    industrial business only, against the enacted law's $2,400,000)."""
    from grownj.awards.presets import presets

    capped = next(p for p in presets() if p.name == "Other eligible area, per-job cap (teaching)")
    path = tmp_path / "saved.json"
    path.write_text(json.dumps({"scenario": capped.scenario.to_dict(), "law": "prior", "horizon": 20}))
    assert json.loads(run("evaluate", path).stdout)["total_credit"] == 1_500_000
    assert json.loads(run("evaluate", path, "--law", "enacted").stdout)["total_credit"] == 2_400_000
    assert json.loads(run("schedule", path).stdout)["total_credit"] == 1_500_000
