"""Tax credit transfer certificates (s.7 of P.L.2011 c.149 as amended, C.34:1B-248)."""
from __future__ import annotations

from .law import Law, enacted


def transfer_problems(credit_amount: float, consideration: float, law: Law | None = None) -> list[str]:
    """Why a sale of `credit_amount` of credits for `consideration` dollars is not allowed; [] if it is."""
    law = law or enacted()
    problems = []
    if credit_amount < law.transfer_min_amount:
        problems.append(f"A transfer must be at least ${law.transfer_min_amount:,.0f} of tax credits "
                        f"({law.cite('transfer_min_amount')}); this one is ${credit_amount:,.2f}.")
    if consideration < law.transfer_min_price * credit_amount:
        problems.append(f"A transfer may not be sold for less than {law.transfer_min_price:.0%} of the credit "
                        f"before discounting to present value ({law.cite('transfer_min_price')}); "
                        f"${consideration:,.2f} for ${credit_amount:,.2f} is {consideration / credit_amount:.1%}.")
    return problems
