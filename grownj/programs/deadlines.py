"""Deadlines and process of s.6 b: which of the program's dates a project meets."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from ..engine.evaluation import evaluate
from ..law import Law, enacted
from ..rules.inputs import MONTHS_A_YEAR, add_months, add_years, input_field, parse
from ..rules.result import Result
from ..rules.scenario import ScenarioError
from .date_reasons import (application_rule, certification_rule, date_sentence, incentive_effective_rule,
                           mega_application_rule)

SPECS = {
    "application_date": input_field("date"),
    "approval_date": input_field("date"),
    "certification_date": input_field("date"),
    "extensions": input_field("count", 0, maximum=10),
    "incentive_effective_date": input_field("date"),
    "mega_project": input_field("bool"),  # only without a scenario: with one, evaluate decides
    "completion_date": input_field("date"),
    "scenario": input_field("object"),
}


@dataclass(frozen=True)
class DateCheck:
    test: str
    date: date | None
    deadline: date
    met: bool | None  # None: the date is not given yet
    citation: str
    sentence: str

    def to_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "date": self.date and self.date.isoformat(), "deadline": self.deadline.isoformat()}


@dataclass(frozen=True)
class Deadlines:
    checks: tuple[DateCheck, ...]
    horizon_years: int | None
    horizon_end: date | None

    @property
    def all_met(self) -> bool:
        return all(c.met is not False for c in self.checks)

    def to_dict(self) -> dict[str, Any]:
        return {"all_met": self.all_met, "net_benefit_years": self.horizon_years,
                "net_benefit_horizon_end": self.horizon_end and self.horizon_end.isoformat(),
                "checks": [c.to_dict() for c in self.checks]}


def date_check(test: str, day: date | None, deadline: date, strictly_before: bool, citation: str, rule: str) -> DateCheck:
    met = None if day is None else (day < deadline if strictly_before else day <= deadline)
    return DateCheck(test, day, deadline, met, citation,
                     date_sentence(rule, day, deadline, met, strictly_before, citation))


def mega_project(given: bool | None, result: Result | None) -> bool:
    """Whether the s.6 b(4) mega project deadline applies: the s.2 "Mega project" finding of
    evaluate for a scenario, else the flag given. A flag that contradicts the scenario is an error."""
    if result is None:
        return bool(given)
    if given is not None and given != result.mega_project:
        raise ScenarioError("mega_project", f"is {str(given).lower()}, but the scenario is "
                                            f"{'' if result.mega_project else 'not '}a mega project (s.2); "
                                            "leave it out when a scenario is given")
    return result.mega_project


def deadlines(data: dict[str, Any], law: Law | None = None, result: Result | None = None) -> Deadlines:
    """The s.6 b deadlines met by the dates given; the project is data's scenario, or `result`, the
    project already evaluated under `law`."""
    law = law or enacted()
    d = parse(SPECS, data, "deadlines")
    if d["extensions"] > law.certification_extensions_max:
        raise ScenarioError("extensions", f"the authority may grant at most {law.certification_extensions_max} "
                                          f"extensions ({law.cite('certification_extensions_max')})")
    if d["scenario"] is not None:
        result = evaluate(d["scenario"], law)
    checks = [date_check("Application", d["application_date"], law.application_deadline, True,
                     law.section("application_deadline"), application_rule())]
    if mega_project(d["mega_project"], result):
        checks.append(date_check("Mega project application", d["application_date"],
                             add_years(law.eoa_2013_effective_date, law.mega_application_years), False,
                             law.section("mega_application_years"), mega_application_rule(law)))
    if d["approval_date"]:
        approval = d["approval_date"]
        months = MONTHS_A_YEAR * law.certification_years + d["extensions"] * law.certification_extension_months
        checks.append(date_check("Certification", d["certification_date"], add_months(approval, months), False,
                             law.section("certification_years"), certification_rule(d["extensions"], law)))
        checks.append(date_check("Incentive effective date", d["incentive_effective_date"],
                             add_years(approval, law.incentive_effective_years), False,
                             law.section("incentive_effective_years"), incentive_effective_rule(law)))
    years = end = None
    if result is not None:
        years = result.net_benefit_years
        if d["completion_date"]:
            end = add_years(d["completion_date"], years)
    return Deadlines(tuple(checks), years, end)
