"""s.6 b deadlines: application, certification with extensions, incentive effective date, mega
projects; boundary dates included."""
import pytest

from grownj.programs.deadlines import deadlines
from grownj.rules.inputs import add_months
from grownj.rules.scenario import ScenarioError


def met(data, test):
    return next(c.met for c in deadlines(data).checks if c.test == test)


@pytest.mark.parametrize("day, ok", [("2019-06-30", True), ("2019-07-01", False)])
def test_application_prior_to_july_1_2019_s6b1(day, ok):
    assert met({"application_date": day}, "Application") is ok


@pytest.mark.parametrize("day, extensions, ok", [
    ("2019-03-15", 0, True),    # exactly three years after approval on 2016-03-15
    ("2019-03-16", 0, False),
    ("2019-09-15", 1, True),    # one six-month extension
    ("2020-03-15", 2, True),    # two
    ("2020-03-16", 2, False),
])
def test_certification_within_three_years_and_two_six_month_extensions_s6b2(day, extensions, ok):
    data = {"application_date": "2015-12-01", "approval_date": "2016-03-15", "certification_date": day,
            "extensions": extensions}
    assert met(data, "Certification") is ok


def test_no_more_than_two_extensions_s6b2():
    with pytest.raises(ScenarioError, match="extensions: the authority may grant at most 2"):
        deadlines({"application_date": "2015-12-01", "extensions": 3})


@pytest.mark.parametrize("day, ok", [("2020-03-15", True), ("2020-03-16", False)])
def test_incentive_effective_date_at_most_four_years_after_approval_s6b2(day, ok):
    data = {"application_date": "2015-12-01", "approval_date": "2016-03-15", "incentive_effective_date": day}
    assert met(data, "Incentive effective date") is ok


@pytest.mark.parametrize("day, ok", [("2017-09-18", True), ("2017-09-19", False)])
def test_mega_project_applies_within_four_years_of_pl2013_c161_s6b4(day, ok):
    assert met({"application_date": day, "mega_project": True}, "Mega project application") is ok


def test_dates_not_given_are_open_not_failed_and_sentences_cite_the_section():
    result = deadlines({"approval_date": "2016-03-15"})
    assert [c.met for c in result.checks] == [None, None, None] and result.all_met
    assert "(s.6 b(2))" in result.checks[1].sentence


def test_net_benefit_horizon_ends_30_years_after_completion_in_a_growth_zone_s3a3():
    out = deadlines({"scenario": {"location_tier": "gsgz", "new_jobs": 100}, "completion_date": "2017-06-30"})
    assert out.horizon_years == 30 and out.horizon_end.isoformat() == "2047-06-30"


def test_leap_day_plus_months_lands_on_the_month_end():
    from datetime import date
    assert add_months(date(2016, 2, 29), 12) == date(2017, 2, 28)
    assert add_months(date(2016, 8, 31), 6) == date(2017, 2, 28)


@pytest.mark.parametrize("data, message", [
    ({"application_date": "2019-13-01"}, "application_date: must be a date as YYYY-MM-DD"),
    ({"aplication_date": "2019-01-01"}, "aplication_date: unknown field for deadlines"),
    ({"extensions": -1}, "extensions: must be a whole number"),
    ({"mega_project": "yes"}, "mega_project: must be true or false"),
])
def test_bad_input_names_the_field(data, message):
    with pytest.raises(ScenarioError, match=message):
        deadlines(data)


PORT_MEGA = {"location_tier": "other", "port_district": True, "industry": "logistics", "new_jobs": 1200,
             "capital_investment": 100_000_000}


def test_mega_project_deadline_follows_evaluate_for_a_scenario_s6b4():
    # s.2 "Mega project" a: a port-district logistics project with more than 1,000 jobs (evaluate:
    # a mega project with a 30-year horizon) had to apply by September 18, 2017.
    out = deadlines({"application_date": "2018-01-01", "scenario": PORT_MEGA})
    assert out.horizon_years == 30 and not out.all_met
    assert next(c for c in out.checks if c.test == "Mega project application").met is False


def test_mega_project_flag_may_not_contradict_the_scenario_s6b4():
    with pytest.raises(ScenarioError, match="mega_project: is false, but the scenario is a mega project"):
        deadlines({"application_date": "2017-01-01", "mega_project": False, "scenario": PORT_MEGA})
