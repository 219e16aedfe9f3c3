"""One edit, one validation and one evaluation of the project: the page's run reads the
session's frozen Scenario and its Result, and hands that Result down to the schedule, the net
benefit, the sweep and the charts, instead of turning it back into JSON to evaluate it again."""
import sys
from collections import Counter

import pytest
import streamlit as st

import grownj
from grownj.rules.scenario import Scenario
from test_app import app

EVALUATE = grownj.evaluate
# The pages that draw the project's fields, so that an edit can be made on them.
EDITED = ["app.py", "pages/1_Schedule.py", "pages/2_Compare_locations.py", "pages/4_Risk.py",
          "pages/5_Policy_reforms.py", "pages/7_Rest_of_the_Act.py", "pages/8_Net_benefit.py"]
NEW_JOBS = 321  # a value no other test's page opens with, so no cache holds its answers


def counters(monkeypatch, project: dict) -> tuple[Counter, Counter]:
    """(validations, evaluations) of `project`, counted as they happen: each Scenario built from a
    dict equal to it, and each evaluate of it, by the law it was evaluated under."""
    validated, evaluated = Counter(), Counter()
    from_dict = Scenario.from_dict.__func__

    def counting_from_dict(cls, data):
        scenario = from_dict(cls, data)
        validated[scenario.to_dict() == project] += 1
        return scenario

    def counting_evaluate(scenario, law=None):
        result = EVALUATE(scenario, law)
        if result.scenario.to_dict() == project:
            evaluated[getattr(law, "name", "enacted")] += 1
        return result

    monkeypatch.setattr(Scenario, "from_dict", classmethod(counting_from_dict))
    for name, module in list(sys.modules.items()):  # every name `evaluate` is imported under
        if (name == "grownj" or name.startswith("grownj.")) and getattr(module, "evaluate", None) is EVALUATE:
            monkeypatch.setattr(module, "evaluate", counting_evaluate)
    return validated, evaluated


@pytest.mark.parametrize("page", EDITED)
def test_an_edit_validates_and_evaluates_the_project_once(page, monkeypatch):
    at = app(page)
    project = {**at.session_state["scenario"], "new_jobs": NEW_JOBS}
    st.cache_data.clear()
    validated, evaluated = counters(monkeypatch, project)
    at.text_input(key="w_new_jobs").set_value(str(NEW_JOBS)).run()
    assert not at.exception and at.session_state["scenario"] == project
    # Once under each law the page shows (a reform's page has two: the baseline and the reform).
    assert validated[True] == 1 and set(evaluated.values()) == {1}, (validated[True], dict(evaluated))
