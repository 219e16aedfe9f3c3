"""The scenario library: named scenarios in one SQLite file that every session of a server
shares and that outlives restarts. Each call opens its own connection, so threads and
processes can write at once (SQLite's WAL journal and a busy timeout serialise them).

A scenario is kept with what its figures were computed under, so that whoever loads it sees what
the saver saw: the law's version and the net benefit settings edited, as a link carries them.
Version 1 of the file kept the scenario alone; it is brought to version 2 when opened."""
from __future__ import annotations

import os
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping, NamedTuple

from ..rules.scenario import Scenario, ScenarioError

APPLICATION = "grownj scenario library"
SCHEMA_VERSION = 2
MAX_NAME = 200
# The settings kept with a scenario, each in its own column as the link's text for it: the link's
# keys (grownj.ui.state.SETTINGS), whose readers check them when loaded as when a link is opened.
SAVED_SETTINGS = ("assumptions", "horizon")
# What version 2 added to version 1's scenarios: nullable, so that an old row says "not recorded".
ADDED_COLUMNS = ("law", *SAVED_SETTINGS)


class LibraryError(ValueError):
    """The library file or a request to it is wrong; the message says how."""


class Entry(NamedTuple):
    """A saved scenario as the library lists it; `law` None when it was saved without one."""
    name: str
    saved_at: str
    law: str | None


@dataclass(frozen=True)
class Saved:
    """A saved scenario and what it was computed under: the law's version (None: saved by a grownj
    that did not record it, nor the settings), and the settings edited, link key -> the link's text."""
    scenario: Scenario
    law: str | None = None
    settings: Mapping[str, str] = field(default_factory=dict)


BUSY_WAIT_S = 30  # how long a connection waits for another's lock (its busy timeout)


def _patiently(step):
    """`step()`, again while SQLite answers "database is locked" at once, for at most BUSY_WAIT_S:
    it does not wait where waiting could deadlock (a journal mode changed, or a reader's transaction
    turned writer, beside another connection), and four processes opening one file at once met it."""
    deadline, delay = time.monotonic() + BUSY_WAIT_S, 0.01
    while True:
        try:
            return step()
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(delay)
            delay = min(2 * delay, 0.5)


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
            db = sqlite3.connect(self.path, timeout=BUSY_WAIT_S, isolation_level=None)
        except sqlite3.Error as exc:  # a folder with no write access
            raise LibraryError(f"its file cannot be opened ({exc})") from None
        try:
            _patiently(lambda: db.execute("PRAGMA journal_mode=WAL"))
        except sqlite3.DatabaseError as exc:
            db.close()
            raise LibraryError(f"{self.path} is not a grownj scenario library ({exc})") from None
        return db

    def _check_or_create(self, db: sqlite3.Connection) -> None:
        try:
            tables = _patiently(lambda: {row[0] for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type='table'")})
            if not tables:
                # BEGIN IMMEDIATE: the write lock first (a reader turned writer is refused at once).
                db.executescript(f"""
                    BEGIN IMMEDIATE;
                    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    INSERT OR IGNORE INTO meta VALUES ('application', '{APPLICATION}'), ('version', '{SCHEMA_VERSION}');
                    CREATE TABLE IF NOT EXISTS scenarios (
                        name TEXT PRIMARY KEY, scenario TEXT NOT NULL, saved_at TEXT NOT NULL,
                        {", ".join(f"{column} TEXT" for column in ADDED_COLUMNS)});
                    COMMIT;""")
                return
            meta = _patiently(lambda: dict(db.execute("SELECT key, value FROM meta"))) if "meta" in tables else {}
        except sqlite3.DatabaseError as exc:
            raise LibraryError(f"{self.path} is not a grownj scenario library ({exc})") from None
        if meta.get("application") != APPLICATION or "scenarios" not in tables:
            raise LibraryError(f"{self.path} is an SQLite file of something else, not a grownj scenario library")
        if meta.get("version") == "1":
            self._migrate_from_1(db)
        elif meta.get("version") != str(SCHEMA_VERSION):
            raise LibraryError(f"{self.path} is a library of version {meta.get('version')}; this grownj reads "
                               f"version {SCHEMA_VERSION}")

    def _migrate_from_1(self, db: sqlite3.Connection) -> None:
        """Version 1's file as version 2, in place and whole or not at all; its rows keep their
        scenarios and record no law. Another process may be migrating it at the same moment: the
        write lock is taken first and the version read again under it, so only one adds the columns."""
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                if db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone() == ("1",):
                    for column in ADDED_COLUMNS:
                        db.execute(f"ALTER TABLE scenarios ADD COLUMN {column} TEXT")
                    db.execute("UPDATE meta SET value = ? WHERE key = 'version'", (str(SCHEMA_VERSION),))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:  # a read-only file, or a table not as version 1 made it
            raise LibraryError(f"{self.path} is a library of version 1 that could not be brought to version "
                               f"{SCHEMA_VERSION} ({exc})") from None

    @staticmethod
    def _name(name: str) -> str:
        name = (name or "").strip()
        if not name or len(name) > MAX_NAME:
            raise LibraryError(f"a scenario name needs 1 to {MAX_NAME} characters")
        return name

    def save(self, name: str, scenario: Scenario, law: str | None = None,
             settings: Mapping[str, str] | None = None) -> None:
        """Save under `name`, replacing a scenario of that name (and what it was computed under):
        the law's version and the settings edited (link key -> the link's text; others are not kept)."""
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        kept = [(settings or {}).get(key) for key in SAVED_SETTINGS]
        with closing(self._connect()) as db:
            db.execute(f"INSERT INTO scenarios (name, scenario, saved_at, {', '.join(ADDED_COLUMNS)}) "
                       f"VALUES (?, ?, ?, {', '.join('?' * len(ADDED_COLUMNS))}) ON CONFLICT(name) DO UPDATE SET "
                       + ", ".join(f"{c} = excluded.{c}" for c in ("scenario", "saved_at", *ADDED_COLUMNS)),
                       (self._name(name), scenario.to_json(), now, law, *kept))

    def names(self) -> list[Entry]:
        """Every saved scenario, by name, with its save time and law."""
        with closing(self._connect()) as db:
            rows = db.execute("SELECT name, saved_at, law FROM scenarios ORDER BY name COLLATE NOCASE")
            return [Entry(*row) for row in rows]

    def saved(self, name: str) -> Saved:
        """The scenario saved as `name` and what it was computed under."""
        with closing(self._connect()) as db:
            row = db.execute(f"SELECT scenario, {', '.join(ADDED_COLUMNS)} FROM scenarios WHERE name = ?",
                             (name,)).fetchone()
        if row is None:
            raise LibraryError(f"no saved scenario named {name!r}")
        text, law, *kept = row
        try:
            scenario = Scenario.from_json(text)
        except ScenarioError as exc:
            raise LibraryError(f"the saved scenario {name!r} is no longer valid: {exc}") from None
        return Saved(scenario, law, {key: value for key, value in zip(SAVED_SETTINGS, kept) if value is not None})

    def load(self, name: str) -> Scenario:
        """The scenario alone (Compare adds it under the project's own law)."""
        return self.saved(name).scenario

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
