"""The program's dates in words (s.6 b, P.L.2009 c.90 s.6 b(2)): each deadline as the statute
states it, and whether a date given meets it. The rules decide the deadline and whether it is met
(grownj/programs/deadlines.py, erg.py); these sentences read what they decided."""
from __future__ import annotations

from datetime import date

from ..law import Law
from ..machinery.formats import long_date


def date_sentence(rule: str, day: date | None, deadline: date, met: bool | None, strictly_before: bool,
                  citation: str) -> str:
    """A deadline as the rule states it; with a date given, whether it meets it."""
    words = "before" if strictly_before else "on or before"
    if met is None:
        return f"{rule}: {words} {long_date(deadline)} ({citation})."
    return f"{rule}: {long_date(day)} is {'' if met else 'not '}{words} {long_date(deadline)} ({citation})."


def application_rule() -> str:
    return "The application is submitted"


def mega_application_rule(law: Law) -> str:
    return f"A mega project applies within {law.mega_application_years} years after P.L.2013 c.161"


def certification_rule(extensions: int, law: Law) -> str:
    granted = (f" and {extensions} {law.certification_extension_months:g}-month extension(s)" if extensions else "")
    return f"Certification within {law.certification_years} years of approval{granted}"


def incentive_effective_rule(law: Law) -> str:
    return f"The incentive effective date is at most {law.incentive_effective_years} years after approval"


def erg_application_rule() -> str:
    return "The incentive grant application"


def tco_rule(approval_given: bool, law: Law) -> str:
    """b(2)(e) binds a project approved after P.L.2013 c.161 took effect: with no approval date, the
    deadline is stated on that condition."""
    if law.erg_tco_deadline_after_eoa_2013 and not approval_given:
        return f"If approved after {long_date(law.eoa_2013_effective_date)}, the temporary certificate of occupancy"
    return "The temporary certificate of occupancy"


def tco_not_binding(approved: date, law: Law) -> str:
    """b(2)(e): a project approved on or before P.L.2013 c.161 took effect has no certificate deadline."""
    return (f"The temporary certificate of occupancy: no deadline, as the project was approved on "
            f"{long_date(approved)}, not after {long_date(law.eoa_2013_effective_date)}, the effective date of "
            f"P.L.2013 c.161 ({law.section('erg_tco_deadline')}).")
