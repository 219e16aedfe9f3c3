"""The rules of rules.compute as plain scalar Python, one row at a time: the tests' reference for
evaluate_frame on random frames (tests/test_scalar_reference.py) and the loop scripts/benchmark.py
measures the engine against. One copy serving both: the benchmark's comparison means something only
because the tests hold it to the engine."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from grownj.law import enacted
from grownj.rules.scenario import FIELDS


def random_frame(n: int, seed: int = 7) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    cols = {}
    for name, f in FIELDS.items():
        if name == "municipality":  # a place decides the flags drawn here: tests/test_place.py draws places
            continue
        if f.kind == "choice":
            cols[name] = rng.choice(f.choices, n)
        elif f.kind == "bool":
            cols[name] = rng.random(n) < 0.15
        elif f.kind == "years":
            cols[name] = rng.integers(1, 11, n)
    cols["mrera"] &= cols["location_tier"] == "gsgz"
    cols["new_jobs"] = rng.integers(0, 1500, n)
    cols["retained_jobs"] = rng.integers(0, 800, n)
    cols["capital_investment"] = rng.uniform(0, 3e8, n).round()
    cols["gross_leasable_area"] = rng.integers(1000, 500_000, n)
    cols["average_salary"] = rng.uniform(30_000, 200_000, n).round()
    cols["county_average_salary"] = rng.uniform(40_000, 70_000, n).round()
    cols["withholdings"] = np.where(rng.random(n) < 0.5, rng.uniform(1e5, 1e7, n), np.nan)
    sometimes = rng.random(n) < 0.3
    cols["industrial_capital_investment"] = np.where(sometimes, cols["capital_investment"] * 0.6, np.nan)
    cols["jobs_new_to_municipality"] = np.where(sometimes, cols["new_jobs"], np.nan)
    cols["mri_2007"] = np.where(sometimes, rng.uniform(300, 700, n).round(), np.nan)
    cols["amount_necessary"] = np.where(sometimes, rng.uniform(1e6, 2e7, n).round(), np.nan)
    return pd.DataFrame(cols)



MIXED_N = 200_000


def mixed_frame(n: int = MIXED_N, seed: int = 11) -> pd.DataFrame:
    """random_frame with about one row in five failing eligibility: some short of the s.3 b
    capital minimum, some of the s.3 c job minimums, a few of both (two reasons)."""
    df = random_frame(n, seed)
    rng = np.random.default_rng(seed + 1)
    short_capital = rng.random(n) < 0.12
    df.loc[short_capital, "capital_investment"] = rng.uniform(0, 4e6, int(short_capital.sum())).round()
    few_jobs = rng.random(n) < 0.08
    df.loc[few_jobs, "new_jobs"] = rng.integers(0, 12, int(few_jobs.sum()))
    df.loc[few_jobs, "retained_jobs"] = rng.integers(0, 30, int(few_jobs.sum()))
    df["jobs_new_to_municipality"] = np.minimum(df["jobs_new_to_municipality"], df["new_jobs"])
    return df


def yardstick(rows: list[dict], law=None) -> list[tuple]:
    """Every rule of rules.compute as plain scalar Python, one row at a time: the loop that
    evaluate_frame is measured against (no validation, no explanation). Its numbers are the law's,
    read by name once before the loop."""
    law = law or enacted()
    targeted_industries, port_industries = set(law.targeted_industries), set(law.mega_port_industries)
    port_capex, port_jobs, port_jobs_alone = law.mega_port_capital_investment, law.mega_port_jobs, \
        law.mega_port_jobs_alone
    uth_capex, uth_jobs = law.mega_uth_capital_investment, law.mega_uth_jobs
    hq_capex, hq_new_jobs = law.mega_hq_capital_investment, law.mega_hq_new_jobs
    redevelopment_capex, redevelopment_jobs = law.mega_redevelopment_capital_investment, law.mega_redevelopment_jobs
    per_sqft_of = {("industrial", "new"): law.min_capital_industrial_new,
                   ("industrial", "rehab"): law.min_capital_industrial_rehab,
                   ("other", "new"): law.min_capital_other_new, ("other", "rehab"): law.min_capital_other_rehab}
    capital_kept, jobs_kept = 1 - law.min_capital_reduction, 1 - law.min_jobs_reduction
    startup_minimums = law.min_new_jobs_startup_manufacturing, law.min_retained_jobs_startup_manufacturing
    targeted_minimums = law.min_new_jobs_targeted, law.min_retained_jobs_targeted
    other_minimums = law.min_new_jobs_other, law.min_retained_jobs_other
    base_gsgz_uth_mega, base_of, base_other = law.base_gsgz_uth_mega, \
        {"distressed": law.base_distressed, "priority": law.base_priority}, law.base_other
    c1, c2, c3, c4 = law.bonus_c1_deep_poverty, law.bonus_c2_incubator, law.bonus_c3_moderate_income_housing, \
        law.bonus_c4_transit_oriented
    c5_step, c5_excess, c5_max = law.bonus_c5_step, law.bonus_c5_step_excess, law.bonus_c5_max
    c5_in_growth_zone, retained_full_in_growth_zone = law.bonus_c5_in_growth_zone, law.retained_full_in_growth_zone
    c10_step, c10_excess, c10_max = law.bonus_c10_step, law.bonus_c10_step_excess, law.bonus_c10_max
    c6_step, c6_excess, c6_max = law.bonus_c6_step, law.bonus_c6_step_excess, law.bonus_c6_max
    (c7_from1, c7_from2, c7_from3, c7_from4, c7_from5), (c7_1, c7_2, c7_3, c7_4, c7_5) = \
        law.bonus_c7_lower_bounds, law.bonus_c7_amounts
    c8, c9, c11, c11_retained = law.bonus_c8_targeted_industry, law.bonus_c9_leed_remediation, \
        law.bonus_c11_auto_hq, law.bonus_c11_min_retained_jobs
    c12, c12_mri, c13, c14 = law.bonus_c12_mri, law.bonus_c12_mri_threshold, law.bonus_c13_light_rail, \
        law.bonus_c14_marine_terminal
    c15, c16 = law.bonus_c15_highway, law.bonus_c16_solar
    cap_disaster, cap_mega_gsgz, cap_of, cap_other = law.cap_disaster_recovery, law.cap_mega_gsgz, \
        {"uth": law.cap_uth, "distressed": law.cap_distressed, "priority": law.cap_priority}, law.cap_other
    retained_share, retained_fraction = law.retained_share, law.retained_capital_fraction
    mrera_tiers = tuple(zip(law.mrera_min_jobs, law.mrera_min_capital_investment,
                            (math.inf if cap is None else cap for cap in law.mrera_annual_caps)))[::-1]
    mrera_spread, mrera_cap_years = law.mrera_investment_spread_years, law.mrera_cap_years
    annual_cap_mrera, annual_cap_mega_gsgz, annual_cap_other = law.annual_cap_mrera, law.annual_cap_mega_gsgz, \
        law.annual_cap_other
    annual_cap_of = {"uth": law.annual_cap_uth, "distressed": law.annual_cap_distressed,
                     "priority": law.annual_cap_priority}
    withholdings_share, necessary_threshold = law.withholdings_share, law.amount_necessary_threshold
    years_mrera, years_mega_gsgz, years_other = law.net_benefit_years_mrera, law.net_benefit_years_mega_gsgz, \
        law.net_benefit_years
    out = []
    for r in rows:
        tier, new, ret, capex = r["location_tier"], r["new_jobs"], r["retained_jobs"], r["capital_investment"]
        jobs = new + ret
        industry = r["industry"]
        if tier == "other" and (r["deep_poverty_pocket"] or r["port_district"] or r["disaster_recovery_project"]
                                or r["incubator"] or r["transit_oriented"]):
            tier = "priority"
        large = (capex > port_capex and jobs > port_jobs) or jobs > port_jobs_alone
        mega = ((r["port_district"] and industry in port_industries and large)
                or ((r["aviation_district"] and industry == "aviation") or tier == "gsgz"
                    or (tier == "priority" and r["auto_manufacturer_us_hq"])) and large
                or (tier == "uth" and r["site_in_transit_hub"] and capex > uth_capex and jobs > uth_jobs)
                or (r["corporate_headquarters"] and capex > hq_capex and new > hq_new_jobs)
                or (r["redevelopment_area"] and r["south_jersey"] and capex > redevelopment_capex
                    and jobs > redevelopment_jobs))
        reduced = r["location_tier"] == "gsgz" or r["south_jersey"]
        ind = r["premises"] == "industrial"
        per_sqft = per_sqft_of[r["premises"], r["construction"]]
        min_cap = per_sqft * r["gross_leasable_area"] * (capital_kept if reduced else 1)
        targeted = industry in targeted_industries or r["technology_startup"]
        mn, mr = startup_minimums if r["technology_startup"] or industry == "manufacturing" else \
            targeted_minimums if targeted else other_minimums
        if reduced:
            mn, mr = mn * jobs_kept, mr * jobs_kept
        eligible = capex >= min_cap * (1 - 1e-12) and (new >= mn or ret >= mr or new * mr + ret * mn >= mn * mr)
        base = base_gsgz_uth_mega if tier in ("gsgz", "uth") or mega else base_of.get(tier, base_other)
        bonus = c1 if r["deep_poverty_pocket"] or r["choice_neighborhood"] else 0
        bonus += c2 * r["incubator"] + c3 * r["moderate_income_housing"] + c4 * r["transit_oriented"]
        if ind and min_cap > 0 and industry not in law.bonus_industrial_nonindustrial_industries:
            invest = r["industrial_capital_investment"]
            invest = capex if invest is None or invest != invest else invest
            if tier == "gsgz" or mega:
                bonus += min(max(math.floor((invest / min_cap - 1) / c10_excess + 1e-9), 0) * c10_step, c10_max)
            if not mega and (tier != "gsgz" or c5_in_growth_zone):
                bonus += min(max(math.floor((invest / min_cap - 1) / c5_excess + 1e-9), 0) * c5_step, c5_max)
        if r["county_average_salary"] > 0:
            bonus += min(max(math.floor((r["average_salary"] / r["county_average_salary"] - 1) / c6_excess + 1e-9), 0)
                         * c6_step, c6_max)
        bonus += 0 if jobs < c7_from1 else c7_1 if jobs < c7_from2 else c7_2 if jobs < c7_from3 else \
            c7_3 if jobs < c7_from4 else c7_4 if jobs < c7_from5 else c7_5
        bonus += c8 * targeted + c9 * r["leed_silver_or_remediation"] + c13 * r["new_light_rail"]
        bonus += c11 * (r["auto_manufacturer_us_hq"] and r["same_municipality"] and ret >= c11_retained)
        mri = r["mri_2007"]
        bonus += c12 * (r["south_jersey"] and mri is not None and mri == mri and mri > c12_mri)
        bonus += c14 * (r["marine_terminal_sjpd"] and tier != "gsgz")
        bonus += c16 * r["solar_50"] + c15 * (r["redevelopment_area"] and r["highway_access"])
        cap = cap_disaster if r["disaster_recovery_project"] else cap_mega_gsgz if tier == "gsgz" or mega else \
            cap_of.get(tier, cap_other)
        gross = min(base + bonus, cap)
        exception = (r["auto_manufacturer_us_hq"] and mega and tier in ("priority", "gsgz")) or \
            (tier == "gsgz" and retained_full_in_growth_zone) or r["replaces_disaster_facility"]
        per_ret = gross if exception else min(gross * retained_share,
                                              capex * retained_fraction / jobs if jobs else math.inf)
        annual = new * gross + ret * per_ret
        mrera = r["mrera"] and r["location_tier"] == "gsgz"
        acap = annual_cap_mrera if mrera else annual_cap_mega_gsgz if tier == "gsgz" or mega else \
            annual_cap_of.get(tier, annual_cap_other)
        w = r["withholdings"]
        if tier in ("priority", "other") and not mega and w is not None and w == w \
                and not (r["redevelopment_area"] or r["rehabilitation_area"]):
            acap = min(acap, withholdings_share * w)
        necessary = r["amount_necessary"]
        # s.5 f: "an application for tax credits in excess of" the threshold: within the caps, or before them.
        applied_for = min(annual, acap) if law.amount_necessary_tests_limited else annual
        if applied_for > necessary_threshold and necessary is not None and necessary == necessary:
            acap = min(acap, necessary)
        # s.5 d (i): the alternative is compared with the standard amount after every s.5 f limit.
        annual = min(annual, acap)
        if mrera:
            here = r["jobs_new_to_municipality"]
            if here is None or here != here:
                here = new if r["same_municipality"] else jobs
            for tier_jobs, tier_capex, tier_cap in mrera_tiers:
                if here >= tier_jobs and capex >= tier_capex:
                    alternative = min(capex / (mrera_spread or r["eligibility_years"]),
                                      tier_cap / (mrera_cap_years or r["eligibility_years"]))
                    if alternative > annual:
                        annual, acap = alternative, annual_cap_mrera
                    break
        credit = min(annual, acap) if eligible else 0.0
        years = years_mrera if mrera else years_mega_gsgz if tier == "gsgz" or mega else years_other
        out.append((eligible, credit, credit * r["eligibility_years"], years))
    return out
