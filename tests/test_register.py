"""The interpretation register ships with the package: every "Register N" the engine or a page
cites can be followed to its text."""
from pathlib import Path

from grownj.law import register
from apptest import open_app

ROOT = Path(__file__).parents[1]


def test_the_register_has_its_eighteen_entries_and_its_source():
    assert list(register.entries()) == list(range(1, 19))
    assert "grownj-contract.md" in register.REGISTER_FILE.read_text()
    assert register.entries()[15].endswith("An ineligible project earns nothing in any year.")


def test_every_register_entry_cited_in_the_code_exists():
    files = [*ROOT.glob("grownj/**/*.py"), *ROOT.glob("grownj/**/*.yaml"), *ROOT.glob("pages/*.py"), ROOT / "app.py"]
    cited = {(f.name, n) for f in files for n in register.cited(f.read_text(encoding="utf-8"))}
    assert len(cited) > 10
    assert not {(name, n) for name, n in cited if n not in register.entries()}


def test_the_statute_page_shows_every_entry():
    at = open_app("pages/6_Statute.py")
    shown = " ".join(m.value for m in at.markdown)
    assert not at.exception and all(f"id='register-{n}'" in shown for n in register.entries())
