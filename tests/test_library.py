"""The scenario library (SQLite): save, list, load, rename, delete; concurrent writers lose
nothing; the file survives a restart; a corrupt or foreign file gets a clear message. A scenario
is kept with the law and the net benefit settings it was computed under, and loaded with them; a
file of version 1, which kept the scenario alone, is brought to version 2 when opened."""
import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path

import pytest

import grownj
import grownj.law
from apptest import open_app
from grownj.economics.net_benefit import assumption_table
from grownj.ui.storage import Library, LibraryError, Saved
from grownj.rules.scenario import Scenario

ROOT = Path(__file__).parents[1]
HOLTEC = Scenario.from_dict({"location_tier": "gsgz", "mrera": True, "new_jobs": 235, "retained_jobs": 160,
                             "capital_investment": 260000000})


def test_save_list_load_rename_delete(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    lib.save("Holtec", HOLTEC)
    lib.save("Newark", Scenario(location_tier="uth", new_jobs=500))
    assert [e.name for e in lib.names()] == ["Holtec", "Newark"]
    assert lib.load("Holtec") == HOLTEC
    lib.rename("Holtec", "Holtec, Camden")
    assert lib.load("Holtec, Camden") == HOLTEC
    with pytest.raises(LibraryError, match="already exists"):
        lib.rename("Newark", "Holtec, Camden")
    lib.delete("Newark")
    assert [e.name for e in lib.names()] == ["Holtec, Camden"]
    with pytest.raises(LibraryError, match="no saved scenario"):
        lib.load("Newark")
    with pytest.raises(LibraryError, match="name needs"):
        lib.save("  ", HOLTEC)


def test_survives_a_restart(tmp_path):
    Library(tmp_path / "lib.sqlite").save("kept", HOLTEC)
    assert Library(tmp_path / "lib.sqlite").load("kept") == HOLTEC


def test_concurrent_threads_lose_nothing(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: lib.save(f"s{i:03}", Scenario(new_jobs=i)), range(200)))
    assert len(lib.names()) == 200 and lib.load("s137").new_jobs == 137


def test_concurrent_processes_lose_nothing(tmp_path):
    path = tmp_path / "lib.sqlite"
    Library(path)
    code = ("import sys; from grownj.ui.storage import Library; from grownj.rules.scenario import Scenario\n"
            "lib = Library(sys.argv[1])\n"
            "for i in range(100): lib.save(f'{sys.argv[2]}-{i}', Scenario(new_jobs=i))")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(path), f"p{k}"], cwd=ROOT) for k in range(4)]
    assert all(p.wait(120) == 0 for p in procs)
    assert len(Library(path).names()) == 400


def test_corrupt_file_is_a_clear_error(tmp_path):
    path = tmp_path / "lib.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(LibraryError, match="not a grownj scenario library"):
        Library(path)


def test_foreign_sqlite_file_is_a_clear_error(tmp_path):
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE accounts (id INTEGER)")
    with pytest.raises(LibraryError, match="something else"):
        Library(path)


def test_a_file_of_an_unknown_version_is_refused(tmp_path):
    path = tmp_path / "lib.sqlite"
    Library(path)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE meta SET value = '3' WHERE key = 'version'")
    with pytest.raises(LibraryError, match="library of version 3; this grownj reads version 2"):
        Library(path)


# Holtec on a 5-year term: $52M a year under prior law, $26M as enacted (s.5 d(6)(e)), so that a
# figure shows which law it was computed under.
HOLTEC_5 = HOLTEC.replace(eligibility_years=5)
EDITED = '{"employment_multiplier":2.5}'  # as the link carries the assumptions


def test_the_law_and_the_net_benefit_settings_are_kept_with_the_scenario(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    lib.save("Holtec", HOLTEC_5, "prior", {"assumptions": EDITED, "horizon": "20", "sold": "6"})
    lib.save("Newark", HOLTEC, "enacted")
    assert [(e.name, e.law) for e in Library(tmp_path / "lib.sqlite").names()] == [("Holtec", "prior"),
                                                                                   ("Newark", "enacted")]
    # Only the net benefit settings: the Schedule's sale year is the page's, not the project's.
    assert lib.saved("Holtec") == Saved(HOLTEC_5, "prior", {"assumptions": EDITED, "horizon": "20"})
    assert lib.saved("Newark") == Saved(HOLTEC, "enacted", {})
    lib.save("Holtec", HOLTEC_5, "enacted")  # replaced whole: no assumptions left over from the first save
    assert lib.saved("Holtec") == Saved(HOLTEC_5, "enacted", {})
    lib.rename("Holtec", "Holtec, Camden")
    assert lib.saved("Holtec, Camden").law == "enacted" and lib.load("Holtec, Camden") == HOLTEC_5


def version_1_file(path: Path, scenarios: dict[str, Scenario]) -> None:
    """A library as grownj wrote it before it kept the law: the scenario and its save time alone."""
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO meta VALUES ('application', 'grownj scenario library'), ('version', '1');
            CREATE TABLE scenarios (name TEXT PRIMARY KEY, scenario TEXT NOT NULL, saved_at TEXT NOT NULL);""")
        db.executemany("INSERT INTO scenarios VALUES (?, ?, '2025-03-04T05:06:07+00:00')",
                       [(name, scenario.to_json()) for name, scenario in scenarios.items()])


def test_a_version_1_file_is_brought_to_version_2_in_place(tmp_path):
    path = tmp_path / "lib.sqlite"
    version_1_file(path, {"Holtec": HOLTEC, "Newark": Scenario(location_tier="uth", new_jobs=500)})
    lib = Library(path)
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone() == ("2",)
    assert [(e.name, e.saved_at, e.law) for e in lib.names()] == [("Holtec", "2025-03-04T05:06:07+00:00", None),
                                                                  ("Newark", "2025-03-04T05:06:07+00:00", None)]
    assert lib.saved("Holtec") == Saved(HOLTEC, None, {})  # its law not recorded: None, not a guess
    lib.save("Camden", HOLTEC_5, "prior", {"horizon": "20"})
    again = Library(path)  # opened again: version 2 already, nothing added twice
    assert again.saved("Camden") == Saved(HOLTEC_5, "prior", {"horizon": "20"}) and len(again.names()) == 3


def test_version_1_opened_by_processes_at_once_is_brought_to_version_2_once(tmp_path):
    path = tmp_path / "lib.sqlite"
    version_1_file(path, {"Holtec": HOLTEC})
    code = "import sys; from grownj.ui.storage import Library; Library(sys.argv[1])"
    procs = [subprocess.Popen([sys.executable, "-c", code, str(path)], cwd=ROOT, stderr=subprocess.PIPE)
             for _ in range(4)]
    assert all(p.wait(120) == 0 for p in procs), [p.stderr.read() for p in procs]
    assert Library(path).saved("Holtec") == Saved(HOLTEC, None, {})


# The panel: what a user saves carries what they saw, and a colleague who loads it sees it too.
HOLTEC_5_LINK = {"location_tier": "gsgz", "mrera": "true", "new_jobs": "235", "retained_jobs": "160",
                 "capital_investment": "260000000", "eligibility_years": "5"}


@pytest.fixture
def library_file(tmp_path, monkeypatch):
    monkeypatch.setenv("GROWNJ_LIBRARY", str(tmp_path / "lib.sqlite"))
    return tmp_path / "lib.sqlite"


def metric(at, label):
    return next(m.value for m in at.metric if m.label == label)


def open_library(at):
    at.session_state["open_library"] = True  # the fold opened, as a click on it does
    return at.run()


def laws_listed(at) -> list[str]:
    """The listing's Law column as a reader sees it (the cells are markdown, escaped)."""
    return [law.replace("\\", "") for law in at.table[-1].value["Law"]]


def load_from_the_panel(at, name):
    at.selectbox(key="w_lib_pick").set_value(name).run()
    next(b for b in at.button if b.label == "Load").click().run()
    assert not at.exception
    return " ".join(s.value for s in at.success if s.value.startswith("Loaded")).replace("\\", "")


def test_the_panel_saves_and_loads_the_law_and_the_assumptions(library_file):
    at = open_library(open_app(query=HOLTEC_5_LINK))
    at.selectbox(key="w_law").set_value("prior").run()
    at.session_state["nb_assumptions"] = {"employment_multiplier": 2.5}
    at.session_state["nb_horizon"] = 20
    at.run()
    seen = {label: metric(at, label) for label in ("Annual credit", "Total over 5 years", "Economist's NPV")}
    at.text_input(key="w_lib_name").set_value("Holtec, prior law")
    next(b for b in at.button if b.label == "Save to library").click().run()
    assert laws_listed(at) == ["Prior law, P.L.2013 c.161 (where the markup recovers it)"]

    # A colleague's session: another law, other assumptions, another horizon.
    at.selectbox(key="w_law").set_value("enacted").run()
    at.session_state["nb_assumptions"] = {"employment_multiplier": 1.2}
    at.session_state["nb_horizon"] = None
    at.run()
    assert metric(at, "Annual credit") != seen["Annual credit"]
    said = load_from_the_panel(at, "Holtec, prior law")

    assert at.session_state["law_version"] == "prior" and at.selectbox(key="w_law").value == "prior"
    assert at.session_state["nb_assumptions"] == {"employment_multiplier": 2.5}
    assert at.session_state["nb_horizon"] == 20
    result = grownj.evaluate(HOLTEC_5, grownj.law.load("prior"))
    assert metric(at, "Annual credit") == f"${result.annual_credit:,.0f}" == "$52,000,000"
    assert metric(at, "Total over 5 years") == f"${result.total_credit:,.0f}"
    assert {label: metric(at, label) for label in seen} == seen  # the economist's figure too
    assert f'Loaded "Holtec, prior law", under its law, {grownj.law.VERSIONS["prior"]}' in said
    label = assumption_table()["employment_multiplier"].label
    assert f"net benefit horizon 20 years; assumptions edited: {label} 2.5 (default" in said


def test_a_scenario_saved_with_no_assumptions_edited_loads_at_the_defaults(library_file):
    Library(library_file).save("Holtec", HOLTEC_5, "enacted")
    at = open_library(open_app())
    at.session_state["nb_assumptions"] = {"employment_multiplier": 1.2}
    said = load_from_the_panel(at, "Holtec")
    assert "nb_assumptions" not in at.session_state and "net benefit assumptions at their defaults" in said
    assert metric(at, "Annual credit") == f"${grownj.evaluate(HOLTEC_5).annual_credit:,.0f}"


def test_a_version_1_file_loads_under_the_session_s_law_and_says_so(library_file):
    version_1_file(library_file, {"Holtec, 2025": HOLTEC_5})
    at = open_library(open_app())
    at.selectbox(key="w_law").set_value("prior").run()
    assert laws_listed(at) == ["not recorded"]
    said = load_from_the_panel(at, "Holtec, 2025")
    assert at.session_state["law_version"] == "prior"  # the session's: the file never said which
    assert "did not record its law" in said and grownj.law.VERSIONS["prior"] in said
    assert metric(at, "Annual credit") == f"${grownj.evaluate(HOLTEC_5, grownj.law.load('prior')).annual_credit:,.0f}"


def test_a_law_this_grownj_does_not_know_loads_under_the_session_s_law(library_file):
    Library(library_file).save("From a later grownj", HOLTEC_5, "amended-2031", {"horizon": "20"})
    at = open_library(open_app())
    assert laws_listed(at) == ["amended-2031 (not a law this grownj knows)"]
    said = load_from_the_panel(at, "From a later grownj")
    assert at.session_state["law_version"] == "enacted" and at.session_state["nb_horizon"] == 20
    assert '"amended-2031", a law this grownj does not know' in said
    assert f"under this session's law, {grownj.law.VERSIONS['enacted']}" in said
    assert metric(at, "Annual credit") == f"${grownj.evaluate(HOLTEC_5).annual_credit:,.0f}"


def test_the_project_picker_loads_a_saved_scenario_under_its_law_too(library_file):
    Library(library_file).save("Holtec", HOLTEC_5, "prior", {"assumptions": EDITED})
    at = open_app()
    at.selectbox(key="w_project").set_value("Saved: Holtec").run()
    assert not at.exception
    assert at.session_state["law_version"] == "prior"
    assert at.session_state["nb_assumptions"] == {"employment_multiplier": 2.5}
    assert metric(at, "Annual credit") == f"${grownj.evaluate(HOLTEC_5, grownj.law.load('prior')).annual_credit:,.0f}"
    said = " ".join(i.value for i in at.main.info).replace("\\", "")  # at the page's top, where it is seen
    assert f'Loaded "Holtec", under its law, {grownj.law.VERSIONS["prior"]}' in said
    at.run()
    assert not [i for i in at.info if "Loaded" in i.value]  # said once, on the run after the pick
