"""The net benefit test (s.3 a(3)) two ways.

The statutory view counts what the statute counts, "a net positive benefit to the State": income
tax on the project's and on indirect and induced wages, sales tax on the households' spending and
corporation business tax, every job for the horizon after completion, all of it credited to the
award. Local taxes count only for a MRERA growth zone project, and only the two kinds s.3 a(3)(b)
names (grownj/economics/net_benefit_streams.yaml says who receives each stream and when it counts). The two
parameters the published awards identify are fitted by scripts/calibrate_net_benefit.py, which also
measures the model's error on an award it did not see (leave-one-out); a verdict inside that error
says so. The rest are sourced.

The economist's view is a benefit-cost analysis of New Jersey residents' real incomes on the
structure of Bartik's model (grownj/economics/residents.py): only the jobs the credit causes count, net of
moves within the State and local-serving displacement, for what they add to residents' earnings,
property values and the State's and local budgets, against the credit and the cost of paying for
it; with a Monte Carlo over every assumption. The credit is the schedule's, year by year, so
forfeiture and employment paths count. Every assumption is named, editable and sourced in
grownj/economics/net_benefit_assumptions.yaml."""
from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any, Mapping

import numpy as np
import yaml

from . import DATA, residents
from ..law import Law, enacted
from ..machinery.fields import Field, ScenarioError
from ..rules.location import TIER_NAMES
from ..rules.result import Result
from .assumptions import CALIBRATED_FILE, assumption_table
from ..programs.schedule import Schedule, schedule

STREAMS_FILE = DATA / "net_benefit_streams.yaml"
STATUTORY_VERDICTS = ("passes", "fails", "within the model's error")


# The literature's range of State employment multipliers, beside the statutory view's fitted scale
# (Bartik and Sotherland 2019 put local multipliers nearer 1.5 than 2, state ones a quarter above, and
# high-tech ones near 3; RIMS II's published state multipliers for services run to about 2.7).
LITERATURE_MULTIPLIERS = (1.5, 2.7)
MULTIPLIER_WORDS = ("a scale fitted to the authority's published figures (not a RIMS II value; the literature's "
                    f"{LITERATURE_MULTIPLIERS[0]:g}-{LITERATURE_MULTIPLIERS[1]:g})")


@dataclass(frozen=True)
class Stream:
    """One tax stream: its label, the assumption that sets it (whose source its line carries), who
    receives it and when the statutory test counts it (always, mrera or never), and why."""
    key: str
    label: str
    assumption: str
    level: str
    counted: str
    why: str

    def counted_for(self, mrera_growth_zone: bool) -> bool:
        """s.3 a(3): State revenue counts; local only for a MRERA growth zone project, s.3 a(3)(b)."""
        return self.counted == "always" or (self.counted == "mrera" and mrera_growth_zone)


@lru_cache(maxsize=1)
def _streams_file() -> dict[str, Any]:
    return yaml.safe_load(STREAMS_FILE.read_text())


@lru_cache(maxsize=1)
def streams() -> dict[str, Stream]:
    return {key: Stream(key, **e) for key, e in _streams_file()["streams"].items()}


def growth_zone_bonuses() -> str:
    """What grownj says of the discretionary bonuses of s.3 a(3), last paragraph (not modelled)."""
    return _streams_file()["growth_zone_bonuses"]


def s24_taxable_share(years: int, development_entity_share: float) -> np.ndarray:
    """The share of the taxes otherwise due on the facility's improvements paid in each year after
    completion under s.24 of P.L.2013 c.161 (C.52:27D-489s): a Development Entity's schedule (s.24 c)
    for its share of the improvements, the five-year exemption of any other owner (s.24 e) for the rest."""
    table = _streams_file()["s24_taxable_share"]

    def schedule_of(shares: list[float]) -> np.ndarray:
        shares = np.asarray(shares, dtype=float)  # the last share holds after the list
        return np.concatenate([shares, np.full(max(years - len(shares), 0), shares[-1])])[:years]
    return (development_entity_share * schedule_of(table["development_entity"])
            + (1 - development_entity_share) * schedule_of(table["other_owner"]))


@lru_cache(maxsize=1)
def model_error_80() -> float:
    """The error four awards in five fell within, each predicted by a fit on the others: the 80th
    percentile of the stored leave-one-out absolute log errors (the median is model_error(), a 50%
    band). 0 when no fit has stored them."""
    stored = yaml.safe_load(CALIBRATED_FILE.read_text()).get("error") or {}
    ratios = list((stored.get("loo_ratios") or {}).values())
    return float(np.quantile(np.abs(np.log(ratios)), 0.8)) if ratios else 0.0


@lru_cache(maxsize=1)
def model_error() -> float:
    """The statutory view's error on an award it did not see: the median absolute log of model /
    implied benefit, each published award predicted by a fit on the others (leave-one-out), as
    scripts/calibrate_net_benefit.py stores it. 0 when no fit has stored it."""
    stored = yaml.safe_load(CALIBRATED_FILE.read_text()).get("error") or {}
    return float(stored.get("loo_median_abs_log_error", 0.0))


@dataclass(frozen=True)
class Assumptions:
    """The values both readings run on: the tax streams and the authority's reading by name; the
    economist's own assumptions as changes from their defaults (`economist`), with how the but-for
    share is read and how the State pays for the credit."""
    income_tax_rate: float
    taxable_spending_share: float
    sales_tax_rate: float
    household_local_tax_share: float
    indirect_salary_ratio: float
    cbt_per_job: float
    construction_tax_rate: float
    facility_property_tax_rate: float
    zone_spending_share: float
    uez_sales_tax_rate: float
    development_entity_share: float
    default_salary: float
    statutory_discount_rate: float
    statutory_employment_multiplier: float
    economist: tuple[tuple[str, float], ...] = ()  # (name, value), sorted: hashable for a cache key
    financing: str = residents.FINANCING[0]
    but_for_fixed: float | None = None  # None: the share rises with the credit's size
    fixed: tuple[str, ...] = ()  # held at their values in the economist's Monte Carlo; the rest are drawn
    labour_market: str | None = None  # None: the one the law's designations of the place imply

    def replace(self, **changes: Any) -> "Assumptions":
        """These assumptions with the named ones changed, an economist's own among them."""
        own = {f.name for f in fields(Assumptions)} - {"economist"}
        if "fixed" in changes:
            changes["fixed"] = residents.known_names(changes["fixed"])
        economist = dict(self.economist)
        for name in set(changes) - own:
            if name not in assumption_table():
                raise TypeError(f"unknown assumption {name!r}")
            economist[name] = float(changes.pop(name))
        return replace(self, **changes, economist=tuple(sorted(economist.items())))

    def updated(self, data: Any) -> "Assumptions":
        """These assumptions with the named ones changed; a bad name or value raises ScenarioError
        naming `assumptions.<name>`."""
        if not isinstance(data, dict):
            raise ScenarioError("assumptions", "must be a JSON object of assumption names and numbers")
        table = assumption_table()
        changes = {}
        for name, value in data.items():
            if name == "financing":
                if value not in residents.FINANCING:
                    raise ScenarioError("assumptions.financing", "must be one of " + ", ".join(residents.FINANCING))
                changes[name] = value
            elif name == "but_for_fixed":
                changes[name] = None if value is None else float(BUT_FOR_FIXED.check(value))
            elif name == "fixed":
                changes[name] = fixed_names(value)
            elif name == "labour_market":
                if value is not None and value not in residents.LABOUR_MARKETS:
                    raise ScenarioError("assumptions.labour_market",
                                        "must be one of " + ", ".join(residents.LABOUR_MARKETS) + " (or null: the place's)")
                changes[name] = value
            elif name in table:
                changes[name] = float(table[name].field.check(value))
            else:
                raise ScenarioError(f"assumptions.{name}", "unknown assumption; known: " + ", ".join(table))
        return self.replace(**changes)

    def value(self, name: str) -> float:
        """An assumption's value in force: a tax stream's or the authority's field, or an economist's
        own (its default unless changed)."""
        if name in {f.name for f in fields(Assumptions)}:
            return getattr(self, name)
        return dict(self.economist).get(name, assumption_table()[name].value)

    def economist_overrides(self) -> dict[str, float]:
        """What the economist's reading runs on beyond its defaults: its own changed assumptions and
        any tax stream changed from its default (an unchanged one is still drawn in the Monte Carlo)."""
        table = assumption_table()
        streams_changed = {f.name: getattr(self, f.name) for f in fields(Assumptions)
                           if f.name in table and table[f.name].view == "both"
                           and getattr(self, f.name) != table[f.name].value}
        return streams_changed | dict(self.economist)

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(Assumptions) if f.name != "economist"}
        return out | dict(self.economist) | {"fixed": list(self.fixed)}


BUT_FOR_FIXED = Field("assumptions.but_for_fixed", "number", None, "Fixed share of new-job decisions the credit tips",
                      minimum=0.0, maximum=1.0, optional=True)


def fixed_names(value: Any) -> tuple[str, ...]:
    """`assumptions.fixed`: the names of the assumptions the economist's Monte Carlo holds at their
    values (a value given without it moves the centre of its draws, and they are still drawn)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError("assumptions.fixed", "must be a list of assumption names")
    table = assumption_table()
    unknown = [v for v in value if v not in table or table[v].view == "statutory"]
    if unknown:
        raise ScenarioError("assumptions.fixed", f"unknown assumption {unknown[0]!r}; known: "
                            + ", ".join(name for name, e in table.items() if e.view != "statutory"))
    return tuple(sorted(set(value)))


def but_for_medians() -> dict[str, float]:
    """The literature's median shares of incented decisions an incentive tips (Upjohn's research highlight
    on Bartik 2018, WP 18-289, as the but_for_typical assumption's source gives them): the unbiased
    studies', all studies' (the default) and the positively biased studies'."""
    return {"Unbiased studies": 0.034, "All studies": assumption_table()["but_for_typical"].value,
            "Biased studies": 0.235}


def but_for_band() -> tuple[float, float]:
    """The literature's range of the share of incented decisions an incentive tips (Bartik 2018):
    the range the sensitivity view sweeps the new-job share over."""
    e = assumption_table()["but_for_typical"]
    return e.low, e.high


def default_assumptions() -> Assumptions:
    table = assumption_table()
    return Assumptions(**{f.name: table[f.name].value for f in fields(Assumptions) if f.name in table})


@dataclass(frozen=True)
class Project:
    """What the streams need from an evaluated scenario: jobs, salary (0: the assumed default),
    investment, industry, the periods, the s.3 a(3) terms (the horizon counted and the most the statute
    allows) and where the project is (a growth zone's property and zone sales taxes, s.24; MRERA,
    s.3 a(3)(b))."""
    new_jobs: float
    retained_jobs: float
    agreement_jobs: float  # new + retained, as the result counts them
    salary: float
    capital_investment: float
    eligibility_years: int
    commitment_years: float
    horizon: int
    ratio_required: float
    years_max: int = 0
    growth_zone: bool = False
    mrera_growth_zone: bool = False
    industry: str = "other"
    county_salary: float = 0.0  # the county's average, what the multiplier's jobs are paid a share of
    labour_market: str = "typical"  # what the law's designations of the place say of its labour market

    @classmethod
    def of(cls, result: Result, law: Law, horizon: int | None = None) -> "Project":
        s = result.scenario
        growth_zone = result.location_tier == "gsgz"
        mri = s.mri_2007 is not None and s.mri_2007 > law.bonus_c12_mri_threshold
        market = residents.place_market(result.location_tier, s.deep_poverty_pocket, mri)
        return cls(s.new_jobs, s.retained_jobs, result.extra["total_jobs"],
                   s.average_salary or s.county_average_salary, s.capital_investment,
                   s.eligibility_years, s.eligibility_years * law.commitment_period_factor,
                   int(horizon or result.net_benefit_years), float(result.net_benefit_ratio_required),
                   int(result.net_benefit_years), growth_zone, growth_zone and bool(s.mrera), s.industry,
                   s.county_average_salary, market)


def present_values(p: Project, a: Assumptions, jobs: np.ndarray, credit: np.ndarray) -> tuple[dict[str, float], float]:
    """The authority's reading: each stream's sum over the horizon as if the credit caused the whole
    project, and the credit's, at the authority's multiplier and discount rate. `jobs` and `credit`
    are facility jobs and credit by year of the eligibility period. Year 0 is construction; years
    1..horizon follow completion, the last year's jobs held after the period."""
    t = np.arange(1, p.horizon + 1)
    path = np.concatenate([jobs, np.repeat(jobs[-1:], max(p.horizon - jobs.size, 0))])[:p.horizon]
    wages = path * (p.salary or a.default_salary)
    indirect = wages * (a.statutory_employment_multiplier - 1) * a.indirect_salary_ratio
    discount = (1 + a.statutory_discount_rate) ** -t.astype(float)
    taxable = (wages + indirect) * a.taxable_spending_share
    # The four growth zones are urban enterprise zones: spending at qualified zone businesses pays half
    # the rate, retained for the zone, not the State's rate.
    zone = a.zone_spending_share if p.growth_zone else 0.0
    # A growth zone's improvements pay taxes only as s.24 of P.L.2013 c.161 schedules them.
    taxed = s24_taxable_share(p.horizon, a.development_entity_share) if p.growth_zone else np.ones(p.horizon)
    yearly = {
        "income_direct": wages * a.income_tax_rate,
        "income_indirect": indirect * a.income_tax_rate,
        "sales": taxable * (1 - zone) * a.sales_tax_rate,
        "zone_sales": taxable * zone * a.uez_sales_tax_rate,
        "household_local": (wages + indirect) * a.household_local_tax_share,
        "cbt": path * a.cbt_per_job,
        # The building is taxed whether or not its jobs stay.
        "facility_property": p.capital_investment * a.facility_property_tax_rate * taxed,
    }
    pv = {key: float(stream @ discount) for key, stream in yearly.items()}
    pv["construction"] = p.capital_investment * a.construction_tax_rate
    # The whole credit counts, however short the horizon: s.3 a(3) weighs "the requested tax credit
    # allocation amount".
    years = np.arange(1, credit.size + 1, dtype=float)
    return pv, float(credit @ ((1 + a.statutory_discount_rate) ** -years))


@dataclass(frozen=True)
class Line:
    """One stream of a view: its present value (or sum), label, where its assumption comes from, who
    receives it, whether the view counts it and why (the statute's words for the statutory view)."""
    key: str
    label: str
    amount: float
    source: str
    level: str = "State"
    counted: bool = True
    why: str = ""


def _lines(pv: dict[str, float], mrera_growth_zone: bool) -> tuple[Line, ...]:
    """Every stream with an amount, counted as s.3 a(3) counts it for such a project or not."""
    table = assumption_table()
    return tuple(Line(key, s.label, pv[key], table[s.assumption].source, s.level, s.counted_for(mrera_growth_zone),
                      s.why)
                 for key, s in streams().items() if pv[key])


@dataclass(frozen=True)
class Statutory:
    """The test as the statute sets it: the benefit to the State (and, for a MRERA growth zone
    project, the two local kinds of s.3 a(3)(b)) against the required ratio times the credit, with
    the model's error on an award it did not see as a band around the benefit."""
    years: int
    ratio_required: float
    benefit: float
    credit: float
    lines: tuple[Line, ...]
    years_max: int = 0
    error: float = 0.0  # the leave-one-out median absolute log error (model_error())
    notes: tuple[str, ...] = ()  # what the view leaves out that the statute lets the authority add
    error_80: float = 0.0  # the leave-one-out error four awards in five fell within (model_error_80())

    @property
    def state(self) -> float:
        return sum((line.amount for line in self.lines if line.counted and line.level == "State"), 0.0)

    @property
    def local(self) -> float:
        return sum((line.amount for line in self.lines if line.counted and line.level != "State"), 0.0)

    @property
    def benefit_band(self) -> tuple[float, float]:
        """The benefit divided and multiplied by the model's error factor: half the published awards,
        each predicted by a fit on the others, fell within this factor of the authority's figure."""
        factor = math.exp(self.error)
        return self.benefit / factor, self.benefit * factor

    @property
    def benefit_band_80(self) -> tuple[float, float]:
        """The benefit divided and multiplied by the error four awards in five fell within."""
        factor = math.exp(self.error_80)
        return self.benefit / factor, self.benefit * factor

    @property
    def net_benefit(self) -> float:
        """Benefit less the credit: the figure the authority publishes."""
        return self.benefit - self.credit

    @property
    def required(self) -> float:
        return self.ratio_required * self.credit

    @property
    def ratio(self) -> float | None:
        return self.benefit / self.credit if self.credit else None

    @property
    def passes(self) -> bool:
        return self.benefit >= self.required

    @property
    def verdict(self) -> str:
        """In three: passes or fails when the whole band is on one side of the threshold, otherwise
        within the model's error. With no credit (an ineligible project) there is nothing to test."""
        if not self.credit:
            return "no credit to test"
        low, high = self.benefit_band
        return "passes" if low >= self.required else "fails" if high < self.required else STATUTORY_VERDICTS[2]

    def to_dict(self) -> dict[str, Any]:
        low, high = self.benefit_band
        return {"years": self.years, "ratio_required": self.ratio_required, "benefit": round(self.benefit, 2),
                "credit": round(self.credit, 2), "net_benefit": round(self.net_benefit, 2),
                "ratio": None if self.ratio is None else round(self.ratio, 4), "passes": self.passes,
                "state": round(self.state, 2), "local": round(self.local, 2), "years_max": self.years_max,
                "verdict": self.verdict, "benefit_band": [round(low, 2), round(high, 2)],
                "benefit_band_80": [round(x, 2) for x in self.benefit_band_80],
                "streams": {line.key: round(line.amount, 2) for line in self.lines if line.counted},
                "not_counted": {line.key: round(line.amount, 2) for line in self.lines if not line.counted},
                "notes": list(self.notes)}


@dataclass(frozen=True)
class Economist:
    """The economist's reading: the net present value of New Jersey residents' real incomes and its
    parts (grownj/economics/residents.py), its Monte Carlo when asked, and the budgets' NPV as one named line."""
    residents: residents.Residents
    agreement_jobs: float

    @property
    def estimate(self) -> residents.Draws:
        return self.residents.estimate

    @property
    def npv(self) -> float:
        return self.residents.npv

    @property
    def parts(self) -> dict[str, float]:
        return self.residents.parts

    @property
    def benefit(self) -> float:
        """Every part but the financing: what residents gain from the jobs the credit causes."""
        return float(self.estimate.benefits[0])

    @property
    def credit(self) -> float:
        """The credit's present value in dollars of year 0."""
        return float(self.estimate.credit[0])

    @property
    def fiscal_npv(self) -> float:
        return float(self.estimate.fiscal_npv[0])

    @property
    def benefit_cost_ratio(self) -> float | None:
        return self.residents.benefit_cost_ratio

    @property
    def breakeven_but_for(self) -> float | None:
        """The share of new-job decisions the credit must tip for NPV = 0; None when none in 0..1 does."""
        return residents.breakeven(self.estimate)[0]

    @property
    def breakeven_note(self) -> str:
        return residents.breakeven(self.estimate)[1]

    @property
    def induced_jobs(self) -> float:
        """The facility's jobs the credit causes: tipped, and not moved from elsewhere in the State
        (before local-serving displacement and the multiplier, which cost_per_induced_job_year counts)."""
        return float(self.estimate.but_for[0] * self.estimate.caused_per_new[0]) * self.agreement_jobs

    @property
    def cost_per_induced_job(self) -> float | None:
        return self.credit / self.induced_jobs if self.induced_jobs else None

    @property
    def cost_per_induced_job_year(self) -> float | None:
        return self.residents.cost_per_induced_job_year

    @property
    def uncertainty(self) -> residents.Band:
        return self.residents.uncertainty

    @property
    def alternatives(self) -> list[residents.Alternative]:
        """The same money's other uses, at the point estimate (Bartik's question)."""
        return residents.alternatives(self.residents)

    def to_dict(self) -> dict[str, Any]:
        def rounded(x, digits=2):
            return None if x is None else round(x, digits)
        out = self.residents.to_dict()
        # The keys of the fiscal view this replaced, kept for scripts that read them: `streams` are now
        # the parts of the residents' NPV.
        return out | {"horizon": self.residents.inputs.horizon,
                      "alternatives": [alt.to_dict() for alt in self.alternatives], "benefit": round(self.benefit, 2),
                      "credit": round(self.credit, 2),
                      "cost_per_induced_job": rounded(self.cost_per_induced_job),
                      "induced_jobs": round(self.induced_jobs, 2), "streams": out["parts"]}


@dataclass(frozen=True)
class Case:
    """A project ready for both views: the authority's jobs and credit (the agreement, the credit
    or award evenly) and the economist's (the schedule's path and credit)."""
    project: Project
    statutory_jobs: np.ndarray
    statutory_credit: np.ndarray
    jobs: np.ndarray
    credit: np.ndarray
    award_total: float | None = None


def case(source: Result | Schedule, award_total: float | None = None, law: Law | None = None,
         horizon: int | None = None) -> Case:
    """From a result (its schedule on the agreement's jobs is computed) or a schedule (its path).
    With `award_total`, the credit is that award spread evenly over the eligibility period instead
    of the engine's; the economist's keeps the share of each year the schedule earns."""
    result = source.result if isinstance(source, Schedule) else source
    law = law or result.law or enacted()  # the law the project was computed under
    sched = source if isinstance(source, Schedule) else schedule(result, None, law)
    p = Project.of(result, law, horizon)
    years = p.eligibility_years
    earned = np.array([y["credit"] for y in sched.years], dtype=float)
    per_year = award_total / years if award_total is not None else result.annual_credit
    share_earned = earned / result.annual_credit if result.annual_credit else np.ones(years)
    return Case(p, np.full(years, p.agreement_jobs, dtype=float), np.full(years, float(per_year)),
                np.array([y["facility_jobs"] for y in sched.years], dtype=float), per_year * share_earned,
                award_total)


def statutory(c: Case, a: Assumptions, error: float | None = None) -> Statutory:
    """The streams s.3 a(3) counts for this project; `error` None is the stored fit's."""
    p = c.project
    pv, credit = present_values(p, a, c.statutory_jobs, c.statutory_credit)
    lines = _lines(pv, p.mrera_growth_zone)
    return Statutory(p.horizon, p.ratio_required, sum(line.amount for line in lines if line.counted), credit,
                     lines, p.years_max, model_error() if error is None else error,
                     (growth_zone_bonuses(),) if p.growth_zone else (), model_error_80() if error is None else error)


def economist_inputs(p: Project, a: Assumptions, jobs: np.ndarray, credit: np.ndarray) -> residents.Inputs:
    """The residents' reading's inputs: the project, its jobs and credit by year (one path or many,
    ... x years), at the reader's discount rate (a choice, not drawn), over the economist's horizon
    (not the statute's: the jobs after the commitment period fade at their survival rate)."""
    overrides = a.economist_overrides()
    horizon = economist_horizon(a)
    return residents.Inputs(
        jobs=jobs, credit=credit, salary=float(p.salary or a.default_salary), capital_investment=p.capital_investment,
        industry=p.industry, horizon=horizon,
        discount_rate=overrides.get("discount_rate", assumption_table()["discount_rate"].value),
        commitment_years=p.commitment_years,
        retained_share=p.retained_jobs / p.agreement_jobs if p.agreement_jobs else 0.0,
        indirect_salary=p.county_salary, growth_zone=p.growth_zone,
        labour_market=a.labour_market or p.labour_market,
        # A growth zone's improvements pay taxes only as s.24 of P.L.2013 c.161 schedules them.
        facility_taxed=s24_taxable_share(horizon, a.development_entity_share) if p.growth_zone else None)


def economist_horizon(a: Assumptions) -> int:
    """The years after completion the economist counts: the economist's choice (an assumption with its
    source), the same for every project, whatever horizon the statute lets the authority count."""
    return int(round(a.value("economist_horizon")))


def options(a: Assumptions) -> residents.Options:
    return residents.Options(a.but_for_fixed, a.financing)


def economist(c: Case, a: Assumptions, draws: int = residents.DEFAULT_DRAWS, seed: int | None = 0) -> Economist:
    inputs = economist_inputs(c.project, a, c.jobs, c.credit)
    return Economist(residents.residents(inputs, a.economist_overrides(), options(a), draws, seed, a.fixed),
                     c.project.agreement_jobs)


def economist_paths(p: Project, a: Assumptions, jobs: np.ndarray, credit: np.ndarray) -> residents.Draws:
    """The economist's reading at its point estimate over many paths of jobs and credit (paths x years)."""
    return residents.run(economist_inputs(p, a, jobs, credit), residents.point(a.economist_overrides()), options(a))


@dataclass(frozen=True)
class NetBenefit:
    """Both views of one project."""
    case: Case
    assumptions: Assumptions
    statutory: Statutory
    economist: Economist

    def to_dict(self) -> dict[str, Any]:
        return {"statutory": self.statutory.to_dict(), "economist": self.economist.to_dict(),
                "award_total": self.case.award_total,
                "assumptions": self.assumptions.to_dict()}


def views(c: Case, a: Assumptions | None = None, draws: int = residents.DEFAULT_DRAWS,
          seed: int | None = 0) -> NetBenefit:
    a = a or default_assumptions()
    return NetBenefit(c, a, statutory(c, a), economist(c, a, draws, seed))


def net_benefit(source: Result | Schedule, assumptions: Assumptions | None = None, award_total: float | None = None,
                law: Law | None = None, horizon: int | None = None, draws: int = residents.DEFAULT_DRAWS,
                seed: int | None = 0) -> NetBenefit:
    """Both views of an evaluated scenario (or of a schedule, with its employment path), over
    `horizon` years after completion (None: the most s.3 a(3) allows); the economist's Monte Carlo
    of `draws` draws from `seed`, run when its figures are asked for."""
    return views(case(source, award_total, law, horizon), assumptions, draws, seed)


def horizon_field(years_max: int, up_to: bool = True) -> Field:
    """The horizon a user may choose: s.3 a(3)(a), (b) let the authority count "up to" 30 or 35 years
    for a mega or growth zone project (`up_to`): 1 to that most, empty for the most. Any other project
    counts "the first 20 years": that horizon alone, so the statute's verdict is never a what-if."""
    says = None if up_to else (f"{years_max} years: s.3 a(3) counts \"the first {years_max} years\" for a project "
                               f"that is neither a mega project nor in a {TIER_NAMES['gsgz']}")
    return Field("horizon", "years", minimum=1 if up_to else years_max, maximum=years_max, optional=True, says=says,
                 label="Net benefit horizon, years after completion (s.3 a(3))")


def horizon_chosen(result: Result) -> bool:
    """Whether s.3 a(3) lets the authority choose the horizon ("up to", items (a) and (b)): a mega
    project or a growth zone project, the fact the rules computed once."""
    return bool(result.extra["gsgz_or_mega"])


@dataclass(frozen=True)
class Swing:
    """The economist's NPV at an assumption's low and high end, the others at their values."""
    name: str
    label: str
    low: float
    high: float
    npv_low: float
    npv_high: float

    @property
    def width(self) -> float:
        return abs(self.npv_high - self.npv_low)


def tornado(c: Case, a: Assumptions) -> list[Swing]:
    """Every assumption that moves the economist's NPV, swept over its range (the others at their
    values), widest first."""
    swings = []
    for name, meta in residents.table().assumptions.items():
        if meta.low == meta.high:
            continue
        low, high = (economist(c, a.replace(**{name: v})).npv for v in (meta.low, meta.high))
        if low != high:
            swings.append(Swing(name, meta.label, meta.low, meta.high, low, high))
    return sorted(swings, key=lambda s: s.width, reverse=True)


def but_for_curve(c: Case, a: Assumptions, shares: np.ndarray) -> np.ndarray:
    """The economist's NPV when the credit tips a fixed share of new-job decisions (retained jobs
    at their ratio of it)."""
    return np.array([economist(c, a.replace(but_for_fixed=float(b))).npv for b in shares])
