"""Each page computes under one law, chosen once at its top, and says which."""
import re
from pathlib import Path

import pytest

import grownj
from grownj.programs.credit_use import credit_use
from grownj.ui.inputs import read_amount
from grownj.ui.state import DEFAULT, preset_named
from apptest import open_app

ROOT = Path(__file__).parents[1]
# s.5 e(2): $2M of capital investment limits a retained job to 2M / 10 / 600 as enacted; the bill
# as introduced had no such limit, so the two versions' schedules differ.
SMALL = {"capital_investment": "2000000", "gross_leasable_area": "10000"}
SCENARIO = {**DEFAULT, "capital_investment": 2_000_000, "gross_leasable_area": 10_000}


def page(path, law_key, version):
    at = open_app(path, query=SMALL)
    at.selectbox(key=law_key).set_value(version).run()
    assert not at.exception
    return at


def metric(at, label):
    return next(m.value for m in at.metric if m.label == label)


@pytest.mark.parametrize("version", ["enacted", "introduced"])
def test_schedule_page_computes_under_the_law_it_names(version):
    law = grownj.load(version)
    at = page("pages/1_Schedule.py", "w_schedule_law", version)
    s = grownj.schedule(SCENARIO, law=law)
    assert metric(at, "Total over the schedule") == f"${s.total_credit:,.0f}"
    assert metric(at, "Annual credit") == f"${s.result.annual_credit:,.0f}"
    assert any(grownj.VERSIONS[version] in c.value for c in at.caption)


@pytest.mark.parametrize("version", ["enacted", "introduced"])
def test_rest_of_the_act_page_computes_under_the_law_it_names(version):
    law = grownj.load(version)
    at = page("pages/7_Rest_of_the_Act.py", "w_act_law", version)
    credits = [y["credit"] for y in grownj.schedule(SCENARIO, law=law).years]
    liability = read_amount("liability", at.text_input(key="w_use_liability").value)  # kept across versions
    use = credit_use({"credits": credits, "liability": liability}, law)
    assert metric(at, "Credit earned") == f"${use.total('credit'):,.0f}"
    assert metric(at, "Value to the business (PV)") == f"${use.present_value:,.0f}"
    assert any(grownj.VERSIONS[version] in c.value for c in at.caption)
    assert "a guess and not the law" in at.text_input(key="w_use_liability").help


@pytest.mark.parametrize("path", ["pages/1_Schedule.py", "pages/7_Rest_of_the_Act.py"])
def test_the_pages_type_no_statutory_share_or_amount(path):
    # The 80% of s.6 d(2), the $25,000 and 75% of s.7, the 20 periods of s.6 c(1) come from the law.
    text = (ROOT / path).read_text()
    assert not re.search(r"\b(80|75|20|90|10)%|0\.8\b|\$25,000|\$600,000,000|\b20 tax periods", text)


@pytest.mark.parametrize("version", ["enacted", "introduced"])
def test_risk_page_computes_under_the_law_it_names_s6d(version):
    # s.6 d(1), (2): the forfeiture rule is the law's (forfeit as enacted, pro rata as introduced),
    # not a choice of its own beside the page's law.
    from grownj.economics.risk import RiskInputs, simulate
    law = grownj.load(version)
    at = page("pages/4_Risk.py", "w_risk_law", version)
    assert not any(r.key == "w_risk_rule" for r in at.radio)
    risk = RiskInputs(paths=10000, seed=1, volatility=0.1, cut_probability=0.03, statewide_volatility=0.05)
    median = simulate(SCENARIO, risk, law=law).percentiles()["Total credit"][2]
    assert metric(at, "This project: median total credit") == f"${median:,.0f}"
    assert any(grownj.VERSIONS[version] in c.value for c in at.caption)


def test_the_liability_guess_follows_the_law_until_the_user_gives_one():
    # The liability starts as a guess from the annual credit under the page's law; once typed, it stays.
    at = page("pages/7_Rest_of_the_Act.py", "w_act_law", "introduced")
    introduced = grownj.evaluate(SCENARIO, grownj.load("introduced")).annual_credit
    enacted = grownj.evaluate(SCENARIO).annual_credit
    assert introduced != enacted
    assert at.text_input(key="w_use_liability").value == f"${round(introduced * 0.6, -3):,.0f}"
    at.selectbox(key="w_act_law").set_value("enacted").run()
    assert at.text_input(key="w_use_liability").value == f"${round(enacted * 0.6, -3):,.0f}"
    at.text_input(key="w_use_liability").set_value("123000").run()
    at.selectbox(key="w_act_law").set_value("introduced").run()
    assert at.text_input(key="w_use_liability").value == "$123,000" and not at.exception


def test_the_sidebar_help_quotes_the_page_s_law():
    """The inputs' help read the law as enacted whatever law the page computes under."""
    from grownj.engine.reform import Reform
    from grownj.ui import inputs
    law = Reform("Withholdings at 60%", "enacted", {"withholdings_share": 0.6}).apply()
    assert "60% of withholdings" in inputs._help(law)["withholdings"]
    assert "60%" not in inputs._help(grownj.enacted())["withholdings"]


# One law a project: a published award opens under the law in force on its approval date (Holtec,
# July 10, 2014: prior law, before the act took effect on October 24, 2014), and every page computes
# and says it under that law. Prior law is told from the law as enacted by its MRERA grant term:
# Holtec's $260M over a 5-year term is $52M a year under prior law, $26M as enacted (s.5 d(6)(e)).
HOLTEC = "Holtec International, Camden (published)"
LAW_SELECTS = {"pages/1_Schedule.py": "w_schedule_law", "pages/4_Risk.py": "w_risk_law",
               "pages/7_Rest_of_the_Act.py": "w_act_law"}
EVERY_PAGE = ["app.py", "pages/1_Schedule.py", "pages/2_Compare_locations.py", "pages/8_Net_benefit.py",
              "pages/9_Published_awards.py", "pages/4_Risk.py", "pages/3_Batch.py", "pages/5_Policy_reforms.py",
              "pages/7_Rest_of_the_Act.py", "pages/6_Statute.py"]


@pytest.mark.slow
def test_every_page_names_and_uses_the_law_in_force_for_a_published_award():
    from grownj.awards.presets import presets
    preset = next(p for p in presets() if p.name == HOLTEC)
    assert preset.law_in_force.version == "prior"
    scenario = preset.scenario.replace(eligibility_years=5)
    prior, enacted = (grownj.evaluate(scenario, grownj.load(v)) for v in ("prior", "enacted"))
    assert prior.annual_credit != enacted.annual_credit  # the two laws tell apart on this project
    at = open_app(query={"preset": HOLTEC, "eligibility_years": "5"}, timeout=90)
    words = grownj.VERSIONS["prior"]
    for path in EVERY_PAGE:
        if path != "app.py":
            at.switch_page(path).run()
        assert not at.exception, path
        assert at.session_state["law_version"] == "prior", path
        shown = (" ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)).replace("\\", "")
        assert "as enacted (P.L.2014" not in shown or path == "pages/6_Statute.py", path
        if path in LAW_SELECTS:
            assert at.selectbox(key=LAW_SELECTS[path]).value == "prior" and words in shown, path
        if path in ("app.py", "pages/1_Schedule.py"):
            assert f"Law:** {words}" in shown, path
            assert metric(at, "Annual credit") == f"${prior.annual_credit:,.0f}", path
    assert at.query_params.get("law") is None  # the award's own law: the link need not say it


def test_a_law_chosen_holds_across_pages_and_goes_in_the_link():
    at = open_app()
    at.selectbox(key="w_law").set_value("passed").run()
    at.switch_page("pages/1_Schedule.py").run()
    assert at.selectbox(key="w_schedule_law").value == "passed" and not at.exception
    assert at.query_params["law"] == ["passed"] or at.query_params["law"] == "passed"
    opened = open_app(query={"law": "passed"})
    assert opened.selectbox(key="w_law").value == "passed" and not opened.exception


# The State's side follows the law: its views were kept with the project by a key without the law, so
# after the sidebar's Law changed, the credit was the new law's and the net benefit the old one's.
STATE_SIDE = ("Statutory test", "Economist's NPV", "Chance of a gain", "Per job-year caused")


@pytest.mark.parametrize("first, then", [("enacted", "prior"), ("prior", "enacted")])
def test_the_state_side_follows_a_change_of_law(first, then):
    preset = {"preset": "Other eligible area, per-job cap (teaching)"}
    at = open_app(query={**preset, "law": first})
    at.selectbox(key="w_law").set_value(then).run()
    fresh = open_app(query={**preset, "law": then})
    assert not at.exception and not fresh.exception
    assert metric(at, "Annual credit") == metric(fresh, "Annual credit")
    assert [metric(at, label) for label in STATE_SIDE] == [metric(fresh, label) for label in STATE_SIDE]
    # The eligibility table's net benefit row ("110% of the credit over 20 years, $...") among them.
    assert len(at.table) == len(fresh.table)
    assert all(mine.value.equals(theirs.value) for mine, theirs in zip(at.table, fresh.table))


def test_policy_reforms_starts_its_baseline_at_the_project_law():
    """Holtec opens under prior law: the page's baseline credit was the enacted law's, under a headline
    of the project's (prior) credit."""
    at = open_app("pages/5_Policy_reforms.py", query={"preset": "Holtec International, Camden (published)"})
    assert not at.exception
    assert at.selectbox(key="w_reform_baseline").value == "prior"
    holtec = grownj.evaluate(preset_named("Holtec International, Camden (published)").scenario, grownj.load("prior"))
    assert metric(at, "Annual credit, baseline") == f"${holtec.annual_credit:,.0f}"
