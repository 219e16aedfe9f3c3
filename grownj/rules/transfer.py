"""Tax credit transfer certificates (s.7 of P.L.2011 c.149 as amended, C.34:1B-248)."""
from __future__ import annotations

from ..law import Law, enacted
from ..machinery.formats import to_the_cent, whole_dollars


def percent_apart(value: float, limit: float) -> str:
    """`value` as a percentage with as many decimals as it takes to differ from `limit` shown the
    same way (74.99 cents a dollar is "74.99%", not the "75.0%" it rounds to)."""
    return next((f"{value:.{digits}%}" for digits in range(1, 8) if f"{value:.{digits}%}" != f"{limit:.{digits}%}"),
                f"{value:.1%}")


def transfer_problems(credit_amount: float, consideration: float, law: Law | None = None) -> list[str]:
    """Why a sale of `credit_amount` of credits for `consideration` dollars is not allowed; [] if it is."""
    law = law or enacted()
    problems = []
    # Prior law had no minimum (null): the bill's s.6 added "in an amount not less than $25,000".
    if law.transfer_min_amount is not None and credit_amount < law.transfer_min_amount:
        problems.append(f"A transfer must be at least {whole_dollars(law.transfer_min_amount)} of tax credits "
                        f"({law.cite('transfer_min_amount')}); this one is {to_the_cent(credit_amount)}.")
    if consideration < law.transfer_min_price * credit_amount:
        problems.append(f"A transfer may not be sold for less than {law.transfer_min_price:.0%} of the credit "
                        f"before discounting to present value ({law.cite('transfer_min_price')}); "
                        f"{to_the_cent(consideration)} for {to_the_cent(credit_amount)} is "
                        f"{percent_apart(consideration / credit_amount, law.transfer_min_price)}.")
    return problems
