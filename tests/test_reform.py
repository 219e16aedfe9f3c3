import re
"""Reforms: overrides on a law version, validated; baseline vs reform, scalar and vectorised."""
import pandas as pd
import pytest

import grownj
from grownj.engine.reform import Reform, ReformError, compare, compare_frame

# s.5 e(2): 100 retained jobs, distressed base $4,000, $10M invested (limit $10,000 a job).
RETAINED = {"location_tier": "distressed", "retained_jobs": 100, "capital_investment": 10000000,
            "gross_leasable_area": 10000}


def test_retained_share_of_75_percent_raises_each_retained_job_s5e2():
    law = Reform("75% retained", parameters={"retained_share": 0.75}).apply()
    c = compare(RETAINED, grownj.enacted(), law)
    # $4,000 x 0.50 = $2,000 -> $4,000 x 0.75 = $3,000 a retained job; x 100 jobs x 10 years.
    assert (c.baseline.per_job_retained, c.reform.per_job_retained) == (2000.0, 3000.0)
    assert c.difference == {"per_job_new": 0.0, "per_job_retained": 1000.0, "annual_credit": 100000.0,
                            "total_credit": 1000000.0}
    assert c.to_dict()["changed"] == {"retained_share": [0.5, 0.75]}


def test_a_reform_that_restates_the_baseline_changes_nothing():
    law = grownj.enacted()
    restated = Reform("same", parameters={n: p.value for n, p in law.parameters.items()}).apply()
    frame = pd.DataFrame([RETAINED, {"location_tier": "gsgz", "mrera": True, "new_jobs": 300,
                                     "capital_investment": 40000000}])
    out = compare_frame(frame, law, restated)
    assert (out["difference_annual_credit"] == 0).all() and (out["difference_total_credit"] == 0).all()


def test_reform_on_another_version_starts_from_that_version():
    law = Reform("introduced, limit restored", law="introduced",
                 parameters={"retained_capital_fraction": "1/10"}).apply()
    assert law.version == "introduced" and law.retained_capital_fraction == 0.1 and law.forfeiture_rule == "pro_rata"


def test_vectorised_and_scalar_reform_results_agree():
    reform = Reform("caps", parameters={"cap_distressed": 3000, "base_distressed": 6000,
                                        "mrera_annual_caps": [1, 2, 3, 4, None]}).apply()
    rows = [RETAINED, {**RETAINED, "new_jobs": 40}, {"location_tier": "gsgz", "mrera": True, "new_jobs": 300,
                                                       "capital_investment": 40000000},
            {"location_tier": "uth", "new_jobs": 500, "capital_investment": 1e8}]
    out = compare_frame(pd.DataFrame(rows), grownj.enacted(), reform)
    for i, row in enumerate(rows):
        c = compare(row, grownj.enacted(), reform)
        assert out["baseline_annual_credit"][i] == c.baseline.annual_credit
        assert out["reform_annual_credit"][i] == c.reform.annual_credit
        assert out["difference_total_credit"][i] == c.difference["total_credit"]


@pytest.mark.parametrize("data, message", [
    ({"parameters": {"retained_shar": 0.75}}, "retained_shar: no such parameter; did you mean retained_share?"),
    ({"parameters": {"retained_share": "half"}}, "retained_share: must be a number from 0 to 1"),
    ({"parameters": {"retained_share": -1}}, "retained_share: must be a number from 0 to 1"),
    ({"parameters": {"retained_share": True}}, "retained_share: must be a number from 0 to 1"),
    ({"parameters": {"base_other": None}}, "base_other: must be a number at least 0, got None"),
    ({"parameters": {"forfeiture_rule": "halve"}}, "forfeiture_rule: must be one of forfeit, pro_rata"),
    ({"parameters": {"mrera_annual_caps": [1, 2]}}, "mrera_annual_caps: must be a list of 5 numbers"),
    ({"parameters": {"targeted_industries": ["mining"]}}, "targeted_industries: must be a list drawn from"),
    ({"parameters": {"mrera_recalculation_holds": "yes"}}, "mrera_recalculation_holds: must be true or false"),
    ({"law": "draft"}, "law: must be one of enacted, passed, introduced, prior"),
    ({"parmeters": {}}, "reform: unknown key 'parmeters'"),
    ([1, 2], "reform: must be an object"),
])
def test_reform_validation_names_the_problem(data, message):
    with pytest.raises(ReformError, match=message.replace("?", r"\?").replace("(", r"\(")):
        Reform.from_dict(data)


def test_reform_reads_yaml_and_json_and_round_trips():
    text = "name: Half retained\nparameters:\n  retained_share: 0.25\n"
    reform = Reform.from_text(text)
    assert reform.name == "Half retained" and reform.apply().retained_share == 0.25
    assert Reform.from_text(__import__("json").dumps(reform.to_dict())) == reform
    with pytest.raises(ReformError, match="not valid JSON or YAML"):
        Reform.from_text("{name: [")


def test_an_oversized_reform_is_refused_before_it_is_parsed():
    with pytest.raises(ReformError, match="too long for a reform"):
        Reform.from_text("name: x\n" + "#" * 300_000)


@pytest.mark.parametrize("name, value, words", [
    ("bonus_c6_step_excess", 0, "bonus_c6_step_excess: must be a number above 0, got 0"),
    ("retained_share", 5, "retained_share: must be a number from 0 to 1, got 5"),
    ("cap_other", -1, "cap_other: must be a number at least 0, got -1"),
    ("bonus_c7_amounts", [500, 750, -1, 1250, 1500], "bonus_c7_amounts: must be a list of 5 numbers, each at least 0"),
])
def test_a_reform_outside_a_parameters_range_is_refused_naming_it_and_the_range(name, value, words):
    with pytest.raises(ReformError, match=re.escape(words)):
        Reform("x", "enacted", {name: value}).apply()


def test_every_number_and_date_parameter_states_its_range_and_every_version_keeps_to_it():
    from grownj.law import UNRANGED_UNITS, VERSIONS, LawError, load, parse_parameters
    for version in VERSIONS:
        for p in load(version).parameters.values():
            assert (p.range is None) == (p.unit in UNRANGED_UNITS), p.name
            assert p.range is None or p.range.holds(p.value), (version, p.name)
    bad = "x:\n  label: X\n  description: d\n  unit: fraction\n  range: [0, 1]\n  value: 0.5\n" \
          "  versions: {introduced: 2}\n  passage: p\n  reference: {act: 5, bill: 4, sub: e, njsa: C}\n"
    with pytest.raises(LawError, match=r"'x': the value 2 \(introduced\) is outside its range, from 0 to 1"):
        parse_parameters(bad)
