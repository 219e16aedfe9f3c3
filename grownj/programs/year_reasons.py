"""The schedule's years in words (s.6 d): why a year earns nothing or less. The rules decide which
test a year failed (grownj/programs/schedule.py); these sentences cite the parameter that applied."""
from __future__ import annotations

from ..law import Law


def year_reasons(eligible: bool, forfeiture_rule: str, sold: bool, facility_low: bool, statewide_low: bool,
                 law: Law, uncertified: bool = False) -> list[str]:
    if not eligible:
        return ["not eligible (s.3 b, c)"]
    verb = "forfeited" if forfeiture_rule == "forfeit" else "reduced pro rata (the bill as introduced)"
    reasons = []
    if sold:
        reasons.append("facility sold: the seller forfeits this and later years (s.6 d(3)(a))")
    if facility_low:
        reasons.append(f"facility jobs below {law.forfeit_facility_share:.0%} of the agreement: {verb} "
                       f"({law.section('forfeit_facility_share')})")
    if statewide_low:
        reasons.append(f"statewide workforce down more than {law.forfeit_statewide_reduction:.0%}: {verb} "
                       f"({law.section('forfeit_statewide_reduction')})")
    if uncertified:
        reasons.append(f"uncertified {law.uncertified_forfeit_years:g} years after the period's close: this year's "
                       f"credit forfeited, the other years' kept ({law.section('uncertified_forfeit_years')})")
    return reasons
