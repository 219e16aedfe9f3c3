"""Hypothesis strategies for valid scenarios, built from the contract's field table."""
from hypothesis import strategies as st

from grownj.rules.scenario import FIELDS

MONEY = st.one_of(st.integers(0, 500_000_000), st.floats(0, 5e8, allow_nan=False))
KIND = {
    "bool": st.booleans(),
    "count": st.integers(0, 5000),
    "optional_count": st.one_of(st.none(), st.integers(0, 5000)),
    "money": MONEY,
    "optional_money": st.one_of(st.none(), MONEY),
    "optional_number": st.one_of(st.none(), st.floats(0, 1000, allow_nan=False)),
    "years": st.integers(1, 10),
}


def _field(f):
    if f.name == "municipality":  # a place decides the flags drawn here: test_place draws places apart
        return st.none()
    if f.kind == "choice":
        return st.sampled_from(f.choices)
    if f.name == "gross_leasable_area":
        return st.integers(0, 2_000_000)
    return KIND[f.kind]


@st.composite
def scenarios(draw):
    data = {name: draw(_field(f)) for name, f in FIELDS.items()}
    if data["location_tier"] != "gsgz":
        data["mrera"] = False
    jobs = data["new_jobs"] + data["retained_jobs"]
    if data["jobs_new_to_municipality"] is not None:
        data["jobs_new_to_municipality"] = min(data["jobs_new_to_municipality"], jobs)
    return data
