"""The reference tables beside this module (SOURCES.md names each one's source): municipalities,
designations, county wages."""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

import numpy as np
import pandas as pd

from . import Law, enacted

DATA = files(__package__)  # the law's folder, where it is installed


@lru_cache(maxsize=1)
def municipalities() -> pd.DataFrame:
    """565 municipalities (2014) with county, and the program's designations joined on."""
    towns = pd.read_csv(DATA / "nj_municipalities_2014.csv", comment="#", dtype={"nj_mun_code": str})
    flags = pd.read_csv(DATA / "municipality_designations.csv", comment="#")
    merged = towns.merge(flags.drop(columns=["note"]), on=["municipality", "county"], how="left")
    for col in ("garden_state_growth_zone", "tourism_district", "mrera", "urban_transit_hub_municipality"):
        merged[col] = merged[col].fillna(False).astype(bool)
    merged["south_jersey"] = merged["county"].isin(enacted().southern_counties)
    return merged


@lru_cache(maxsize=1)
def counties() -> tuple[str, ...]:
    return tuple(sorted(municipalities()["county"].unique()))


@lru_cache(maxsize=1)
def county_wages() -> pd.DataFrame:
    return pd.read_csv(DATA / "county_weekly_wages_2013q4.csv", comment="#").set_index("county")


@lru_cache(maxsize=1)
def place_names() -> tuple[str, ...]:
    """Each municipality as a person picks it: "Camden (Camden)", name then county."""
    towns = municipalities()
    return tuple(f"{m} ({c})" for m, c in zip(towns["municipality"], towns["county"]))


def growth_zone(town: pd.Series, law: Law) -> bool:
    """s.2 "Garden State Growth Zone": one of the four cities the definition names, or, under the law
    as enacted, the municipality that contains the Tourism District (the conditional veto's change)."""
    return bool(town["garden_state_growth_zone"] or (town["tourism_district"] and law.growth_zone_tourism_district))


@lru_cache(maxsize=2)
def designations_with(tourism_district_zone: bool) -> pd.DataFrame:
    """`designations` under a law that does (True) or does not read Atlantic City's tourism district as
    a growth zone."""
    towns = municipalities()
    zone = towns["garden_state_growth_zone"] | (towns["tourism_district"] & tourism_district_zone)
    wages = county_wages()["annualised_x52"]
    county_salary = towns["county"].map(wages).astype(float)
    zone_salary = towns["growth_zone_average_salary"].where(zone)
    return pd.DataFrame({
        "place": place_names(), "county": towns["county"],
        # The tier only a designation gives: a growth zone first (Paterson and Trenton are hubs too).
        "location_tier": np.where(zone, "gsgz", np.where(towns["urban_transit_hub_municipality"], "uth", None)),
        "growth_zone": zone, "urban_transit_hub_municipality": towns["urban_transit_hub_municipality"],
        # MRERA's alternative is a growth zone's (s.5 d): Camden's, not Atlantic City's (the veto's notes).
        "mrera": towns["mrera"] & zone, "south_jersey": towns["south_jersey"],
        # s.5 c(6): in a growth zone, "the average salary for the Garden State Growth Zone", where found.
        "comparison_salary": zone_salary.fillna(county_salary),
        "zone_salary_found": zone_salary.notna(),
    })


def designations(law: Law | None = None) -> pd.DataFrame:
    """Each municipality's designations under `law` (None: as enacted), in `place_names` order: the
    tier a designation gives (growth zone, else transit hub municipality, else none), MRERA, the
    southern counties, and the salary bonus c(6) compares with and whether it is the zone's own."""
    return designations_with(bool((law or enacted()).growth_zone_tourism_district))


def place_fields(place: str, location_tier: str, law: Law | None = None) -> dict:
    """The fields a municipality decides under `law` (None: as enacted): its southern-county flag
    (s.3 b, c), MRERA, growth zone or transit hub designation, and the salary bonus c(6) compares
    with (the growth zone's where known, else the county's). A tier that only a designation gives
    (growth zone, transit hub) falls back to "other" elsewhere; distressed municipalities and priority
    areas depend on maps, so the tier chosen stays."""
    town = designations(law).iloc[place_names().index(place)]
    fields = {"south_jersey": bool(town["south_jersey"]), "mrera": bool(town["mrera"])}
    if isinstance(town["location_tier"], str):
        fields["location_tier"] = town["location_tier"]
    elif location_tier in ("gsgz", "uth"):
        fields["location_tier"] = "other"
    if town["comparison_salary"] == town["comparison_salary"]:
        fields["county_average_salary"] = float(town["comparison_salary"])
    return fields


def zone_salary_words(place: str, law: Law | None = None) -> str | None:
    """Beside the salary compared, in a growth zone whose own average salary was not found: say the
    county's stands in (s.5 c(6) names the zone's)."""
    town = designations(law).iloc[place_names().index(place)]
    if not town["growth_zone"] or town["zone_salary_found"]:
        return None
    return (f"No average salary for the {town['place'].split(' (')[0]} growth zone was found (the authority "
            f"published Paterson's alone): {town['county']} County's average stands in, though s.5 c(6) compares "
            "with the zone's.")
