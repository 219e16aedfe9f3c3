"""python -m grownj evaluate FILE|- ; schedule FILE|- ; batch IN.csv OUT.csv ; parameters ; explain-award FILE|- ;
awards FILE.csv ; net-benefit, credit-use, erg, exemption, deadlines FILE|- (each with --law
enacted|passed|introduced|prior;
evaluate, schedule and batch with --reform FILE)"""
from __future__ import annotations

import argparse
import json
import math
import sys

from .awards.approvals import AwardsFileError, read_awards, records
from .awards.award_inverse import DEFAULT_TOLERANCE, explain_award
from .economics.net_benefit import default_assumptions, horizon_chosen, horizon_field, net_benefit
from .engine.reform import Reform, ReformError, compare, compare_frame
from .economics.residents import DEFAULT_DRAWS
from .programs import credit_use, deadlines, erg, exemption
from .programs.schedule import schedule
from .engine import batch
from .engine.evaluation import evaluate
from .engine.frame import evaluate_frame
from .law import VERSIONS, Law, enacted, load
from .machinery.fields import Field
from .machinery.text_files import TextFileError, file_text
from .rules.scenario import ScenarioError

# A scenario is a few hundred bytes; anything this large is not one.
MAX_JSON_BYTES = 10_000_000


def _print(data) -> None:
    """JSON on stdout; dates (deadlines, ERG dates) as YYYY-MM-DD."""
    print(json.dumps(data, indent=2, default=str))


class InputError(Exception):
    """Bad input: reported as one line on stderr with exit code 2."""


def _read_text(name: str) -> str:
    try:
        return file_text(name, "a scenario", "a JSON object of scenario fields", MAX_JSON_BYTES)
    except TextFileError as exc:
        raise InputError(str(exc)) from None


def _read_json(name: str) -> dict:
    try:
        data = json.loads(_read_text(name))
    except json.JSONDecodeError as exc:
        raise InputError(f"{name}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise InputError(f"{name}: JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise InputError(f"scenario: must be a JSON object, got {type(data).__name__}")
    return data


def _laws(args) -> tuple[Law, Law | None]:
    """The baseline (--law) and, with --reform FILE, the reform's law."""
    baseline = load(args.law)
    if not getattr(args, "reform", None):
        return baseline, None
    # A reform file without `law` builds on the --law version.
    return baseline, Reform.from_text(_read_text(args.reform), default_law=args.law).apply()


class _NotGiven(str):
    """--law's default, told apart from a --law given: a project file's own law comes before it."""


def _scenario(args) -> dict:
    """A scenario file's fields; of a project file the dashboard saved ({"scenario": ..., "law": ...,
    and its net benefit settings}), its scenario, computed under its law unless --law says another."""
    data = _read_json(args.file)
    if not isinstance(data.get("scenario"), dict):
        return data
    if isinstance(args.law, _NotGiven) and data.get("law") is not None:
        if data["law"] not in VERSIONS:
            raise InputError(f"law: must be one of {', '.join(VERSIONS)}, got {str(data['law'])[:40]!r}")
        args.law = data["law"]
    return data["scenario"]


def cmd_evaluate(args) -> None:
    scenario = _scenario(args)
    baseline, reform = _laws(args)
    out = compare(scenario, baseline, reform).to_dict() if reform else evaluate(scenario, baseline).to_dict()
    _print(out)


def cmd_schedule(args) -> None:
    scenario = _scenario(args)
    baseline, reform = _laws(args)
    base = schedule(scenario, law=baseline).to_dict()
    if reform is None:
        _print(base)
        return
    new = schedule(scenario, law=reform).to_dict()
    _print({"baseline_law": baseline.name, "reform_law": reform.name, "baseline": base, "reform": new,
            "difference": {"total_credit": round(new["total_credit"] - base["total_credit"], 2)}})


def cmd_batch(args) -> None:
    def progress(rows: int) -> None:
        print(f"batch: {rows:,} rows done", file=sys.stderr)

    baseline, reform = _laws(args)
    table = ((lambda df: compare_frame(df, baseline, reform)) if reform
             else (lambda df: evaluate_frame(df, baseline)))
    try:
        batch.run(args.input, args.output, progress if args.progress else None, table=table)
    except batch.BatchError as exc:
        raise InputError(str(exc)) from None


NET_BENEFIT_KEYS = ("scenario", "award_total", "assumptions", "horizon", "economist_horizon", "draws", "seed")
# The economist's Monte Carlo: how many draws of its assumptions, and from which seed (the same seed,
# the same figures). A million draws of a 35-year horizon is about the most one machine holds at once.
DRAWS = Field("draws", "count", DEFAULT_DRAWS, minimum=1, maximum=1_000_000)
ECONOMIST_HORIZON = Field("economist_horizon", "years", minimum=1, maximum=100, optional=True,
                          label="Years after completion the economist counts")
SEED = Field("seed", "count", 0)


# The award the authority approved, when known: a positive number of dollars, checked like every input.
AWARD_TOTAL = Field("award_total", "number", minimum=math.nextafter(0, 1), optional=True,
                    says="a number of dollars > 0")


def _read_request(name: str, keys: tuple[str, ...], required: str, says: str) -> dict:
    """A command's JSON object: only `keys`, and the object `required` among them."""
    data = _read_json(name)
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise InputError(f"{unknown[0]}: unknown key; expected {', '.join(keys)}")
    if not isinstance(data.get(required), dict):
        raise InputError(f"{required}: required, {says}")
    return data


def cmd_net_benefit(args) -> None:
    """Both views of the net benefit test for {"scenario", "award_total"?, "assumptions"?}."""
    data = _read_request(args.file, NET_BENEFIT_KEYS, "scenario",
                         "a JSON object of scenario fields (and optional path keys)")
    award = AWARD_TOTAL.check(data.get("award_total"))
    assumptions = default_assumptions().updated({} if data.get("assumptions") is None else data["assumptions"])
    # The economist's horizon is the economist's, 1 to 100 years, whatever the statute allows the authority.
    economist_years = ECONOMIST_HORIZON.check(data.get("economist_horizon"))
    if economist_years is not None:
        assumptions = assumptions.replace(economist_horizon=float(economist_years))
    law = load(args.law)
    # The schedule carries any employment path, so forfeiture counts in the economist's credit.
    sched = schedule(data["scenario"], law=law)
    # s.3 a(3)(a), (b): "up to" 30 or 35 years "as determined by the authority"; the most by default.
    horizon = horizon_field(sched.result.net_benefit_years, horizon_chosen(sched.result)).check(data.get("horizon"))
    draws = DRAWS.check(data.get("draws", DEFAULT_DRAWS))
    _print(net_benefit(sched, assumptions, award, law, horizon, draws, SEED.check(data.get("seed", 0))).to_dict())


EXPLAIN_AWARD_KEYS = ("known", "award_total", "tolerance", "free", "law")
TOLERANCE = Field("tolerance", "number", minimum=math.nextafter(0, 1), maximum=0.5,
                  says="a share of the award from above 0 to 0.5 (0.01 is 1%)")


def cmd_explain_award(args) -> None:
    """Which inputs the statute needs to reproduce a published award, or why none can."""
    data = _read_request(args.file, EXPLAIN_AWARD_KEYS, "known", "a JSON object of the scenario fields known")
    award = AWARD_TOTAL.check(data.get("award_total"))
    if award is None:
        raise InputError("award_total: required, a number of dollars > 0")
    tolerance = TOLERANCE.check(data.get("tolerance", DEFAULT_TOLERANCE))
    free = data.get("free")
    if free is not None and (not isinstance(free, list) or not all(isinstance(f, str) for f in free)):
        raise InputError("free: must be a list of field names")
    version = data.get("law", "enacted")
    if version not in VERSIONS:
        raise InputError(f"law: must be one of {', '.join(VERSIONS)}, got {version!r}")
    _print(explain_award(data["known"], award, tolerance, free, load(version)).to_dict())


def cmd_awards(args) -> None:
    """Every award of a file like grownj/awards/grow_nj_awards.csv run backwards: one JSON object an award."""
    try:
        awards = read_awards(args.file)
    except AwardsFileError as exc:
        raise InputError(str(exc)) from None
    _print([r.to_dict() for r in records(awards, args.law)])


# The rest of the Act: one JSON object in, its result as JSON out.
ACT_COMMANDS = {
    "credit-use": (credit_use.credit_use,
                   f"credits applied, carried forward {enacted().carry_forward_periods:g} periods, "
                   "expired or sold; present value (s.6 c, s.7)"),
    "erg": (erg.erg_residential,
            "ERG residential credits: bucket, caps, pledge and dates (bill s.7); projected_incremental_revenues "
            "is the total over the grant's term (not a year's), and credits replace the grant only when the "
            "pledge of it falls short of the grant (b(2))"),
    "exemption": (exemption.gsgz_exemption,
                  "growth zone development entity exemption over the years (P.L.2013 c.161 s.24, bill s.8)"),
    "deadlines": (deadlines.deadlines, "which of the s.6 b dates a project meets"),
}


def cmd_act(args) -> None:
    run, _ = ACT_COMMANDS[args.command]
    _print(run(_read_json(args.file), load(args.law)).to_dict())


def cmd_parameters(args) -> None:
    law = load(args.law)
    _print({name: {"label": p.label, "value": p.value, "keys": p.keys, "unit": p.unit, "description": p.description,
                   "citation": p.citation, "reference": dict(p.reference), "group": p.group,
                   "version": law.version, "inherited": p.inherited, "passage": p.passage,
                   "range": p.range.words if p.range else None}
            for name, p in law.parameters.items()})


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m grownj",
                                     description="Grow New Jersey credit calculator (P.L.2011 c.149 as amended 2014).")
    sub = parser.add_subparsers(dest="command", required=True)

    def law_options(p, reform=True):
        p.add_argument("--law", choices=list(VERSIONS), default=_NotGiven("enacted"),
                       help="law version: " + "; ".join(f"{k}: {v}" for k, v in VERSIONS.items()))
        if reform:
            p.add_argument("--reform", metavar="FILE",
                           help="reform JSON/YAML (name, law, parameters): report baseline, reform and difference")

    p = sub.add_parser("evaluate", help="print the result of one scenario as JSON")
    p.add_argument("file", help="scenario JSON file, or - for standard input")
    law_options(p)
    p.set_defaults(run=cmd_evaluate)
    p = sub.add_parser("schedule", help="print the year-by-year schedule of one scenario as JSON")
    p.add_argument("file", help="scenario JSON file (with optional path keys), or - for standard input")
    law_options(p)
    p.set_defaults(run=cmd_schedule)
    p = sub.add_parser("net-benefit", help="the net benefit test as the authority runs it and as an economist would")
    p.add_argument("file", help='JSON {"scenario": {...}, "award_total": dollars (optional), "assumptions": {...} '
                                '(optional), "economist_horizon": the economist\'s years, 1-100 (optional), '
                                '"horizon": years after completion (optional, 1 to the most s.3 a(3) '
                                "allows, the most by default)}, or - for standard input")
    law_options(p, reform=False)
    p.set_defaults(run=cmd_net_benefit)
    p = sub.add_parser("explain-award", help="the inputs the statute needs to reproduce a published award, or why "
                                             "none can")
    p.add_argument("file", help='JSON {"known": {...}, "award_total": dollars, "tolerance": 0.01 (optional), '
                                '"free": [field names] (optional), "law": "enacted" (optional)}, or - for standard '
                                "input")
    p.set_defaults(run=cmd_explain_award)
    p = sub.add_parser("awards", help="every award of a CSV like grownj/awards/grow_nj_awards.csv reproduced, "
                                      "explained or why not, with the net benefit test, as a JSON array")
    p.add_argument("file", help="CSV with the columns of grownj/awards/grow_nj_awards.csv, one award a row")
    p.add_argument("--law", choices=list(VERSIONS), default=None,
                   help="law version for every award (default: the one in force on each award's approval date): "
                        + "; ".join(f"{k}: {v}" for k, v in VERSIONS.items()))
    p.set_defaults(run=cmd_awards)
    p = sub.add_parser("parameters", help="print every parameter with its value, unit and citation as JSON")
    law_options(p, reform=False)
    p.set_defaults(run=cmd_parameters)
    for name, (_, summary) in ACT_COMMANDS.items():
        p = sub.add_parser(name, help=summary, description=summary)
        p.add_argument("file", help="JSON object of inputs (see the README), or - for standard input")
        law_options(p, reform=False)
        p.set_defaults(run=cmd_act)
    p = sub.add_parser("batch", help="evaluate every row of a CSV of scenarios")
    p.add_argument("input", help="CSV of scenarios, one per row")
    p.add_argument("output", help="CSV to write: the input columns, every result key and an error column")
    p.add_argument("--progress", action="store_true",
                   help=f"print rows done to stderr after every {batch.PROGRESS_ROWS:,} rows and at the end")
    law_options(p)
    p.set_defaults(run=cmd_batch)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.run(args)
    except (ScenarioError, InputError, ReformError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the CLI never shows a traceback; this is a bug to report
        print(f"error: unexpected {type(exc).__name__}: {exc} (please report this input)", file=sys.stderr)
        return 1
    return 0
