"""Garden State Growth Zone development entity exemption (bill s.8, a committee insertion;
P.L.2013 c.161 s.24, C.52:27D-489s): ten years exempt, then 10% to 90% of the taxes otherwise
due, all of them from the twentieth year; at least 5% of payments to the county; other owners'
improvements exempt for five years."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from ..law import Law, enacted
from ..law.places import designations, place_names
from ..rules.inputs import add_years, input_field, parse
from ..rules.place import law_words
from ..words.choices import tier_label
from ..rules.scenario import ScenarioError
from . import exemption_reasons as reasons

OWNERS = ("development_entity", "other_owner")
SPECS = {
    # s.24 is for a development entity "in a Garden State Growth Zone": a municipality given must be one.
    "municipality": input_field("choice", None, place_names()),
    "taxes_due": input_field("money", 0.0),
    "growth": input_field("rate", 0.0),
    "years": input_field("count", 25, maximum=100),
    "discount_rate": input_field("rate", 0.05),
    "owner": input_field("choice", "development_entity", OWNERS),
    "municipality_opted_in": input_field("bool", True),
    "opt_in_date": input_field("date"),
    "improvements_after_enactment": input_field("bool", True),
    "certificate_date": input_field("date"),
    "county_share": input_field("fraction"),
}


@dataclass(frozen=True)
class Exemption:
    years: tuple[dict[str, Any], ...]
    conditions: tuple[dict[str, Any], ...]
    discount_rate: float
    county_share_min: float  # s.24: the county's least share of the payments, as the chart's legend says

    @property
    def applies(self) -> bool:
        return all(c["met"] is not False for c in self.conditions)

    def total(self, key: str) -> float:
        return round(sum(y[key] for y in self.years), 2)

    @property
    def present_value(self) -> float:
        """Present value of the exemption: taxes not paid, discounted by year."""
        return round(sum(y["exempt"] / (1 + self.discount_rate) ** y["year"] for y in self.years), 2)

    def to_dict(self) -> dict[str, Any]:
        return {"applies": self.applies, "present_value_of_exemption": self.present_value,
                "total_full_taxes": self.total("full_taxes"), "total_payments": self.total("payment"),
                "total_exempt": self.total("exempt"), "conditions": list(self.conditions), "years": list(self.years)}


def payment_share(year: int, owner: str, law: Law) -> float:
    """Share of the taxes otherwise due paid in year `year` after completion (s.24 c, e)."""
    if owner == "other_owner":
        return 0.0 if year <= law.gsgz_other_owner_years else 1.0
    if year <= law.gsgz_fully_exempt_years:
        return 0.0
    if year > law.gsgz_exemption_years:  # s.24 d: taxed as other property once the exemption ends
        return 1.0
    return law.gsgz_payment_shares[year - law.gsgz_fully_exempt_years - 1]  # years 11..20


def _condition(words: tuple[str, str], met: bool) -> dict[str, Any]:
    test, sentence = words
    return {"test": test, "met": met, "sentence": sentence}


def _conditions(d: dict[str, Any], law: Law) -> list[dict[str, Any]]:
    """s.24 a: the opt-in by ordinance within its days of P.L.2013 c.161, improvements made after
    it (a(1)), the final certificate of occupancy within its years (a(2)); a date not given is not tried."""
    enacted_on = law.eoa_2013_effective_date
    out = [_condition(reasons.opted_in(law), d["municipality_opted_in"])]
    if d["opt_in_date"] is not None:
        last = enacted_on + timedelta(days=law.gsgz_opt_in_days)
        out.append(_condition(reasons.opt_in_date(last, d["opt_in_date"], law), d["opt_in_date"] <= last))
    out.append(_condition(reasons.improvements_after_enactment(law), d["improvements_after_enactment"]))
    if d["certificate_date"] is not None:
        last = add_years(enacted_on, law.gsgz_certificate_years)
        out.append(_condition(reasons.certificate_date(last, d["certificate_date"], law),
                              d["certificate_date"] <= last))
    return out


def gsgz_exemption(data: dict[str, Any], law: Law | None = None) -> Exemption:
    law = law or enacted()
    d = parse(SPECS, data, "growth zone exemption")
    if d["municipality"] is not None and not designations(law).iloc[place_names().index(d["municipality"])]["growth_zone"]:
        raise ScenarioError("municipality", f"{d['municipality']} is not a {tier_label('gsgz')} under "
                                            f"{law_words(law)}: the exemption is for one (P.L.2013 c.161 s.24)")
    county_share = law.gsgz_county_share_min if d["county_share"] is None else d["county_share"]
    if county_share < law.gsgz_county_share_min:
        raise ScenarioError("county_share", f"must be at least {law.gsgz_county_share_min:.0%} of all payments "
                                            f"({law.cite('gsgz_county_share_min')}), got {county_share:.1%}")
    conditions = tuple(_conditions(d, law)) if d["owner"] == "development_entity" else ()
    applies = all(c["met"] for c in conditions)
    rows = []
    for year in range(1, d["years"] + 1):
        full = d["taxes_due"] * (1 + d["growth"]) ** (year - 1)
        share = payment_share(year, d["owner"], law) if applies else 1.0
        payment = full * share
        county = payment * county_share if d["owner"] == "development_entity" else 0.0
        rows.append({"year": year, "share_of_taxes": share, "full_taxes": round(full, 2),
                     "payment": round(payment, 2), "to_county": round(county, 2),
                     "to_municipality": round(payment - county, 2), "exempt": round(full - payment, 2)})
    return Exemption(tuple(rows), conditions, d["discount_rate"], law.gsgz_county_share_min)
