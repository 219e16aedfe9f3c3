"""Named locations to place one project in (Compare locations, Risk, presenter mode). A location is a
site: its row replaces every site field of the project, and a site field that is not a column of
the table is the contract's default there (no port district, no light rail, ...), so that a flag of
the sidebar's own site does not follow the project to every other place."""
from . import state
from ..engine.evaluation import evaluate
from ..law import Law
from ..rules import credit
from ..rules.result import Result
from ..rules.scenario import FIELDS
from .inputs import GROUPS
from .location_rows import LOCATION_COLUMNS
from ..machinery.formats import whole_dollars
from ..words.choices import tier_label

SITE_FIELDS = (*GROUPS["Where"], "county_average_salary")


def overrides(row: dict) -> dict:
    """The site fields a location row sets; MRERA only where the tier is a growth zone."""
    out = {k: FIELDS[k].default for k in SITE_FIELDS}
    out.update({k: row[k] for k in LOCATION_COLUMNS if k in row and row[k] == row[k] and row[k] is not None})
    for k in LOCATION_COLUMNS[1:-1]:  # the flags: an edited table may hold 0/1 or numpy booleans
        if k in out:
            out[k] = bool(out[k])
    if out.get("location_tier") != credit.MRERA_ZONE:
        out["mrera"] = False
    return out


def evaluated_at(row: dict, law: Law | None = None) -> Result:
    """The project placed at a location row, evaluated under `law` (None: the project's): the project's
    own Result where the row changes none of its fields (state.project evaluates it once)."""
    scenario, result = state.project(law)
    changes = overrides(row)
    if all(getattr(scenario, k) == v for k, v in changes.items()):
        return result
    return evaluate(scenario.replace(**changes), result.law)


def differences(row: dict, scenario) -> list[str]:
    """The site fields where a location row places the project otherwise than its own site, in words:
    the same project in the same city read as two figures with no reason on screen (the difference a
    tick in a column scrolled out of view)."""
    def said(field, value) -> str:
        if FIELDS[field].kind == "bool":
            return "yes" if value else "no"
        if field == "location_tier":
            return tier_label(value)
        return whole_dollars(value) if FIELDS[field].kind == "money" else str(value)
    return [f"{FIELDS[k].label}: {said(k, v)} there, {said(k, getattr(scenario, k))} at its own site"
            for k, v in overrides(row).items() if getattr(scenario, k) != v]
