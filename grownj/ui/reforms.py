"""The reform being edited: kept in the session and the URL, edited in grouped forms."""
from __future__ import annotations

import json
from datetime import date

import streamlit as st

from . import state
from ..economics.net_benefit import NetBenefit, net_benefit
from ..engine.reform import Reform, ReformError, check_value, kind
from ..law import VERSIONS, load
from ..rules.outputs import OUTPUTS
from ..rules.result import Result
from .law_choice import version_words
from .passage import value_text
from .text import code_words, plain
from ..words.choices import choice_label
from ..words.parameter_words import parameter_label

KEY = "reform"
EDITED = ", edited"


def auto_name(law: str, parameters=()) -> str:
    """The name a reform has until the user types one: its version, and whether it was edited."""
    return version_words(law) + (EDITED if parameters else "")


def _named(name: str, law: str, parameters) -> str:
    """A name the app gave follows the version and the edits; a name the user typed is kept."""
    given = {auto_name(v, edited) for v in VERSIONS for edited in ((), (True,))}
    return auto_name(law, parameters) if name in given else name


DEFAULT = Reform(auto_name("introduced"), "introduced")


@st.cache_resource(show_spinner=False, max_entries=64, hash_funcs=state.BY_SCENARIO)
def views_under(result: Result) -> NetBenefit:
    """Both views of the scenario under the law it was evaluated under, with the economist's Monte Carlo,
    kept for every session (shared, not copied: nothing writes to it). Here, not in the page: a page's
    bare expression is Streamlit's magic, and the line that computes the Monte Carlo drew the result's
    help box on the page."""
    nb = net_benefit(result, law=result.law)
    nb.economist.uncertainty  # noqa: B018 (computed once, kept with it)
    return nb
GROUPS = {"base": "Base amounts", "bonuses": "Bonuses", "caps": "Per-job caps", "retained": "Retained jobs",
          "annual_caps": "Annual caps", "minimums": "Minimums", "mrera": "MRERA alternative",
          "forfeiture": "Forfeiture", "mega": "Mega projects", "net_benefit": "Net benefit",
          "periods": "Periods", "eligibility": "Eligibility", "transfer": "Transfers", "deadlines": "Deadlines",
          "credit_use": "Using the credit", "erg": "ERG residential", "gsgz_exemption": "Growth zone exemption"}


def current() -> Reform:
    """The session's reform; on first run, the URL's (a bad one is reported and the default used)."""
    if KEY not in st.session_state:
        reform = DEFAULT
        if "reform" in st.query_params:
            try:
                reform = Reform.from_text(st.query_params["reform"])
            except ReformError as exc:
                st.session_state["reform_problem"] = f"The link's reform was not used: {exc}"
        st.session_state[KEY] = reform
    return st.session_state[KEY]


def share(reform: Reform) -> None:
    """Write the reform to the URL (compact JSON), unless it is the default."""
    text = json.dumps(reform.to_dict(), separators=(",", ":"))
    if reform == DEFAULT:
        st.query_params.pop("reform", None)
    elif st.query_params.get("reform") != text:
        st.query_params["reform"] = text


def set_reform(reform: Reform) -> None:
    st.session_state[KEY] = reform
    for key in [k for k in st.session_state if str(k).startswith("w_rf_")]:
        del st.session_state[key]  # the forms re-read the new reform


def in_a_sentence(words: str) -> str:
    """A heading's words inside a sentence: "Retained jobs" is "retained jobs", "MRERA alternative" stays."""
    first = words.split(" ")[0]
    return words if first.isupper() else words[0].lower() + words[1:]


def _law_changed() -> None:
    reform, law = current(), st.session_state["w_reform_law"]
    set_reform(Reform.from_dict({**reform.to_dict(), "law": law, "name": _named(reform.name, law, reform.parameters)}))


def _name_changed() -> None:
    reform = current()
    name = st.session_state["w_reform_name"].strip() or auto_name(reform.law, reform.parameters)
    set_reform(Reform.from_dict({**reform.to_dict(), "name": name}))


def _text(value) -> str:
    """A list as the text field shows it; "null" (no limit) reads back through _parse_list."""
    return "" if value is None else ", ".join("null" if v is None else str(v) for v in value)


def _widget(name: str, value, version: str):
    p = load(version).parameter(name)
    key = f"w_rf_{version}_{name}"
    label = f"{parameter_label(name)} ({p.unit})"
    help_text = code_words(f"{p.description} {p.citation}.")
    k = kind(p)
    if k == "choice":
        return st.selectbox(label, p.choices, index=p.choices.index(value), key=key, help=help_text,
                            format_func=choice_label)
    if k == "bool":
        return st.checkbox(label, value=bool(value), key=key, help=help_text)
    if k == "date":
        return st.date_input(label, value=value, min_value=date(2000, 1, 1), max_value=date(2050, 12, 31), key=key,
                             help=help_text)
    if k == "list":
        return st.text_input(label, _text(value), key=key, help=help_text + " Comma-separated; null = none.")
    # Typed as text, shown as a person reads it ("$5,000", "50%"): a number box showed "5000" and "0.5".
    return st.text_input(label, _shown(value, p.unit), key=key, help=help_text + (
        " Empty = no limit." if p.versions and None in p.versions.values() else ""))


def _shown(value, unit: str) -> str:
    return "" if value is None else value_text(value, unit)


def _number(text: str, unit: str, current):
    """A number box's text as the value it says: the current value if untouched, None if empty, a
    percentage as a share; text that is no number is left for check_value to refuse by name."""
    if text == _shown(current, unit):
        return current
    cleaned = text.replace(",", "").replace("$", "").strip()
    if not cleaned:
        return None
    try:
        return float(cleaned[:-1]) / 100 if cleaned.endswith("%") else float(cleaned)
    except ValueError:
        return text


def _parse_list(text: str) -> list:
    items = []
    for item in (t.strip() for t in text.split(",") if t.strip()):
        try:
            items.append(None if item == "null" else json.loads(item))
        except json.JSONDecodeError:
            items.append(item)
    return items


def editor(reform: Reform) -> Reform:
    """The version the reform starts from, and each parameter group as a form; returns the reform."""
    cols = st.columns([2, 3])
    cols[0].selectbox("Reform starts from", list(VERSIONS), format_func=version_words,
                      **state.bind("w_reform_law", reform.law, _law_changed))
    cols[1].text_input("Reform name", **state.bind("w_reform_name", reform.name, _name_changed),
                       help="Named after its version until you type a name of your own.")
    version = reform.law
    base = load(version)
    law = reform.apply()
    by_group: dict[str, list[str]] = {group: [] for group in GROUPS}
    for pname, p in base.parameters.items():
        by_group.setdefault(p.group, []).append(pname)
    by_group = {group: pnames for group, pnames in by_group.items() if pnames}
    st.subheader("Edit parameters", help="Each tab is a form: change values, then apply them together.")
    # Only the chosen tab's form is drawn: all 17 were, 123 inputs on every run, one tab in view. Its key
    # is not a w_rf_ one: set_reform forgets those, and the tab chosen is kept.
    tabs = st.tabs([GROUPS.get(g, g) for g in by_group], key="rf_tab", on_change="rerun")
    for tab, (group, pnames) in zip(tabs, by_group.items()):
        if not tab.open:
            continue
        with tab, st.form(f"rf_form_{group}", border=False):
            cols = st.columns(3)
            values = {}
            for i, pname in enumerate(pnames):
                with cols[i % 3]:
                    values[pname] = _widget(pname, law[pname], version)
            if st.form_submit_button(f"Apply {in_a_sentence(GROUPS.get(group, group))}", type="primary"):
                changes = dict(reform.parameters)
                try:
                    for pname, raw in values.items():
                        parameter = base.parameter(pname)
                        label = f"{parameter_label(pname)} ({parameter.unit})"  # named as its box is
                        if kind(parameter) == "list":
                            raw = _parse_list(raw)
                        elif kind(parameter) == "number":
                            raw = _number(raw, parameter.unit, law[pname])
                        try:
                            value = check_value(parameter, raw)
                        except ReformError as exc:
                            # The box's label names it; the parameter's name ("base_gsgz_uth_mega") is code.
                            raise ReformError(f"{label}: {str(exc).removeprefix(pname + ': ')}") from None
                        if value == base[pname]:
                            changes.pop(pname, None)
                        else:
                            changes[pname] = value
                    reform = Reform.from_dict({**reform.to_dict(), "parameters": changes,
                                               "name": _named(reform.name, reform.law, changes)})
                except ReformError as exc:
                    st.error(plain(f"Not applied: {exc}"))
                else:
                    set_reform(reform)
                    st.rerun()
    return reform


# A portfolio's figures on screen, after its eligibility under both laws: the annual credit and the
# changes; the reform's credit, the per-job credits and each law's total go to the files.
PORTFOLIO_ON_SCREEN = ("baseline_annual_credit", "difference_annual_credit", "difference_total_credit")


def eligible_words(baseline, reform) -> str:
    """Eligibility under both laws in one narrow column: "yes", "no", or the change, "yes → no"."""
    before, after = ("yes" if v is True or str(v) == "True" else "no" for v in (baseline, reform))
    return before if before == after else f"{before} → {after}"


def column_words(column: str) -> str:
    """A portfolio column in words: "baseline_annual_credit" is "Annual credit, baseline"."""
    side, _, key = column.partition("_")
    label = OUTPUTS[key].label if key in OUTPUTS else key.replace("_", " ")  # the output's label, in a phrase
    words = label if label[1:2].isupper() else label[:1].lower() + label[1:]
    return f"Change in {words}" if side == "difference" else f"{words[0].upper()}{words[1:]}, {side}"
