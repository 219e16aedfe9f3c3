"""The one project on screen. Its scenario, the place it was put in and where it came from (a
preset, a saved scenario, a file, a link) live in non-widget session keys; every widget is drawn
from them on every run and writes back through them, and the URL is written from them, so that
the sidebar, the figures, the downloads and a copied link show the same project.

Entry points that replace the project (a municipality, a preset, a saved scenario, a file, a
link) call `replace`; a widget edit calls `edit`. Nothing else writes the scenario. The session
holds it twice over in one write: the frozen Scenario, validated once, which every run reads, and
its fields as JSON values, which the link and the tests read. `project()` evaluates it once."""
from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any, Callable, Literal
from urllib.parse import quote

import pandas as pd
import streamlit as st

from ..awards.presets import Preset, presets
from ..engine.evaluation import evaluate
from ..engine.frame import read_column
from ..law import places
from ..law import VERSIONS, Law, load
from ..rules.result import Result
from ..rules.scenario import FIELDS, Scenario, ScenarioError
from .location_rows import DEFAULT_LOCATIONS, LOCATION_COLUMNS
from .storage import SAVED_SETTINGS
from .text import in_words

KEY = "scenario"
FROZEN = "frozen_scenario"  # the same project as a validated Scenario, written with KEY
WORK = "project_work"  # (the Scenario, {key: work on it}): what was computed for the project
PLACE_KEY = "place"
ORIGIN_KEY = "origin"
LAW_KEY = "law_version"  # the law the project is computed under, on every page
# URL keys that belong to a page, not to the project: kept as they are when the project is written.
PAGE_KEYS = ("param", "reform")
# URL keys that say where the project came from, beside its fields, and how it is shown.
PLACE, PRESET, PROJECT, PRESENTER, LAW = "place", "preset", "project", "presenter", "law"
DEFAULT_LAW = "enacted"
PRESENTING = "presenting"  # the session's presenter mode, which a copied link carries
# A link's text is someone's typing: a value or a name longer than this is cut in messages.
SHOWN_CHARS = 40
MAX_NAME = 120
# The project a session starts from: the contract's Newark-style mega project, a teaching preset.
START_PRESET = "Mega project, Newark transit hub (teaching)"


def preset_named(name: str | None) -> Preset | None:
    return next((p for p in presets() if p.name == name), None)


START = preset_named(START_PRESET)
DEFAULT = START.scenario.to_dict()


@dataclass(frozen=True)
class Origin:
    """Where the project came from: a preset (by name), or a named scenario (saved, a file, a link),
    with the project as it came, so that an edit can be told from it."""
    name: str
    kind: Literal["preset", "saved", "file", "link"]
    scenario: dict

    @property
    def preset(self) -> bool:
        return self.kind == "preset"


def _short(text: object) -> str:
    text = str(text)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"


# Thousands as people write them, a comma between each three digits ("1,250,000", "$2,805,000.50").
# A comma anywhere else is a decimal comma ("12,5"): refused, never read as 125.
THOUSANDS = re.compile(r"[-+]?\$?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?")


def ungrouped(field: str, text: str) -> str:
    """Typed text without its thousands separators; ScenarioError naming `field` for a comma that
    does not separate thousands."""
    if "," not in text:
        return text
    if not THOUSANDS.fullmatch(text.strip()):
        raise ScenarioError(field, f"{_short(text)!r} has a comma that does not separate thousands: write a "
                                   "decimal with a point (12.5) and thousands with commas (1,250)")
    return text.replace(",", "")


# A field whose 0 means "not given": shown empty, with what is used instead, and empty in a link.
BLANK_ZERO = {"average_salary": "the county's average salary"}


def read_value(field: str, text: str):
    """One field as typed (a link's, an input box's), read by the same reader as a CSV cell
    (grownj.engine.frame); ScenarioError names a bad one, its value cut short (it is someone's typing).
    Empty text is no value only for an optional field, and 0 for one whose 0 means none (BLANK_ZERO):
    any other is refused, not read as 0."""
    f = FIELDS[field]
    number = f.kind not in ("choice", "bool")
    if not str(text).strip() and field in BLANK_ZERO:
        return 0
    if not str(text).strip() and not f.optional:
        raise ScenarioError(field, f"is empty; give {f.expects}")
    values, bad = read_column(f, pd.Series([ungrouped(field, text) if number else text], dtype=object))
    if bad[0]:
        raise ScenarioError(field, f"must be {f.expects}, got {_short(text)!r}")
    return _python(values[0])


def said(exc: ScenarioError) -> str:
    """A field's error in words (the field by its label, a choice by its name), as a page shows it."""
    return in_words(exc.field, str(exc))


def _python(value):
    """A column's cell as the JSON value the contract takes: a blank optional cell is None."""
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float):
        return None if value != value else int(value) if value.is_integer() else value
    return value


def scenario_from_query(params: dict[str, str]) -> tuple[Scenario, list[str]]:
    """The link's project: its fields on top of the starting project. A bad field is left out with
    a message naming it, and the rest of the link is used; unknown parameters get one short message."""
    problems = []
    if params.get(PRESENTER, "1") not in ("0", "1"):
        problems.append(f"Presenter mode: the link's value {_short(params[PRESENTER])!r} is not one this app knows "
                        "(presenter=1 turns it on, presenter=0 off); shown without it")
    unknown = [k for k in params
               if k not in FIELDS and k not in (PLACE, PRESET, PROJECT, PRESENTER, LAW, *PAGE_KEYS, *SETTINGS)]
    if unknown:
        listed = ", ".join(_short(k) for k in unknown[:3]) + (" …" if len(unknown) > 3 else "")
        problems.append(f"The link has {len(unknown)} parameter(s) this app does not know, ignored: {listed}")
    preset = preset_named(params.get(PRESET))
    if PRESET in params and preset is None:
        problems.append(f"The link's project {_short(params[PRESET])!r} is not one of the presets; the link's fields "
                        f"are applied to the starting project, {START_PRESET}")
    if LAW in params and params[LAW] not in VERSIONS:
        problems.append(f"The link's law {_short(params[LAW])!r} is not one of grownj's law versions "
                        f"({', '.join(VERSIONS)}); the project's own is used")
    if params.get(PLACE) and params[PLACE] not in places.place_names():
        problems.append(f"Municipality: the link's {_short(params[PLACE])!r} is not a New Jersey municipality this "
                        "app knows; left out (the link's fields are used as they are)")
    data = dict(preset.scenario.to_dict() if preset else DEFAULT)
    for field in (k for k in params if k in FIELDS):
        try:
            data[field] = read_value(field, params[field])
        except ScenarioError as exc:
            problems.append(f"{said(exc)} (left out; the rest of the link is used)")
    while True:  # a field that contradicts another (MRERA outside a growth zone) is left out too
        try:
            return Scenario.from_dict(data), problems
        except ScenarioError as exc:
            problems.append(f"{said(exc)} (left out; the rest of the link is used)")
            data[exc.field] = FIELDS[exc.field].default


def _origin_from_query(params: dict[str, str], scenario: Scenario) -> Origin:
    """A preset by name; a named project as it was shared; else the starting project, edited."""
    preset = preset_named(params.get(PRESET)) or (None if params.get(PROJECT, "").strip() else START)
    if preset:
        return Origin(preset.name, "preset", preset.scenario.to_dict())
    return Origin(params[PROJECT].strip()[:MAX_NAME], "link", scenario.to_dict())


def init() -> None:
    """A session's first run: the project from the URL, else the starting project."""
    if KEY in st.session_state:
        return
    params = {k: st.query_params[k] for k in st.query_params}
    scenario, problems = scenario_from_query(params)
    place = params.get(PLACE) if params.get(PLACE) in places.place_names() else None
    replace(scenario, _origin_from_query(params, scenario), place, params.get(LAW) if params.get(LAW) in VERSIONS
            else None)
    st.session_state[PRESENTING] = params.get(PRESENTER) == "1"
    read_settings(params, problems)
    st.session_state["link_problems"] = problems


def current() -> Scenario:
    """The project, as validated when it was set: reading it validates nothing again."""
    init()
    return st.session_state[FROZEN]


def once(key, compute: Callable[[], Any]) -> Any:
    """Work on the current project done once, kept with it until it changes (a run, or the runs
    that follow while it stays the same project, read it)."""
    scenario = current()
    held = st.session_state.get(WORK)
    if held is None or held[0] is not scenario:
        held = st.session_state[WORK] = (scenario, {})
    if key not in held[1]:
        held[1][key] = compute()
    return held[1][key]


# st.cache_data's key for a Result: its scenario's JSON and the law it was computed under (a
# version and any reform's values, as the law pickles), which say everything the result holds.
BY_SCENARIO = {Result: lambda r: (r.scenario.to_json(), r.law.__reduce__()[1] if r.law else None)}


def law_version() -> str:
    """The version of the law the project is computed under: a published award's, in force on its
    approval date; otherwise the user's choice (the sidebar's Law, or a page's)."""
    init()
    return st.session_state.get(LAW_KEY) or DEFAULT_LAW


def project_law() -> Law:
    return load(law_version())


def set_law(version: str) -> None:
    """The project under another law: every page computes under it. A municipality's designations
    follow the law (Atlantic City is a growth zone only as enacted)."""
    _remember()
    st.session_state[LAW_KEY] = version
    if place():
        _hold(current().replace(**places.place_fields(place(), current().location_tier, load(version))))


def project(law: Law | None = None) -> tuple[Scenario, Result]:
    """The project and its Result under `law` (None: the project's own law), evaluated once."""
    scenario, law = current(), law or project_law()
    return scenario, once(("result", law), lambda: evaluate(scenario, law))


def origin() -> Origin:
    init()
    return Origin(**st.session_state[ORIGIN_KEY])


def place() -> str | None:
    init()
    return st.session_state.get(PLACE_KEY)


def unchanged() -> bool:
    """The project is as it came (the preset, the saved scenario, the file or the link)."""
    return origin().scenario == st.session_state[KEY]


def project_name() -> str:
    """The project's name as every page, presenter mode, a chart and a brief show it."""
    name = origin().name
    return name if unchanged() or name.endswith("(edited)") else f"{name} (edited)"


def edits() -> dict[str, tuple]:
    """The fields changed from the project as it came, beside those its municipality decides (a
    project moved to Newark takes Newark's tier and county salary: the place says that), as
    field -> (now, as it came)."""
    came, now = origin().scenario, st.session_state[KEY]
    placed = {**came, **(places.place_fields(place(), came["location_tier"], project_law()) if place() else {})}
    return {k: (now[k], came[k]) for k in now if now[k] != placed[k]}


def current_preset() -> Preset | None:
    """The preset the project is, while it is unchanged (its reported figures apply only then)."""
    return preset_named(origin().name) if origin().preset and unchanged() else None


HISTORY = "history"  # earlier projects, newest last, for Undo
MAX_HISTORY = 50


def _snapshot() -> dict:
    return {k: st.session_state.get(k) for k in (KEY, FROZEN, ORIGIN_KEY, PLACE_KEY, LAW_KEY)}


def _remember() -> None:
    """Keep the project as it is now, before a change, so that Undo can bring it back."""
    if KEY in st.session_state:
        history = st.session_state.setdefault(HISTORY, [])
        history.append(_snapshot())
        del history[:-MAX_HISTORY]


def can_undo() -> bool:
    return bool(st.session_state.get(HISTORY))


def undo() -> None:
    """The project as it was before the last change (a callback, like every other entry point)."""
    if can_undo():
        st.session_state.update(st.session_state[HISTORY].pop())
        st.session_state.pop(TYPED, None)


def start_again() -> None:
    """The starting project, as a fresh session has it (Undo brings back the one left)."""
    replace(START.scenario, Origin(START.name, "preset", DEFAULT), law_version=DEFAULT_LAW)


def preset_law(origin: Origin) -> str | None:
    """The law a published award was made under (in force on its approval date); None for any other."""
    preset = preset_named(origin.name) if origin.preset else None
    return preset.law_in_force.version if preset and preset.law_in_force else None


def replace(scenario: Scenario, origin: Origin, place: str | None = None, law_version: str | None = None) -> None:
    """A new project from outside the widgets: every widget shows it on the next draw. Its law is
    `law_version`, else a published award's, else the law the user had chosen."""
    _remember()
    st.session_state.pop(TYPED, None)
    _hold(scenario)
    st.session_state[ORIGIN_KEY] = asdict(origin)
    st.session_state[PLACE_KEY] = place
    st.session_state[LAW_KEY] = law_version or preset_law(origin) or st.session_state.get(LAW_KEY) or DEFAULT_LAW


# Field -> (text, why) of a value typed and refused: the box keeps showing it, and the page says
# why, until it is corrected or the project is replaced; the figures stay the last good project's.
TYPED = "typed"


def refused(field: str, text: str, exc: ScenarioError) -> None:
    named, why = said(exc).split(": ", 1)
    st.session_state.setdefault(TYPED, {})[field] = (text, f"{named} not used: {why}. The figures are for the "
                                                           "last value used.")


def typed(field: str) -> str | None:
    """The text typed in a field and refused, to show as typed."""
    return st.session_state.get(TYPED, {}).get(field, (None,))[0]


def refusals() -> list[str]:
    return [why for _, why in st.session_state.get(TYPED, {}).values()]


def edit(changes: dict, text: str | None = None) -> Scenario | None:
    """Change fields of the project; on error keep the last good one and say why on the page (a
    field's `text`, as typed, stays in its box)."""
    try:
        scenario = Scenario.from_dict({**st.session_state[KEY], **changes})
    except ScenarioError as exc:
        if text is None:
            st.session_state["input_error"] = f"Input not used: {said(exc)}"
        else:
            refused(next(iter(changes)), text, exc)
        return None
    for field in changes:
        st.session_state.get(TYPED, {}).pop(field, None)
    _remember()
    _hold(scenario)
    return scenario


def _hold(scenario: Scenario) -> None:
    st.session_state[FROZEN] = scenario
    st.session_state[KEY] = scenario.to_dict()


VIEW = "view"  # the page whose widgets the browser showed last
KEPT = "widgets_kept"  # this run draws the same page's widgets as the last one


def on_page(title: str) -> None:
    """A page's full run. Its widgets are last run's when the page is the same; another page's
    count as new widgets to Streamlit, even those with the same key."""
    st.session_state[KEPT] = st.session_state.get(VIEW) == title
    st.session_state[VIEW] = title


def bind(key: str, value, on_change, args: tuple = ()) -> dict:
    """Before a widget is drawn: it shows `value`, the stored one, whatever it showed before (an
    entry point may have changed it since, and a widget not drawn last run was forgotten). Returns
    the widget's key and the callback that stores the user's choice: the callback runs before the
    script, so the stored value is the user's by the time it is bound again; a widget bound without
    one would be drawn back to the old value on the rerun its own change caused.
    Set only when the widget does not show it already: a value set from code goes to the browser as
    one to apply, which has the browser draw the widget again."""
    if not st.session_state.get(KEPT) or key not in st.session_state or st.session_state[key] != value:
        st.session_state[key] = value
    return {"key": key, "on_change": on_change, "args": args}


def _keep(key: str, store: str) -> None:
    st.session_state[store] = st.session_state[key]


def setting(key: str, store: str, default) -> dict:
    """A page's own setting (a sale year, a baseline), not the project's: kept in the plain session
    key `store`, which outlives the widget `key` when the page is left, and shown by it."""
    return bind(key, st.session_state.get(store, default), _keep, (key, store))


def write_query(scenario: Scenario) -> None:
    """The URL holds what differs from the project a recipient starts from, and where it came from,
    so that the link opened in a fresh browser gives the same project."""
    came_from = origin()
    base = came_from.scenario if came_from.preset else DEFAULT
    wanted = {k: _field_text(k, v) for k, v in scenario.to_dict().items() if v != base[k]}
    if not came_from.preset:
        wanted[PROJECT] = project_name()
    elif came_from.name != START.name:
        wanted[PRESET] = came_from.name
    if place():
        wanted[PLACE] = place()
    if law_version() != (preset_law(came_from) or DEFAULT_LAW):
        wanted[LAW] = law_version()
    if st.session_state.get(PRESENTING):
        wanted[PRESENTER] = "1"
    wanted.update(settings_query())
    wanted.update({k: st.query_params[k] for k in PAGE_KEYS if k in st.query_params})
    if dict(st.query_params) != wanted:
        st.query_params.from_dict(wanted)


# The pages' settings that change figures, beside the project: kept in plain session keys (they
# outlive a page's widgets), so they hold on every page and every page's link carries them. Link
# key -> (session key, what the page calls it). The Schedule's path and Compare's rows are tables:
# the link holds their cells as JSON, and only when they differ from what a page starts with.
SETTINGS = {"assumptions": ("nb_assumptions", "net benefit assumptions"),
            "horizon": ("nb_horizon", "net benefit horizon"),
            "sold": ("sold", "Schedule's year of sale"), "baseline": ("baseline", "Schedule's statewide baseline"),
            "path": ("path_table", "Schedule's employment path"), "locations": ("locations", "Compare's locations")}
PATH_FROM_LINK = "path_from_link"  # the link's path, cells as typed, until the Schedule page builds its table


def _json(value) -> str:
    return json.dumps(value, separators=(",", ":"))


def settings_query() -> dict[str, str]:
    """The settings as the link carries them: those that differ from a page's start."""
    from ..machinery.formats import number

    got, out = st.session_state, {}
    if got.get("nb_assumptions"):
        out["assumptions"] = _json(got["nb_assumptions"])
    for key in ("horizon", "baseline"):
        if got.get(SETTINGS[key][0]) is not None:
            out[key] = _query_text(got[SETTINGS[key][0]])
    if isinstance(got.get("sold"), int):
        out["sold"] = str(got["sold"])
    path = got.get("path_table")
    if path is not None:
        facility, statewide = [list(path[c].fillna("").astype(str)) for c in ("Facility jobs", "Statewide jobs")]
        if facility != [number(got.get("path_agreement", 0))] * len(facility) or any(statewide):
            out["path"] = _json({"facility": facility, "statewide": statewide})
    elif got.get(PATH_FROM_LINK):  # not yet built into a table: carried on as it came
        out["path"] = _json(dict(zip(("facility", "statewide"), got[PATH_FROM_LINK])))
    locations = got.get("locations")
    if locations is not None:
        rows = [{k: v.item() if hasattr(v, "item") else v for k, v in row.items() if v == v and v is not None}
                for row in locations.to_dict("records")]
        if rows != DEFAULT_LOCATIONS:
            out["locations"] = _json(rows)
    return out


def _read_assumptions(text: str) -> None:
    from ..economics.net_benefit import assumption_table, default_assumptions

    changes = json.loads(text)
    if not isinstance(changes, dict):
        raise ValueError("not a list of assumptions")
    for name, value in changes.items():
        if name in assumption_table():
            assumption_table()[name].field.check(value)
    default_assumptions().replace(**changes)
    st.session_state["nb_assumptions"] = changes


def _whole(text: str, key: str) -> None:
    if not text.isdigit() or int(text) < 1:
        raise ValueError("not a whole number of years")
    st.session_state[SETTINGS[key][0]] = int(text)


def _read_baseline(text: str) -> None:
    value = float(ungrouped("baseline", text))
    if not 0 <= value <= 1e7:
        raise ValueError("not a number of jobs")
    st.session_state["baseline"] = value


def _read_path(text: str) -> None:
    path = json.loads(text)
    cells = [path["facility"], path["statewide"]]
    if not all(isinstance(c, list) and len(c) == len(cells[0]) and all(isinstance(x, str) for x in c) for c in cells):
        raise ValueError("not a column of jobs a year")
    st.session_state[PATH_FROM_LINK] = cells


def _read_locations(text: str) -> None:
    rows = json.loads(text)
    if not isinstance(rows, list) or not all(isinstance(r, dict) and set(r) <= {"name", *LOCATION_COLUMNS}
                                             for r in rows):
        raise ValueError("not a table of locations")
    st.session_state["locations"] = pd.DataFrame(rows, columns=["name", *LOCATION_COLUMNS])


READERS = {"assumptions": _read_assumptions, "horizon": lambda t: _whole(t, "horizon"),
           "sold": lambda t: _whole(t, "sold"), "baseline": _read_baseline, "path": _read_path,
           "locations": _read_locations}


def read_setting(key: str, text: str) -> str | None:
    """One setting, as a link carries it, into the session once checked; why it cannot be used, or
    None. A link reads it so, and so does a saved scenario, which keeps it as its link would."""
    try:
        READERS[key](text)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        return _short(exc)
    return None


def read_settings(params: dict[str, str], problems: list[str]) -> None:
    """A link's settings into the session, each checked; one that cannot be used is said by name
    and left out, and the rest of the link is used."""
    for key in READERS:
        if key in params and (why := read_setting(key, params[key])) is not None:
            problems.append(f"The link's {SETTINGS[key][1]} could not be used ({why}); left out, the "
                            "rest of the link is used")


def link() -> str:
    """The address that reopens this project, as the browser shows it."""
    base = st.context.url or ""
    query = "&".join(f"{k}={quote(str(v))}" for k, v in st.query_params.items())
    return f"{base}?{query}" if query else base


def _query_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _field_text(field: str, value) -> str:
    """A field's value as a link carries it: empty for one not given ("average_salary=", not
    "average_salary=0", which reads as a salary of nothing)."""
    return "" if field in BLANK_ZERO and not value else _query_text(value)


def file_name(project: str) -> str:
    """A project's JSON file, named after the project: loaded back, the file's name is its name
    (the file itself stays the contract's scenario, which the command line reads)."""
    return "".join(c if c.isalnum() or c in " ,()-_." else "_" for c in project).strip() + ".json"


# A project file's keys beside its scenario: what its figures were computed under, as the library
# keeps it (grownj.ui.storage), so that the file reopens to the figures the screen showed.
FILE_KEYS = ("scenario", "law", "place", *SAVED_SETTINGS)


def project_file() -> str:
    """The project as a file: its scenario (the contract's fields, as the command line reads them),
    the law it is computed under, the municipality it was placed in and the net benefit assumptions
    and horizon edited, each setting as its link carries it but as JSON."""
    kept = {key: json.loads(text) for key, text in settings_query().items() if key in SAVED_SETTINGS}
    return json.dumps({"scenario": current().to_dict(), "law": law_version(),
                       **({"place": place()} if place() else {}), **kept}, indent=2)


def restore_settings(settings: dict[str, str]) -> list[str]:
    """The session's net benefit settings made `settings` (link key -> the link's text), those not
    given at their defaults; a note for each that cannot be used, which is left at its default."""
    from . import state_side  # the economics it stands on loads when a project does, not with every page

    for key in SAVED_SETTINGS:
        st.session_state.pop(SETTINGS[key][0], None)
    st.session_state.pop(state_side.TYPED, None)  # text typed for the last assumptions, refused
    return [f"Its {SETTINGS[key][1]} could not be used ({why}): the defaults are."
            for key, text in settings.items() if (why := read_setting(key, text)) is not None]


def load_uploaded(raw: bytes, file_name: str) -> str | None:
    """Replace the project with an uploaded JSON file, under the law and with the place and net
    benefit settings it was saved with (a file of the scenario alone, as earlier grownj wrote and the
    command line reads, under the session's law and settings); the error message, or None when
    loaded. A setting the file's grownj could use and this one cannot is said, and left out."""
    try:
        data = json.loads(raw.decode("utf-8-sig"))
        project = isinstance(data, dict) and isinstance(data.get("scenario"), dict)
        if project and (unknown := [k for k in data if k not in FILE_KEYS]):
            raise ScenarioError(str(unknown[0]), f"unknown key; a project file has {', '.join(FILE_KEYS)}")
        scenario = Scenario.from_dict(data["scenario"] if project else data)
    except UnicodeDecodeError:
        return "The file is not UTF-8 text; expected a scenario JSON file."
    except (json.JSONDecodeError, RecursionError):
        return "The file is not valid JSON; expected a scenario JSON file."
    except ScenarioError as exc:
        return f"The scenario in the file is not valid: {said(exc)}"
    data = data if project else {}
    law, town = data.get("law"), data.get("place")
    if law is not None and law not in VERSIONS:
        return f"The file's law {_short(law)!r} is not one of grownj's law versions ({', '.join(VERSIONS)})."
    if town is not None and town not in places.place_names():
        return f"The file's municipality {_short(town)!r} is not a New Jersey municipality this app knows."
    replace(scenario, Origin(file_name.removesuffix(".json")[:MAX_NAME], "file", scenario.to_dict()), town, law)
    if project:
        notes = restore_settings({key: _json(data[key]) for key in SAVED_SETTINGS if key in data})
        if notes:
            st.session_state["link_problems"] = notes
    return None


def link_to(scenario: Scenario, name: str, law_version: str = DEFAULT_LAW) -> str:
    """A relative address that opens `scenario` on the calculator as a project called `name` under
    `law_version`: the fields that differ from the starting project, as write_query puts them."""
    fields = {k: _field_text(k, v) for k, v in scenario.to_dict().items() if v != DEFAULT[k]}
    law_part = {} if law_version == DEFAULT_LAW else {LAW: law_version}
    return "./?" + "&".join(f"{k}={quote(v)}" for k, v in {**fields, PROJECT: name[:MAX_NAME], **law_part}.items())
