"""Growth zone development entity exemption (bill s.8, P.L.2013 c.161 s.24, C.52:27D-489s)."""
import pytest

from grownj.programs.exemption import gsgz_exemption
from grownj.rules.scenario import ScenarioError


def test_ten_years_exempt_then_ten_percent_steps_to_full_taxes_in_the_twentieth_year_s24c():
    out = gsgz_exemption({"taxes_due": 100000, "discount_rate": 0})
    shares = [y["share_of_taxes"] for y in out.years]
    assert shares[:10] == [0.0] * 10
    assert shares[10:19] == pytest.approx([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
    assert shares[19:] == [1.0] * 6
    # Payments: 10,000 + ... + 90,000 = 450,000, then 100,000 x 6 years; exempt 1,000,000 + 450,000.
    assert out.total("payment") == 1050000 and out.total("exempt") == 1450000
    assert out.present_value == 1450000


def test_at_least_five_percent_of_payments_go_to_the_county_s24c():
    year11 = gsgz_exemption({"taxes_due": 100000}).years[10]
    assert (year11["payment"], year11["to_county"], year11["to_municipality"]) == (10000, 500, 9500)
    with pytest.raises(ScenarioError, match=r"county_share: must be at least 5% of all payments \(P.L.2013 c.161 s.24 c"):
        gsgz_exemption({"taxes_due": 100000, "county_share": 0.04})


def test_present_value_discounts_each_year_s24c():
    # Only year 1 exempt matters here: 100,000 / 1.05 = 95,238.10 of the ten exempt years' sum.
    out = gsgz_exemption({"taxes_due": 100000, "discount_rate": 0.05, "years": 1})
    assert out.present_value == 95238.10


def test_other_owners_improvements_are_exempt_for_five_years_s24e():
    out = gsgz_exemption({"taxes_due": 1000, "owner": "other_owner", "years": 7, "discount_rate": 0})
    assert [y["payment"] for y in out.years] == [0, 0, 0, 0, 0, 1000, 1000]


@pytest.mark.parametrize("data, applies", [
    ({"opt_in_date": "2013-12-17"}, True),     # 90 days after September 18, 2013
    ({"opt_in_date": "2013-12-18"}, False),
    ({"certificate_date": "2023-09-18"}, True),  # ten years after the enactment
    ({"certificate_date": "2023-09-19"}, False),
    ({"municipality_opted_in": False}, False),
    ({"improvements_after_enactment": False}, False),
])
def test_conditions_of_the_exemption_s24b(data, applies):
    out = gsgz_exemption({"taxes_due": 1000, **data})
    assert out.applies is applies
    assert out.total("exempt") == (10000 + 4500 if applies else 0)  # 10 x 1,000 + 450% of 1,000


def test_growth_raises_the_taxes_otherwise_due_each_year():
    out = gsgz_exemption({"taxes_due": 1000, "growth": 0.02, "years": 3})
    assert [y["full_taxes"] for y in out.years] == [1000, 1020, 1040.4]


def test_bad_input_names_the_field():
    with pytest.raises(ScenarioError, match="owner: must be one of development_entity, other_owner"):
        gsgz_exemption({"owner": "tenant"})


def test_the_exemption_is_for_a_growth_zone_the_place_decides_s24():
    import pytest
    from grownj.law import load
    from grownj.programs.exemption import gsgz_exemption
    from grownj.rules.scenario import ScenarioError
    assert gsgz_exemption({"municipality": "Atlantic City (Atlantic)", "taxes_due": 1e6}).years
    with pytest.raises(ScenarioError, match="^municipality: Atlantic City .* the bill as passed"):
        gsgz_exemption({"municipality": "Atlantic City (Atlantic)", "taxes_due": 1e6}, load("passed"))
