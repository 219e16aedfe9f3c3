"""The scenario library: named scenarios in one SQLite file that every session of a server
shares and that outlives restarts. Each call opens its own connection, so threads and
processes can write at once (SQLite's WAL journal and a busy timeout serialise them)."""
from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from datetime import datetime, timezone
from pathlib import Path

from ..rules.scenario import Scenario, ScenarioError

APPLICATION = "grownj scenario library"
SCHEMA_VERSION = 1
MAX_NAME = 200


class LibraryError(ValueError):
    """The library file or a request to it is wrong; the message says how."""


def default_path() -> Path:
    """GROWNJ_LIBRARY if set, else the user's data directory (XDG), e.g. ~/.local/share/grownj/."""
    if os.environ.get("GROWNJ_LIBRARY"):
        return Path(os.environ["GROWNJ_LIBRARY"])
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "grownj" / "library.sqlite"


class Library:
    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a read-only or missing parent; the message names no server path
            raise LibraryError(f"its folder cannot be created ({exc.strerror or type(exc).__name__})") from None
        with self._connect() as db:
            self._check_or_create(db)

    def _connect(self) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        except sqlite3.Error as exc:  # a folder with no write access
            raise LibraryError(f"its file cannot be opened ({exc})") from None
        try:
            db.execute("PRAGMA journal_mode=WAL")
        except sqlite3.DatabaseError as exc:
            db.close()
            raise LibraryError(f"{self.path} is not a grownj scenario library ({exc})") from None
        return db

    def _check_or_create(self, db: sqlite3.Connection) -> None:
        try:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not tables:
                db.executescript(f"""
                    BEGIN;
                    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    INSERT OR IGNORE INTO meta VALUES ('application', '{APPLICATION}'), ('version', '{SCHEMA_VERSION}');
                    CREATE TABLE IF NOT EXISTS scenarios (
                        name TEXT PRIMARY KEY, scenario TEXT NOT NULL, saved_at TEXT NOT NULL);
                    COMMIT;""")
                return
            meta = dict(db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        except sqlite3.DatabaseError as exc:
            raise LibraryError(f"{self.path} is not a grownj scenario library ({exc})") from None
        if meta.get("application") != APPLICATION or "scenarios" not in tables:
            raise LibraryError(f"{self.path} is an SQLite file of something else, not a grownj scenario library")
        if meta.get("version") != str(SCHEMA_VERSION):
            raise LibraryError(f"{self.path} is a library of version {meta.get('version')}; this grownj reads "
                               f"version {SCHEMA_VERSION}")

    @staticmethod
    def _name(name: str) -> str:
        name = (name or "").strip()
        if not name or len(name) > MAX_NAME:
            raise LibraryError(f"a scenario name needs 1 to {MAX_NAME} characters")
        return name

    def save(self, name: str, scenario: Scenario) -> None:
        """Save under `name`, replacing a scenario of that name."""
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        with closing(self._connect()) as db:
            db.execute("INSERT INTO scenarios VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET "
                       "scenario = excluded.scenario, saved_at = excluded.saved_at",
                       (self._name(name), scenario.to_json(), now))

    def names(self) -> list[tuple[str, str]]:
        """(name, saved at) for every saved scenario, by name."""
        with closing(self._connect()) as db:
            return list(db.execute("SELECT name, saved_at FROM scenarios ORDER BY name COLLATE NOCASE"))

    def load(self, name: str) -> Scenario:
        with closing(self._connect()) as db:
            row = db.execute("SELECT scenario FROM scenarios WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise LibraryError(f"no saved scenario named {name!r}")
        try:
            return Scenario.from_json(row[0])
        except ScenarioError as exc:
            raise LibraryError(f"the saved scenario {name!r} is no longer valid: {exc}") from None

    def rename(self, old: str, new: str) -> None:
        new = self._name(new)
        with closing(self._connect()) as db:
            try:
                changed = db.execute("UPDATE scenarios SET name = ? WHERE name = ?", (new, old)).rowcount
            except sqlite3.IntegrityError:
                raise LibraryError(f"a scenario named {new!r} already exists") from None
        if not changed:
            raise LibraryError(f"no saved scenario named {old!r}")

    def delete(self, name: str) -> None:
        with closing(self._connect()) as db:
            if not db.execute("DELETE FROM scenarios WHERE name = ?", (name,)).rowcount:
                raise LibraryError(f"no saved scenario named {name!r}")
