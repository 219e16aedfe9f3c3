"""The ERG residential credits in words (bill s.7, P.L.2009 c.90 s.6 b): why a project falls in its
bucket, its cap, why it gets tax credits or the grant. The rules decide (grownj/programs/erg.py); these
sentences read what they decided and the parameters that applied."""
from __future__ import annotations

from ..law import Law
from ..machinery.formats import whole_dollars
from ..words.choices import tier_name

# The grounds of buckets (b) and (c), by the input that meets each, as b(2)(b) and (c) name them.
GROUND_WORDS = {
    "uth_commuter_rail": "an urban transit hub that is commuter rail in nature",
    "gsgz": "a growth zone outside the bucket (a) counties",
    "disaster_recovery": "a disaster recovery project",
    "hudson_sda_tal": "an SDA municipality in Hudson County with FY2013 Transitional Aid",
    "distressed": f"a {tier_name('distressed')}",
    "deep_poverty_pocket": "a deep poverty pocket",
    "highlands_area": "a highlands development credit receiving or redevelopment area",
}


def _bucket_cite(law: Law) -> str:
    """'P.L.2009 c.90 s.6 b(2)': each bucket's letter is added after it."""
    return law.section("erg_bucket_amounts").replace("(a)-(d)", "")


def sub_allocation_label(sub_allocation: str, law: Law) -> str:
    """Bucket (a)'s two sub-allocations, by the ground that opens each."""
    if sub_allocation == "gsgz":
        return "growth zone in the southern counties"
    return f"2007 MRI of {law.erg_mri_threshold:g} or higher in the southern counties"


def bucket_reasons(letter: str | None, sub_allocation: str | None, grounds: tuple[str, ...], southern: bool,
                   county: str, mri: float | None, law: Law) -> list[str]:
    """Why the project is in its bucket, or in none, in the order the statute tries them."""
    cite = _bucket_cite(law)
    if sub_allocation == "gsgz":
        return [f"{county} County is a bucket (a) county and the site is in a {tier_name('gsgz')}: "
                f"the {whole_dollars(law.erg_bucket_a_gsgz)} sub-allocation ({cite}(a))."]
    if sub_allocation == "mri":
        return [f"{county} County is a bucket (a) county and the municipality's 2007 Municipal Revitalization "
                f"Index is {mri:g} (at least {law.erg_mri_threshold:g}): the "
                f"{whole_dollars(law.erg_bucket_a_mri)} sub-allocation ({cite}(a))."]
    reasons = []
    if southern:
        reasons.append(f"{county} County is a bucket (a) county, but the site is neither in a growth zone nor "
                       f"in a municipality with a 2007 MRI of {law.erg_mri_threshold:g} or more, the two "
                       f"sub-allocations that make up bucket (a) ({cite}(a)).")
    if letter in ("b", "c"):
        return reasons + [f"Bucket ({letter}): {'; '.join(GROUND_WORDS[g] for g in grounds)} ({cite}({letter}))."]
    if letter == "d":
        return reasons + [f"Bucket (d): a qualifying ERG incentive area not in (a) to (c) ({cite}(d))."]
    return reasons + [f"No bucket: the project meets none of {cite}(a) to (d), among which the "
                      f"{whole_dollars(law.erg_residential_total)} of residential credits is divided."]


def cap_reason(cap: float, deep: bool, law: Law) -> str:
    where = (f"deep poverty pocket or {tier_name('distressed')}" if deep
             else f"not in a deep poverty pocket or {tier_name('distressed')}")
    return f"At most {whole_dollars(cap)} of credits to this project ({where}, {law.section('erg_cap_other')})."


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


def transfer_reason(law: Law) -> str:
    # b(3) gives the developer's certificate its own words, "in full or in part, to any other person",
    # with no minimum: s.33's is for the urban transit hub's certificates, not borrowed here.
    return (f"Credits may be sold by transfer certificate, in full or in part, in any amount (P.L.2009 c.90 s.6 "
            f"b(3) names no minimum; the {whole_dollars(law.hub_transfer_min_amount)} of "
            f"{law.section('hub_transfer_min_amount')} is for an urban transit hub's certificates).")
