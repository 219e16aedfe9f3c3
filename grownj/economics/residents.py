"""The economist's view as a benefit-cost analysis of residents' real incomes.

Built on the structure of Bartik's benefit-cost model of business incentives (Upjohn Institute,
2023: the user's guide, report 287, and its introduction, report 288): a credit counts only for
the jobs it causes, and those jobs count for what they add to the incomes of the people who live
in New Jersey:
- induced jobs: the project's jobs x the share the credit tips (rising with the credit's size) x
  the share not moved from elsewhere in the State x the export-base share of its industry (a
  local-serving job displaces another New Jersey job) x the employment multiplier;
- who fills them: original residents who would otherwise not work, in-migrants and out-of-state
  commuters (a Pennsylvania commuter pays Pennsylvania's income tax: the reciprocity agreement);
- the parts of residents' income: original residents' earnings after tax, property incomes, the
  State's budget and the local governments' budgets (taxes less the public-service costs of new
  residents), and the cost of financing the credit with spending cuts or tax increases, which
  have their own effects on residents' incomes.
Every assumption, its range, distribution and source is in grownj/economics/net_benefit_assumptions.yaml. The
arithmetic runs on arrays of draws (draws x years), so one point estimate and a Monte Carlo of
10,000 draws are the same code."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any, Mapping, Sequence

import numpy as np

import yaml

from . import DATA
from .assumptions import DISTRIBUTIONS, Assumption, assumption_table, export_base

FINANCING = ("spending_cuts", "tax_increases")
# The parts of the NPV of residents' real income, in the order a waterfall draws them, in words.
PARTS = {"earnings": "Residents' earnings", "wage_rates": "Wage rates", "property_values": "Property values", "housing_costs": "Housing costs",
         "state_budget": "State budget", "local_budgets": "Local budgets", "financing": "Paying for the credit"}
PART_MEANINGS = {
    "earnings": "Earnings of residents who would otherwise not work (in-migrants and commuters take the rest of "
                "the new jobs), at the local wage, after federal and State taxes, less the value of their time "
                "out of work (the reservation wage).",
    "wage_rates": "Higher wages of residents already working, who move up to better-paid jobs as the jobs grow "
                  "(occupational upgrading), after federal and State taxes.",
    "property_values": "Higher property incomes of residents who own property.",
    "housing_costs": "Higher housing costs for residents who rent or live on fixed incomes, larger where "
                     "housing supply has less room to grow.",
    "state_budget": "The State's taxes from the net new jobs (none from Pennsylvania commuters' wages), less the "
                    "public-service costs of in-migrants; construction taxes once.",
    "local_budgets": "Property taxes of the facility and of new households, less in-migrants' public-service costs.",
    "financing": "The credit and the lost incomes from the spending cuts or tax increases that pay for it.",
}
DEFAULT_DRAWS = 10_000
# Who holds the jobs the credit causes, as discounted job-years, and the in-migrants' earnings (present value).
PEOPLE = ("newly_employed", "in_migrants", "in_migrant_earnings")
LABOUR_MARKETS_FILE = DATA / "labour_markets.yaml"


@dataclass(frozen=True)
class LabourMarket:
    """How slack a place's labour market is: the share of new jobs that raise original residents'
    employment and how far housing prices respond to the growth (1: a typical place's)."""
    name: str
    label: str
    employment_rate_share: float
    housing_price_response: float
    source: str


@lru_cache(maxsize=1)
def _labour_market_file() -> dict:
    return yaml.safe_load(LABOUR_MARKETS_FILE.read_text())


@lru_cache(maxsize=1)
def labour_markets() -> dict[str, LabourMarket]:
    return {name: LabourMarket(name, m["label"], float(m["employment_rate_share"]),
                               float(m["housing_price_response"]), m["source"])
            for name, m in _labour_market_file()["markets"].items()}


LABOUR_MARKETS = tuple(_labour_market_file()["markets"])


def labour_market_rules() -> list[dict[str, str]]:
    """What the law knows of a place, in the order read, each with the market it means and why."""
    return list(_labour_market_file()["places"])


def place_market(location_tier: str, deep_poverty_pocket: bool = False, mri_above_threshold: bool = False) -> str:
    """The labour market the law's designations of the place imply (labour_markets.yaml, first rule that
    holds): a growth zone, a deep poverty pocket or a 2007 MRI above the statute's threshold is
    distressed; an urban transit hub or a distressed municipality has urban aid; elsewhere typical."""
    holds = {"gsgz": location_tier == "gsgz", "deep_poverty_pocket": deep_poverty_pocket,
             "mri_above_threshold": mri_above_threshold, "uth": location_tier == "uth",
             "distressed": location_tier == "distressed", "otherwise": True}
    return next(rule["market"] for rule in labour_market_rules() if holds[rule["when"]])


@dataclass(frozen=True)
class Table:
    """The assumptions this reading draws (its own and the tax streams it shares with the
    authority's reading) and the export-base shares by industry."""
    assumptions: Mapping[str, Assumption]
    export_base_shares: Mapping[str, float]
    export_base_source: str


@lru_cache(maxsize=1)
def table() -> Table:
    base = export_base()
    return Table({name: a for name, a in assumption_table().items() if a.view != "statutory"}, base.shares,
                 base.source)


@dataclass(frozen=True)
class Inputs:
    """One project as the residents' view needs it. `jobs` and `credit` run over the eligibility
    period (facility jobs a year; credit a year in dollars of its year); after it the last year's
    jobs stay through the commitment period and then survive at a yearly rate."""
    jobs: np.ndarray
    credit: np.ndarray
    salary: float
    capital_investment: float
    industry: str
    horizon: int
    discount_rate: float
    commitment_years: float
    retained_share: float = 0.0  # share of the facility's jobs that were already in New Jersey
    moved_within_state: float | None = None  # None: the assumption's default (and its draws)
    commuter_share: float | None = None  # None: the assumption's default (and its draws)
    indirect_salary: float = 0.0  # what the multiplier's jobs' salary ratio applies to (the county's); 0: salary
    growth_zone: bool = False  # an urban enterprise zone: spending at zone businesses pays the zone's rate
    facility_taxed: np.ndarray | None = None  # share of the facility's taxes paid each year (s.24); None: all
    labour_market: str = "typical"  # one of LABOUR_MARKETS: how slack the place's labour market is
    housing_price_response: float | None = None  # None: the market's (1: a typical place's)

    def __post_init__(self):
        object.__setattr__(self, "jobs", np.asarray(self.jobs, dtype=float))
        object.__setattr__(self, "credit", np.asarray(self.credit, dtype=float))
        if self.labour_market not in LABOUR_MARKETS:
            raise ValueError(f"labour_market must be one of {', '.join(LABOUR_MARKETS)}, got {self.labour_market!r}")

    @property
    def market(self) -> LabourMarket:
        return labour_markets()[self.labour_market]

    @property
    def employment_scale(self) -> float:
        """The market's share of new jobs to residents otherwise not employed over the typical market's:
        the assumption (a typical market's, drawn over its range) is scaled by it."""
        return self.market.employment_rate_share / labour_markets()["typical"].employment_rate_share


@dataclass(frozen=True)
class Options:
    """How the view reads the credit: the but-for share rising with its size (None) or fixed for
    new jobs (retained jobs at `retained_but_for_ratio` of it); how the State pays for it."""
    but_for_fixed: float | None = None
    financing: str = "spending_cuts"

    def __post_init__(self):
        if self.financing not in FINANCING:
            raise ValueError(f"financing must be one of {FINANCING}")


# --- Assumptions as arrays of draws ------------------------------------------------------------

def point(overrides: Mapping[str, float] | None = None) -> dict[str, np.ndarray]:
    """The defaults (edited by `overrides`) as one draw: each a (1, 1) array."""
    values = {name: a.value for name, a in table().assumptions.items()} | known(overrides)
    return {name: np.full((1, 1), float(v)) for name, v in values.items()}


def draw(draws: int, seed: int | None = 0, overrides: Mapping[str, float] | None = None,
         fixed: Sequence[str] = ()) -> dict[str, np.ndarray]:
    """Each assumption drawn from its documented distribution, (draws, 1) arrays. A value the reader
    gives moves the centre of its draws there (the same draws, shifted, or scaled for a lognormal
    one, within the assumption's bounds): giving the default changes nothing. Only an assumption
    named in `fixed` is held at its value. Draws are in the table's order, so a seed gives the same
    numbers whatever is given or fixed."""
    rng = np.random.default_rng(seed)
    overrides = known(overrides)
    held = set(known_names(fixed))
    out = {}
    for name, a in table().assumptions.items():
        drawn = _draw_one(a, rng, draws)
        value = overrides.get(name, a.value)
        if name in held:
            out[name] = np.full((draws, 1), float(value))
        elif value != a.value:
            moved = drawn * (value / a.value) if a.distribution == "lognormal" and a.value else drawn + (value - a.value)
            out[name] = np.clip(moved, *a.bounds)
        else:
            out[name] = drawn
    return out


def known(overrides: Mapping[str, float] | None) -> dict[str, float]:
    """Overrides checked against the table: a misspelt name would otherwise change nothing."""
    unknown = sorted(set(overrides or {}) - set(table().assumptions))
    if unknown:
        raise ValueError(f"unknown assumption {unknown[0]!r}; known: {', '.join(table().assumptions)}")
    return {name: float(v) for name, v in (overrides or {}).items()}


def known_names(names: Sequence[str]) -> tuple[str, ...]:
    """Assumption names checked against the table, sorted, each once."""
    return tuple(sorted(known(dict.fromkeys(names, 0.0))))


def _draw_one(a: Assumption, rng: np.random.Generator, n: int) -> np.ndarray:
    if a.distribution == "fixed" or a.low == a.high:
        x = np.full(n, a.value)
    elif a.distribution == "uniform":
        x = rng.uniform(a.low, a.high, n)
    elif a.distribution == "triangular":
        x = rng.triangular(a.low, min(max(a.value, a.low), a.high), a.high, n)
    elif a.distribution == "lognormal":
        x = np.clip(a.value * rng.lognormal(0.0, a.sigma, n), a.low, a.high)
    else:
        raise ValueError(f"{a.name}: unknown distribution {a.distribution!r}; known: {DISTRIBUTIONS}")
    return x[:, None]


# --- The channels ------------------------------------------------------------------------------

def job_path(p: Inputs, survival: np.ndarray) -> np.ndarray:
    """Facility jobs a year over the horizon (draws x years): the period's path, then its last year
    held through the commitment period (s.2), then surviving at a yearly rate (nothing holds them)."""
    t = np.arange(1, p.horizon + 1)
    held = np.repeat(p.jobs[..., -1:], max(p.horizon - p.jobs.shape[-1], 0), axis=-1)
    path = np.concatenate([p.jobs, held], axis=-1)[..., :p.horizon]
    return _times(path, survival ** np.maximum(t - p.commitment_years, 0))


def _times(x: np.ndarray, fresh: np.ndarray) -> np.ndarray:
    """x * fresh, written over `fresh` (an array no one else holds) where it has the product's shape:
    a draws x years array is megabytes, and each new one costs the first touch of its memory (in the
    Monte Carlo, more than the arithmetic on it)."""
    if fresh.shape == np.broadcast_shapes(np.shape(x), fresh.shape):
        return np.multiply(x, fresh, out=fresh)
    return x * fresh


def discount_factors(p: Inputs) -> np.ndarray:
    return (1 + p.discount_rate) ** -np.arange(1, p.horizon + 1, dtype=float)


def credit_pv(p: Inputs, a: Mapping[str, np.ndarray], rate: np.ndarray | float | None = None) -> np.ndarray:
    """The credit's present value in dollars of year 0 (draws,): it is paid in dollars of its year.
    The whole credit counts, however short the horizon: it is paid whatever of its effects is counted
    (as s.3 a(3) weighs "the requested tax credit allocation amount"). At the reader's discount rate,
    or at `rate` (the firm's, to size the incentive)."""
    rate = p.discount_rate if rate is None else rate
    t = np.arange(1, p.credit.shape[-1] + 1, dtype=float)
    return (p.credit * ((1 + a["inflation"]) * (1 + rate)) ** -t).sum(axis=-1)


def sizing_payroll(p: Inputs, a: Mapping[str, np.ndarray]) -> np.ndarray:
    """The project's payroll at present value over the window the literature sizes incentives on
    (draws,): the facility's jobs held at the period's last year, whatever the horizon counted, so
    that a longer horizon does not make the same credit look smaller. Discounted at the firm's rate:
    the firm weighs the credit against its value added, whatever rate the reader discounts at."""
    years = int(a["incentive_sizing_years"].flat[0])
    t = np.arange(1, years + 1)
    held = np.repeat(p.jobs[..., -1:], max(years - p.jobs.shape[-1], 0), axis=-1)
    jobs = np.concatenate([p.jobs, held], axis=-1)[..., :years]
    wages = jobs * p.salary * (1 + a["wage_growth"]) ** (t - 1)
    return (wages * (1 + a["firm_discount_rate"]) ** -t.astype(float)).sum(axis=-1)


def but_for_new(p: Inputs, a: Mapping[str, np.ndarray], o: Options, pv_credit: np.ndarray) -> np.ndarray:
    """The share of new-job decisions the credit tips (draws,). The literature's share is for a
    typical incentive of about 1.4% of value added (Bartik 2018); the odds of tipping a decision
    rise with the incentive's size, with an elasticity (a logit's odds: for a small incentive the
    share itself rises so, and a large one approaches every decision without reaching it, so the
    estimate is never at a kink that its draws can only fall below)."""
    if o.but_for_fixed is not None:
        return np.broadcast_to(np.float64(o.but_for_fixed), pv_credit.shape)
    # The studies measured incentives up to a few times the typical size: beyond, the share tipped is
    # held where the evidence ends, not extrapolated (a credit a third of value added is no typical one).
    relative = np.minimum(relative_size(p, a), a["tipping_evidence_max_size"][:, 0])
    # A typical share of 1 has infinite odds: every decision tipped (a credit of nothing, infinite odds
    # times none, tips none).
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        typical = a["but_for_typical"][:, 0]
        odds = typical / (1 - typical) * relative ** a["but_for_elasticity"][:, 0]
        return np.nan_to_num(1 - 1 / (1 + odds), nan=0.0)


def relative_size(p: Inputs, a: Mapping[str, np.ndarray]) -> np.ndarray:
    """The credit's size against a typical incentive's (draws,): its present value over the firm's
    value added, both as the firm weighs them (at its own rate), over the typical share of value added."""
    value_added = sizing_payroll(p, a) / a["wage_share_of_value_added"][:, 0]
    pv_credit = credit_pv(p, a, a["firm_discount_rate"])
    # A payroll of a fraction of a cent makes the size overflow to infinity: the cap then holds it.
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        size = np.divide(pv_credit, value_added, out=np.zeros_like(pv_credit), where=value_added > 0)
        return size / a["typical_incentive_share"][:, 0]


def caused_share_per_new(p: Inputs, a: Mapping[str, np.ndarray]) -> np.ndarray:
    """Project jobs caused per unit of the new-job but-for share (draws, 1): new jobs moved from
    elsewhere in the State are no gain; retained jobs are in the State already, and the credit
    keeps them there less often than it tips a new one."""
    moved = a["moved_within_state_share"] if p.moved_within_state is None else p.moved_within_state
    return (1 - moved) * (1 - p.retained_share) + p.retained_share * a["retained_but_for_ratio"]


def export_share(industry: str, shift: np.ndarray) -> np.ndarray:
    """The share of an industry's jobs that sell outside the State: the rest displace New Jersey
    jobs one for one and carry no multiplier."""
    shares = table().export_base_shares
    if industry not in shares:
        raise ValueError(f"industry {industry!r} has no export-base share; known: {', '.join(shares)}")
    return np.clip(shares[industry] + shift, 0.0, 1.0)


# Every yearly stream is a per-draw multiple of a few paths over the years (the bases): the facility's
# jobs, the same jobs at each year's real wage, the share of the facility's taxes paid, and year 0.
# `stream_terms` states the economics once, as each stream's per-draw coefficients on them; the
# year-by-year streams (the workbook) and their present values (the Monte Carlo: each basis discounted
# once, not some forty draws x years arrays) are both taken from it.
Coefficient = np.ndarray | float  # per draw (draws, 1), or one for every draw


def bases(p: Inputs, a: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The paths every stream is a multiple of: "jobs", the facility's jobs a year (draws x years);
    "wage_jobs", the same jobs at each year's real wage, year 1's grown by the real wage growth since
    (draws x years); "taxed", the share of the facility's property taxes paid each year (years); and
    "year_0", the construction year, counted once, undiscounted ((1, 1))."""
    t = np.arange(1, p.horizon + 1)
    jobs = job_path(p, a["survival_after_commitment"])
    growth = (1 + a["wage_growth"]) ** (t - 1)
    # Only the facility's real property is taxed, and in a growth zone only as s.24 of P.L.2013 c.161
    # schedules it; the building is taxed whether or not its jobs stay.
    taxed = np.ones(p.horizon) if p.facility_taxed is None else p.facility_taxed
    return {"jobs": jobs, "wage_jobs": _times(jobs, growth), "taxed": taxed, "year_0": np.ones((1, 1))}


def stream_terms(p: Inputs, a: Mapping[str, np.ndarray]) -> dict[str, dict[str, Coefficient]]:
    """Each stream, were the credit to cause every facility job (caused share 1), as its per-draw
    coefficients on the bases (`bases`): the stream in a year is the sum of each coefficient times its
    basis's value that year. Each benefit part, the facility's jobs, the State's net new jobs and who
    fills them, and the construction taxes of year 0. Every part is proportional to the caused share.
    A coefficient on "wage_jobs" is in year 1's wages: the basis grows it with real wages."""
    direct = export_share(p.industry, a["export_share_shift"])  # export-base jobs per facility job
    multiplier = a["employment_multiplier"]
    # Suppliers', shops' and services' jobs pay a share of the local wage, not of the project's.
    indirect_wage = (p.indirect_salary or p.salary) * a["indirect_salary_ratio"]
    wages = direct * (p.salary + (multiplier - 1) * indirect_wage)  # all net new jobs' wages, per facility job
    commuters = a["commuter_share"] if p.commuter_share is None else p.commuter_share
    resident_share = 1 - commuters
    resident_wages = wages * resident_share  # residents old and new spend and live here
    # The place's labour market: where many are not working, more of the jobs go to them (Bartik).
    employment_rate = np.minimum(a["employment_rate_share"] * p.employment_scale, 1.0)
    original = resident_wages * employment_rate  # residents who would otherwise not work
    migrant = resident_wages - original
    # Under the reciprocity agreement a Pennsylvania resident pays Pennsylvania's income tax.
    income_tax = a["income_tax_rate"] * wages * (1 - commuters * a["pennsylvania_commuter_share"])
    # The four growth zones are urban enterprise zones: spending at zone businesses pays the zone's
    # reduced rate, retained for the zone, not the State's.
    zone = a["zone_spending_share"] * p.growth_zone
    state_sales = a["taxable_spending_share"] * (1 - zone) * a["sales_tax_rate"]
    zone_sales = a["taxable_spending_share"] * zone * a["uez_sales_tax_rate"]
    state_wage_taxes = income_tax + resident_wages * state_sales  # the CBT is per job, not per wage
    # New households pay local property taxes; residents who find work live where they lived.
    household_local = migrant * a["household_local_tax_share"]
    # Public-service costs come with new residents only: in-migrant workers' households, at the
    # marginal cost of serving a resident at each level of government, rising with real wages as
    # the public payroll does (on "wage_jobs").
    in_migrants = direct * multiplier * resident_share * (1 - employment_rate)
    serving = in_migrants * a["residents_per_worker"] * a["marginal_cost_share"]
    facility = p.capital_investment * a["facility_real_property_share"] * a["facility_property_tax_rate"]
    # Residents who would otherwise not work take jobs at the wage such residents earn (the local
    # wage, not the project's: Bartik 2023b, the jobs' chain of vacancies), keep it after federal and
    # State taxes, and give up the value of their time out of work (the reservation wage).
    newly_employed = direct * multiplier * resident_share * employment_rate
    kept = 1 - a["federal_tax_rate"] - a["income_tax_rate"] - state_sales - zone_sales
    local_wage = p.indirect_salary or p.salary
    net_new = direct * multiplier
    response = p.market.housing_price_response if p.housing_price_response is None else p.housing_price_response
    return {
        "earnings": {"wage_jobs": newly_employed * local_wage * kept * (1 - a["reservation_wage_share"])},
        # Residents already working move up the job ladder the new jobs open (a wage-rate effect, its own
        # channel, at no cost of time out of work).
        "wage_rates": {"wage_jobs": resident_wages * a["occupational_upgrading_share"] * kept},
        # Both move with how far housing prices respond to the growth where the project is.
        "property_values": {"wage_jobs": resident_wages * a["property_value_share"] * response},
        "housing_costs": {"wage_jobs": -resident_wages * a["cost_of_living_share"] * response},
        "state_budget": {"wage_jobs": state_wage_taxes - serving * a["state_spending_per_resident"],
                         "jobs": direct * a["cbt_per_job"]},
        "local_budgets": {"taxed": facility, "wage_jobs": household_local + resident_wages * zone_sales
                          - serving * a["local_spending_per_resident"]},
        "facility_jobs": {"jobs": 1.0}, "net_new_jobs": {"jobs": net_new},
        "newly_employed": {"jobs": newly_employed}, "in_migrants": {"jobs": in_migrants},
        "in_migrant_earnings": {"wage_jobs": migrant},
        "commuters": {"jobs": net_new * commuters},
        "construction": {"year_0": p.capital_investment * a["construction_tax_rate"]},
    }


def _combined(terms: Mapping[str, Coefficient], values: Mapping[str, np.ndarray]) -> np.ndarray:
    """The sum of each coefficient times its basis's values (a year's, or its present value)."""
    return sum(coefficient * values[basis] for basis, coefficient in terms.items())


def yearly_streams(p: Inputs, a: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Year by year (draws x years), were the credit to cause every facility job (caused share 1):
    each benefit part, the facility's jobs, the State's net new jobs and who fills them; and the
    construction taxes of year 0 (draws,). Every part is proportional to the caused share."""
    paths = bases(p, a)
    yearly = {key: _combined(terms, paths) for key, terms in stream_terms(p, a).items()}
    yearly["construction"] = yearly["construction"][..., 0]
    return yearly


def channels_per_caused_job(p: Inputs, a: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Present value of each benefit part (draws,) were the credit to cause every facility job
    (caused share 1), and the job-years of the State's net new jobs. Every part is proportional to
    the caused share, which is what makes the break-even share one division. Each basis is
    discounted once (year 0 not at all) and each part is its coefficients on those present values:
    the same sum as discounting its yearly stream (`yearly_streams`)."""
    disc = discount_factors(p)
    pv_of = {basis: path if basis == "year_0" else (path @ disc)[..., None]
             for basis, path in bases(p, a).items()}
    terms = stream_terms(p, a)

    def pv(key: str) -> np.ndarray:
        return _combined(terms[key], pv_of)[..., 0]
    out = {key: pv(key) for key in PARTS if key != "financing"}
    out["state_budget"] = out["state_budget"] + pv("construction")
    out["job_years"] = pv("net_new_jobs")
    # Who holds the jobs: original residents who would otherwise not work, and in-migrants (their
    # earnings are not residents' gain: they would have earned elsewhere).
    for key in PEOPLE:
        out[key] = pv(key)
    return out


@dataclass(frozen=True)
class Draws:
    """The view for each draw (arrays of draws): the parts of the NPV of residents' real income."""
    parts: dict[str, np.ndarray]
    credit: np.ndarray  # present value of the credit
    but_for: np.ndarray  # share of new-job decisions tipped
    caused_per_new: np.ndarray  # project jobs caused per unit of the new-job share
    benefit_at_full: np.ndarray  # benefits were every new job tipped (but-for 1)
    job_years: np.ndarray  # discounted job-years of the State's net new jobs
    people: dict[str, np.ndarray] = None  # PEOPLE: who holds the caused jobs, and the in-migrants' earnings

    @property
    def npv(self) -> np.ndarray:
        return sum(self.parts[k] for k in PARTS)

    @property
    def benefits(self) -> np.ndarray:
        return self.npv - self.parts["financing"]

    @property
    def costs(self) -> np.ndarray:
        return -self.parts["financing"]

    @property
    def fiscal_npv(self) -> np.ndarray:
        """The budgets alone less the credit at face value: the old fiscal NPV, kept as one line."""
        return self.parts["state_budget"] + self.parts["local_budgets"] - self.credit


def run(p: Inputs, a: Mapping[str, np.ndarray], o: Options = Options()) -> Draws:
    """The residents' view of a project under assumption arrays `a` (from `point` or `draw`)."""
    pv = channels_per_caused_job(p, a)
    pv_credit = credit_pv(p, a)
    per_new = caused_share_per_new(p, a)[:, 0]
    b = but_for_new(p, a, o, pv_credit)
    caused = b * per_new
    job_years = pv.pop("job_years")
    people = {key: caused * pv.pop(key) for key in PEOPLE}
    parts = {key: caused * pv[key] for key in pv}
    drag = a[f"financing_drag_{o.financing}"][:, 0]
    parts["financing"] = -pv_credit * (1 + drag)
    return Draws(parts, pv_credit, b, per_new, per_new * sum(pv.values()), caused * job_years, people)


# --- What the page and the JSON report ---------------------------------------------------------

def whole_dollar_parts(parts: Mapping[str, float], total: float) -> dict[str, int]:
    """Each part in whole dollars, the parts summing to the total in whole dollars: each rounded down,
    and the dollars left go to the parts with the largest remainders (each part rounded on its own left
    a waterfall's parts a dollar off the NPV it showed)."""
    down = {key: math.floor(value) for key, value in parts.items()}
    left = int(round(total)) - sum(down.values())
    by_remainder = sorted(parts, key=lambda key: parts[key] - down[key], reverse=True)
    for key in by_remainder[:max(left, 0)]:
        down[key] += 1
    return down


BREAKEVEN_NOTES = {
    "no_credit": "no credit to pay for: any share breaks even",
    "no_benefit": "the caused jobs add nothing to residents' incomes: no share breaks even",
    "short": "benefits fall short of costs even if the credit tipped every decision: no share breaks even",
}


def breakeven(d: Draws) -> tuple[float | None, str]:
    """The new-job but-for share at which the NPV is 0, from the first draw: benefits are
    proportional to it, costs are not. None, with the reason, when no share in 0..1 does."""
    costs, full = float(d.costs[0]), float(d.benefit_at_full[0])
    if costs == 0:
        return 0.0, BREAKEVEN_NOTES["no_credit"]
    if full <= 0:
        return None, BREAKEVEN_NOTES["no_benefit"]
    share = costs / full
    return (share, "") if share <= 1 else (None, BREAKEVEN_NOTES["short"])


# The two chances, each named for what it is over.
CHANCES = {
    "probability_positive": "chance the expected gain is positive, over the assumptions",
    "probability_deal_positive": "chance this deal gains, over the assumptions and whether the credit tipped it",
}


@dataclass(frozen=True)
class Band:
    """A Monte Carlo's summary. Over the assumptions: the chance the expected gain (the but-for share
    times the gain were the decision tipped, less the cost) is positive, and the 5-95% band of the
    NPV. For the deal: the credit tipped its decision or it did not (drawn with the but-for share),
    its chance of a gain and band."""
    probability_positive: float
    p5: float
    p50: float
    p95: float
    probability_deal_positive: float = float("nan")
    deal_p5: float = float("nan")
    deal_p95: float = float("nan")


def tipping(draws: int, seed: int | None, stream: int = 0) -> np.ndarray:
    """Uniform draws (draws,) for whether the credit tipped a deal: a decision tipped where one is
    below the but-for share. Their own stream, apart from the assumptions' (`stream` one per deal
    of a portfolio, so that deals are tipped independently)."""
    return np.random.default_rng(None if seed is None else [seed, 1, stream]).random(draws)


def deal_npv(d: Draws, u: np.ndarray) -> np.ndarray:
    """The NPV of one deal for each draw: the gain at every decision tipped where the credit tipped it
    (u below the but-for share), nothing where it did not; the credit and its financing either way."""
    return np.where(u < d.but_for, d.benefit_at_full, 0.0) + d.parts["financing"]


def band(npv: np.ndarray, deal: np.ndarray | None = None) -> Band:
    p5, p50, p95 = np.percentile(npv, [5, 50, 95])
    if deal is None:
        return Band(float((npv > 0).mean()), float(p5), float(p50), float(p95))
    d5, d95 = np.percentile(deal, [5, 95])
    return Band(float((npv > 0).mean()), float(p5), float(p50), float(p95), float((deal > 0).mean()),
                float(d5), float(d95))


INCOME_GROUPS = ("lowest fifth", "second fifth", "middle fifth", "fourth fifth", "top fifth")
INCOME_GROUPS_FILE = DATA / "income_groups.yaml"


@dataclass(frozen=True)
class IncomeGroups:
    """How each part divides among the five income groups, with its source, and the State's residents."""
    shares: Mapping[str, tuple[float, ...]]
    sources: Mapping[str, str]
    residents: float
    residents_source: str


@lru_cache(maxsize=1)
def income_groups() -> IncomeGroups:
    data = yaml.safe_load(INCOME_GROUPS_FILE.read_text())
    parts = data["parts"]
    return IncomeGroups({k: tuple(float(x) for x in v["shares"]) for k, v in parts.items()},
                        {k: v["source"] for k, v in parts.items()}, float(data["residents"]), data["residents_source"])


def chance_error(p: float, draws: int) -> float:
    """The Monte Carlo's standard error of a chance over `draws` draws, to one significant figure (at
    least half a draw's worth, so a chance of none or all still shows what the draws can tell)."""
    se = max(math.sqrt(p * (1 - p) / draws), 0.5 / draws) if draws else float("nan")
    return float(f"{se:.1g}")


def chance(p: float, draws: int) -> float:
    """A chance to at most two significant figures, and never finer than its Monte Carlo error."""
    if not p or math.isnan(p):
        return p
    step = 10 ** math.floor(math.log10(chance_error(p, draws)))
    return float(f"{round(p / step) * step:.2g}")


@dataclass(frozen=True)
class Residents:
    """The residents' view of one project: the point estimate at the defaults (edited by
    `overrides`) and, when asked, its Monte Carlo: a page that shows only the estimate does not
    pay for 10,000 draws."""
    inputs: Inputs
    overrides: Mapping[str, float] | None = None
    options: Options = Options()
    draws: int = DEFAULT_DRAWS
    seed: int | None = 0
    fixed: tuple[str, ...] = ()  # assumptions the reader holds at their values in the Monte Carlo

    @cached_property
    def estimate(self) -> Draws:
        return run(self.inputs, point(self.overrides), self.options)

    @cached_property
    def uncertainty(self) -> Band:
        d = run(self.inputs, draw(self.draws, self.seed, self.overrides, self.fixed), self.options)
        return band(d.npv, deal_npv(d, tipping(self.draws, self.seed)))

    @property
    def npv(self) -> float:
        return float(self.estimate.npv[0])

    @property
    def benefit_cost_ratio(self) -> float | None:
        costs = float(self.estimate.costs[0])
        return float(self.estimate.benefits[0]) / costs if costs else None

    @property
    def cost_per_induced_job_year(self) -> float | None:
        """The credit's present value per discounted job-year of the State's net new jobs."""
        job_years = float(self.estimate.job_years[0])
        return float(self.estimate.credit[0]) / job_years if job_years > 0 else None

    @property
    def parts(self) -> dict[str, float]:
        return {k: float(self.estimate.parts[k][0]) for k in PARTS}

    @property
    def times_typical(self) -> float:
        """The credit's size against a typical incentive's, at the defaults."""
        return float(relative_size(self.inputs, point(self.overrides))[0])

    @property
    def evidence_covers(self) -> float:
        return float(point(self.overrides)["tipping_evidence_max_size"][0, 0])

    @property
    def outside_tipping_evidence(self) -> bool:
        """Whether the credit is larger than the incentives the tipping evidence measured (its share
        tipped is then held at the evidence's end), unless the reader fixed the share."""
        return self.options.but_for_fixed is None and self.times_typical > self.evidence_covers

    def incentive_size(self) -> dict[str, Any]:
        words = (f"The credit is {self.times_typical:.1f} times a typical incentive's share of the firm's value "
                 f"added; the studies of how many decisions incentives tip measured incentives up to about "
                 f"{self.evidence_covers:g} times it, so this one is outside the evidence: the share tipped is held "
                 f"at what {self.evidence_covers:g} times the typical size tips, not extrapolated."
                 if self.outside_tipping_evidence else
                 f"The credit is {self.times_typical:.1f} times a typical incentive's share of the firm's value added, "
                 "within the sizes the tipping evidence measured.")
        return {"times_typical": round(self.times_typical, 2), "evidence_covers_up_to": self.evidence_covers,
                "outside_tipping_evidence": self.outside_tipping_evidence, "words": words}

    def per_capita_income(self) -> dict[str, Any]:
        """Bartik's headline: the change in residents' real income per resident, as a present value and as
        the even yearly amount over the horizon with that present value."""
        groups = income_groups()
        per_resident = self.npv / groups.residents
        rate, years = self.inputs.discount_rate, self.inputs.horizon
        annuity = years if rate == 0 else (1 - (1 + rate) ** -years) / rate
        return {"npv_per_resident": round(per_resident, 4), "per_resident_a_year": round(per_resident / annuity, 4),
                "residents": groups.residents, "source": groups.residents_source}

    def by_quintile(self) -> dict[str, Any]:
        """Each part divided among the five income groups (lowest first) as income_groups.yaml says, the
        financing by how the State pays for the credit."""
        groups = income_groups()
        shares = {key: groups.shares[f"financing_{self.options.financing}" if key == "financing" else key]
                  for key in PARTS}
        channels = {key: [round(self.parts[key] * x, 2) for x in shares[key]] for key in PARTS}
        totals = [round(sum(self.parts[key] * shares[key][i] for key in PARTS), 2) for i in range(5)]
        return {"groups": list(INCOME_GROUPS), "channels": channels, "total": totals,
                "sources": {key: groups.sources[f"financing_{self.options.financing}" if key == "financing" else key]
                            for key in PARTS}}

    def people(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Original residents against in-migrants: who holds the jobs the credit causes (discounted
        job-years) and what each gains. The NPV is the original residents'; in-migrants' earnings are
        theirs, not a gain to the State's residents (they would have earned elsewhere)."""
        d = self.estimate.people
        original = {"job_years_of_residents_otherwise_not_employed": round(float(d["newly_employed"][0]), 2),
                    "npv": round(self.npv, 2)}
        migrants = {"job_years": round(float(d["in_migrants"][0]), 2),
                    "earnings": round(float(d["in_migrant_earnings"][0]), 2), "counted": False}
        return original, migrants

    def to_dict(self) -> dict[str, Any]:
        """The keys the residents' view adds to the `net-benefit` JSON's "economist" object."""
        share, note = breakeven(self.estimate)
        original, migrants = self.people()
        return {
            "npv": round(self.npv, 2),
            # The Monte Carlo's middle: the point above is the model at the defaults, each the centre
            # of its own draws, so the two agree unless the model bends.
            "npv_median": round(self.uncertainty.p50, 2),
            "parts": {k: round(v, 2) for k, v in self.parts.items()},
            "benefit_cost_ratio": None if self.benefit_cost_ratio is None else round(self.benefit_cost_ratio, 4),
            "fiscal_npv": round(float(self.estimate.fiscal_npv[0]), 2),
            "but_for_new": round(float(self.estimate.but_for[0]), 4),
            # A chance to two significant figures at most, beside its Monte Carlo standard error.
            "probability_positive": chance(self.uncertainty.probability_positive, self.draws),
            "probability_positive_error": chance_error(self.uncertainty.probability_positive, self.draws),
            "npv_band": [round(self.uncertainty.p5, 2), round(self.uncertainty.p95, 2)],
            "probability_deal_positive": chance(self.uncertainty.probability_deal_positive, self.draws),
            "probability_deal_positive_error": chance_error(self.uncertainty.probability_deal_positive, self.draws),
            "deal_npv_band": [round(self.uncertainty.deal_p5, 2), round(self.uncertainty.deal_p95, 2)],
            "chances": dict(CHANCES),
            "cost_per_induced_job_year": (None if self.cost_per_induced_job_year is None
                                          else round(self.cost_per_induced_job_year, 2)),
            "breakeven_but_for": None if share is None else round(share, 4),
            "breakeven_note": note,
            "draws": self.draws, "seed": self.seed,
            # What the Monte Carlo holds at its value (the reader's `fixed`); every other assumption is
            # drawn, around the value given where one is.
            "fixed": list(self.fixed),
            "labour_market": self.inputs.labour_market,
            "labour_market_words": self.inputs.market.label,
            "incentive_size": self.incentive_size(),
            "per_capita_income": self.per_capita_income(),
            "by_quintile": self.by_quintile(),
            "original_residents": original, "in_migrants": migrants,
        }


@dataclass(frozen=True)
class Alternative:
    """The same money used another way: its present value, the NPV of residents' real incomes and
    what it assumes."""
    name: str
    cost: float
    npv: float
    note: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "cost": round(self.cost, 2), "npv": round(self.npv, 2), "note": self.note}


def upfront(p: Inputs, a: Mapping[str, np.ndarray]) -> Inputs:
    """The project with its credit replaced by one payment in the first year of the same present value
    at the reader's rate (and the point's inflation)."""
    pv = credit_pv(p, a)
    first = np.zeros_like(p.credit)
    first[..., 0] = pv * (1 + a["inflation"][:, 0]) * (1 + p.discount_rate)
    return replace(p, credit=first)


def alternatives(r: "Residents") -> list[Alternative]:
    """Bartik's question: what else the same money would do for residents. The credit as awarded; a
    cash grant of the same present value paid at once (the firm, discounting at its own higher rate,
    weighs it more, so it tips more decisions; no job is held by a schedule of payments); customized
    business services, which the literature finds create jobs at a fraction of an incentive's cost;
    and not spending it, the baseline every NPV here is measured from."""
    a = point(r.overrides)
    credit = r.estimate
    grant = run(upfront(r.inputs, a), a, r.options)
    tipped = (float(grant.but_for[0]), float(credit.but_for[0]))
    tips = (f"so it tips {tipped[0]:.0%} of decisions, not {tipped[1]:.0%}" if round(tipped[0], 2) != round(tipped[1], 2)
            else f"but both are larger than the tipping evidence covers, so both tip the {tipped[0]:.0%} held there")
    services_ratio = float(a["services_jobs_per_dollar_ratio"][0, 0])
    # The same cost buys `services_ratio` times the jobs the credit causes, each worth what one of them is.
    services = services_ratio * float(credit.benefits[0]) + float(credit.parts["financing"][0])
    cost = float(credit.credit[0])
    return [
        Alternative("The credit as awarded", cost, float(credit.npv[0]),
                    "The credit year by year as the schedule pays it, tipping the share of decisions its size does."),
        Alternative("A cash grant of the same present value, paid at once", cost, float(grant.npv[0]),
                    f"Paid in the first year: the firm, at its own discount rate, weighs it more than the credit's "
                    f"stream, {tips}; no schedule holds the jobs, so a firm that leaves keeps it."),
        Alternative("Customized business services of the same cost", cost, services,
                    f"Job training, manufacturing extension and the like: {services_ratio:g} times the jobs the "
                    "credit causes for the same money (Bartik's ratio, one of the assumptions), each worth to "
                    "residents what one of the credit's is; the State pays for them as for the credit."),
        Alternative("Not spending it", 0.0, 0.0,
                    "No credit, no spending cut or tax increase to pay for it: the baseline every NPV here is "
                    "measured from."),
    ]


def residents(p: Inputs, overrides: Mapping[str, float] | None = None, options: Options = Options(),
              draws: int = DEFAULT_DRAWS, seed: int | None = 0, fixed: Sequence[str] = ()) -> Residents:
    """One project: its point estimate at the defaults and a Monte Carlo over every assumption (but
    those `fixed`)."""
    return Residents(p, known(overrides), options, draws, seed, known_names(fixed))


@dataclass(frozen=True)
class Portfolio:
    """Many projects under the same draws (the literature's uncertainty is common to them all)."""
    projects: tuple[Residents, ...]
    total: Band
    total_npv: float  # the point estimates' sum


def portfolio(projects: Sequence[Inputs], overrides: Mapping[str, float] | None = None,
              options: Options = Options(), draws: int = DEFAULT_DRAWS, seed: int | None = 0,
              fixed: Sequence[str] = ()) -> Portfolio:
    """Each project's view and the portfolio's: one set of draws, shared by every project."""
    a = draw(draws, seed, overrides, fixed)
    each = tuple(residents(p, overrides, options, draws, seed, fixed) for p in projects)
    runs = [run(p, a, options) for p in projects]
    u = tipping(draws, seed)
    for one, d in zip(each, runs):
        # The portfolio's draws are each project's own (the same seed and overrides): its samples
        # are each project's Monte Carlo, so no project draws them again.
        one.__dict__["uncertainty"] = band(d.npv, deal_npv(d, u))
    # Deals are tipped or not each on its own: the portfolio's deals from one stream each.
    deals = sum(deal_npv(d, tipping(draws, seed, i + 1)) for i, d in enumerate(runs))
    return Portfolio(each, band(sum(d.npv for d in runs), deals), float(sum(one.npv for one in each)))
