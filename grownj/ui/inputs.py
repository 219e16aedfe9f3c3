"""The scenario's inputs, grouped as a user thinks of them, in the sidebar of every page."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pandas as pd
import streamlit as st

from . import law_choice, state
from ..engine.frame import read_column
from ..law import places
from ..law import Law
from ..machinery.fields import Field
from ..machinery.formats import count, number, range_in_unit, whole_dollars
from ..rules import credit, scenario
from ..rules.scenario import FIELDS, MAX_YEARS, Scenario, ScenarioError
from ..words.choices import TIER_NAMES, choice_label, tier_label, tier_name
from .state import BLANK_ZERO
from .fold import fold

TIER_LABELS = {tier: tier_label(tier) for tier in TIER_NAMES}  # as a list's entries
# Each group's fields in the order they are declared on the Scenario (their Field's group).
GROUPS = {group: [name for name, f in FIELDS.items() if f.group == group] for group in scenario.GROUPS}


@lru_cache(maxsize=8)
def _help(law: Law) -> dict[str, str]:
    """Each input's help, its statutory numbers read from the law the page computes under."""
    *counties, last = law.southern_counties
    return {
        "location_tier": "s.5 b: sets the base amount, per-job cap and annual cap. Distressed municipalities and "
                         "priority areas depend on maps: choose them yourself.",
        "site_in_transit_hub": "s.2 \"Mega project\" c: a site within the urban transit hub itself (within "
                               "the distance of a rail station that P.L.2007 c.346 s.2 sets), not only in a hub "
                               "municipality. Tick it only when the site is in the hub: a hub municipality alone "
                               "does not make a mega project. Read only for a transit hub municipality.",
        "mrera": f"s.5 d last paragraph: the MRERA alternative (Camden). Only with a {tier_name('gsgz')}.",
        "south_jersey": f"s.3 b, c: minimums reduced in {', '.join(counties)} or {last} counties.",
        "county_average_salary": f"Bonus c(6): the county's average salary, or in a {tier_name('gsgz')} \"the "
                                 f"average salary for the {tier_name('gsgz')}\" (Paterson's $27,588, from the "
                                 "authority's sheet; where a zone's is not known, its county's stands in). "
                                 "Filled from BLS QCEW 2013 Q4 x 52 when you pick a place (overstates "
                                 "the annual average: Q4 includes bonuses). Edit freely.",
        "withholdings": f"s.5 f(5), (6): the {law.withholdings_share:.0%} of withholdings limit in priority and "
                        "other areas. Empty: not applied.",
        "amount_necessary": f"s.5 f: above {whole_dollars(law.amount_necessary_threshold)} a year, the amount the "
                            "authority finds necessary. Empty: not applied.",
        "jobs_new_to_municipality": "MRERA test. Empty: new + retained (new only when staying in the municipality).",
        "industrial_capital_investment": "Bonuses c(5)/c(10). Empty: all of it when the premises are industrial.",
        "mri_2007": f"Bonus c(12): 2007 Municipal Revitalization Index, above {number(law.bonus_c12_mri_threshold)} "
                    "in a southern county.",
        "eligibility_years": f"s.3 a: up to {count(law.eligibility_years_max)} years, chosen by the applicant.",
    }


# Not chosen: the project's own site fields hold ("(choose a municipality)" read, beside "Holtec
# International, Camden", as if the project had no place).
NO_PLACE = "(as the project gives it)"


def _changed(name: str) -> None:
    """A widget's callback, run before the script: it reads only its own widget and the project.
    On the calculator the edit reruns only what shows the project; Undo and the project picker,
    drawn outside it, change only when Undo becomes possible or the project comes back to (or
    leaves) the one it came as: then the whole page reruns."""
    controls = (state.can_undo(), state.unchanged())
    value = text = st.session_state[f"w_{name}"]
    if FIELDS[name].kind not in TYPED_KINDS:
        text = None
    else:
        try:
            value = _read(name, text)
        except ScenarioError as exc:
            state.refused(name, text, exc)
            return
    changes = {name: value}
    if name == "location_tier" and value != credit.MRERA_ZONE:
        changes["mrera"] = False  # MRERA exists only in a growth zone (s.5 d): untick it rather than refuse
    state.edit(changes, text)
    if (state.can_undo(), state.unchanged()) != controls:
        st.rerun()


# Numbers are typed as text and read by the fields' own reader: a number box of the browser's turns
# "1e15" into 1 and "abc" into 0 before the server sees them, so a typing slip could not be refused.
TYPED_KINDS = ("count", "optional_count", "money", "optional_money", "area", "optional_number")
MONEY_KINDS = ("money", "optional_money")  # shown with "$": a box of bare figures read as a count


def _clean(text, name: str) -> str:
    """Typed text as the reader takes it: thousands separators and a dollar sign are how people
    write numbers. A comma that does not separate thousands ("12,5") is refused naming `name`, not
    read as 125."""
    return state.ungrouped(name, ("" if text is None or text != text else str(text)).replace("$", "").strip())


def _read(name: str, text: str):
    """A number as typed, thousands separators and a dollar sign allowed; empty is no value (0 for
    a field whose 0 means none)."""
    f = FIELDS[name]
    text = _clean(text, name)
    if not text and (f.optional or name in BLANK_ZERO):
        return None if f.optional else 0.0
    if not text:
        raise ScenarioError(name, f"is empty; give {f.expects}")
    return state.read_value(name, text)


def read_jobs(years, texts, column: str, optional: bool = False) -> list[float | None]:
    """A table's column of job counts as typed, one a year, read like the sidebar's boxes; the first
    bad or (unless optional) empty cell raises ScenarioError naming the column and the year."""
    jobs = replace(FIELDS["new_jobs"], name=column)
    texts = [_clean(t, f"{column}, year {year}") for year, t in zip(years, texts)]
    values, bad = read_column(jobs, pd.Series(texts, dtype=object))
    for year, text, wrong in zip(years, texts, bad):
        if wrong or not (text or optional):
            got = f"got {text!r}" if text else "it is empty (0 jobs forfeits the year)"
            raise ScenarioError(f"{column}, year {year}", f"must be {jobs.expects}; {got}")
    return [float(v) if t else None for t, v in zip(texts, values)]


_MONEY = FIELDS["capital_investment"]  # an amount of dollars, with the sidebar's limits


def read_amount(label: str, text, field: Field = _MONEY) -> float | None:
    """A number as typed in the box `label` (separators and a dollar sign allowed), checked as
    `field`; None for an empty box whose field is optional; ScenarioError naming the box if it is
    not one."""
    text = _clean(text, label)
    if not text and field.optional:
        return None
    values, bad = read_column(replace(field, name=label), pd.Series([text], dtype=object))
    if bad[0] or not text:
        raise ScenarioError(label, f"must be {field.expects}")
    return float(values[0])


def _amount_changed(key: str, store: str, field: Field) -> None:
    """An amount box's callback: the amount kept in `store`; text that is not one kept as typed."""
    try:
        st.session_state[store] = read_amount(key, st.session_state[key], field)
        st.session_state.pop(f"{store}_typed", None)
    except ScenarioError:
        st.session_state[f"{store}_typed"] = st.session_state[key]


def amount_box(where, label: str, key: str, store: str, default: float | None, help: str | None = None,
               field: Field = _MONEY, empty_means: str | None = None) -> float | None:
    """A page's own amount (a tax liability, a grant, a workforce), typed as text and shown with
    separators ("$2,805,000", "1,000"): a number box of the browser's cannot show separators.
    Dollars by default; `field` says what else it holds and its limits. Kept in the session key
    `store` (so it outlives the page); until the user gives one it is `default`, and an optional
    field's empty box is None, which `empty_means` says in words. Text that is not an amount stays in
    the box and is refused with a message naming the box; the figures use the last amount given."""
    amount = st.session_state.get(store, default)
    typed = st.session_state.get(f"{store}_typed")
    shown = "" if amount is None else box_text(field, amount)
    where.text_input(label, help=help, placeholder=empty_means and f"none: {empty_means}",
                     **state.bind(key, shown if typed is None else typed, _amount_changed, (key, store, field)))
    if typed is not None:  # the text stays in the box, as typed
        expects = (f"an amount {range_in_unit(field.minimum, field.maximum, 'USD')}" if field.kind in MONEY_KINDS
                   else field.expects)
        where.error(f"{label} not used: must be {expects}. The figures are for {shown or empty_means}.")
    return amount


def box_text(field: Field, value: float) -> str:
    """A number as a box shows it: with thousands separators, and dollars with "$"."""
    return whole_dollars(value) if field.kind in MONEY_KINDS else number(value)


def display(name: str, value) -> str:
    """A field's number as its box shows it; empty for none."""
    return "" if value is None or (name in BLANK_ZERO and not value) else box_text(FIELDS[name], value)


def shown(name: str, value) -> str:
    """What the box shows: the text typed if it was refused, else the project's number."""
    typed = state.typed(name)
    return display(name, value) if typed is None else typed


def _widget(name: str, value, law: Law):
    """One input, showing the project's value (bound before it is drawn, never passed as a default)."""
    f = FIELDS[name]
    key = f"w_{name}"
    if f.kind == "years":
        value = int(value)
    elif f.kind in TYPED_KINDS:
        value = shown(name, value)
    common = {**state.bind(key, value, _changed, (name,)), "help": _help(law).get(name)}
    if f.kind == "choice":
        fmt = TIER_LABELS.get if name == "location_tier" else choice_label
        return st.selectbox(f.label, f.choices, format_func=fmt, **common)
    if f.kind == "bool":
        return st.checkbox(f.label, **common)
    if f.kind == "years":
        return st.slider(f.label, 1, MAX_YEARS, **common)
    empty = "not applied" if f.optional else BLANK_ZERO.get(name, "")
    box = st.text_input(f.label, placeholder=empty and f"empty: {empty}", **common)
    if name == "county_average_salary" and state.place():
        # s.5 c(6) compares with the zone's own average; beside the figure, where none was found.
        words = places.zone_salary_words(state.place(), law)
        if words:
            st.caption(words)
    return box


def _place_changed() -> None:
    choice = st.session_state["w_place"]
    scenario = state.current()
    if choice == NO_PLACE:
        state.replace(scenario, state.origin(), None)
    else:
        state.replace(scenario.replace(**places.place_fields(choice, scenario.location_tier, state.project_law())),
                      state.origin(), choice)


def controls(where=st) -> None:
    """Undo, Start again and the municipality: what replaces the project, rather than edits it."""
    undo, again = where.columns(2)
    undo.button("Undo", on_click=state.undo, disabled=not state.can_undo(), key="w_undo", width="stretch",
                help="The project as it was before the last change.")
    again.button("Start again", on_click=state.start_again, key="w_start_again", width="stretch",
                 help="The starting project; Undo brings this one back.")
    options = [NO_PLACE, *places.place_names()]
    where.selectbox("Municipality", options,
                    **state.bind("w_place", state.place() if state.place() in options else NO_PLACE, _place_changed),
                    help="Fills the county, southern-county flag, growth zone / MRERA / transit hub designation "
                         "and county salary from grownj/law/'s tables. Distressed and priority areas are your choice.")
    law_choice.select("w_law", where, narrow=True)


def fields(scenario: Scenario, law: Law | None = None) -> None:
    """The project's fields in the sidebar, a fold a group, each showing the project; their help
    quotes `law`, the page's (None: the project's)."""
    values, law = scenario.to_dict(), law or state.project_law()
    with st.sidebar:
        for group, names in GROUPS.items():
            with fold(group, f"open_inputs_{group}", expanded=group in ("Where", "The project")) as is_open:
                for name in names if is_open else ():
                    _widget(name, values[name], law)


def sidebar(scenario: Scenario, law: Law | None = None) -> None:
    """Draw every input in the sidebar, each showing the project, with help in the page's `law`.
    Changes reach the project through the callbacks, which run before the page: a page draws this
    at its top (once its law is chosen), the sidebar's place being its own."""
    controls(st.sidebar)
    fields(scenario, law)
