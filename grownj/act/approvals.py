"""The 49 awards as reported at approval (data/grow_nj_awards.csv), each as the engine can read it:
what is known as contract fields, the award, and the law in force on its approval date; and each
explained by the engine run backwards (award_inverse), or why not."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pandas as pd

from ..engine.evaluation import evaluate
from ..engine.frame import evaluate_frame
from ..law import InForce, Law, load, version_in_force
from ..law.places import DATA, place_fields, place_names
from ..rules.scenario import FIELDS
from ..words.award_reasons import fields_words, value_words
from .award_inverse import AwardExplanation, explain_award
from .calibration import with_award_industry
from .net_benefit import case, views
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

    @property
    def in_force(self) -> InForce:
        return version_in_force(self.approved)


def industry(text: str) -> str:
    lowered = text.lower()
    return next((code for word, code in INDUSTRY_WORDS if word in lowered), "other")


def _number(value) -> float | None:
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else float(value)


def _known(row: dict[str, Any]) -> tuple[dict[str, Any], dict[str, tuple]]:
    """The fields a report gives, and those its municipality decides (growth zone, transit hub, MRERA,
    southern county, the county's salary for bonus c(6)). Elsewhere the tier is one of those the
    statute leaves to maps (distressed, priority, other): the growth zones and hubs are named (s.2)."""
    # The press drops "Township" ("Holmdel"); the State's list keeps it ("Holmdel Township").
    name = next((n for n in (f"{row['municipality']}{kind} ({row['county']})" for kind in ("", " Township"))
                 if n in place_names()), None)
    known: dict[str, Any] = {}
    choices: dict[str, tuple] = {}
    if name:
        place = place_fields(name, "other")
        if "location_tier" not in place:
            choices["location_tier"] = MAPPED_TIERS
        known.update(place)
    counts = {"new_jobs": "new_jobs", "retained_jobs": "retained_jobs", "gross_leasable_area": "sq_ft"}
    amounts = {"capital_investment": "capital_investment", "average_salary": "avg_salary"}
    for field, column in {**counts, **amounts}.items():
        value = _number(row[column])
        if value is not None:
            known[field] = int(value) if field in counts else value
    known["industry"] = industry(str(row["industry"]))
    return known, choices


@lru_cache(maxsize=1)
def approved_awards() -> tuple[ApprovedAward, ...]:
    table = pd.read_csv(AWARDS_FILE, comment="#")
    out = []
    for row in table.to_dict("records"):
        total = _number(row["award_total"])
        per_year = _number(row["award_per_year"])
        out.append(ApprovedAward(
            row["company"], row["municipality"], row["county"], str(row["approved"]), *_known(row),
            total if total is not None else (per_year * 10 if per_year is not None else None),
            str(row["industry"]), row["confidence"], str(row["sources"])))
    return tuple(out)


def explain(award: ApprovedAward) -> AwardExplanation | None:
    """The award explained under the law in force on its approval date; None with no award figure."""
    if award.award_total is None:
        return None
    return explain_award(award.known, award.award_total, law=load(award.in_force.version), choices=award.choices)


@lru_cache(maxsize=1)
def explained() -> tuple[AwardExplanation | None, ...]:
    return tuple(explain(a) for a in approved_awards())


OUTCOMES = ("explained", "above the most any input tried gives", "not within the tolerance", "no award figure")


def outcome(e: AwardExplanation | None) -> str:
    """Which of OUTCOMES an award has: explained, or the kind of reason it is not."""
    if e is None:
        return OUTCOMES[3]
    if e.reproduced:
        return OUTCOMES[0]
    return OUTCOMES[1] if e.above_the_most else OUTCOMES[2]


def scenario_of(award: ApprovedAward, e: AwardExplanation | None) -> dict[str, Any]:
    """What is known with the simplest explanation's assumptions: the project that reproduces it."""
    return {**award.known, **(e.explanations[0].fields if e is not None and e.reproduced else {})}



def ranges_text(e: AwardExplanation | None) -> str:
    """The unknowns the simplest explanation bounds, in words: "Capital investment $2,895,000 to
    $3,105,000". A field every valid value of which reproduces the award is left out."""
    if e is None or not e.reproduced:
        return ""
    said = []
    for name in e.bounded:
        low, high = e.ranges[name]
        top = "" if low == high else " or more" if high is None else f" to {value_words(name, high)}"
        said.append(f"{FIELDS[name].label or name} {value_words(name, low)}{top}")
    return "; ".join(said)


def known_text(award: ApprovedAward) -> str:
    """What the reports and the place give, in words."""
    return fields_words(award.known)


def table(law_versions: tuple[str, ...], reform: Law | None = None) -> pd.DataFrame:
    """One row an award: what is known, the law in force, the outcome and how, and what the project
    that reproduces it would earn under each law version (and a reform): one evaluate_frame a law."""
    rows = []
    for award, e in zip(approved_awards(), explained()):
        rows.append({
            "company": award.company, "municipality": award.municipality, "county": award.county,
            "approved": award.approved, "year": _year(award.approved), "law": award.in_force.version,
            "law_reason": award.in_force.reason, "industry": award.industry_text,
            "tier": scenario_of(award, e).get("location_tier"),
            "jobs": award.known.get("new_jobs", 0) + award.known.get("retained_jobs", 0)
            if "new_jobs" in award.known or "retained_jobs" in award.known else None,
            "award_total": award.award_total, "computed_from_known": None if e is None else e.computed_from_known,
            "outcome": outcome(e), "how": "" if e is None else e.explanations[0].words if e.reproduced else e.why_not,
            "ranges": ranges_text(e), "known": known_text(award), "scenario": scenario_of(award, e),
            "confidence": award.confidence,
            **_net_benefit(award, e)})
    out = pd.DataFrame(rows)
    scenarios = pd.DataFrame(list(out["scenario"]))
    laws = {version: load(version) for version in law_versions}
    if reform is not None:
        laws["reform"] = reform  # its own column: a reform may be named like a version
    for name, law in laws.items():
        out[f"credit_{name}"] = evaluate_frame(scenarios, law, reasons=False)["total_credit"].to_numpy()
    return out


# The economist's Monte Carlo for each of the 49 awards: a chance to the nearest few percent (its
# standard error at 1,000 draws is at most 1.6 points) at a tenth of the default's cost.
ECONOMIST_DRAWS = 1_000


def _net_benefit(award: ApprovedAward, e: AwardExplanation | None) -> dict[str, Any]:
    """Both views of the net benefit test on the award as approved, where the inputs allow: for an
    award the statute explains, its project as explained under the law in force (s.3 a(3))."""
    if e is None or not e.reproduced:
        return {"statutory_verdict": None, "statutory_benefit": None, "economist_npv": None,
                "economist_probability": None}
    law = load(award.in_force.version)
    nb = views(with_award_industry(case(evaluate(scenario_of(award, e), law), award.award_total, law), award.company),
               draws=ECONOMIST_DRAWS)
    return {"statutory_verdict": nb.statutory.verdict, "statutory_benefit": nb.statutory.benefit,
            "economist_npv": nb.economist.npv, "economist_probability": nb.economist.uncertainty.probability_positive}


EXPLAINED = " (as explained)"  # how a row's link names the project it opens on the calculator


@dataclass(frozen=True)
class AsApproved:
    """The award a project was approved for, and the law the table of awards reads it under."""
    award_total: float
    law: str


def as_approved(name: str) -> AsApproved | None:
    """For a project opened, unchanged, from a published preset or from an award's row ("<company> (as
    explained)"): the award as approved and the law its table reads it under, so that the State's side
    on the calculator reads the same project as the table, to the dollar (issue 40: LI 2000's NPV was
    $43,000 apart, the table counting the award, $39,900,000, the calculator the statute's arithmetic
    on the explained inputs, $39,957,500). None for any other project."""
    preset = next((p for p in presets() if p.name == name and p.reported_total is not None), None)
    if preset is not None:
        return AsApproved(float(preset.reported_total), "enacted")  # as the Published awards table reads it
    # The link's name, cut to the calculator's longest name, is a start of "<company> (as explained)".
    award = next((w for w in approved_awards() if w.award_total is not None and len(name) > len(w.company)
                  and (w.company + EXPLAINED).startswith(name)), None)
    return None if award is None else AsApproved(float(award.award_total), award.in_force.version)


def _year(approved: str) -> int | None:
    found = re.search(r"\d{4}", approved)
    return int(found.group(0)) if found else None
