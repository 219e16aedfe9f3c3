"""The net benefit test (s.3 a(3)) two ways, from one set of tax streams.

The statutory view counts what the statute counts, "a net positive benefit to the State": income
tax on the project's and on indirect and induced wages, sales tax on the households' spending and
corporation business tax, every job for the horizon after completion, all of it credited to the
award. Local taxes count only for a MRERA growth zone project, and only the two kinds s.3 a(3)(b)
names (data/net_benefit_streams.yaml says who receives each stream and when it counts). The two
parameters the published awards identify are fitted by scripts/calibrate_net_benefit.py, which also
measures the model's error on an award it did not see (leave-one-out); a verdict inside that error
says so. The rest are sourced.

The economist's view counts the same streams with a counterfactual (only the share of jobs the
credit causes), the public-service costs of new residents, real wage growth and discounting, jobs
that may leave after the commitment period, and the credit year by year from the schedule, so
forfeiture and employment paths count. Every assumption is named, editable and sourced in data/."""
from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from functools import cached_property, lru_cache
from typing import Any

import numpy as np
import yaml

from .fields import Field, ScenarioError
from .law import Law, enacted
from .places import DATA
from .result import Result
from .schedule import Schedule, schedule

ASSUMPTIONS_FILE = DATA / "net_benefit_assumptions.yaml"
CALIBRATED_FILE = DATA / "net_benefit_calibrated.yaml"
STREAMS_FILE = DATA / "net_benefit_streams.yaml"

# The taxes new residents pay, against which their public-service costs are counted.
RESIDENT_STREAMS = ("income_direct", "income_indirect", "sales", "zone_sales", "household_local")
STATUTORY_VERDICTS = ("passes", "fails", "within the model's error")


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
    economist_assumption: str = ""

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
    completion under s.24 of P.L.2013 c.161 (C.52:27D-489r): a Development Entity's schedule (s.24 c)
    for its share of the improvements, the five-year exemption of any other owner (s.24 e) for the rest."""
    table = _streams_file()["s24_taxable_share"]

    def schedule_of(shares: list[float]) -> np.ndarray:
        shares = np.asarray(shares, dtype=float)  # the last share holds after the list
        return np.concatenate([shares, np.full(max(years - len(shares), 0), shares[-1])])[:years]
    return (development_entity_share * schedule_of(table["development_entity"])
            + (1 - development_entity_share) * schedule_of(table["other_owner"]))


@lru_cache(maxsize=1)
def model_error() -> float:
    """The statutory view's error on an award it did not see: the median absolute log of model /
    implied benefit, each published award predicted by a fit on the others (leave-one-out), as
    scripts/calibrate_net_benefit.py stores it. 0 when no fit has stored it."""
    stored = yaml.safe_load(CALIBRATED_FILE.read_text()).get("error") or {}
    return float(stored.get("loo_median_abs_log_error", 0.0))


@dataclass(frozen=True)
class Assumptions:
    income_tax_rate: float
    taxable_spending_share: float
    sales_tax_rate: float
    household_local_tax_share: float
    employment_multiplier: float
    statutory_employment_multiplier: float
    indirect_salary_ratio: float
    cbt_per_job: float
    construction_tax_rate: float
    facility_property_tax_rate: float
    zone_spending_share: float
    uez_sales_tax_rate: float
    development_entity_share: float
    default_salary: float
    statutory_discount_rate: float
    but_for_new: float
    but_for_retained: float
    public_service_cost_share: float
    wage_growth: float
    discount_rate: float
    inflation: float
    survival_after_commitment: float

    def replace(self, **changes: float) -> "Assumptions":
        return replace(self, **changes)

    def updated(self, data: Any) -> "Assumptions":
        """These assumptions with the named ones changed; a bad name or value raises ScenarioError
        naming `assumptions.<name>`."""
        if not isinstance(data, dict):
            raise ScenarioError("assumptions", "must be a JSON object of assumption names and numbers")
        table = assumption_table()
        unknown = [name for name in data if name not in table]
        if unknown:
            raise ScenarioError(f"assumptions.{unknown[0]}", "unknown assumption; known: " + ", ".join(table))
        return replace(self, **{name: float(table[name].field.check(value)) for name, value in data.items()})


@dataclass(frozen=True)
class Assumption:
    """One assumption's metadata: default, the range the sensitivity view sweeps, and its source."""
    name: str
    label: str
    unit: str
    view: str  # both, statutory or economist
    value: float
    low: float
    high: float
    source: str
    calibrated: bool

    @property
    def bounds(self) -> tuple[float, float]:
        """What a value may be: shares, rates and survival within 0..1, a multiplier at least 1."""
        if self.name.endswith("employment_multiplier"):
            return 1.0, 10.0
        bounded = self.unit.startswith("share") or self.unit in ("rate", "per year")
        return 0.0, 1.0 if bounded else math.inf

    @cached_property
    def field(self) -> Field:
        """An edited value, checked within the bounds and named as `Assumptions.updated` names it."""
        low, high = self.bounds
        return Field(f"assumptions.{self.name}", "number", self.value, self.label, minimum=low, maximum=high)


@lru_cache(maxsize=1)
def assumption_table() -> dict[str, Assumption]:
    entries = yaml.safe_load(ASSUMPTIONS_FILE.read_text())
    fitted = yaml.safe_load(CALIBRATED_FILE.read_text())["parameters"]
    table = {}
    for name, e in entries.items():
        calibrated = bool(e.get("calibrated"))
        value = fitted[name]["value"] if calibrated else e["value"]
        source = f"{e['source']} Fitted value: {fitted[name]['source']}" if calibrated else e["source"]
        table[name] = Assumption(name, e["label"], e["unit"], e["view"], float(value), float(e["low"]),
                                 float(e["high"]), source, calibrated)
    return table


def but_for_band() -> tuple[float, float]:
    """The literature's range of the share of incented jobs an incentive actually causes (Bartik
    2018): the range the sensitivity view sweeps the new-job share over."""
    e = assumption_table()["but_for_new"]
    return e.low, e.high


def default_assumptions() -> Assumptions:
    table = assumption_table()
    return Assumptions(**{f.name: table[f.name].value for f in fields(Assumptions)})


@dataclass(frozen=True)
class Reading:
    """How the streams are counted. The defaults are the authority's reading: every job caused by
    the credit, no public-service costs, constant dollars, jobs kept for the whole horizon."""
    employment_multiplier: float = 1.0
    but_for_new: float = 1.0
    but_for_retained: float = 1.0
    public_service_cost_share: float = 0.0
    wage_growth: float = 0.0
    discount_rate: float = 0.0
    inflation: float = 0.0
    survival_after_commitment: float = 1.0


def authority_reading(a: Assumptions) -> Reading:
    """The multiplier the published awards imply, which need not be the economy's (the economist's)."""
    return Reading(employment_multiplier=a.statutory_employment_multiplier, discount_rate=a.statutory_discount_rate)


def economist_reading(a: Assumptions) -> Reading:
    return Reading(**{f.name: getattr(a, f.name) for f in fields(Reading)})


@dataclass(frozen=True)
class Project:
    """What the streams need from an evaluated scenario: jobs, salary (0: the assumed default),
    investment, the periods, the s.3 a(3) terms (the horizon counted and the most the statute allows)
    and where the project is (a growth zone's property and zone sales taxes, s.24; MRERA, s.3 a(3)(b))."""
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

    @classmethod
    def of(cls, result: Result, law: Law, horizon: int | None = None) -> "Project":
        s = result.scenario
        growth_zone = result.location_tier == "gsgz"
        return cls(s.new_jobs, s.retained_jobs, result.extra["total_jobs"],
                   s.average_salary or s.county_average_salary, s.capital_investment,
                   s.eligibility_years, s.eligibility_years * law.commitment_period_factor,
                   int(horizon or result.net_benefit_years), float(result.net_benefit_ratio_required),
                   int(result.net_benefit_years), growth_zone, growth_zone and bool(s.mrera))

    def caused_share(self, r: Reading) -> float:
        """The share of the project the credit causes: its jobs' but-for shares, weighted by job."""
        if not self.agreement_jobs:
            return r.but_for_new
        return (r.but_for_new * self.new_jobs + r.but_for_retained * self.retained_jobs) / self.agreement_jobs


def present_values(p: Project, a: Assumptions, r: Reading, jobs: np.ndarray,
                   credit: np.ndarray) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """Each stream's present value as if the credit caused the whole project, and the credit's.
    `jobs` and `credit` are facility jobs and credit by year of the eligibility period (... x years),
    so one path or many. Year 0 is construction; years 1..horizon follow completion."""
    t = np.arange(1, p.horizon + 1)
    held = np.repeat(jobs[..., -1:], max(p.horizon - jobs.shape[-1], 0), axis=-1)
    # After the period the last year's jobs stay through the commitment period (s.2); after it
    # nothing holds them, so each year a share survives.
    path = np.concatenate([jobs, held], axis=-1)[..., :p.horizon]
    path = path * r.survival_after_commitment ** np.maximum(t - p.commitment_years, 0)
    wages = path * (p.salary or a.default_salary) * (1 + r.wage_growth) ** (t - 1)
    indirect = wages * (r.employment_multiplier - 1) * a.indirect_salary_ratio
    discount = (1 + r.discount_rate) ** -t.astype(float)
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
        "facility_property": np.broadcast_to(p.capital_investment * a.facility_property_tax_rate * taxed, path.shape),
    }
    pv = {key: stream @ discount for key, stream in yearly.items()}
    pv["construction"] = np.broadcast_to(p.capital_investment * a.construction_tax_rate, pv["cbt"].shape)
    pv["public_costs"] = -r.public_service_cost_share * sum(pv[key] for key in RESIDENT_STREAMS)
    # The credit is in dollars of its year; the streams are in dollars of year 0. The whole credit
    # counts, however short the horizon: s.3 a(3) weighs "the requested tax credit allocation amount".
    years = np.arange(1, credit.shape[-1] + 1, dtype=float)
    pv_credit = credit @ (((1 + r.inflation) * (1 + r.discount_rate)) ** -years)
    return pv, pv_credit


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


def _lines(pv: dict[str, np.ndarray], share: float, mrera_growth_zone: bool | None = None) -> tuple[Line, ...]:
    """Every stream with an amount; `mrera_growth_zone` None counts them all (the economist's view),
    otherwise as s.3 a(3) counts them for such a project or not."""
    table = assumption_table()
    economist = mrera_growth_zone is None
    return tuple(Line(key, s.label, float(pv[key]) * share,
                      table[(economist and s.economist_assumption) or s.assumption].source, s.level,
                      economist or s.counted_for(mrera_growth_zone), s.why)
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
                "streams": {line.key: round(line.amount, 2) for line in self.lines if line.counted},
                "not_counted": {line.key: round(line.amount, 2) for line in self.lines if not line.counted},
                "notes": list(self.notes)}


@dataclass(frozen=True)
class Economist:
    """The State's net present value when only the jobs the credit causes count, net of costs."""
    benefit: float  # present value of the streams the credit causes, net of public-service costs
    credit: float  # present value of the credit
    full_benefit: float  # the same benefit were every job caused by the credit
    induced_jobs: float  # project jobs the credit causes
    lines: tuple[Line, ...]

    @property
    def npv(self) -> float:
        return self.benefit - self.credit

    @property
    def benefit_cost_ratio(self) -> float | None:
        return self.benefit / self.credit if self.credit else None

    @property
    def breakeven_but_for(self) -> float | None:
        """The share of jobs (new and retained alike) the credit must cause for NPV = 0; every
        stream is proportional to it. None when no share would do (no benefit at all)."""
        if not self.credit:
            return 0.0
        return self.credit / self.full_benefit if self.full_benefit > 0 else None

    @property
    def cost_per_induced_job(self) -> float | None:
        return self.credit / self.induced_jobs if self.induced_jobs else None

    def to_dict(self) -> dict[str, Any]:
        def rounded(x, digits=2):
            return None if x is None else round(x, digits)
        return {"npv": round(self.npv, 2), "benefit": round(self.benefit, 2), "credit": round(self.credit, 2),
                "benefit_cost_ratio": rounded(self.benefit_cost_ratio, 4),
                "breakeven_but_for": rounded(self.breakeven_but_for, 4),
                "cost_per_induced_job": rounded(self.cost_per_induced_job), "induced_jobs": round(self.induced_jobs, 2),
                "streams": {line.key: round(line.amount, 2) for line in self.lines}}


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
    law = law or enacted()
    result = source.result if isinstance(source, Schedule) else source
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
    pv, credit = present_values(p, a, authority_reading(a), c.statutory_jobs, c.statutory_credit)
    lines = _lines(pv, 1.0, p.mrera_growth_zone)
    return Statutory(p.horizon, p.ratio_required, sum(line.amount for line in lines if line.counted), float(credit),
                     lines, p.years_max, model_error() if error is None else error,
                     (growth_zone_bonuses(),) if p.growth_zone else ())


def economist(c: Case, a: Assumptions) -> Economist:
    r = economist_reading(a)
    pv, credit = present_values(c.project, a, r, c.jobs, c.credit)
    full = float(sum(pv.values()))
    share = c.project.caused_share(r)
    return Economist(share * full, float(credit), full, share * c.project.agreement_jobs, _lines(pv, share))


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
                "assumptions": {f.name: getattr(self.assumptions, f.name) for f in fields(Assumptions)}}


def views(c: Case, a: Assumptions | None = None) -> NetBenefit:
    a = a or default_assumptions()
    return NetBenefit(c, a, statutory(c, a), economist(c, a))


def net_benefit(source: Result | Schedule, assumptions: Assumptions | None = None, award_total: float | None = None,
                law: Law | None = None, horizon: int | None = None) -> NetBenefit:
    """Both views of an evaluated scenario (or of a schedule, with its employment path), over
    `horizon` years after completion (None: the most s.3 a(3) allows)."""
    return views(case(source, award_total, law, horizon), assumptions)


def horizon_field(years_max: int) -> Field:
    """The horizon a user may choose: s.3 a(3)(a), (b) let the authority count "up to" 30 or 35 years;
    1 to the most the statute allows this project, empty for the most."""
    return Field("horizon", "years", maximum=years_max, optional=True,
                 label="Net benefit horizon, years after completion (s.3 a(3))")


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
    """Every assumption the economist's NPV depends on, swept over its range, widest first."""
    table = assumption_table()
    swings = []
    for name, meta in table.items():
        if meta.view == "statutory" or meta.low == meta.high:
            continue
        low, high = (economist(c, a.replace(**{name: v})).npv for v in (meta.low, meta.high))
        swings.append(Swing(name, meta.label, meta.low, meta.high, low, high))
    return sorted(swings, key=lambda s: s.width, reverse=True)


def but_for_curve(c: Case, a: Assumptions, shares: np.ndarray) -> np.ndarray:
    """The economist's NPV when the credit causes the same share of new and of retained jobs."""
    return np.array([economist(c, a.replace(but_for_new=b, but_for_retained=b)).npv for b in shares])
