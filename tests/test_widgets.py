"""Every widget keeps what the user gives it: on each page, presenter mode included, every
widget the page draws (found in the page, not listed by hand, every fold opened) is given a valid
value of its kind in turn; after the rerun the page raised nothing and the widget shows that value,
or a message names the field and says why it was not used. Where the widget feeds the page's main
figure, the figure is grownj's for the new input."""
from __future__ import annotations

import datetime
import json

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import TESTING_KEY

import grownj
from grownj import load
from grownj.ui import projects, state
from apptest import open_app

PAGES = ["app.py", "pages/1_Schedule.py", "pages/2_Compare_locations.py", "pages/3_Batch.py", "pages/4_Risk.py",
         "pages/5_Policy_reforms.py", "pages/6_Statute.py", "pages/7_Rest_of_the_Act.py", "pages/8_Net_benefit.py",
         "pages/9_Published_awards.py"]
KINDS = ("number_input", "selectbox", "checkbox", "toggle", "slider", "select_slider", "text_input", "text_area",
         "radio", "multiselect", "date_input", "segmented_control")
CHOICES = ("selectbox", "radio", "select_slider", "button_group")
# Widgets that take the page away from the rest (presenter mode hides the sidebar): given a value last.
LAST = ("w_presenter",)


def open_page(page: str, presenting: bool = False) -> AppTest:
    if not presenting:
        return open_folds(open_app(page))
    at = open_app()
    at.toggle(key="w_presenter").set_value(True).run()
    return open_folds(at)


def open_folds(at: AppTest) -> AppTest:
    """Open every fold the page draws (a fold draws its content only while open); folds inside
    folds appear once their parent is open."""
    for _ in range(3):
        closed = [e.proto.id.rsplit("-", 1)[-1] for e in at.expander if e.proto.id and not at.session_state[
            e.proto.id.rsplit("-", 1)[-1]]] if at.expander else []
        if not closed:
            break
        for key in closed:
            at.session_state[key] = True
        at.run()
    return at


def drawn(at: AppTest) -> list:
    return [w for kind in KINDS for w in getattr(at, kind) if not getattr(w, "disabled", False)]


def identity(widget) -> tuple:
    """The widget across reruns: its key, else its kind and label."""
    return (widget.key,) if widget.key else (widget.type, widget.label)


def by_identity(at: AppTest) -> dict:
    return {identity(w): w for w in drawn(at)}


def another_value(w):
    """A valid value of the widget's kind, other than the one it shows (None: there is none)."""
    value = w.value
    if w.type in ("checkbox", "toggle"):
        return not value
    if w.type == "number_input":
        step = w.step or 1
        if value is None:
            return w.min if w.min is not None else step
        up = value + step
        return up if w.max is None or up <= w.max else value - step
    if w.type == "slider":
        return w.min if value != w.min else w.max
    if w.type in CHOICES:
        # The project on screen, or a placeholder, is no choice: the widget goes back to the project.
        others = sorted((o for o in w.options if o != shown(w)),
                        key=lambda o: o.startswith(("(", projects.ON_SCREEN)))
        return Option(others[0]) if others else None  # nothing else to choose
    if w.type in ("text_input", "text_area"):
        return (value or "") + " 2"
    if w.type == "multiselect":
        first = w.options[0]
        return [o for o in w.options if (o in value) != (o == first)]
    if w.type == "date_input":
        return value + datetime.timedelta(days=1) if value else w.min
    raise AssertionError(f"no value rule for {w.type}")


class Option(str):
    """A choice as the browser sends it: the option's text (a choice widget's value is the option
    itself, which a test cannot get back from the text its format_func made)."""


def give(w, value) -> None:
    if isinstance(value, Option):  # sent as text, as the browser does
        formats = w.root.session_state[TESTING_KEY]
        formats[w.id] = lambda v, f=formats[w.id]: v if isinstance(v, Option) else f(v)
    w.set_value(value)


def shown(w):
    """What the widget shows: a choice's text (each of a multiselect's), another widget's value."""
    if w.type == "multiselect":
        return [w.format_func(v) for v in w.value]
    if w.type not in CHOICES or w.value is None:
        return w.value
    return w.formatted_values[0] if w.type == "button_group" else w.format_func(w.value)


def same(shown_now, given) -> bool:
    """The widget shows what was given: a number typed as text may come back with its thousands
    separators ("1000" as "1,000") and, an amount of dollars, its "$"."""
    if isinstance(shown_now, str) and isinstance(given, str):
        return shown_now.replace(",", "").replace("$", "").strip() == given.replace(",", "").replace("$", "").strip()
    return shown_now == given


def refused_with_a_message(at: AppTest, w) -> bool:
    """A value not used is said on the page, naming the field (its label or its name)."""
    names = {w.label.lower(), (w.key or "")[2:].replace("_", " ")} - {""}
    said = " ".join(m.value for m in [*at.error, *at.warning]).lower().replace("\\_", " ").replace("_", " ")
    return any(name in said for name in names)


def metric(at: AppTest, label: str) -> str | None:
    return next((m.value for m in at.metric if m.label == label), None)


def check_figures(at: AppTest) -> None:
    """The page's main figure is grownj's for the inputs the widgets now show."""
    scenario = at.session_state["scenario"]
    # The project's law, which every page computes under and a page's select shows (a published
    # award's is the law in force on its approval date, not the default).
    chosen = next((s.value for s in at.selectbox if s.key in ("w_schedule_law", "w_risk_law", "w_act_law")), None)
    project_law = at.session_state[state.LAW_KEY] if state.LAW_KEY in at.session_state else None
    law = load(chosen or project_law or state.DEFAULT_LAW)
    headline = metric(at, "Annual credit")
    if headline is not None:
        assert headline == f"${grownj.evaluate(scenario, law).annual_credit:,.0f}"
    if metric(at, "Total over the schedule") is not None:
        table = at.session_state["path_table"]
        # The path is the project's (s.6 d(2) measures it against the agreement), or the page says
        # it was entered for another agreement.
        agreement = grownj.evaluate(scenario, law).extra["total_jobs"]
        assert (at.session_state["path_agreement"] == agreement
                or any("entered for an agreement of" in i.value for i in at.info))
        sold = at.selectbox(key="w_sold").value
        baseline = at.session_state["baseline"] if "baseline" in at.session_state else None  # the last given
        try:  # a cell that is not a whole number of jobs: the path is refused, the agreement's jobs used
            facility, statewide = ([float(str(t).replace(",", "")) if str(t).strip() else None for t in table[c]]
                                   for c in ("Facility jobs", "Statewide jobs"))
            assert all(x is not None and x >= 0 and x.is_integer() for x in facility)
        except (ValueError, AssertionError):
            facility, statewide = None, [None]
        statewide = statewide if baseline and None not in statewide else None
        path = {"facility_jobs": facility, "statewide_jobs": statewide,
                "statewide_baseline": float(baseline) if statewide else None,
                "facility_sold_year": None if sold == "not sold" else sold}
        expected = grownj.schedule(scenario, {**path, "forfeiture_rule": law.forfeiture_rule}, law)
        assert metric(at, "Total over the schedule") == f"${expected.total_credit:,.0f}"


def steps(at: AppTest) -> list[list[tuple]]:
    """What a user changes at once: one widget, or every field of a form (its button sends them
    together; the browser holds them until then)."""
    groups: dict[str, list[tuple]] = {}
    for w in sorted(drawn(at), key=lambda w: w.key in LAST):
        form = getattr(w, "form_id", "")
        groups.setdefault(form or repr(identity(w)), []).append(identity(w))
    return list(groups.values())


def walk(at: AppTest, page: str, walked: frozenset = frozenset()) -> list[tuple]:
    """Give every widget drawn a new value in turn, but those `walked` already; returns the widgets
    given one."""
    done = []
    for group in (g for g in steps(at) if not set(g) & walked):
        given, now_drawn = {}, by_identity(at)
        for ident in group:
            w = now_drawn.get(ident)  # None: an earlier value took it off the page
            value = another_value(w) if w is not None else None
            if value is not None:
                give(w, value)
                given[ident] = (w, value)
        if not given:
            continue
        form = getattr(w, "form_id", "")
        if form:
            next(b for b in at.button if b.proto.form_id == form and b.proto.is_form_submitter).click()
        at.run()
        assert not at.exception, (group, at.exception[0].message)
        now_drawn = by_identity(at)
        for ident, (w, value) in given.items():
            after = now_drawn.get(ident)
            now = shown(after) if after is not None else None
            # A form is refused as a whole, naming the field at fault; one that did what it is for
            # (a scenario saved) may empty its fields.
            assert same(now, value) or any(refused_with_a_message(at, v) for v, _ in given.values()) or (
                form and at.success), (page, ident, value, now)
        check_figures(at)
        done += given
        open_folds(at)
    return done + edit_tables(at, page)


def edit_tables(at: AppTest, page: str) -> list[tuple]:
    """Each table a user edits: its first editable cell, given another value of its kind; the
    table shows it after the rerun (from its data or its edits), or a message names the column."""
    done = []
    for table in list(at.data_editor):
        config = json.loads(table.proto.columns or "{}")
        frame = table.value
        column = next(c for c in frame.columns if not config.get(c, {}).get("disabled"))
        old = frame[column].iloc[0]
        new = (not old) if isinstance(old, bool) else (float(old) + 1 if isinstance(old, (int, float)) and old == old
                                                         else f"{old} 2" if isinstance(old, str) else 1.0)
        at.session_state[table.key] = {"edited_rows": {0: {column: new}}, "added_rows": [], "deleted_rows": []}
        at.run()
        assert not at.exception, (table.key, at.exception[0].message)
        after = next(t for t in at.data_editor if t.key == table.key)
        edits = at.session_state[table.key]["edited_rows"] if table.key in at.session_state else {}
        said = " ".join(m.value for m in [*at.error, *at.warning]).lower()
        assert after.value[column].iloc[0] == new or edits.get(0, {}).get(column) == new or column.lower() in said, (
            page, table.key, column, new)
        check_figures(at)
        done.append((table.key, column))
    return done


# Tabs that draw only the chosen one (grownj.ui.fold.tabs): each is chosen in turn, and its widgets walked.
TABS = {"pages/5_Policy_reforms.py": "rf_tab", "pages/7_Rest_of_the_Act.py": "w_act_tab"}


# The calculator's walk stays in the quick check; the other pages' walks (7-24 s each, about two
# minutes in all) run with `make test`, as the long random walk does.
@pytest.mark.parametrize("page", [p if p == "app.py" else pytest.param(p, marks=pytest.mark.slow) for p in PAGES])
def test_every_widget_keeps_the_value_given(page, tmp_path, monkeypatch):
    monkeypatch.setenv("GROWNJ_LIBRARY", str(tmp_path / "lib.sqlite"))
    at = open_page(page)
    done = walk(at, page)
    for label in [tab.label for tab in at.tabs][1:] if page in TABS else ():
        at.session_state[TABS[page]] = label
        open_folds(at.run())
        done += walk(at, page, frozenset(done))
    assert done or page == "pages/3_Batch.py"  # Batch has only its file


def test_every_widget_keeps_the_value_given_in_presenter_mode():
    at = open_page("app.py", presenting=True)
    done = walk(at, "app.py")
    assert ("w_presenter_view",) in done and ("w_project",) in done
