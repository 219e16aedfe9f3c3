"""The reference tables beside this module (SOURCES.md names each one's source): municipalities,
designations, county wages."""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

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


def place_fields(place: str, location_tier: str, law: Law | None = None) -> dict:
    """The fields a municipality decides under `law` (None: as enacted): its southern-county flag
    (s.3 b, c), MRERA, growth zone or transit hub designation, and the salary bonus c(6) compares
    with (the growth zone's where known, else the county's). A tier that only a designation gives (growth zone, transit hub) falls back to "other"
    elsewhere; distressed municipalities and priority areas depend on maps, so the tier chosen stays."""
    town = municipalities().iloc[place_names().index(place)]
    fields = {"south_jersey": bool(town["south_jersey"]), "mrera": bool(town["mrera"])}
    if growth_zone(town, law or enacted()):
        fields["location_tier"] = "gsgz"
    elif town["urban_transit_hub_municipality"]:
        fields["location_tier"] = "uth"
    elif location_tier in ("gsgz", "uth"):
        fields["location_tier"] = "other"
    wages = county_wages()
    zone_salary = town["growth_zone_average_salary"]
    if fields.get("location_tier") == "gsgz" and zone_salary == zone_salary:
        # s.5 c(6): in a growth zone, "the average salary for the Garden State Growth Zone".
        fields["county_average_salary"] = float(zone_salary)
    elif town["county"] in wages.index:
        fields["county_average_salary"] = float(wages.loc[town["county"], "annualised_x52"])
    return fields
