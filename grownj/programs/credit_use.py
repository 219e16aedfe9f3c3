"""Using the credit (s.6 c, s.7): applied against the year's tax liability, carried forward 20 tax
periods and then expired, or sold by tax credit transfer certificate; worth what in present value."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..law import Law, enacted
from ..machinery.formats import to_the_cent
from ..rules.inputs import input_field, parse
from ..rules.scenario import ScenarioError
from ..rules.transfer import transfer_problems
from .claimants import who_claims
from .schedule import schedule

ENTITIES = ("corporation", "partnership", "s_corporation", "nj_qsss")
SPECS = {
    "credits": input_field("money_list"),
    "scenario": input_field("object"),
    "liability": input_field("money_or_list", 0.0),
    "sell": input_field("money_list"),
    "price": input_field("fraction", 0.90),
    "discount_rate": input_field("rate", 0.05),
    "entity": input_field("choice", "corporation", ENTITIES),
    "gsgz_or_mega": input_field("bool", False),
}


@dataclass(frozen=True)
class CreditUse:
    years: tuple[dict[str, Any], ...]
    discount_rate: float
    claimants: tuple[str, ...]
    carry_forward_periods: int  # s.6 c(1): how long an unused credit is kept before it expires

    def total(self, key: str) -> float:
        return round(sum(y[key] for y in self.years), 2)

    @property
    def present_value(self) -> float:
        return round(sum(y["present_value"] for y in self.years), 2)

    def to_dict(self) -> dict[str, Any]:
        return {"years": list(self.years), "present_value": self.present_value, "discount_rate": self.discount_rate,
                **{f"total_{k}": self.total(k) for k in ("credit", "applied", "sold", "proceeds", "expired")},
                "carried_forward_at_end": self.years[-1]["carried_forward"], "who_claims": list(self.claimants)}


def _per_year(value: float | tuple[float, ...], years: int) -> np.ndarray:
    """A constant, or a list extended by its last value."""
    values = np.atleast_1d(np.asarray(value, dtype=float))
    return np.concatenate([values, np.repeat(values[-1], max(0, years - len(values)))])[:years]


def _draw(vintages: list[list[float]], amount: float) -> float:
    """Take up to `amount` from the vintages, oldest first; how much was taken."""
    taken = 0.0
    for v in vintages:
        use = min(v[1], amount - taken)
        v[1] -= use
        taken += use
    return taken


def credit_use(data: dict[str, Any], law: Law | None = None) -> CreditUse:
    law = law or enacted()
    d = parse(SPECS, data, "credit use")
    if (d["credits"] is None) == (d["scenario"] is None):
        raise ScenarioError("credits", "give either credits (one per year) or a scenario to take them from")
    credits = (np.asarray(d["credits"]) if d["credits"] is not None
               else np.asarray([y["credit"] for y in schedule(d["scenario"], law=law).years]))
    n, keep = len(credits), int(law.carry_forward_periods)
    sold = np.zeros(n)
    if d["sell"] is not None:
        if len(d["sell"]) > n:
            raise ScenarioError("sell", f"has {len(d['sell'])} years; the credits have {n}")
        sold[:len(d["sell"])] = d["sell"]
    for year, amount in enumerate(sold, start=1):
        problems = transfer_problems(amount, amount * d["price"], law) if amount else []
        if problems:
            raise ScenarioError("sell", f"year {year}: {' '.join(problems)}")
    horizon = n + keep
    liability = _per_year(d["liability"], horizon)
    vintages: list[list[float]] = []  # [year earned, amount left], oldest first
    rows = []
    for t in range(horizon):
        credit = float(credits[t]) if t < n else 0.0
        sold_t = float(sold[t]) if t < n else 0.0
        if credit > 0:
            vintages.append([t, credit])
        held = sum(v[1] for v in vintages)
        if round(sold_t, 2) > round(held, 2):
            raise ScenarioError("sell", f"year {t + 1}: {to_the_cent(sold_t)} is more than the {to_the_cent(held)} of credit "
                                        "held then (that year's and earlier years' not yet used, sold or expired)")
        # s.7: a certificate covers "one or more years", so a sale draws on the credit held, oldest first.
        _draw(vintages, sold_t)
        applied = _draw(vintages, liability[t])  # oldest credit first, so less of it expires
        # A year's credit serves its own period and the next `keep`; what is left then expires.
        expired = sum(v[1] for v in vintages if t - v[0] >= keep)
        vintages = [v for v in vintages if t - v[0] < keep and v[1] > 0]
        proceeds = sold_t * d["price"]
        value = applied + proceeds
        rows.append({"year": t + 1, "credit": round(credit, 2), "sold": round(sold_t, 2),
                     "proceeds": round(proceeds, 2), "liability": round(float(liability[t]), 2),
                     "applied": round(applied, 2), "expired": round(expired, 2),
                     "carried_forward": round(sum(v[1] for v in vintages), 2),
                     "present_value": round(value / (1 + d["discount_rate"]) ** (t + 1), 2)})
    return CreditUse(tuple(rows), d["discount_rate"], who_claims(d["entity"], d["gsgz_or_mega"]), keep)
