"""One project on screen: a random walk of user actions over AppTest, with the invariants
checked after every step. Each way the project can change is a rule: a widget edit, a municipality,
a preset or saved scenario, a library save (over an existing name too), a page change, presenter
mode, a group of inputs opened, and the copied link opened in a fresh session."""

import json

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from streamlit.testing.v1 import AppTest

import grownj
from grownj.awards.presets import presets
from grownj.rules.scenario import FIELDS
from grownj.ui import inputs, projects
from grownj.ui.state import file_name, scenario_from_query
from grownj.ui.text import plain
import test_widgets
from test_widgets import another_value, by_identity, check_figures, give, refused_with_a_message, same, shown
from apptest import open_app

PAGES = test_widgets.PAGES
PLACES = ["Camden (Camden)", "Newark (Essex)", "Princeton (Mercer)", "Paterson (Passaic)", "Trenton (Mercer)",
          "Hoboken (Hudson)", inputs.NO_PLACE]
# Names a person types, markdown and all: the library shows them as typed.
NAMES = ["Holtec", "**bold** [link](http://example.com)", "Camden plan", "<b>x</b>"]
VALUES = {
    "count": st.integers(0, 1500), "optional_count": st.one_of(st.none(), st.integers(0, 1500)),
    "money": st.integers(0, 300_000_000).map(float), "area": st.integers(0, 2_000_000).map(float), "optional_money": st.one_of(st.none(), st.integers(
        0, 30_000_000).map(float)), "optional_number": st.one_of(st.none(), st.integers(0, 900).map(float)),
    "years": st.integers(1, 10), "bool": st.booleans()}


def widgets(at):
    """The project's widgets drawn now, by field name."""
    drawn = [*at.text_input, *at.selectbox, *at.checkbox, *at.slider]
    return {w.key[2:]: w for w in drawn if w.key and w.key.startswith("w_") and w.key[2:] in FIELDS}


def query(at) -> dict[str, str]:
    return {k: v if isinstance(v, str) else v[-1] for k, v in at.query_params.items()}


def saved_names(at) -> list[str]:
    return at.table[-1].value["Saved scenario"].tolist()


def presenting(at) -> bool:
    return "presenting" in at.session_state and at.session_state["presenting"]


def annual_credit(at) -> str | None:
    return next((m.value for m in at.metric if m.label == "Annual credit"), None)


class ProjectOnScreen(RuleBasedStateMachine):
    """The scenario in the session is the project; everything on screen must be that project."""

    @initialize()
    def start(self):
        self.at = open_app()
        self.steps = 0

    def run(self):
        self.at.run()
        self.steps += 1

    @property
    def scenario(self) -> dict:
        return self.at.session_state["scenario"]

    @rule(data=st.data())
    def edit_a_field(self, data):
        drawn = widgets(self.at)
        if not drawn:
            return
        name = data.draw(st.sampled_from(sorted(drawn)))
        f = FIELDS[name]
        if f.kind == "choice":
            value = data.draw(st.sampled_from(f.choices))
        else:
            value = data.draw(VALUES[f.kind])
        if f.kind in inputs.TYPED_KINDS:  # typed as a person types: with or without separators
            value = data.draw(st.sampled_from([inputs.display(name, value), "" if value is None else str(value)]))
        drawn[name].set_value(value)
        self.run()

    @rule(data=st.data())
    def give_any_widget_a_value(self, data):
        """Any widget the page draws, not only the project's fields: a page's own settings (a sale
        year, a law version, an assumption, a reform's parameter) too."""
        now = by_identity(self.at)
        ident = data.draw(st.sampled_from(sorted(now, key=repr))) if now else None
        value = another_value(now[ident]) if ident else None
        if value is None:
            return
        w = now[ident]
        give(w, value)
        if getattr(w, "form_id", ""):  # a form's fields reach the server with its button
            next(b for b in self.at.button if b.proto.form_id == w.form_id and b.proto.is_form_submitter).click()
        self.run()
        after = by_identity(self.at).get(ident)
        assert (after is not None and same(shown(after), value)) or refused_with_a_message(self.at, w) or (
            w.form_id and self.at.success), (ident, value)

    @rule(group=st.sampled_from(list(inputs.GROUPS)), is_open=st.booleans())
    def open_or_close_a_group(self, group, is_open):
        self.at.session_state[f"open_inputs_{group}"] = is_open
        self.run()

    @rule(place=st.sampled_from(PLACES))
    def pick_a_municipality(self, place):
        picker = next((s for s in self.at.selectbox if s.key == "w_place"), None)
        if picker is not None:
            picker.set_value(place)
            self.run()

    @rule(data=st.data())
    def pick_a_project(self, data):
        picker = next((s for s in self.at.selectbox if s.key == "w_project"), None)
        if picker is not None:
            picker.set_value(data.draw(st.sampled_from(picker.options[1:])))
            self.run()
            if not self.at.exception:
                assert self.at.session_state["origin"]["scenario"] == self.scenario

    @rule(name=st.sampled_from(NAMES), replace=st.booleans())
    def save_to_the_library(self, name, replace):
        if presenting(self.at):
            return
        self.at.switch_page("app.py")
        self.at.session_state["open_library"] = True
        self.run()
        before = self.scenario
        self.at.text_input(key="w_lib_name").set_value(name)
        next(b for b in self.at.button if b.label == "Save to library").click()
        self.run()
        asking = [b for b in self.at.button if b.key == "lib_replace_yes"]
        if asking:  # the name exists: nothing is replaced until the user says so
            assert any("saved already" in w.value for w in self.at.warning)
            (asking[0] if replace else next(b for b in self.at.button if b.key == "lib_replace_no")).click()
            self.run()
        assert self.scenario == before
        assert plain(name) in saved_names(self.at)
        assert not any("sqlite" in m.value for m in [*self.at.caption, *self.at.markdown, *self.at.error])

    @rule(page=st.sampled_from(PAGES))
    def change_page(self, page):
        if not presenting(self.at):  # presenter mode has no page links
            self.at.switch_page(page)
            self.run()

    @rule(on=st.booleans())
    def presenter_mode(self, on):
        toggle = next((t for t in self.at.toggle if t.key == "w_presenter"), None)
        if toggle is not None:
            before = self.scenario
            toggle.set_value(on)
            self.run()
            assert self.scenario == before

    @rule(again=st.booleans())
    def undo_or_start_again(self, again):
        button = next((b for b in self.at.button if b.key == ("w_start_again" if again else "w_undo")), None)
        if button is not None and not button.disabled:
            button.click()
            self.run()

    @rule()
    def open_the_link_in_a_fresh_browser(self):
        before, shown = self.scenario, query(self.at)
        self.at = open_app(query=shown)
        self.steps += 1
        assert self.scenario == before
        assert not self.at.warning  # a link the app wrote has nothing wrong with it

    @invariant()
    def nothing_raised(self):
        assert not self.at.exception, self.at.exception[0].message if self.at.exception else ""

    @invariant()
    def every_widget_shows_the_project(self):
        for name, widget in widgets(self.at).items():
            value = self.scenario[name]
            refused = self.at.session_state["typed"] if "typed" in self.at.session_state else {}
            expected = (refused[name][0] if name in refused else inputs.display(name, value)
                        if FIELDS[name].kind in inputs.TYPED_KINDS else value)
            assert widget.value == expected, (name, widget.value, value)
        place = next((s for s in self.at.selectbox if s.key == "w_place"), None)
        if place is not None:
            assert place.value == (self.at.session_state["place"] or inputs.NO_PLACE)
        project = next((s for s in self.at.selectbox if s.key == "w_project"), None)
        if project is not None and not project.value.startswith(projects.ON_SCREEN):
            assert self.at.session_state["origin"]["scenario"] == self.scenario

    @invariant()
    def the_headline_is_the_engine_s_answer(self):
        check_figures(self.at)  # under the page's law, the Schedule's total for its path too

    @invariant()
    def the_link_holds_the_project(self):
        scenario, problems = scenario_from_query(query(self.at))
        assert scenario.to_dict() == self.scenario and not problems


@pytest.fixture
def library(tmp_path, monkeypatch):
    monkeypatch.setenv("GROWNJ_LIBRARY", str(tmp_path / "lib.sqlite"))


@pytest.mark.slow  # a minute and a half of one core: `make test` walks, `make test-quick` leaves it
def test_random_walks_keep_one_project_on_screen(library):
    ProjectOnScreen.TestCase.settings = settings(max_examples=12, stateful_step_count=30, deadline=None,
                                                 suppress_health_check=list(HealthCheck))
    ProjectOnScreen.TestCase().runTest()


def test_every_preset_is_pickable_after_another_and_after_an_edit():
    """The second pick crashed; Holtec then New jobs lost the sidebar."""
    at = open_app()
    for preset in presets():
        at.selectbox(key="w_project").set_value(preset.name).run()
        assert not at.exception
        assert annual_credit(at) == f"${grownj.evaluate(preset.scenario).annual_credit:,.0f}"
        assert at.text_input(key="w_new_jobs").value == f"{preset.scenario.new_jobs:,}"
        at.text_input(key="w_new_jobs").set_value(str(preset.scenario.new_jobs + 7)).run()
        assert not at.exception
        expected = grownj.evaluate(preset.scenario.replace(new_jobs=preset.scenario.new_jobs + 7))
        assert annual_credit(at) == f"${expected.annual_credit:,.0f}"


def test_municipalities_one_after_another_fill_the_sidebar():
    """The second municipality crashed; the sidebar kept the old tier; an edit after
    Paterson brought the transit hub and Essex's salary back."""
    at = open_app()
    for place, tier, mrera in [("Camden (Camden)", "gsgz", True), ("Newark (Essex)", "uth", False),
                               ("Princeton (Mercer)", "other", False), ("Paterson (Passaic)", "gsgz", False)]:
        at.selectbox(key="w_place").set_value(place).run()
        assert not at.exception
        assert at.selectbox(key="w_location_tier").value == tier == at.session_state["scenario"]["location_tier"]
        assert at.checkbox(key="w_mrera").value is mrera
    at.text_input(key="w_new_jobs").set_value("150").run()
    scenario = at.session_state["scenario"]
    assert scenario["location_tier"] == "gsgz" and scenario["new_jobs"] == 150
    shown = at.text_input(key="w_county_average_salary").value
    assert shown == f"${scenario['county_average_salary']:,.0f}" != "$64,324"
    assert annual_credit(at) == f"${grownj.evaluate(scenario).annual_credit:,.0f}"
    assert at.selectbox(key="w_place").value == "Paterson (Passaic)"


def test_presenter_mode_presents_the_current_project():
    """Holtec then presenter mode showed the default project."""
    at = open_app()
    at.selectbox(key="w_project").set_value("Holtec International, Camden (published)").run()
    at.toggle(key="w_presenter").set_value(True).run()
    assert annual_credit(at) == "$26,000,000"
    assert any("Holtec" in t.value for t in at.title)
    assert query(at)["preset"].startswith("Holtec")
    # Another project without leaving presenter mode.
    at.selectbox(key="w_project").set_value("Fails eligibility: too few jobs (teaching)").run()
    assert annual_credit(at) == "$0" and at.session_state["presenting"]
    at.toggle(key="w_presenter").set_value(False).run()
    assert annual_credit(at) == "$0" and at.text_input(key="w_new_jobs").value == "20"


@pytest.mark.parametrize("preset", [p.name for p in presets()])
def test_a_shared_preset_opens_as_the_sender_saw_it(preset):
    """A shared preset became another project, and its story stayed behind."""
    at = open_app()
    at.selectbox(key="w_project").set_value(preset).run()
    sender = (annual_credit(at), at.session_state["scenario"], [i.value for i in at.info])
    fresh = open_app(query=query(at))
    assert (annual_credit(fresh), fresh.session_state["scenario"], [i.value for i in fresh.info]) == sender


def test_a_shared_edit_to_contract_defaults_opens_the_same():
    """Fields at the contract's default were left out of the link and the recipient's
    start project filled them: sender $3,250,000, recipient $4,675,000."""
    at = open_app()
    at.text_input(key="w_retained_jobs").set_value("0").run()
    at.checkbox(key="w_transit_oriented").set_value(False).run()
    assert annual_credit(at) == "$3,250,000"
    assert annual_credit(open_app(query=query(at))) == "$3,250,000"


def test_a_bad_field_in_a_link_is_left_out_and_the_rest_used():
    """One bad field dropped the whole link; a long unknown parameter filled the page."""
    at = open_app(query={"new_jobs": "lots", "retained_jobs": "0", "location_tier": "gsgz", "mrera": "true",
                   "x" * 3000: "y"})
    assert not at.exception
    scenario = at.session_state["scenario"]
    assert scenario["retained_jobs"] == 0 and scenario["location_tier"] == "gsgz" and scenario["mrera"]
    warnings = [w.value for w in at.warning]
    assert len(warnings) == 2 and all(len(w) < 200 for w in warnings)
    # The field named in words, not by its code.
    assert any("New full-time jobs" in w.replace("\\", "") for w in warnings) and any("does not know" in w for w in warnings)
    assert annual_credit(at) == f"${grownj.evaluate(scenario).annual_credit:,.0f}"


def test_a_link_contradicting_itself_keeps_the_rest():
    at = open_app(query={"mrera": "true", "new_jobs": "300"})  # MRERA outside a growth zone (s.5 d)
    assert at.session_state["scenario"]["new_jobs"] == 300 and not at.session_state["scenario"]["mrera"]
    assert any("Growth zone qualifies under MRERA" in w.value for w in at.warning)


def test_library_asks_before_replacing_and_shows_names_as_typed(library):
    """Saving over a name asks first; names show as typed."""
    at = open_app()
    at.session_state["open_library"] = True
    at.run()
    name = "**bold** [link](http://example.com)"
    for jobs in (300, 400):
        at.text_input(key="w_new_jobs").set_value(str(jobs)).run()
        at.text_input(key="w_lib_name").set_value(name)
        next(b for b in at.button if b.label == "Save to library").click().run()
    assert any("saved already" in w.value for w in at.warning)
    at.button(key="lib_replace_no").click().run()
    at.selectbox(key="w_lib_pick").set_value(name).run()
    next(b for b in at.button if b.label == "Load").click().run()
    assert at.session_state["scenario"]["new_jobs"] == 300  # the first save was kept
    assert saved_names(at) == [plain(name)]  # markdown escaped: the table shows it as typed
    shown = " ".join(m.value for m in [*at.caption, *at.markdown, *at.success, *at.warning])
    # No path of the library's file on screen (the project's own name, written in full under the
    # picker, may hold a slash as typed).
    assert "lib.sqlite" not in shown
    assert "/" not in "".join(c.value.replace(plain(name), "") for c in at.caption)


def test_undo_brings_back_each_project_in_turn_and_start_again_the_first():
    at = open_app()
    at.text_input(key="w_new_jobs").set_value("300").run()
    at.selectbox(key="w_place").set_value("Camden (Camden)").run()
    at.button(key="w_undo").click().run()
    assert at.session_state["scenario"]["new_jobs"] == 300 and at.session_state["place"] is None
    assert at.selectbox(key="w_location_tier").value == "uth"
    at.button(key="w_undo").click().run()
    assert annual_credit(at) == "$4,675,000" and at.button(key="w_undo").disabled
    at.text_input(key="w_new_jobs").set_value("10").run()
    at.button(key="w_start_again").click().run()
    assert annual_credit(at) == "$4,675,000" and at.text_input(key="w_new_jobs").value == "500"


def test_a_link_to_an_unknown_preset_or_place_is_refused_with_a_message():
    """?preset=Nope and ?place=Atlantis were accepted silently."""
    at = open_app(query={"preset": "Nope", "place": "Atlantis", "new_jobs": "300"})
    assert not at.exception
    said = " ".join(w.value for w in at.warning).replace("\\", "")
    assert "'Nope' is not one of the presets" in said and "'Atlantis' is not a New Jersey municipality" in said
    assert at.session_state["place"] is None and at.session_state["scenario"]["new_jobs"] == 300
    assert "place" not in query(at) and "preset" not in query(at)


def test_a_link_copied_in_presenter_mode_opens_in_presenter_mode():
    """A link copied in presenter mode opened without it."""
    at = open_app()
    at.selectbox(key="w_project").set_value("Holtec International, Camden (published)").run()
    at.toggle(key="w_presenter").set_value(True).run()
    fresh = open_app(query=query(at))
    assert fresh.session_state["presenting"] and annual_credit(fresh) == "$26,000,000"
    assert not fresh.warning and any("Holtec" in t.value for t in fresh.title)


def test_the_exported_json_is_named_after_the_project_and_loads_back_with_it():
    """Re-uploaded, the project was called "scenario.json"."""
    holtec = presets()[0]
    name = file_name(holtec.name)
    assert name == f"{holtec.name}.json" and file_name("a/b: c") == "a_b_ c.json"
    at = open_app()
    at.session_state["open_share"] = True
    at.run()
    at.file_uploader(key="upload").set_value((name, holtec.scenario.to_json().encode(), "application/json")).run()
    assert at.session_state["origin"]["name"] == holtec.name
    assert any(holtec.name in m.value.replace("\\", "") for m in at.markdown)


def _figures(at) -> dict[str, str]:
    """The calculator's credit and the State's side as the screen shows them."""
    return {m.label: m.value for m in at.metric if m.label in ("Annual credit", "Statutory test", "Economist's NPV")}


def test_a_saved_scenario_file_reopens_to_the_same_figures(monkeypatch):
    """The scenario JSON carried no law, so the 76ers came back as enacted and the economist's NPV
    moved from -$66,997,307 to -$55,881,578. The file keeps the law, the place and the net benefit
    assumptions and horizon: loaded in a fresh session, the same credit, verdict and NPV."""
    from grownj.ui import downloads

    offered = {}
    monkeypatch.setattr(downloads, "button", lambda where, label, data, name, *a, **k: offered.setdefault(
        label, (data, name)))
    sixers = "Philadelphia 76ers training complex, Camden (published)"
    at = open_app(query={"preset": sixers, "new_jobs": "300", "horizon": "20",
                         "assumptions": json.dumps({"income_tax_rate": 0.03, "economist_horizon": 25})})
    at.session_state["open_share"] = True
    at.run()
    shown_then = _figures(at)
    data, name = offered["Download scenario JSON"]
    saved = json.loads(data)
    assert saved["law"] == "prior" and saved["horizon"] == 20 and saved["assumptions"]["income_tax_rate"] == 0.03

    def reopened(raw: bytes):
        fresh = open_app()  # a new session: enacted law, default assumptions
        fresh.session_state["open_share"] = True
        fresh.run()
        fresh.file_uploader(key="upload").set_value((name, raw, "application/json")).run()
        assert not fresh.exception and not fresh.error
        return fresh

    fresh = reopened(data.encode())
    assert _figures(fresh) == shown_then and len(shown_then) == 3, (_figures(fresh), shown_then)
    assert fresh.session_state["law_version"] == "prior"
    # The scenario alone, as earlier files held it, still loads: under the session's law, other figures.
    alone = reopened(json.dumps(saved["scenario"]).encode())
    assert _figures(alone)["Economist's NPV"] != shown_then["Economist's NPV"]


def test_a_project_file_with_an_unknown_law_or_key_is_refused_by_name():
    from grownj.ui import state

    scenario = presets()[0].scenario.to_dict()
    assert "law" in state.load_uploaded(json.dumps({"scenario": scenario, "law": "1999"}).encode(), "a.json")
    assert "colour" in state.load_uploaded(json.dumps({"scenario": scenario, "colour": 1}).encode(), "a.json")


def test_an_emptied_salary_is_not_given_in_the_link_and_opens_so():
    """An emptied salary went into the link as average_salary=0, a salary of nothing: it is "not
    given" (the county's is used for c(6)), and the link says so and reopens so."""
    at = open_app(query={"preset": "Philadelphia 76ers training complex, Camden (published)"})
    at.text_input(key="w_average_salary").set_value("").run()
    assert at.session_state["scenario"]["average_salary"] == 0 and not at.error
    link = query(at)
    assert link["average_salary"] == "", link
    fresh = open_app(query=link)
    assert fresh.session_state["scenario"] == at.session_state["scenario"] and not fresh.warning
    assert annual_credit(fresh) == annual_credit(at)
