"""The scenario's inputs, grouped as a user thinks of them, in the sidebar of every page."""
from __future__ import annotations

import streamlit as st

from .. import places
from ..scenario import FIELDS, MAX_YEARS, Scenario
from . import state
from .fold import fold

TIER_LABELS = {"gsgz": "Garden State Growth Zone", "uth": "Urban transit hub municipality",
               "distressed": "Distressed municipality", "priority": "Priority area", "other": "Other eligible area"}
GROUPS = {
    "Where": ["location_tier", "mrera", "south_jersey", "port_district", "aviation_district", "redevelopment_area",
              "rehabilitation_area", "deep_poverty_pocket", "choice_neighborhood", "transit_oriented",
              "new_light_rail", "highway_access", "marine_terminal_sjpd", "mri_2007"],
    "Who": ["industry", "technology_startup", "corporate_headquarters", "auto_manufacturer_us_hq", "same_municipality"],
    "The project": ["new_jobs", "retained_jobs", "jobs_new_to_municipality", "capital_investment",
                    "industrial_capital_investment", "gross_leasable_area", "premises", "construction",
                    "average_salary", "county_average_salary", "eligibility_years"],
    "Other bonus criteria and limits": ["incubator", "moderate_income_housing", "leed_silver_or_remediation",
                                        "solar_50", "disaster_recovery_project", "replaces_disaster_facility",
                                        "withholdings", "amount_necessary"],
}
HELP = {
    "location_tier": "s.5 b: sets the base amount, per-job cap and annual cap. Distressed municipalities and "
                     "priority areas depend on maps: choose them yourself.",
    "mrera": "s.5 d last paragraph: the MRERA alternative (Camden). Only with a Garden State Growth Zone.",
    "south_jersey": "s.3 b, c: minimums reduced in Atlantic, Burlington, Camden, Cape May, Cumberland, "
                    "Gloucester, Ocean or Salem counties.",
    "county_average_salary": "Bonus c(6). Filled from BLS QCEW 2013 Q4 x 52 when you pick a place (overstates "
                             "the annual average: Q4 includes bonuses). Edit freely.",
    "withholdings": "s.5 f(5), (6): the 90% of withholdings limit in priority and other areas. Empty: not applied.",
    "amount_necessary": "s.5 f: above $4M a year, the amount the authority finds necessary. Empty: not applied.",
    "jobs_new_to_municipality": "MRERA test. Empty: new + retained (new only when staying in the municipality).",
    "industrial_capital_investment": "Bonuses c(5)/c(10). Empty: all of it when the premises are industrial.",
    "mri_2007": "Bonus c(12): 2007 Municipal Revitalization Index, above 465 in a southern county.",
    "eligibility_years": "s.3 a: up to 10 years, chosen by the applicant.",
}
NO_PLACE = "(choose a municipality)"


def _changed(name: str) -> None:
    """A widget's callback: runs before the script, so the page reads the new scenario first."""
    data = dict(st.session_state[state.KEY])
    data[name] = st.session_state[f"w_{name}"]
    if name == "location_tier" and data[name] != "gsgz" and data["mrera"]:
        data["mrera"] = False  # MRERA exists only in a growth zone: untick it rather than refuse
        st.session_state.pop("w_mrera", None)
    state.store(data)


def _widget(name: str, value):
    f = FIELDS[name]
    key = f"w_{name}"
    common = {"key": key, "help": HELP.get(name), "on_change": _changed, "args": (name,)}
    initial = {} if key in st.session_state else {"value": value}
    if f.kind == "choice":
        index = {} if key in st.session_state else {"index": f.choices.index(value)}
        fmt = TIER_LABELS.get if name == "location_tier" else (lambda v: v.replace("_", " "))
        return st.selectbox(f.label, f.choices, format_func=fmt, **index, **common)
    if f.kind == "bool":
        return st.checkbox(f.label, **initial, **common)
    if f.kind == "years":
        return st.slider(f.label, 1, MAX_YEARS, **initial, **common)
    if f.kind in ("count", "optional_count"):
        if initial.get("value") is not None:
            initial["value"] = int(initial["value"])
        return st.number_input(f.label, min_value=0, step=1, **initial, **common)
    if initial.get("value") is not None:
        initial["value"] = float(initial["value"])
    step = 1.0 if name == "mri_2007" else 1000.0
    return st.number_input(f.label, min_value=0.0, step=step, format="%.0f", **initial, **common)


def _place_options() -> list[str]:
    towns = places.municipalities()
    return [NO_PLACE] + [f"{m} ({c})" for m, c in zip(towns["municipality"], towns["county"])]


def _fill_from_place() -> None:
    """A chosen municipality fills county-based flags, designations and the county salary."""
    choice = st.session_state.get("w_place")
    st.session_state[state.PLACE_KEY] = None if choice in (None, NO_PLACE) else choice
    if choice in (None, NO_PLACE):
        return
    towns = places.municipalities()
    town = towns.iloc[_place_options().index(choice) - 1]
    data = dict(st.session_state[state.KEY])
    data["south_jersey"] = bool(town["south_jersey"])
    data["mrera"] = bool(town["mrera"])
    if town["garden_state_growth_zone"]:
        data["location_tier"] = "gsgz"
    elif town["urban_transit_hub_municipality"]:
        data["location_tier"] = "uth"
    elif data["location_tier"] in ("gsgz", "uth"):
        data["location_tier"] = "other"
    wages = places.county_wages()
    if town["county"] in wages.index:
        data["county_average_salary"] = float(wages.loc[town["county"], "annualised_x52"])
    st.session_state[state.KEY] = Scenario.from_dict(data).to_dict()
    state.forget_widgets()


def sidebar(scenario: Scenario) -> None:
    """Draw every input in the sidebar. Changes reach the scenario through the callbacks, so
    call this after the page's content: the numbers come first."""
    with st.sidebar:
        options = _place_options()
        place = st.session_state.get(state.PLACE_KEY)
        st.selectbox("Municipality", options, index=options.index(place) if place in options else 0,
                     key="w_place", on_change=_fill_from_place,
                     help="Fills the county, southern-county flag, growth zone / MRERA / transit hub designation "
                          "and county salary from data/. Distressed and priority areas are your choice.")
        values = scenario.to_dict()
        for group, names in GROUPS.items():
            with fold(group, f"open_inputs_{group}", expanded=group in ("Where", "The project")) as is_open:
                for name in names if is_open else ():
                    _widget(name, values[name])
