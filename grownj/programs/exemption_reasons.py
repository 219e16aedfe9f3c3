"""The growth zone exemption's conditions in words (P.L.2013 c.161 s.24, C.52:27D-489s): what a
development entity must show, and whether the dates given show it. The rules decide the deadlines
and whether each is met (grownj/programs/exemption.py); these sentences read what they decided."""
from __future__ import annotations

from datetime import date

from ..law import Law
from ..machinery.formats import long_date


def _cite(law: Law) -> str:
    return law.section("gsgz_opt_in_days")


def opted_in(law: Law) -> tuple[str, str]:
    return ("The municipality opted in by ordinance",
            f"The growth zone municipality opts in by ordinance within {law.gsgz_opt_in_days} days of the "
            f"enactment of P.L.2013 c.161 ({_cite(law)}).")


def opt_in_date(last: date, given: date, law: Law) -> tuple[str, str]:
    return "Opt-in date", f"Opt-in by {long_date(last)}; given {long_date(given)} ({_cite(law)})."


def improvements_after_enactment(law: Law) -> tuple[str, str]:
    return ("Improvements made after P.L.2013 c.161",
            f"The owner makes the improvements after the enactment of P.L.2013 c.161 ({_cite(law)}(1)).")


def certificate_date(last: date, given: date, law: Law) -> tuple[str, str]:
    return ("Final certificate of occupancy",
            f"The final certificate of occupancy is issued within {law.gsgz_certificate_years} years of the "
            f"enactment, by {long_date(last)}; given {long_date(given)} ({_cite(law)}(2)).")
