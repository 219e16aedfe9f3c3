"""Using the credit: s.6 c(1) carry-forward of 20 tax periods, s.7 transfer certificates
($25,000 and 75 cents a dollar), s.6 c(2)-(3) who claims; present value by year."""
import pytest

from grownj import load
from grownj.programs.credit_use import credit_use
from grownj.rules.scenario import ScenarioError


def test_credit_within_liability_is_applied_each_year():
    out = credit_use({"credits": [100000] * 3, "liability": 150000, "discount_rate": 0})
    assert out.total("applied") == 300000 and out.total("expired") == 0 and out.present_value == 300000
    assert len(out.years) == 3 + 20  # the carry-forward window follows the eligibility period


def test_excess_carries_forward_and_is_used_oldest_first_s6c1():
    # Year 1: $100,000 earned, $40,000 used, $60,000 carried; year 2 nothing earned, $50,000 used.
    out = credit_use({"credits": [100000, 0], "liability": [40000, 50000, 0], "discount_rate": 0})
    assert [y["applied"] for y in out.years[:3]] == [40000, 50000, 0]
    assert [y["carried_forward"] for y in out.years[:3]] == [60000, 10000, 10000]


def test_credit_expires_after_20_successive_tax_periods_s6c1():
    # $1,000 earned in year 1, no liability until year 22: usable in years 1..21, expired at the end of 21.
    out = credit_use({"credits": [1000], "liability": [0] * 21 + [5000], "discount_rate": 0})
    assert out.years[20]["expired"] == 1000 and out.total("applied") == 0
    out = credit_use({"credits": [1000], "liability": [0] * 20 + [5000], "discount_rate": 0})
    assert out.years[20]["applied"] == 1000 and out.total("expired") == 0


def test_a_sale_pays_the_price_and_present_value_discounts_by_year_s7():
    # $500,000 a year for 2 years, $200,000 sold each year at 90 cents; liability $300,000.
    out = credit_use({"credits": [500000, 500000], "sell": [200000, 200000], "price": 0.9,
                      "liability": 300000, "discount_rate": 0.10})
    assert out.total("proceeds") == 360000 and out.total("applied") == 600000
    # Year 1: (300,000 + 180,000) / 1.1 = 436,363.64; year 2: 480,000 / 1.21 = 396,694.21.
    assert [y["present_value"] for y in out.years[:2]] == [436363.64, 396694.21]
    assert out.present_value == 833057.85


@pytest.mark.parametrize("sale, price, message", [
    (24999, 0.9, r"at least \$25,000 of tax credits \(s.7, C.34:1B-248\)"),
    (25000, 0.749, r"less than 75% of the credit before discounting to present value \(s.7, C.34:1B-248\)"),
])
def test_a_sale_breaking_the_transfer_rules_is_rejected_with_the_passage_s7(sale, price, message):
    with pytest.raises(ScenarioError, match=message):
        credit_use({"credits": [100000], "sell": [sale], "price": price})


def test_the_boundary_sale_of_exactly_25000_at_75_cents_is_allowed_s7():
    assert credit_use({"credits": [100000], "sell": [25000], "price": 0.75}).total("proceeds") == 18750


def test_credits_can_come_from_a_scenario_schedule():
    # s.5 b(1): 100 jobs x $5,000 in an urban transit hub municipality, ten years.
    out = credit_use({"scenario": {"location_tier": "uth", "new_jobs": 100}, "liability": 1e9, "discount_rate": 0})
    assert out.total("credit") == 5000000 and out.total("applied") == 5000000


@pytest.mark.parametrize("entity, gsgz_or_mega, words", [
    ("partnership", False, "s.6 c(2)"),
    ("s_corporation", True, "s.6 c(3)(b)(i)"),
    ("s_corporation", False, "only for a growth zone project or a mega project"),
    ("nj_qsss", True, "s.6 c(3)(b)(ii)-(iii)"),
    ("corporation", False, "s.6 c(3)(a)"),
])
def test_who_claims_the_credit_s6c(entity, gsgz_or_mega, words):
    out = credit_use({"credits": [1000], "entity": entity, "gsgz_or_mega": gsgz_or_mega})
    assert any(words in sentence for sentence in out.claimants)


@pytest.mark.parametrize("data, message", [
    ({}, "credits: give either credits"),
    ({"credits": [1], "sell": [2]}, "sell: year 1"),
    ({"credits": [1], "sell": [0, 0]}, "sell: has 2 years"),
    ({"credits": [-1]}, "credits: must be a list"),
    ({"credits": [1], "price": 1.5}, "price: must be a number from 0 to 1"),
    ({"credits": [1], "entity": "trust"}, "entity: must be one of"),
])
def test_bad_input_names_the_field(data, message):
    with pytest.raises(ScenarioError, match=message):
        credit_use(data)


def test_prior_law_had_no_grow_nj_transfer_minimum_bill_s6():
    # Bill s.6 amends s.7 with no deletion: "in an amount not less than $25,000" is its new matter, so
    # prior law let a certificate be sold in any amount. The $100,000 of prior law is the urban transit
    # hub's (bill s.1).
    assert load("prior").transfer_min_amount is None and load("prior").hub_transfer_min_amount == 100000
    assert load("introduced").transfer_min_amount == 25000
    assert credit_use({"credits": [100000], "sell": [10000], "price": 0.8}, load("prior")).total("proceeds") == 8000
    with pytest.raises(ScenarioError, match="at least \\$25,000"):
        credit_use({"credits": [100000], "sell": [10000], "price": 0.8})


def test_a_refused_price_shows_the_digits_that_make_it_short_of_75_cents_s7():
    from grownj.rules.transfer import transfer_problems

    problems = transfer_problems(100_000, 74_990)
    assert len(problems) == 1 and "is 74.99%." in problems[0] and "75.0%." not in problems[0]
    assert "is 74.999%." in transfer_problems(100_000, 74_999)[0]


def test_a_certificate_may_cover_several_years_credit_s7():
    # s.7: "a tax credit transfer certificate, covering one or more years". $20,000 earned in each of
    # years 1 and 2 and no liability: year 2 may sell $40,000, more than that year's credit.
    out = credit_use({"credits": [20000, 20000], "sell": [0, 40000], "liability": 0, "price": 0.8,
                      "discount_rate": 0})
    assert out.total("sold") == 40000 and out.total("proceeds") == 32000 and out.total("expired") == 0
    with pytest.raises(ScenarioError, match=r"sell: year 2: \$40,000.01 is more than the \$40,000.00 of credit held"):
        credit_use({"credits": [20000, 20000], "sell": [0, 40000.01], "liability": 0})


def test_credits_from_an_mrera_scenario_are_evaluates_tier_s6d4b():
    # Tier a (40 jobs new to the municipality, $50M): $2M a year, not the $5M of tier d that the
    # agreement's 240 jobs would reach if the retained ones counted as growth.
    scenario = {"location_tier": "gsgz", "mrera": True, "new_jobs": 40, "retained_jobs": 200,
                "jobs_new_to_municipality": 40, "capital_investment": 50_000_000, "gross_leasable_area": 100_000,
                "industry": "finance"}
    assert credit_use({"scenario": scenario, "liability": 1e9}).total("credit") == 20_000_000
