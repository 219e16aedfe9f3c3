"""Risk: many simulated employment paths through the schedule rules (s.6 d), vectorised with
numpy. An award is a promise with conditions: below 80% of the agreed jobs a year earns
nothing, so the credit and the net present value of residents' real incomes (the economist's view of
the net benefit test, at its point estimate on each path) are distributions, not numbers."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..engine.evaluation import evaluate
from ..law import Law, enacted
from ..machinery.fields import declare, fields_of
from ..rules.result import Result
from ..rules.scenario import MAX_YEARS, Scenario
from .net_benefit import Assumptions, Project, default_assumptions, economist_paths
from ..programs.schedule import FORFEITURE_RULES, credits_for_paths

PERCENTILES = (5, 25, 50, 75, 95)


@dataclass(frozen=True)
class RiskInputs:
    """How employment may go. All zeros: every path is the agreement, the deterministic schedule."""
    paths: int = declare("whole", 10_000, minimum=1, maximum=1_000_000)
    seed: int = declare("whole", 1)
    ramp_start: float = declare("number", 1.0, maximum=2)  # facility jobs in year 1 as a share of the agreement
    # Years to reach the agreement from ramp_start: at most the longest eligibility period (s.3 a).
    ramp_years: int = declare("whole", 0, maximum=MAX_YEARS)
    growth: float = declare("number", 0.0, minimum=-1, maximum=1)  # mean yearly change of facility jobs (log)
    volatility: float = declare("number", 0.0, maximum=2)  # yearly standard deviation of that change
    cut_probability: float = declare("number", 0.0, maximum=1)  # chance each year of a large, lasting cut
    cut_size: float = declare("number", 0.3, maximum=1)  # the share of jobs such a cut removes
    # The yearly standard deviation of the statewide workforce (log).
    statewide_volatility: float = declare("number", 0.0, maximum=2)
    # s.6 d(1), (2): empty, the law's own rule (forfeit as enacted, pro rata as introduced).
    forfeiture_rule: str | None = declare("choice", None, choices=FORFEITURE_RULES, optional=True)

    def __post_init__(self):
        for name, field in RISK_FIELDS.items():
            field.check(getattr(self, name))


RISK_FIELDS = fields_of(RiskInputs)


def simulate_jobs(agreement: float, years: int, inputs: RiskInputs) -> tuple[np.ndarray, np.ndarray]:
    """(facility jobs, statewide workforce / baseline), each paths x years, from the seed."""
    rng = np.random.default_rng(inputs.seed)
    shape = (inputs.paths, years)
    t = np.arange(years)
    ramp = np.where(t < inputs.ramp_years,
                    inputs.ramp_start + (1 - inputs.ramp_start) * t / max(inputs.ramp_years, 1), 1.0)
    steps = inputs.growth + inputs.volatility * rng.standard_normal(shape)
    steps[:, 0] = 0.0  # year 1 starts at the (ramped) agreement
    cuts = rng.random(shape) < inputs.cut_probability
    level = np.exp(np.cumsum(steps, axis=1)) * np.cumprod(np.where(cuts, 1 - inputs.cut_size, 1.0), axis=1)
    facility = np.floor(agreement * ramp * level)  # whole employees
    statewide = np.exp(np.cumsum(inputs.statewide_volatility * rng.standard_normal(shape), axis=1))
    return facility, statewide


@dataclass(frozen=True)
class RiskResult:
    result: Result
    inputs: RiskInputs
    facility_jobs: np.ndarray  # paths x years
    credits: np.ndarray  # paths x years
    forfeited_years: np.ndarray  # paths
    npv: np.ndarray  # paths: the NPV of residents' real incomes, the economist's view
    pv_credit: np.ndarray  # paths
    extra: dict = field(default_factory=dict)

    @property
    def total_credit(self) -> np.ndarray:
        return self.credits.sum(axis=1)

    @property
    def probability_positive(self) -> float:
        """The chance the State comes out ahead: NPV at least 0."""
        return float(np.mean(self.npv >= 0))

    def percentiles(self) -> dict[str, list[float]]:
        """Each measure at the 5th, 25th, 50th, 75th and 95th percentile."""
        measures = {"Total credit": self.total_credit, "Forfeited years": self.forfeited_years,
                    "Credit (present value)": self.pv_credit, "Residents' net present value": self.npv}
        return {name: np.percentile(values, PERCENTILES).tolist() for name, values in measures.items()}

    def annual_bands(self) -> np.ndarray:
        """Annual credit percentiles by year: len(PERCENTILES) x years (for a fan chart)."""
        return np.percentile(self.credits, PERCENTILES, axis=0)


def simulate(scenario: Scenario | dict | Result, inputs: RiskInputs | None = None,
             assumptions: Assumptions | None = None, law: Law | None = None) -> RiskResult:
    """Paths of one project; a Result, evaluated under `law` (None: the result's own), is not evaluated again."""
    law = law or (scenario.law if isinstance(scenario, Result) else None) or enacted()
    inputs = inputs or RiskInputs()
    assumptions = assumptions or default_assumptions()
    result = scenario if isinstance(scenario, Result) else evaluate(scenario, law)
    s = result.scenario
    years = s.eligibility_years
    agreement = result.extra["total_jobs"]
    facility, statewide = simulate_jobs(agreement, years, inputs)
    sold = np.zeros(years, bool)
    out = credits_for_paths(result, facility, statewide, sold, inputs.forfeiture_rule or law.forfeiture_rule, law)
    credits = out["credit"]
    forfeited = (credits == 0).sum(axis=1) if result.eligible else np.zeros(inputs.paths, int)

    # The economist's view over each path: the jobs actually there and the credit actually earned.
    paths = economist_paths(Project.of(result, law), assumptions, facility, credits)
    return RiskResult(result, inputs, facility, credits, forfeited, paths.npv, paths.credit)
