"""ERG residential credits (bill s.7, P.L.2009 c.90 s.6 b): the pledge of incremental revenues,
the $600M of credits in buckets (a)-(d), the per-project caps, the dates, and which bucket a
qualified residential project falls in, with the reasons."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from ..law import Law, enacted
from ..law.places import counties, designations, place_names
from ..rules.inputs import input_field, parse
from ..rules.place import law_words
from ..rules.scenario import ScenarioError
from ..words.choices import tier_label
from .erg_reasons import award_reason, bucket_reasons, cap_reason, sub_allocation_label, transfer_reason
from .date_reasons import erg_application_rule, tco_not_binding, tco_rule
from .deadlines import DateCheck, date_check

# The site's designations, each labelled as the page's boxes name it.
SPECS = {
    "gsgz": input_field("bool", False, label=tier_label("gsgz")),
    "mri_2007": input_field("money"),
    "uth_commuter_rail": input_field("bool", False, label="Urban transit hub, commuter rail"),
    "disaster_recovery": input_field("bool", False, label="Disaster recovery project"),
    "hudson_sda_tal": input_field("bool", False, label="Hudson SDA municipality with TAL"),
    "distressed": input_field("bool", False, label=tier_label("distressed")),
    "deep_poverty_pocket": input_field("bool", False, label="Deep poverty pocket"),
    "highlands_area": input_field("bool", False, label="Highlands receiving or redevelopment area"),
    "erg_incentive_area": input_field("bool", False, label="Qualifying ERG incentive area"),
    "incentive_grant": input_field("money", 0.0),
    # Over the grant's term, not a year's: b(1) pledges up to an average share of each year's revenues,
    # so the pledge over the term is that share of their total, to set against the whole grant (b(2)).
    "projected_incremental_revenues": input_field("money", 0.0),
    "application_date": input_field("date"),
    # b(2)(e): the certificate deadline binds only a project approved after P.L.2013 c.161 took effect.
    "approval_date": input_field("date"),
    "tco_date": input_field("date"),
}


@dataclass(frozen=True)
class ErgResult:
    bucket: str | None
    bucket_amount: float
    sub_allocation: str | None
    sub_allocation_amount: float | None
    project_cap: float
    credits: float
    pledge_share: float
    pledge_limit: float
    award: str  # "tax credits" (b(2): the pledge falls short of the grant) or "incentive grant"
    reasons: tuple[str, ...]
    date_checks: tuple[DateCheck, ...]

    @property
    def eligible(self) -> bool:
        return self.bucket is not None and all(c.met is not False for c in self.date_checks)

    def to_dict(self) -> dict[str, Any]:
        return {**{k: v for k, v in self.__dict__.items() if k not in ("reasons", "date_checks")},
                "eligible": self.eligible, "reasons": list(self.reasons),
                "date_checks": [c.to_dict() for c in self.date_checks]}


@dataclass(frozen=True)
class Bucket:
    """Which of b(2)(a)-(d) a project falls in, tried in the statute's order: bucket (a)'s
    sub-allocation ("gsgz" or "mri"), and the inputs that met (b) or (c)."""
    letter: str | None
    sub_allocation: str | None
    grounds: tuple[str, ...]
    southern: bool


# b(2)(b) and (c): the grounds of each bucket, by the input that meets it. A growth zone in the
# southern counties is bucket (a)'s, so one meets (b) only outside them.
B_GROUNDS = ("uth_commuter_rail", "gsgz", "disaster_recovery", "hudson_sda_tal")
C_GROUNDS = ("distressed", "deep_poverty_pocket", "highlands_area")


def sub_allocation_amount(sub_allocation: str, law: Law) -> float:
    """Bucket (a)'s credits restricted to a southern growth zone, or to a high 2007 MRI."""
    return {"gsgz": law.erg_bucket_a_gsgz, "mri": law.erg_bucket_a_mri}[sub_allocation]


def bucket(d: dict[str, Any], law: Law) -> Bucket:
    southern = d["county"] in law.erg_southern_counties
    mri_high = d["mri_2007"] is not None and d["mri_2007"] >= law.erg_mri_threshold
    if southern and (d["gsgz"] or mri_high):
        return Bucket("a", "gsgz" if d["gsgz"] else "mri", (), southern)
    for letter, grounds in (("b", B_GROUNDS), ("c", C_GROUNDS)):
        met = tuple(g for g in grounds if d[g])
        if met:
            return Bucket(letter, None, met, southern)
    return Bucket("d" if d["erg_incentive_area"] else None, None, (), southern)


def tco_check(tco: date | None, approved: date | None, law: Law) -> DateCheck:
    """b(2)(e): "if approved ¹after the effective date of P.L.2013, c.161¹ shall submit a temporary
    certificate of occupancy ... no later than July 28, 2018". As enacted the deadline binds only a
    project approved after that date; one approved on or before it has no such deadline (met None)."""
    citation = law.section("erg_tco_deadline")
    if (law.erg_tco_deadline_after_eoa_2013 and approved is not None
            and approved <= law.eoa_2013_effective_date):
        return DateCheck("Temporary certificate of occupancy", tco, law.erg_tco_deadline, None, citation,
                         tco_not_binding(approved, law))
    return date_check("Temporary certificate of occupancy", tco, law.erg_tco_deadline, False, citation,
                      tco_rule(approved is not None, law))


def placed(d: dict[str, Any], law: Law, given: dict[str, Any]) -> dict[str, Any]:
    """b(1)-(2)'s "in a Garden State Growth Zone" under `law`: a municipality given decides the county
    and the growth zone (Atlantic City one only as enacted); without one, a growth zone is refused in a
    county that has none."""
    zones = designations(law)
    if d["municipality"] is not None:
        town = zones.iloc[place_names().index(d["municipality"])]
        if d["county"] not in (None, town["county"]):
            raise ScenarioError("county", f"{d['municipality']} is in {town['county']} County, not {d['county']}")
        if "gsgz" in given and d["gsgz"] != town["growth_zone"]:
            raise ScenarioError("gsgz", f"{d['municipality']} is {'' if town['growth_zone'] else 'not '}a "
                                        f"{tier_label('gsgz')} under {law_words(law)}: the municipality decides")
        return {**d, "county": town["county"], "gsgz": bool(town["growth_zone"])}
    if d["county"] is None:
        raise ScenarioError("county", "is needed: the bucket depends on it (or give the municipality)")
    if d["gsgz"] and not zones.loc[zones["county"] == d["county"], "growth_zone"].any():
        raise ScenarioError("gsgz", f"no {tier_label('gsgz')} is in {d['county']} County under {law_words(law)}")
    return d


def erg_residential(data: dict[str, Any], law: Law | None = None) -> ErgResult:
    law = law or enacted()
    d = placed(parse({"municipality": input_field("choice", None, place_names()),
                      "county": input_field("choice", None, counties()), **SPECS}, data, "ERG residential project"),
               law, data)
    if d["hudson_sda_tal"] and d["county"] not in law.erg_sda_tal_counties:
        raise ScenarioError("hudson_sda_tal", f"is for an SDA municipality in {' or '.join(law.erg_sda_tal_counties)} "
                                              f"County ({law.section('erg_sda_tal_counties')}(iv)); the "
                                              f"county given is {d['county']}")
    chosen = bucket(d, law)
    deep = d["deep_poverty_pocket"] or d["distressed"]
    cap = law.erg_cap_deep_poverty_distressed if deep else law.erg_cap_other
    share = law.erg_pledge_share_gsgz if d["gsgz"] else law.erg_pledge_share
    pledge = round(share * d["projected_incremental_revenues"], 2)
    in_lieu = pledge < d["incentive_grant"]
    reasons = (*bucket_reasons(chosen.letter, chosen.sub_allocation, chosen.grounds, chosen.southern, d["county"],
                               d["mri_2007"], law),
               cap_reason(cap, deep, law), award_reason(pledge, share, d["incentive_grant"], in_lieu, law),
               transfer_reason(law))
    credits = min(d["incentive_grant"], cap) if chosen.letter and in_lieu else 0.0
    checks = (date_check("Incentive grant application", d["application_date"], law.erg_application_deadline, True,
                         law.section("erg_application_deadline"), erg_application_rule()),
              tco_check(d["tco_date"], d["approval_date"], law))
    sub = chosen.sub_allocation
    return ErgResult(chosen.letter, law.keyed("erg_bucket_amounts")[chosen.letter] if chosen.letter else 0.0,
                     sub_allocation_label(sub, law) if sub else None, sub_allocation_amount(sub, law) if sub else None,
                     cap, credits, share, pledge, "tax credits" if in_lieu else "incentive grant", reasons, checks)
