"""The scenario library (SQLite): save, list, load, rename, delete; concurrent writers lose
nothing; the file survives a restart; a corrupt or foreign file gets a clear message."""
import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from grownj.ui.storage import Library, LibraryError
from grownj.rules.scenario import Scenario

ROOT = Path(__file__).parents[1]
HOLTEC = Scenario.from_dict({"location_tier": "gsgz", "mrera": True, "new_jobs": 235, "retained_jobs": 160,
                             "capital_investment": 260000000})


def test_save_list_load_rename_delete(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    lib.save("Holtec", HOLTEC)
    lib.save("Newark", Scenario(location_tier="uth", new_jobs=500))
    assert [n for n, _ in lib.names()] == ["Holtec", "Newark"]
    assert lib.load("Holtec") == HOLTEC
    lib.rename("Holtec", "Holtec, Camden")
    assert lib.load("Holtec, Camden") == HOLTEC
    with pytest.raises(LibraryError, match="already exists"):
        lib.rename("Newark", "Holtec, Camden")
    lib.delete("Newark")
    assert [n for n, _ in lib.names()] == ["Holtec, Camden"]
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
