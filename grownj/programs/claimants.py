"""Who applies a credit, and against what, in words (s.6 c(2)-(3)): a partnership's partners, an S
corporation's shareholders in a growth zone or mega project, or the business itself."""
from __future__ import annotations


def who_claims(entity: str, gsgz_or_mega: bool) -> tuple[str, ...]:
    """Who applies the credit, and against what (s.6 c(2)-(3))."""
    taxes = "the corporation business tax, the insurance premiums taxes or the gross income tax"
    if entity == "partnership":
        return ("Credits granted to a partnership pass through to its partners, members or owners, pro rata or by "
                "an executed agreement filed with the Director of the Division of Taxation (s.6 c(2)).",
                f"Each owner applies its share against {taxes} (s.6 c(3)(a)).")
    if entity in ("s_corporation", "nj_qsss"):
        if not gsgz_or_mega:
            return ("An S corporation's credit passes to its shareholders only for a growth zone project or a "
                    "mega project (s.6 c(3)(b)(i)); otherwise the corporation applies it against its own "
                    "liability (s.6 c(3)(a)).",)
        parent = ("A New Jersey qualified subchapter S subsidiary's credit goes to its parent S corporation, "
                  "which allocates it among its shareholders (s.6 c(3)(b)(ii)-(iii)). " if entity == "nj_qsss" else "")
        return (parent + "Each shareholder uses the share of the credit equal to its share of the S "
                "corporation, against the gross income tax (s.6 c(3)(b)(i)).",)
    return (f"The business applies the credit against {taxes} otherwise due (s.6 c(3)(a)).",)
