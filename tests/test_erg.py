"""ERG residential credits (bill s.7, P.L.2009 c.90 s.6 b): buckets (a)-(d) with their
sub-allocations, per-project caps, the pledge share, and the dates, boundaries included."""
import pytest

from grownj import load
from grownj.programs.erg import erg_residential
from grownj.rules.scenario import ScenarioError


def erg(**kw):
    return erg_residential({"county": "Essex", **kw})


def test_camden_growth_zone_is_bucket_a_growth_zone_sub_allocation_s6b2a():
    r = erg_residential({"county": "Camden", "gsgz": True, "incentive_grant": 30000000})
    assert (r.bucket, r.bucket_amount, r.sub_allocation_amount) == ("a", 250000000, 175000000)
    # Not in a deep poverty pocket or distressed municipality: at most $20M (b(2)(e)).
    assert r.project_cap == 20000000 and r.credits == 20000000
    assert r.pledge_share == 0.85  # b(1): 85% in a growth zone


@pytest.mark.parametrize("mri, bucket", [(400, "a"), (399.9, "d")])
def test_southern_mri_of_400_or_higher_is_the_75_million_sub_allocation_s6b2a(mri, bucket):
    r = erg_residential({"county": "Cumberland", "mri_2007": mri, "erg_incentive_area": True})
    assert r.bucket == bucket
    if bucket == "a":
        assert r.sub_allocation_amount == 75000000


def test_a_southern_project_without_either_sub_allocation_falls_to_a_later_bucket():
    r = erg_residential({"county": "Atlantic", "distressed": True, "incentive_grant": 50000000})
    assert r.bucket == "c" and r.project_cap == 40000000 and r.credits == 40000000
    assert "neither in a growth zone" in r.reasons[0]


@pytest.mark.parametrize("flags, bucket", [
    ({"uth_commuter_rail": True}, "b"), ({"gsgz": True, "county": "Mercer"}, "b"), ({"disaster_recovery": True}, "b"),
    ({"hudson_sda_tal": True, "county": "Hudson"}, "b"), ({"distressed": True}, "c"), ({"deep_poverty_pocket": True}, "c"),
    ({"highlands_area": True}, "c"), ({"erg_incentive_area": True}, "d"), ({}, None),
])
def test_bucket_order_b_c_d_outside_the_southern_counties_s6b2(flags, bucket):
    r = erg(**flags)
    assert r.bucket == bucket
    assert r.bucket_amount == {"b": 250000000, "c": 75000000, "d": 25000000, None: 0}[bucket]


def test_pledge_up_to_75_percent_of_projected_incremental_revenues_s6b1():
    assert erg(erg_incentive_area=True, projected_incremental_revenues=1000000).pledge_limit == 750000


@pytest.mark.parametrize("day, ok", [("2016-06-30", True), ("2016-07-01", False)])
def test_application_prior_to_july_1_2016_as_enacted_s6b2e(day, ok):
    r = erg(erg_incentive_area=True, application_date=day)
    assert r.date_checks[0].met is ok and r.eligible is ok


def test_application_deadline_was_2015_in_the_bill_as_introduced():
    r = erg_residential({"county": "Essex", "erg_incentive_area": True, "application_date": "2015-12-01"},
                        load("introduced"))
    assert r.date_checks[0].met is False and "July 1, 2015" in r.date_checks[0].sentence


@pytest.mark.parametrize("day, ok", [("2018-07-28", True), ("2018-07-29", False)])
def test_temporary_certificate_of_occupancy_by_july_28_2018_s6b2e(day, ok):
    assert erg(erg_incentive_area=True, tco_date=day).date_checks[1].met is ok


def test_prior_law_had_july_28_2015():
    assert load("prior").erg_tco_deadline.isoformat() == "2015-07-28"


@pytest.mark.parametrize("data, message", [
    ({}, "county: is needed"), ({"county": "Gotham"}, "county: must be one of"),
    ({"county": "Essex", "tco_date": "soon"}, "tco_date: must be a date"),
])
def test_bad_input_names_the_field(data, message):
    with pytest.raises(ScenarioError, match=message):
        erg_residential(data)


@pytest.mark.parametrize("revenues, award, credits", [
    (10_000_000, "tax credits", 8_000_000),      # 75% of $10M = $7.5M < $8M: inadequate
    (10_666_666, "tax credits", 8_000_000),      # $7,999,999.50 still short
    (10_666_667, "incentive grant", 0.0),        # $8,000,000.25 fully funds the grant
])
def test_credits_replace_the_grant_only_when_the_pledge_is_inadequate_s6b2(revenues, award, credits):
    # b(2): "if ... the estimated amount of incremental revenues pledged ... is inadequate to fully fund
    # the amount of the State portion of the incentive grant, then in lieu of an incentive grant ...".
    r = erg(erg_incentive_area=True, incentive_grant=8_000_000, projected_incremental_revenues=revenues)
    assert (r.award, r.credits) == (award, credits)
    assert ("inadequate" if credits else "fully funds") in " ".join(r.reasons)


def test_the_hudson_sda_ground_is_for_hudson_county_only_s6b2b_iv():
    assert erg_residential({"county": "Hudson", "hudson_sda_tal": True}).bucket == "b"
    with pytest.raises(ScenarioError, match="hudson_sda_tal: is for an SDA municipality in Hudson County"):
        erg_residential({"county": "Camden", "hudson_sda_tal": True})


def test_the_erg_help_says_the_revenues_are_over_the_grants_term(capsys):
    from grownj.cli import main
    with pytest.raises(SystemExit):
        main(["erg", "--help"])
    assert "total over the grant's term" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("approved, tco, met", [
    ("2013-09-18", "2019-01-01", None),  # approved on the effective date, not after it: no deadline
    ("2013-09-19", "2019-01-01", False),
    ("2013-09-19", "2018-07-28", True),
    (None, "2019-01-01", False),  # not given: the deadline is checked, and the sentence says when it binds
])
def test_the_2018_certificate_deadline_binds_only_if_approved_after_pl2013_c161_s6b2e(approved, tco, met):
    # b(2)(e): "and if approved ¹after the effective date of P.L.2013, c.161¹ shall submit a temporary
    # certificate of occupancy ... no later than July 28, 2018".
    data = {"county": "Essex", "erg_incentive_area": True, "tco_date": tco}
    check = erg_residential({**data, **({"approval_date": approved} if approved else {})}).date_checks[1]
    assert check.met is met
    if approved is None:
        assert check.sentence.startswith("If approved after September 18, 2013")


def test_as_introduced_the_certificate_deadline_bound_every_approved_project():
    data = {"county": "Essex", "erg_incentive_area": True, "approval_date": "2013-01-01", "tco_date": "2019-01-01"}
    assert erg_residential(data, load("introduced")).date_checks[1].met is False


GRANT = {"incentive_grant": 3e7, "projected_incremental_revenues": 2e7}


def test_atlantic_citys_growth_zone_pledge_and_sub_allocation_only_as_enacted_s6b1_b2a():
    from grownj.law import load
    place = {"municipality": "Atlantic City (Atlantic)", **GRANT}
    enacted_r = erg_residential(place)
    assert (enacted_r.bucket, enacted_r.sub_allocation_amount, enacted_r.pledge_share) == ("a", 175000000, 0.85)
    passed_r = erg_residential(place, load("passed"))
    assert passed_r.pledge_share == 0.75 and passed_r.sub_allocation is None
    with pytest.raises(ScenarioError, match="gsgz: Atlantic City .* is not a Garden State Growth Zone under the bill"):
        erg_residential({**place, "gsgz": True}, load("passed"))


@pytest.mark.parametrize("data, field", [
    ({"county": "Bergen", "gsgz": True}, "gsgz"),  # no growth zone in Bergen County
    ({"municipality": "Clifton (Passaic)", "gsgz": True}, "gsgz"),
    ({"municipality": "Camden (Camden)", "gsgz": False}, "gsgz"),
    ({"municipality": "Camden (Camden)", "county": "Mercer"}, "county"),
])
def test_a_growth_zone_the_place_does_not_have_is_refused_by_name(data, field):
    with pytest.raises(ScenarioError, match=f"^{field}: "):
        erg_residential({**data, **GRANT})


def test_the_developers_certificate_names_no_minimum_s6b3():
    assert "in any amount" in erg_residential({"county": "Camden", "gsgz": True, **GRANT}).reasons[-1]
