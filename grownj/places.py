"""The reference tables in data/: municipalities, designations, county wages, published awards."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pandas as pd

from .law import enacted

DATA = Path(__file__).parents[1] / "data"


@lru_cache(maxsize=1)
def municipalities() -> pd.DataFrame:
    """565 municipalities (2014) with county, and the program's designations joined on."""
    towns = pd.read_csv(DATA / "nj_municipalities_2014.csv", comment="#", dtype={"nj_mun_code": str})
    flags = pd.read_csv(DATA / "municipality_designations.csv", comment="#")
    merged = towns.merge(flags.drop(columns=["note"]), on=["municipality", "county"], how="left")
    for col in ("garden_state_growth_zone", "mrera", "urban_transit_hub_municipality"):
        merged[col] = merged[col].fillna(False).astype(bool)
    merged["south_jersey"] = merged["county"].isin(enacted().southern_counties)
    return merged


@lru_cache(maxsize=1)
def counties() -> tuple[str, ...]:
    return tuple(sorted(municipalities()["county"].unique()))


@lru_cache(maxsize=1)
def county_wages() -> pd.DataFrame:
    return pd.read_csv(DATA / "county_weekly_wages_2013q4.csv", comment="#").set_index("county")
