"""Figures are built from results alone; check what they draw."""
import grownj
from grownj import charts
from grownj.net_benefit import net_benefit

NEWARK = {"location_tier": "uth", "new_jobs": 500, "retained_jobs": 100, "capital_investment": 60000000,
          "gross_leasable_area": 200000, "average_salary": 90000, "county_average_salary": 60000,
          "industry": "finance", "transit_oriented": True}


def test_composition_stacks_base_and_bonuses_to_the_uncapped_gross_s5d():
    r = grownj.evaluate(NEWARK)
    fig = charts.composition_figure(r)
    stacked = [t for t in fig.data if t.x == ("Gross per job (before cap)",)]
    assert sum(t.y[0] for t in stacked) == r.gross_per_job_uncapped == 8500  # 5,000 + 2,000 + 250 + 750 + 500
    after = fig.data[-1]
    assert list(after.y) == [8500, 4250]  # per new, per retained (s.5 e)
    assert fig.layout.shapes[0].y0 == 15000  # mega project cap (s.5 d(1))


def test_schedule_marks_forfeited_years_s6d2():
    s = grownj.schedule({**NEWARK, "facility_jobs": [600, 400] + [600] * 8})
    fig = charts.schedule_figure(s)
    assert fig.data[0].y[1] == 0 and fig.data[0].text[1] == "forfeited"
    assert fig.layout.shapes[0].x1 == 15.5  # commitment period 1.5 x 10 (s.2)


def test_net_benefit_figure_draws_threshold():
    r = grownj.evaluate(NEWARK)
    nb = net_benefit(r)
    fig = charts.net_benefit_figure({"Newark": nb})
    assert fig.data[1].y[0] == nb.required
