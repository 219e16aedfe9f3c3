"""What leaves the rules is declared once (grownj.rules.outputs), as the inputs are: every key of a
result and every column of a table comes from a declaration, with its kind, label and parameter, and
the files written out take their headers and formats from it."""
import math

import numpy as np
import pandas as pd
import pytest

import grownj
from grownj import FIELDS, OUTPUTS, evaluate, evaluate_frame, load
from grownj.engine.export import for_download, header_words
from grownj.rules import compute
from grownj.rules.outputs import FACT_KEYS, KINDS, RESULT_KEYS, TABLE_COLUMNS, Output, _declared, shaped
from grownj.rules.scenario import Scenario

SCENARIOS = [
    {},
    {"location_tier": "gsgz", "mrera": True, "new_jobs": 300, "retained_jobs": 100, "capital_investment": 6e7,
     "gross_leasable_area": 200000, "industry": "manufacturing", "premises": "industrial"},
    {"location_tier": "priority", "new_jobs": 30, "capital_investment": 1e6, "gross_leasable_area": 200000},
    {"location_tier": "uth", "new_jobs": 600, "retained_jobs": 900, "capital_investment": 2.5e8,
     "gross_leasable_area": 400000, "transit_oriented": True, "amount_necessary": 3e6},
]


def test_every_key_of_a_result_is_declared_once_in_order():
    for scenario in SCENARIOS:
        result = evaluate(scenario)
        assert tuple(result.values) == RESULT_KEYS
        assert tuple(result.extra) == FACT_KEYS
    assert set(RESULT_KEYS).isdisjoint(FACT_KEYS) and len(RESULT_KEYS) + len(FACT_KEYS) == len(OUTPUTS)
    assert list(evaluate({}).to_dict())[:len(RESULT_KEYS) + len(FACT_KEYS)] == [*RESULT_KEYS, *FACT_KEYS]
    with pytest.raises(ValueError, match="declared twice"):
        _declared(Output("eligible", "flag", "Eligible"), Output("eligible", "flag", "Eligible again"))


def test_a_table_has_a_column_for_each_declared_table_output():
    given = pd.DataFrame(SCENARIOS)  # an empty cell takes the field's default
    frame = evaluate_frame(given)
    assert not frame["error"].any()
    results = [c.removesuffix("_result") for c in frame.columns[len(given.columns):]]
    assert results == [*TABLE_COLUMNS, "error"]
    assert "notes" not in TABLE_COLUMNS and "bonus_c16" in TABLE_COLUMNS and "bonuses" not in TABLE_COLUMNS


def test_every_declared_column_is_computed_and_every_parameter_exists():
    law = load("enacted")
    out = compute(Scenario().columns(), law)
    for output in OUTPUTS.values():
        assert output.kind in KINDS
        assert output.kind == "text" or set(output.columns) <= set(out), output.name
        # A parameter by name, or the output that names the one applied (a choice of parameters).
        assert output.parameter is None or output.parameter in law.parameters \
            or OUTPUTS[output.parameter].kind == "choice", output.name
    assert set(shaped(out)) == {c for o in OUTPUTS.values() if o.kind != "text" for c in o.columns}


def test_a_results_values_are_of_their_declared_kind():
    expected = {"money": (float, type(None)), "count": (int, float, type(None)), "years": int, "flag": bool,
                "choice": (str, type(None), list), "rate": float, "text": list}
    for scenario in SCENARIOS:
        result = evaluate(scenario)
        for name, value in {**result.values, **result.extra}.items():
            output = OUTPUTS[name]
            for item in (value.values() if isinstance(value, dict) else [value]):
                assert isinstance(item, expected[output.kind]), (name, item)
                if output.cents and item is not None:
                    assert item == round(item, 2)


def test_labels_are_words_and_none_is_a_fields():
    """A table holds the fields and the results side by side: no two headers may read alike."""
    labels = [*TABLE_COLUMNS.values(), *(f.label for f in FIELDS.values())]
    assert len(labels) == len(set(labels))
    assert all(label and "_" not in label for label in labels)
    assert header_words("per_job_new") == "Per new job" and header_words("bonus_c4") == "Bonus c(4) per job"
    assert header_words("location_tier_result") == "Location tier used"
    assert header_words("location_tier") == FIELDS["location_tier"].label


def test_the_exporters_honour_each_outputs_kind():
    """Money to the cent however small, a rate to four places however large, other numbers as shown."""
    frame = pd.DataFrame({"annual_credit": [0.123456, 1234.5678], "net_benefit_ratio_required": [1.23456, 0.5],
                          "facility_jobs": [0.123456, 12.3456]})
    out = for_download(frame)
    assert list(out.columns) == ["Annual credit", OUTPUTS["net_benefit_ratio_required"].label, "Facility jobs"]
    assert out["Annual credit"].tolist() == [0.12, 1234.57]
    assert out[OUTPUTS["net_benefit_ratio_required"].label].tolist() == [1.2346, 0.5]
    assert out["Facility jobs"].tolist() == [0.1235, 12.35]


def test_no_limit_and_not_applicable_are_empty_in_a_table_and_null_in_a_result():
    law = load("introduced")  # the MRERA alternative as introduced stands apart from every annual cap
    scenario = SCENARIOS[1]
    result = evaluate(scenario, law)
    row = evaluate_frame(pd.DataFrame([scenario]), law).iloc[0]
    assert result.annual_cap is None and math.isnan(row["annual_cap"])
    assert result.mrera_alternative_per_job == row["mrera_alternative_per_job"]
    assert evaluate(SCENARIOS[2]).mrera_alternative_per_job is None
    assert math.isnan(evaluate_frame(pd.DataFrame([SCENARIOS[2]])).iloc[0]["mrera_alternative_per_job"])


def test_the_public_names_carry_the_outputs():
    assert grownj.OUTPUTS is OUTPUTS and "OUTPUTS" in grownj.__all__
    assert np.all([o.cents for o in OUTPUTS.values() if o.kind == "money" and o.part == "result" and not o.each])
