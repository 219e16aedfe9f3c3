"""The statutory view against the awards whose net benefit was published (grownj/economics/net_benefit_calibration.csv).

The published net benefit is the authority's gross benefit less the award, so its implied gross
benefit is reported net benefit + award. The fit chooses the parameters the awards identify to
make the model's benefit / implied benefit closest to 1 in logs (each award weighs the same,
whatever its size), counting the streams the statute counts (s.3 a(3)). Its error on an award it did
not see is measured by leaving each award out in turn: a fit on the others predicts it. The median
absolute log error of those predictions is the band the three-way verdict uses.
scripts/calibrate_net_benefit.py runs both and writes grownj/economics/net_benefit_calibrated.yaml."""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np
import pandas as pd
import yaml

from . import DATA, residents
from ..engine.evaluation import evaluate
from ..law import InForce, load, version_in_force
from ..rules.scenario import Scenario
from .assumptions import CALIBRATED_FILE
from .net_benefit import LITERATURE_MULTIPLIERS, STATUTORY_VERDICTS, Assumptions, Case, case, economist, economist_inputs, model_error, options, statutory

CALIBRATION_FILE = DATA / "net_benefit_calibration.csv"
AWARDS_FILE = DATA / "net_benefit_awards.yaml"
# The two parameters the awards identify: one scale on wages (the multiplier of every wage-based
# stream, the statutory view's own) and one on capital investment (the facility's taxes, which only
# the MRERA awards count, s.3 a(3)(b)). Their search ranges: a multiplier from none to twice RIMS II's
# (the State's streams alone need more than the literature's 1.5-2 to reach the published figures),
# a yearly rate on the investment from none to above New Jersey's property tax rates.
FITTED = {"statutory_employment_multiplier": (1.0, 4.0), "facility_property_tax_rate": (0.0, 0.04)}


@dataclass(frozen=True)
class Award:
    company: str
    municipality: str
    approved: str
    scenario: Scenario
    award_total: float
    reported_net_benefit: float
    years: int  # the horizon the authority published
    confidence: str
    source: str
    published: frozenset[str] = frozenset()  # the scenario fields the sources gave

    @property
    def implied_benefit(self) -> float:
        return self.reported_net_benefit + self.award_total


@lru_cache(maxsize=1)
def awards() -> tuple[Award, ...]:
    table = pd.read_csv(CALIBRATION_FILE, comment="#")
    return tuple(Award(r.company, r.municipality, str(r.approved), Scenario.from_dict(json.loads(r.scenario)),
                       float(r.award_total), float(r.reported_net_benefit), int(r.net_benefit_years),
                       r.confidence, r.source, frozenset(json.loads(r.scenario))) for r in table.itertuples())


@lru_cache(maxsize=1)
def cases() -> tuple[Case, ...]:
    """Each award's project as the authority assessed it: its award, over its published horizon (and
    for the economist, its industry where the contract has no word for it)."""
    return tuple(with_award_industry(case(evaluate(w.scenario), w.award_total, horizon=w.years), w.company)
                 for w in awards())


def published_scenario(company: str) -> dict | None:
    """The project of the award whose net benefit was published, as the authority assessed it (its
    scenario's fields); None for any other."""
    return next((w.scenario.to_dict() for w in awards() if w.company == company), None)


def published_case(company: str) -> Case | None:
    """The case of the award whose net benefit was published, by its company's name: the one record every
    view of it reads (the Published awards page, the command line's awards); None for any other."""
    return next((c for c, w in zip(cases(), awards()) if w.company == company), None)


def with_award_industry(c: Case, name: str) -> Case:
    """An award's project with the economist's industry where the contract has no word for it (the
    76ers' professional sports, in net_benefit_awards.yaml); `name` is the award's company, or a
    project's name that starts with it (the published preset). One home for every view of an award:
    the 49 reported at approval and the calculator read the 76ers' NPV as -$42.1M beside the twelve's
    -$59.6M."""
    industry = next((ind for company, ind in _award_facts()["economist_industry"].items()
                     if name.startswith(company)), None)
    return c if industry is None else replace(c, project=replace(c.project, industry=industry))


def ratios(a: Assumptions, which: tuple[int, ...] | None = None) -> np.ndarray:
    """Model benefit / implied benefit, award by award (those numbered in `which`, or all)."""
    pairs = list(zip(cases(), awards()))
    which = range(len(pairs)) if which is None else which
    return np.array([statutory(pairs[i][0], a).benefit / pairs[i][1].implied_benefit for i in which])


def fit(a: Assumptions, steps: int = 21, rounds: int = 4, which: tuple[int, ...] | None = None) -> Assumptions:
    """Least squares on log(model / implied) over the FITTED parameters, on the awards numbered in
    `which` (or all): a grid, narrowed around the best point each round (the loss is smooth and has
    one valley here; no solver needed)."""
    ranges = dict(FITTED)
    best = a
    for _ in range(rounds):
        grids = {name: np.linspace(low, high, steps) for name, (low, high) in ranges.items()}
        names = list(grids)
        points = np.array(np.meshgrid(*grids.values(), indexing="ij")).reshape(len(names), -1).T
        losses = [float((np.log(ratios(a.replace(**dict(zip(names, point))), which)) ** 2).sum())
                  for point in points]
        best = a.replace(**dict(zip(names, points[int(np.argmin(losses))])))
        ranges = {name: (max(FITTED[name][0], getattr(best, name) - (high - low) / steps),
                         min(FITTED[name][1], getattr(best, name) + (high - low) / steps))
                  for name, (low, high) in ranges.items()}
    return best


def leave_one_out(a: Assumptions) -> np.ndarray:
    """Each award's model / implied benefit when the fit that predicts it did not see it."""
    n = len(awards())
    return np.array([ratios(fit(a, which=tuple(j for j in range(n) if j != i)), (i,))[0] for i in range(n)])


def median_abs_log_error(r: np.ndarray) -> float:
    """The middle award's error as a factor's log: half the awards are within exp(this) of 1."""
    return float(np.median(np.abs(np.log(r))))


@lru_cache(maxsize=1)
def stored_loo() -> dict[str, float]:
    """The leave-one-out ratios the script stored, by company (empty before the script has run)."""
    return dict(yaml.safe_load(CALIBRATED_FILE.read_text()).get("error", {}).get("loo_ratios", {}))


def fit_table(a: Assumptions) -> pd.DataFrame:
    """Award by award: reported figures, the model's statutory view on the award as approved, the
    fit's error and the benefit the award would need to pass."""
    rows = []
    for c, w in zip(cases(), awards()):
        s = statutory(c, a)
        rows.append({"company": w.company, "municipality": w.municipality, "approved": w.approved,
                     "award_total": w.award_total, "reported_net_benefit": w.reported_net_benefit,
                     "implied_benefit": w.implied_benefit, "years": w.years, "ratio_required": s.ratio_required,
                     "model_benefit": s.benefit, "model_state": s.state, "model_local": s.local,
                     "model_net_benefit": s.net_benefit,
                     "model_over_implied": s.benefit / w.implied_benefit, "passes": s.passes, "verdict": s.verdict,
                     "loo_over_implied": stored_loo().get(w.company),
                     "largest_award_passing": s.benefit / s.ratio_required,
                     "confidence": w.confidence, "source": w.source})
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class FitSummary:
    median: float
    quartiles: tuple[float, float]
    low: float
    high: float
    passes: int
    awards: int
    verdicts: dict[str, int]  # the three-way verdict, award by award
    loo_error: float  # the stored leave-one-out median absolute log error


def summary(a: Assumptions) -> FitSummary:
    table = fit_table(a)
    r = table["model_over_implied"]
    return FitSummary(float(r.median()), (float(r.quantile(0.25)), float(r.quantile(0.75))), float(r.min()),
                      float(r.max()), int(table["passes"].sum()), len(table),
                      {v: int((table["verdict"] == v).sum()) for v in STATUTORY_VERDICTS}, model_error())


def passing_at_literature(a: Assumptions) -> dict[float, int]:
    """How many awards the statutory test passes with the multiplier at each end of the literature's
    range instead of the fitted scale (which carries what the authority counted beyond it)."""
    return {m: int(fit_table(a.replace(statutory_employment_multiplier=m))["passes"].sum())
            for m in LITERATURE_MULTIPLIERS}


def why_not_passing(row) -> str:
    """For an award the statutory view does not pass, why, from the figures: the authority's own
    margin over the threshold, and how far the model's benefit is from the authority's."""
    if row.verdict == "passes":
        return ""
    margin = row.implied_benefit / (row.ratio_required * row.award_total)
    reasons = [f"the model's benefit is {row.model_over_implied:.2f} of the authority's implied benefit"]
    if margin < 1.1:
        reasons.insert(0, f"the authority's own figure is {margin:.2f} of the threshold (the award was sized "
                          "to just pass), so any model error decides it")
    if row.model_local:
        reasons.append(f"{row.model_local / row.model_benefit:.0%} of it is the two local kinds s.3 a(3)(b) allows")
    return "; ".join(reasons)


@lru_cache(maxsize=1)
def _award_facts() -> dict:
    return yaml.safe_load(AWARDS_FILE.read_text())


def why_credit_differs(credit: float | None, award: float, in_force: InForce | None,
                       published: frozenset[str] | None, eligible: bool, reasons: list[str]) -> str:
    """Why grownj's credit is not the reported award: inputs the sources did not give, the law in
    force at approval (the credit is computed under it), ineligibility, or the award being the
    authority's approved maximum."""
    missing = [] if published is None else [words for field, words in _award_facts()["missing"].items()
                                            if field not in published]
    said = ["not published: " + "; ".join(missing)] if missing else []
    if published is None:
        said.append("inputs partly assumed (the preset's note says which)")
    if in_force is not None and in_force.version != "enacted":
        said.append(f"{in_force.reason} (computed under it)")
    if credit is not None and not eligible:
        said.append("ineligible here: " + (reasons[0] if reasons else "see the Calculator"))
    if credit is not None and abs(credit - award) <= 1:
        return "; ".join(["matches the award"] + said)
    if not said:
        said.append("the award is the authority's approved maximum, set on figures not published")
    return "; ".join(said)


def published_table(a: Assumptions, presets: tuple = ()) -> pd.DataFrame:
    """Every award in the calibration file, and any published preset not in it: jobs, the award per
    job, as a share of the payroll and at present value, the authority's implied benefit/cost ratio,
    grownj's credit (none where the capital investment was not published, with why it differs), the
    statutory view's three-way verdict and the economist's, on the award as approved."""
    entries = [(w.company, w.approved, w.scenario, w.award_total, w.reported_net_benefit, c, w.published)
               for w, c in zip(awards(), cases())]
    entries += [(p.name, p.approved or "", p.scenario, p.reported_total, None,
                 case(evaluate(p.scenario), p.reported_total), None)
                for p in presets if not any(p.name.startswith(w.company) for w in awards())]
    rows = []
    for name, approved, scenario, award, reported, c, published in entries:
        # grownj's credit under the law the award was made under, as the authority computed it.
        in_force = version_in_force(approved) if approved else None
        r = evaluate(scenario, load(in_force.version if in_force else "enacted"))
        s, e = statutory(c, a), economist(c, a)
        jobs = scenario.new_jobs + scenario.retained_jobs
        salary = scenario.average_salary or scenario.county_average_salary or a.default_salary
        # No capital investment published: grownj cannot test s.3 b, so it shows no credit, not $0.
        unknown = published is not None and "capital_investment" not in published
        credit = None if unknown else r.total_credit
        low, high = s.benefit_band
        rows.append({
            "award": name, "approved": approved, "jobs": jobs, "award_total": award,
            "award_per_job": award / jobs if jobs else None,
            "credit_present_value": e.credit,
            # The award over the payroll of the agreement's jobs for the eligibility period.
            "credit_share_of_payroll": award / (jobs * salary * scenario.eligibility_years) if jobs else None,
            "reported_net_benefit": reported,
            "implied_benefit_cost": None if reported is None else (reported + award) / award,
            "grownj_credit": credit,
            "law_in_force": in_force.version if in_force else "enacted",
            "why_credit_differs": why_credit_differs(credit, award, in_force, published, r.eligible, r.reasons),
            "years": s.years, "ratio_required": s.ratio_required,
            "statutory_benefit": s.benefit, "statutory_state": s.state, "statutory_local": s.local,
            "statutory_net_benefit": s.net_benefit, "passes": s.passes, "verdict": s.verdict,
            "benefit_low": low, "benefit_high": high,
            "model_over_implied": None if reported is None else s.benefit / (reported + award),
            "loo_over_implied": stored_loo().get(name),
            "largest_award_passing": s.benefit / s.ratio_required,
            "economist_npv": e.npv, "breakeven_but_for": e.breakeven_but_for,
            "probability_positive": e.uncertainty.probability_positive,
            "probability_deal_positive": e.uncertainty.probability_deal_positive, "npv_low": e.uncertainty.p5,
            "npv_high": e.uncertainty.p95, "fiscal_npv": e.fiscal_npv,
            "times_typical_incentive": e.residents.times_typical,
            "outside_tipping_evidence": e.residents.outside_tipping_evidence})
    return pd.DataFrame(rows)


def portfolio(table: pd.DataFrame) -> dict[str, float]:
    """The awards with a published net benefit, summed: jobs, awards, the award per job and share of
    payroll over the whole, the credit's present value and the authority's implied benefit/cost."""
    t = table.dropna(subset=["reported_net_benefit"])
    payroll = (t["award_total"] / t["credit_share_of_payroll"]).sum()
    return {"awards": len(t), "jobs": float(t["jobs"].sum()), "award_total": float(t["award_total"].sum()),
            "award_per_job": float(t["award_total"].sum() / t["jobs"].sum()),
            "credit_present_value": float(t["credit_present_value"].sum()),
            "credit_share_of_payroll": float(t["award_total"].sum() / payroll),
            "implied_benefit_cost": float((t["reported_net_benefit"] + t["award_total"]).sum()
                                          / t["award_total"].sum()),
            "statutory_benefit": float(t["statutory_benefit"].sum()),
            "economist_npv": float(t["economist_npv"].sum())}


def economist_portfolio(a: Assumptions) -> residents.Portfolio:
    """The awards with a published net benefit under the economist's reading, one set of draws for
    all (the literature's uncertainty is common to them): each award's band and the portfolio's."""
    return residents.portfolio([economist_inputs(c.project, a, c.jobs, c.credit) for c in cases()],
                               a.economist_overrides(), options(a), fixed=a.fixed)
