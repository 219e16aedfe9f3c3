"""The scenario lives in one non-widget session key that every page reads and writes, and in the
URL, so that a copied link reproduces it. Widgets are re-initialised from it on every page."""
from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from ..evaluate import evaluate
from ..result import Result
from ..scenario import FIELDS, Scenario, ScenarioError
from ..table import columns_from_frame

KEY = "scenario"
PLACE_KEY = "place"
# URL keys that belong to a page, not to the scenario: kept as they are when the scenario is written.
PAGE_KEYS = ("param", "reform")
# A project a presenter can start from: the contract's Newark-style example, with the Essex
# County salary (BLS QCEW 2013 Q4 x 52, data/county_weekly_wages_2013q4.csv).
DEFAULT = {"location_tier": "uth", "new_jobs": 500, "retained_jobs": 100, "capital_investment": 60_000_000,
           "gross_leasable_area": 200_000, "premises": "other", "construction": "rehab", "average_salary": 90_000,
           "county_average_salary": 64_324, "industry": "finance", "transit_oriented": True}


def scenario_from_query(params: dict[str, str]) -> tuple[dict, list[str]]:
    """The URL's fields, validated like any table row; bad or unknown ones are reported, not used."""
    known = {k: v for k, v in params.items() if k in FIELDS}
    problems = [f"{k}: unknown field in the link, ignored" for k in params
                if k not in FIELDS and k != PLACE_KEY and k not in PAGE_KEYS]
    if not known:
        return {}, problems
    cols, errors, _ = columns_from_frame(pd.DataFrame([known], dtype=object))
    if errors:
        return {}, problems + [f"{errors[0]} (the link's scenario was not used)"]
    data = {k: _python(cols[k][0]) for k in known}
    try:
        Scenario.from_dict({**DEFAULT, **data})
    except ScenarioError as exc:
        return {}, problems + [f"{exc} (the link's scenario was not used)"]
    return data, problems


def _python(value):
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float):
        return None if value != value else int(value) if value.is_integer() else value
    return value


def init() -> None:
    """First run of a session: the scenario from the URL, else the default."""
    if KEY in st.session_state:
        return
    params = {k: st.query_params[k] for k in st.query_params}
    data, problems = scenario_from_query(params)
    st.session_state[KEY] = Scenario.from_dict({**DEFAULT, **data}).to_dict()
    st.session_state[PLACE_KEY] = params.get(PLACE_KEY)
    st.session_state["link_problems"] = problems


def current() -> Scenario:
    init()
    return Scenario.from_dict(st.session_state[KEY])


def store(data: dict) -> Scenario | None:
    """Validate and keep a new scenario; on error keep the last good one and say why on the page."""
    try:
        scenario = Scenario.from_dict(data)
    except ScenarioError as exc:
        st.session_state["input_error"] = f"Input not used: {exc}"
        return None
    st.session_state[KEY] = scenario.to_dict()
    return scenario


def write_query(scenario: Scenario) -> None:
    defaults = Scenario().to_dict()
    wanted = {k: _query_text(v) for k, v in scenario.to_dict().items() if v != defaults[k]}
    if st.session_state.get(PLACE_KEY):
        wanted[PLACE_KEY] = st.session_state[PLACE_KEY]
    wanted.update({k: st.query_params[k] for k in PAGE_KEYS if k in st.query_params})
    if dict(st.query_params) != wanted:
        st.query_params.from_dict(wanted)


def _query_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@st.cache_data(show_spinner=False, max_entries=512)
def evaluate_json(scenario_json: str) -> Result:
    """Pure work cached on a plain string."""
    return evaluate(Scenario.from_json(scenario_json))


def load_uploaded(raw: bytes) -> str | None:
    """Replace the scenario with an uploaded JSON file; the error message, or None when loaded."""
    try:
        data = json.loads(raw.decode("utf-8-sig"))
        scenario = Scenario.from_dict(data)
    except UnicodeDecodeError:
        return "The file is not UTF-8 text; expected a scenario JSON file."
    except (json.JSONDecodeError, RecursionError):
        return "The file is not valid JSON; expected a scenario JSON file."
    except ScenarioError as exc:
        return f"The scenario in the file is not valid: {exc}"
    st.session_state[KEY] = scenario.to_dict()
    forget_widgets()
    return None


def forget_widgets() -> None:
    """Drop widget values so that widgets re-read the scenario on the next run."""
    for name in [*FIELDS, "place"]:
        st.session_state.pop(f"w_{name}", None)
