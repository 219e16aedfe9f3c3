"""ERG residential credits (bill s.7, P.L.2009 c.90 s.6 b): the pledge of incremental revenues,
the $600M of credits in buckets (a)-(d), the per-project caps, the dates, and which bucket a
qualified residential project falls in, with the reasons."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from .deadlines import DateCheck, date_check, long_date
from .formats import whole_dollars
from .inputs import input_field, parse
from .law import Law, enacted
from .places import counties
from .scenario import ScenarioError

SPECS = {
    "gsgz": input_field("bool", False),
    "mri_2007": input_field("money"),
    "uth_commuter_rail": input_field("bool", False),
    "disaster_recovery": input_field("bool", False),
    "hudson_sda_tal": input_field("bool", False),
    "distressed": input_field("bool", False),
    "deep_poverty_pocket": input_field("bool", False),
    "highlands_area": input_field("bool", False),
    "erg_incentive_area": input_field("bool", False),
    "incentive_grant": input_field("money", 0.0),
    # Over the grant's term, not a year's: b(1) pledges up to an average share of each year's revenues,
    # so the pledge over the term is that share of their total, to set against the whole grant (b(2)).
    "projected_incremental_revenues": input_field("money", 0.0),
    "application_date": input_field("date"),
    # b(2)(e): the certificate deadline binds only a project approved after P.L.2013 c.161 took effect.
    "approval_date": input_field("date"),
    "tco_date": input_field("date"),
}
BUCKETS = "abcd"


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


def bucket(d: dict[str, Any], law: Law) -> tuple[str | None, tuple[str, float] | None, list[str]]:
    """The bucket (a)-(d), bucket (a)'s sub-allocation (label, amount), and why, in the order the
    statute tries them."""
    cite = law.section("erg_bucket_amounts").replace("(a)-(d)", "")
    southern = d["county"] in law.erg_southern_counties
    mri_high = d["mri_2007"] is not None and d["mri_2007"] >= law.erg_mri_threshold
    if southern and d["gsgz"]:
        return "a", ("growth zone in the southern counties", law.erg_bucket_a_gsgz), [
            f"{d['county']} County is a bucket (a) county and the site is in a Garden State Growth Zone: "
            f"the {whole_dollars(law.erg_bucket_a_gsgz)} sub-allocation ({cite}(a))."]
    if southern and mri_high:
        return "a", (f"2007 MRI of {law.erg_mri_threshold:g} or higher in the southern counties",
                     law.erg_bucket_a_mri), [
            f"{d['county']} County is a bucket (a) county and the municipality's 2007 Municipal Revitalization "
            f"Index is {d['mri_2007']:g} (at least {law.erg_mri_threshold:g}): the "
            f"{whole_dollars(law.erg_bucket_a_mri)} "
            f"sub-allocation ({cite}(a))."]
    reasons = []
    if southern:
        reasons.append(f"{d['county']} County is a bucket (a) county, but the site is neither in a growth zone nor "
                       f"in a municipality with a 2007 MRI of {law.erg_mri_threshold:g} or more, the two "
                       f"sub-allocations that make up bucket (a) ({cite}(a)).")
    b_grounds = [(d["uth_commuter_rail"], "an urban transit hub that is commuter rail in nature"),
                 (d["gsgz"] and not southern, "a growth zone outside the bucket (a) counties"),
                 (d["disaster_recovery"], "a disaster recovery project"),
                 (d["hudson_sda_tal"], "an SDA municipality in Hudson County with FY2013 Transitional Aid")]
    met = [words for ok, words in b_grounds if ok]
    if met:
        return "b", None, reasons + [f"Bucket (b): {'; '.join(met)} ({cite}(b))."]
    c_grounds = [(d["distressed"], "a distressed municipality"), (d["deep_poverty_pocket"], "a deep poverty pocket"),
                 (d["highlands_area"], "a highlands development credit receiving or redevelopment area")]
    met = [words for ok, words in c_grounds if ok]
    if met:
        return "c", None, reasons + [f"Bucket (c): {'; '.join(met)} ({cite}(c))."]
    if d["erg_incentive_area"]:
        return "d", None, reasons + [f"Bucket (d): a qualifying ERG incentive area not in (a) to (c) ({cite}(d))."]
    return None, None, reasons + [f"No bucket: the project meets none of {cite}(a) to (d), among which the "
                                  f"{whole_dollars(law.erg_residential_total)} of residential credits is divided."]


def award_reason(pledge: float, share: float, grant: float, in_lieu: bool, law: Law) -> str:
    """b(2): tax credits are awarded "in lieu of an incentive grant" only when the pledged incremental
    revenues are "inadequate to fully fund" the State portion of the grant."""
    cite = law.section("erg_residential_total")
    pledged = (f"The pledge of {whole_dollars(pledge)} ({share:.0%} of the projected incremental revenues over the "
               f"grant's term, {law.section('erg_pledge_share')})")
    if in_lieu:
        return (f"{pledged} is inadequate to fully fund the {whole_dollars(grant)} State portion of the incentive "
                f"grant: in lieu of the grant, tax credits equal to its full amount, within the project cap ({cite}).")
    return (f"{pledged} fully funds the {whole_dollars(grant)} State portion of the incentive grant: it is paid as an "
            f"incentive grant from those revenues, and no tax credits are awarded ({cite}).")


def tco_check(tco: date | None, approved: date | None, law: Law) -> DateCheck:
    """b(2)(e): "if approved ¹after the effective date of P.L.2013, c.161¹ shall submit a temporary
    certificate of occupancy ... no later than July 28, 2018". As enacted the deadline binds only a
    project approved after that date; one approved on or before it has no such deadline (met None)."""
    citation = law.section("erg_tco_deadline")
    rule = "The temporary certificate of occupancy"
    if law.erg_tco_deadline_after_eoa_2013:
        after = long_date(law.eoa_2013_effective_date)
        if approved is not None and approved <= law.eoa_2013_effective_date:
            return DateCheck("Temporary certificate of occupancy", tco, law.erg_tco_deadline, None, citation,
                             f"{rule}: no deadline, as the project was approved on {long_date(approved)}, not after "
                             f"{after}, the effective date of P.L.2013 c.161 ({citation}).")
        if approved is None:
            rule = f"If approved after {after}, the temporary certificate of occupancy"
    return date_check("Temporary certificate of occupancy", tco, law.erg_tco_deadline, False, citation, rule)


def erg_residential(data: dict[str, Any], law: Law | None = None) -> ErgResult:
    law = law or enacted()
    d = parse({"county": input_field("choice", None, counties()), **SPECS}, data, "ERG residential project")
    if d["county"] is None:
        raise ScenarioError("county", "is needed: the bucket depends on it")
    if d["hudson_sda_tal"] and d["county"] not in law.erg_sda_tal_counties:
        raise ScenarioError("hudson_sda_tal", f"is for an SDA municipality in {' or '.join(law.erg_sda_tal_counties)} "
                                              f"County ({law.section('erg_sda_tal_counties')}(iv)); the "
                                              f"county given is {d['county']}")
    letter, sub, reasons = bucket(d, law)
    deep = d["deep_poverty_pocket"] or d["distressed"]
    cap = law.erg_cap_deep_poverty_distressed if deep else law.erg_cap_other
    cap_cite = law.section("erg_cap_other")
    reasons.append(f"At most {whole_dollars(cap)} of credits to this project ("
                   + ("deep poverty pocket or distressed municipality" if deep else "not in a deep poverty pocket "
                      "or distressed municipality") + f", {cap_cite}).")
    share = law.erg_pledge_share_gsgz if d["gsgz"] else law.erg_pledge_share
    pledge = round(share * d["projected_incremental_revenues"], 2)
    in_lieu = pledge < d["incentive_grant"]
    reasons.append(award_reason(pledge, share, d["incentive_grant"], in_lieu, law))
    reasons.append(f"Credits may be sold by transfer certificate in amounts of at least "
                   f"{whole_dollars(law.hub_transfer_min_amount)} ({law.section('hub_transfer_min_amount')}, "
                   "as the "
                   "credits are used as if awarded under P.L.2009 c.90 s.35).")
    credits = min(d["incentive_grant"], cap) if letter and in_lieu else 0.0
    checks = (date_check("Incentive grant application", d["application_date"], law.erg_application_deadline, True,
                         law.section("erg_application_deadline"), "The incentive grant application"),
              tco_check(d["tco_date"], d["approval_date"], law))
    return ErgResult(letter, dict(zip(BUCKETS, law.erg_bucket_amounts))[letter] if letter else 0.0,
                     sub[0] if sub else None, sub[1] if sub else None,
                     cap, credits, share, pledge, "tax credits" if in_lieu else "incentive grant", tuple(reasons), checks)
