"""The 49 awards as reported at approval (grownj/awards/grow_nj_awards.csv), each as the engine can read it:
what is known as contract fields, the award, and the law in force on its approval date; and each
explained by the engine run backwards (award_inverse), or why not."""
from __future__ import annotations

import csv
import io
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pandas as pd

from ..engine.evaluation import evaluate
from ..engine.frame import evaluate_frame
from ..law import InForce, Law, load, version_in_force
from . import DATA
from ..law.places import place_fields, place_names
from ..machinery.formats import whole_dollars
from ..machinery.text_files import TextFileError, file_text
from ..rules.scenario import FIELDS, Scenario, ScenarioError
from .award_reasons import fields_words, value_words
from .award_inverse import AwardExplanation, explain_award
from ..economics.calibration import published_case, published_scenario, with_award_industry
from ..economics.net_benefit import NetBenefit, case, views
from .presets import presets

AWARDS_FILE = DATA / "grow_nj_awards.csv"
# The tiers a municipality's designations leave open: these depend on maps and planning areas.
MAPPED_TIERS = ("distressed", "priority", "other")
# The press's words for a business, read as the contract's industry. The first word found decides;
# a description none of these fits (professional sports, scrap metal, indoor agriculture) is "other".
INDUSTRY_WORDS = (
    ("retail distribution", "warehouse_distribution"), ("logistics", "logistics"), ("defense", "defense"),
    ("life sciences", "life_sciences"), ("pharma", "life_sciences"), ("biofabrication", "life_sciences"),
    ("medical device", "manufacturing"), ("manufacturing", "manufacturing"), ("health", "health"),
    ("finance", "finance"), ("mortgage", "finance"), ("software", "technology"), ("technology", "technology"),
    ("telecom", "technology"), ("it products", "technology"), ("automotive", "transportation"),
)


@dataclass(frozen=True)
class ApprovedAward:
    company: str
    municipality: str
    county: str
    approved: str
    known: dict[str, Any]  # contract fields the reports give, or that the place decides
    choices: dict[str, tuple]  # a choice the place narrows: no growth zone or hub tier where none is named
    award_total: float | None  # the approved maximum over the term; None where not reported
    industry_text: str
    confidence: str
    sources: str
    place: str | None = None  # the municipality as the picker names it, where the State's list has it

    @property
    def in_force(self) -> InForce:
        return version_in_force(self.approved)

    def known_under(self, version: str) -> tuple[dict[str, Any], dict[str, tuple]]:
        """What is known, and the choices left, with the place read under `version`: Atlantic City is a
        growth zone only as enacted, so an award there run under the bill as passed is not in one."""
        if version == self.in_force.version or self.place is None:
            return self.known, self.choices
        fields, choices = _place_known(self.place, load(version))
        return {**{k: v for k, v in self.known.items() if k != "location_tier"}, **fields}, choices


def industry(text: str) -> str:
    lowered = text.lower()
    return next((code for word, code in INDUSTRY_WORDS if word in lowered), "other")


class AwardsFileError(ValueError):
    """A file of awards that cannot be read as one: said in one line, naming the file, and the row and
    column where the fault is in one."""


# The columns a file of awards must have (grownj/awards/grow_nj_awards.csv's; the others it has, such as the
# sources, are read where present). A cell may be empty where the reports give nothing.
COLUMNS = ("company", "municipality", "county", "approved", "new_jobs", "retained_jobs", "capital_investment",
           "sq_ft", "avg_salary", "industry", "award_per_year", "award_total")
# The columns that hold numbers, and which of them count whole things (jobs, square feet).
NUMBER_COLUMNS = {"new_jobs": True, "retained_jobs": True, "sq_ft": True, "capital_investment": False,
                  "avg_salary": False, "award_per_year": False, "award_total": False}
# A file of awards is a few kilobytes a hundred awards; anything this large is another file.
MAX_FILE_BYTES = 5_000_000


def _cell_number(text: str, column: str, where: str) -> float | None:
    """A number as the file writes it: empty where not reported; dollars and counts written plainly."""
    text = text.strip()
    if not text:
        return None
    whole = NUMBER_COLUMNS[column]
    expected = "a whole number such as 250" if whole else "a plain number of dollars such as 2500000"
    try:
        value = float(text)
    except ValueError:
        raise AwardsFileError(f"{where}: {column} {text!r} is not a number; expected {expected}, or an "
                              "empty cell where it was not reported") from None
    # An award of nothing is no award: the award columns are left empty where none was reported.
    least = "above 0" if column.startswith("award") else "at least 0"
    if not math.isfinite(value) or (value <= 0 if column.startswith("award") else value < 0) \
            or (whole and not value.is_integer()):
        raise AwardsFileError(f"{where}: {column} {text!r} is not {expected} ({least})")
    return value


def _rows(path: str | Path) -> list[dict[str, str]]:
    """The file's rows as text, or AwardsFileError saying why the file is not a table of awards."""
    name = str(path)
    try:
        text = file_text(path, "a file of awards", "a CSV with a header row", MAX_FILE_BYTES)
    except TextFileError as exc:
        raise AwardsFileError(str(exc)) from None
    try:
        table = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    except csv.Error as exc:
        raise AwardsFileError(f"{name}: not a CSV file ({exc})") from None
    header = [h.strip() for h in table[0]]
    missing = [c for c in COLUMNS if c not in header]
    if len(missing) == len(COLUMNS):
        raise AwardsFileError(f"{name}: no column of a file of awards ({', '.join(COLUMNS)}, as in "
                              "grownj/awards/grow_nj_awards.csv); is this the right file?")
    if missing:
        raise AwardsFileError(f"{name}: missing the column{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                              "(a file of awards has the columns of grownj/awards/grow_nj_awards.csv)")
    rows = [cells for cells in table[1:] if any(c.strip() for c in cells)]  # a blank line is no award
    if not rows:
        raise AwardsFileError(f"{name}: no awards below the header row")
    for i, cells in enumerate(rows, start=1):
        if len(cells) != len(header):
            raise AwardsFileError(f"{name}, row {i}: {len(cells)} cells where the header has {len(header)} "
                                  "columns (a comma in a cell needs the cell in quotes)")
    return [dict(zip(header, cells)) for cells in rows]


def _award(row: dict[str, str], where: str) -> ApprovedAward:
    """One row as the engine reads it, its numbers checked as a scenario's fields are."""
    row = {k: v.strip() for k, v in row.items()}
    if not row["company"]:
        raise AwardsFileError(f"{where}: company is empty; every award is named")
    numbers = {column: _cell_number(row[column], column, where) for column in NUMBER_COLUMNS}
    known, choices = _known({**row, **numbers})
    try:
        Scenario.from_dict(known)
    except ScenarioError as exc:
        raise AwardsFileError(f"{where}: {exc}") from None
    total, per_year = numbers["award_total"], numbers["award_per_year"]
    # An award reported only a year: the longest eligibility period's worth, the calculator's default.
    years = FIELDS["eligibility_years"].default
    return ApprovedAward(row["company"], row["municipality"], row["county"], row["approved"], known, choices,
                         total if total is not None else (per_year * years if per_year is not None else None),
                         row["industry"], row.get("confidence") or "", row.get("sources") or "", _place_name(row))


def read_awards(path: str | Path) -> tuple[ApprovedAward, ...]:
    """The awards of a file with grownj/awards/grow_nj_awards.csv's columns; AwardsFileError when the file, or
    a number in it, cannot be read (one fault stops the file: a number mistyped is to be put right,
    not explained)."""
    name = str(path)
    out = []
    for i, row in enumerate(_rows(path), start=1):
        out.append(_award(row, f"{name}, row {i} ({row['company'].strip() or 'no company'})"))
    return tuple(out)


def _place_known(name: str, law: Law) -> tuple[dict[str, Any], dict[str, tuple]]:
    """The fields a municipality decides under `law`, and the tiers left to maps where it names none."""
    place = place_fields(name, "other", law)
    return place, ({} if "location_tier" in place else {"location_tier": MAPPED_TIERS})


def _place_name(row: dict[str, Any]) -> str | None:
    # The press drops "Township" ("Holmdel"); the State's list keeps it ("Holmdel Township").
    return next((n for n in (f"{row['municipality']}{kind} ({row['county']})" for kind in ("", " Township"))
                 if n in place_names()), None)


def _known(row: dict[str, Any]) -> tuple[dict[str, Any], dict[str, tuple]]:
    """The fields a report gives, and those its municipality decides (growth zone, transit hub, MRERA,
    southern county, the county's salary for bonus c(6)). Elsewhere the tier is one of those the
    statute leaves to maps (distressed, priority, other): the growth zones and hubs are named (s.2)."""
    name = _place_name(row)
    known: dict[str, Any] = {}
    choices: dict[str, tuple] = {}
    if name:
        # Atlantic City is a growth zone only under the law as enacted: the place is read under the law in force.
        place, choices = _place_known(name, load(version_in_force(str(row["approved"])).version))
        known.update(place)
    counts = {"new_jobs": "new_jobs", "retained_jobs": "retained_jobs", "gross_leasable_area": "sq_ft"}
    amounts = {"capital_investment": "capital_investment", "average_salary": "avg_salary"}
    for field, column in {**counts, **amounts}.items():
        value = row[column]
        if value is not None:
            known[field] = int(value) if field in counts else value
    known["industry"] = industry(str(row["industry"]))
    return known, choices


@lru_cache(maxsize=1)
def approved_awards() -> tuple[ApprovedAward, ...]:
    return read_awards(AWARDS_FILE)


def explain(award: ApprovedAward, version: str | None = None) -> AwardExplanation | None:
    """The award explained under the law in force on its approval date (or `version`); None with no
    award figure."""
    if award.award_total is None:
        return None
    version = version or award.in_force.version
    known, choices = award.known_under(version)
    return explain_award(known, award.award_total, law=load(version), choices=choices)


# What the engine run backwards finds for an award: reproduced by what was reported alone; explained
# by the simplest assumptions beyond it; or not, because the award is above the most any input tried
# gives, or lands between the amounts they give; or there is no award figure to reproduce.
OUTCOMES = ("reproduced", "explained", "above the most", "not within tolerance", "no award figure")
# The outcomes in which the statute gives the award.
REPRODUCING = OUTCOMES[:2]
NO_FIGURE = ("No award figure was reported (neither a total nor a yearly amount): there is nothing to "
             "reproduce.")


def outcome(e: AwardExplanation | None) -> str:
    """Which of OUTCOMES an award has."""
    if e is None:
        return OUTCOMES[4]
    if e.reproduced:
        return OUTCOMES[0] if not e.explanations[0].fields else OUTCOMES[1]
    return OUTCOMES[2] if e.above_the_most else OUTCOMES[3]


def scenario_of(award: ApprovedAward, e: AwardExplanation | None) -> dict[str, Any]:
    """What is known (under the law it was explained under) with the simplest explanation's
    assumptions: the project that reproduces it."""
    if e is None:
        return dict(award.known)
    return {**e.known, **(e.explanations[0].fields if e.reproduced else {})}


# The economist's Monte Carlo for each award: a chance to the nearest few percent (its standard error
# at 1,000 draws is at most 1.6 points) at a tenth of the default's cost.
ECONOMIST_DRAWS = 1_000


@dataclass(frozen=True)
class AwardRecord:
    """One award as the engine reads it under one law: what it finds and both views of the net benefit
    test. The command line's `awards` and the Published awards page's table are read from this."""
    award: ApprovedAward
    law: str  # the version computed under
    law_reason: str
    explanation: AwardExplanation | None  # None: no award figure
    net_benefit: NetBenefit | None  # None: the inputs do not allow it (the award is not reproduced)

    @property
    def outcome(self) -> str:
        return outcome(self.explanation)

    @property
    def reproducing(self) -> bool:
        return self.outcome in REPRODUCING

    @property
    def fields(self) -> dict[str, Any]:
        """The simplest explanation's assumptions beyond what is known ({} when none is needed or none
        reproduces the award)."""
        return dict(self.explanation.explanations[0].fields) if self.reproducing else {}

    @property
    def ranges(self) -> dict[str, tuple[float, float | None]]:
        """The unknowns the simplest explanation bounds, each as (low, high); high None: no upper limit
        found. A field every valid value of which reproduces the award is left out."""
        e = self.explanation
        return {name: e.ranges[name] for name in e.bounded} if self.reproducing else {}

    @property
    def why_not(self) -> str | None:
        """Why the statute does not give the award: the limit that binds, or the nearest amount, or
        that there is no figure. None when it does."""
        if self.explanation is None:
            return NO_FIGURE
        return None if self.reproducing else self.explanation.why_not

    @property
    def words(self) -> str:
        """How the statute gives the award, or what it gives on what was reported (why_not says why no
        input gives the award)."""
        e = self.explanation
        if e is None:
            return "No award figure was reported."
        if self.reproducing:
            return e.explanations[0].words
        return (f"On what was reported alone the statute gives {whole_dollars(e.computed_from_known)} under "
                f"{self.law} law, against an award of {whole_dollars(e.award_total)}; no input tried reproduces it.")

    @property
    def scenario(self) -> dict[str, Any]:
        """The project the record's net benefit is of: for an award whose net benefit was published, the
        project as the authority assessed it (one record, the same on every page); else as explained."""
        if self.law == self.award.in_force.version:
            published = published_scenario(self.award.company)
            if published is not None:
                return published
        return scenario_of(self.award, self.explanation)

    def to_dict(self) -> dict[str, Any]:
        a, e, nb = self.award, self.explanation, self.net_benefit
        return {"company": a.company, "approved": a.approved, "law": self.law, "law_reason": self.law_reason,
                "award_total": a.award_total, "computed_from_known": None if e is None else e.computed_from_known,
                "outcome": self.outcome, "explanation": self.words, "known": a.known if e is None else e.known,
                "fields": self.fields,
                "ranges": {k: list(v) for k, v in self.ranges.items()}, "why_not": self.why_not,
                "statutory": None if nb is None else nb.statutory.to_dict(),
                "economist": None if nb is None else nb.economist.to_dict()}


def record(award: ApprovedAward, version: str | None = None) -> AwardRecord:
    """The award under the law in force on its approval date, or under `version` when one is asked."""
    in_force = award.in_force
    law_reason = in_force.reason if version is None else f"the law asked for: {version}"
    version = version or in_force.version
    e = explain(award, version)
    return AwardRecord(award, version, law_reason, e, _net_benefit(award, e, version))


def records(awards: tuple[ApprovedAward, ...], version: str | None = None) -> tuple[AwardRecord, ...]:
    return tuple(record(a, version) for a in awards)


@lru_cache(maxsize=1)
def published_records() -> tuple[AwardRecord, ...]:
    """The 49 awards of grownj/awards/grow_nj_awards.csv, each under the law in force on its approval date."""
    return records(approved_awards())


def explained() -> tuple[AwardExplanation | None, ...]:
    return tuple(r.explanation for r in published_records())


def _net_benefit(award: ApprovedAward, e: AwardExplanation | None, version: str) -> NetBenefit | None:
    """Both views of the net benefit test on the award as approved, where the inputs allow: for an
    award the statute gives, its project as explained under the law it is read under (s.3 a(3))."""
    published = published_case(award.company)
    if published is not None and version == award.in_force.version:
        # An award whose net benefit was published: the case and the draws the Published awards page
        # runs, so every view of it shows the same figures, whatever the engine run backwards finds.
        return views(published)
    if e is None or not e.reproduced:
        return None
    law = load(version)
    return views(with_award_industry(case(evaluate(scenario_of(award, e), law), award.award_total, law),
                                     award.company), draws=ECONOMIST_DRAWS)


def ranges_text(r: AwardRecord) -> str:
    """The unknowns the simplest explanation bounds, in words: "Capital investment $2,895,000 to
    $3,105,000"."""
    said = []
    for name, (low, high) in r.ranges.items():
        top = "" if low == high else " or more" if high is None else f" to {value_words(name, high)}"
        said.append(f"{FIELDS[name].label or name} {value_words(name, low)}{top}")
    return "; ".join(said)


def known_text(award: ApprovedAward) -> str:
    """What the reports and the place give, in words."""
    return fields_words(award.known)


def table(law_versions: tuple[str, ...], reform: Law | None = None) -> pd.DataFrame:
    """One row an award, read from its record: what is known, the law in force, the outcome and how,
    and what the project that reproduces it would earn under each law version (and a reform): one
    evaluate_frame a law."""
    rows = []
    for r in published_records():
        award, e, nb = r.award, r.explanation, r.net_benefit
        rows.append({
            "company": award.company, "municipality": award.municipality, "county": award.county,
            "approved": award.approved, "year": _year(award.approved), "law": r.law,
            "law_reason": r.law_reason, "industry": award.industry_text,
            "tier": r.scenario.get("location_tier"),
            "jobs": award.known.get("new_jobs", 0) + award.known.get("retained_jobs", 0)
            if "new_jobs" in award.known or "retained_jobs" in award.known else None,
            "award_total": award.award_total, "computed_from_known": None if e is None else e.computed_from_known,
            "outcome": r.outcome, "how": r.words if r.reproducing else r.why_not,
            "ranges": ranges_text(r), "known": known_text(award), "scenario": r.scenario,
            "confidence": award.confidence,
            "statutory_verdict": None if nb is None else nb.statutory.verdict,
            "statutory_benefit": None if nb is None else nb.statutory.benefit,
            "economist_npv": None if nb is None else nb.economist.npv,
            "economist_probability": None if nb is None else nb.economist.uncertainty.probability_positive})
    out = pd.DataFrame(rows)
    scenarios = pd.DataFrame(list(out["scenario"]))
    laws = {version: load(version) for version in law_versions}
    if reform is not None:
        laws["reform"] = reform  # its own column: a reform may be named like a version
    for name, law in laws.items():
        out[f"credit_{name}"] = evaluate_frame(scenarios, law, reasons=False)["total_credit"].to_numpy()
    return out


EXPLAINED = " (as explained)"  # how a row's link names the project it opens on the calculator


def approved_total(name: str) -> float | None:
    """For a project opened, unchanged, from a published preset or from an award's row ("<company> (as
    explained)"): the award as approved, so that the State's side on the calculator counts what the
    table counts, to the dollar (s.3 a(3) weighs "the requested tax credit": LI 2000's $39,900,000 as
    approved, not the $39,957,500 the statute's arithmetic gives on the explained inputs). The law is
    the project's, the award's own when opened from it. None for any other project."""
    preset = next((p for p in presets() if p.name == name and p.reported_total is not None), None)
    if preset is not None:
        return float(preset.reported_total)
    # The link's name, cut to the calculator's longest name, is a start of "<company> (as explained)".
    award = next((w for w in approved_awards() if w.award_total is not None and len(name) > len(w.company)
                  and (w.company + EXPLAINED).startswith(name)), None)
    return None if award is None else float(award.award_total)


def _year(approved: str) -> int | None:
    found = re.search(r"\d{4}", approved)
    return int(found.group(0)) if found else None
