"""The package installs anywhere: built from this checkout and installed into a fresh virtualenv,
its `grownj` command run from another directory gives what the checkout gives, byte for byte.

The virtualenv sees the running interpreter's installed libraries (a .pth file names their
folders), so the install adds only grownj (`--no-deps`) and, where their setuptools builds wheels,
nothing is downloaded (`--no-build-isolation`). Their folders come after the virtualenv's own, and a
.pth line is a plain folder, so another grownj they may hold (an editable install of a checkout)
is not what runs; a test says which one does."""
import csv
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[1]
HOLTEC = {"location_tier": "gsgz", "mrera": True, "south_jersey": True, "new_jobs": 235, "retained_jobs": 160,
          "capital_investment": 260000000, "industry": "manufacturing", "premises": "industrial",
          "gross_leasable_area": 600000, "construction": "new"}
SIXERS = {"scenario": {"location_tier": "gsgz", "mrera": True, "south_jersey": True, "new_jobs": 250,
                       "capital_investment": 82000000, "average_salary": 45000},
          "award_total": 82000000, "draws": 500}
AWARDS = 4  # the first awards of the packaged file: enough for each outcome's shape, quick to run


def _bin(env: Path, name: str) -> Path:
    return env / ("Scripts" if os.name == "nt" else "bin") / name


def _site_packages(env: Path) -> Path:
    found = list(env.glob("lib/python3*/site-packages")) or list(env.glob("Lib/site-packages"))
    assert len(found) == 1, found
    return found[0]


def _libraries() -> list[str]:
    """The running interpreter's folders of installed libraries, those a .pth file added included."""
    return [folder for folder in sys.path if Path(folder).name in ("site-packages", "dist-packages")]


def _builds_wheels() -> bool:
    """setuptools builds a wheel by itself from 70.1; before, with the `wheel` package."""
    try:
        import setuptools
    except ImportError:
        return False
    major, minor = (int(part) for part in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


def _without_pythonpath() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the fresh virtualenv, a working directory outside the checkout with the commands' inputs)."""
    base = tmp_path_factory.mktemp("install")
    # What a wheel is built from, copied so that the build's own files (build/, *.egg-info) stay
    # out of the checkout, where other tests run at the same time.
    source = base / "source"
    shutil.copytree(ROOT / "grownj", source / "grownj", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    env = base / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    (_site_packages(env) / "_running_interpreter.pth").write_text("".join(f"{folder}\n" for folder in _libraries()))
    # Offline with the running interpreter's setuptools where it builds wheels (requirements.txt
    # pins one that does); else pip builds as `pip install .` does, with setuptools from the index.
    offline = ["--no-build-isolation", "--no-index"] if _builds_wheels() else []
    subprocess.run([str(_bin(env, "python")), "-m", "pip", "install", "--quiet", "--no-deps", *offline,
                    "--no-cache-dir", "--disable-pip-version-check", str(source)],
                   check=True, env=_without_pythonpath(), cwd=base)
    work = base / "elsewhere"
    work.mkdir()
    (work / "holtec.json").write_text(json.dumps(HOLTEC))
    (work / "sixers.json").write_text(json.dumps(SIXERS))
    with open(ROOT / "grownj" / "awards" / "grow_nj_awards.csv", newline="", encoding="utf-8") as packaged:
        rows = list(csv.reader(packaged))[:AWARDS + 1]
    with open(work / "awards.csv", "w", newline="", encoding="utf-8") as fixture:
        csv.writer(fixture).writerows(rows)
    return env, work


def _installed(env: Path, work: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(_bin(env, "grownj")), *args], cwd=work, env=_without_pythonpath(),
                          capture_output=True, text=True, timeout=300)


def _checkout(work: Path, *args: str) -> subprocess.CompletedProcess:
    env = _without_pythonpath() | {"PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "grownj", *args], cwd=work, env=env, capture_output=True, text=True,
                          timeout=300)


def test_the_installed_copy_runs_not_the_checkout(installed):
    env, work = installed
    out = subprocess.run([str(_bin(env, "python")), "-c", "import grownj; print(grownj.__file__)"], cwd=work,
                         env=_without_pythonpath(), capture_output=True, text=True, check=True).stdout.strip()
    where = Path(out).resolve()
    assert where.is_relative_to(_site_packages(env).resolve()), where
    assert not where.is_relative_to(ROOT.resolve()), where


def test_every_file_the_package_carries_is_installed(installed):
    """Each table, statute text and SOURCES.md beside the modules is in the installed package."""
    env, _ = installed
    carried = {p.relative_to(ROOT) for p in (ROOT / "grownj").rglob("*")
               if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}
    assert {Path("grownj/law/parameters.yaml"), Path("grownj/awards/grow_nj_awards.csv"),
            Path("grownj/economics/net_benefit_assumptions.yaml")} <= carried
    missing = sorted(str(p) for p in carried if not (_site_packages(env) / p).is_file())
    assert not missing


@pytest.mark.parametrize("args", [
    ("evaluate", "holtec.json"),
    ("evaluate", "--law", "prior", "holtec.json"),
    ("net-benefit", "sixers.json"),
    ("awards", "awards.csv"),
], ids=lambda args: " ".join(args))
def test_a_command_run_elsewhere_gives_what_the_checkout_gives(installed, args):
    env, work = installed
    got, expected = _installed(env, work, *args), _checkout(work, *args)
    assert got.returncode == 0, got.stderr
    assert expected.returncode == 0, expected.stderr
    assert got.stdout == expected.stdout
    assert json.loads(got.stdout)  # a JSON answer, not empty
