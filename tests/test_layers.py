"""The law readable above its engine: a rule module (s.2 to s.5 as code) imports the law, the
scenario's columns, the statute's arithmetic and the selection helpers, and no execution
machinery (threads, blocks of rows, the coded column type, pandas or Arrow)."""
import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "grownj"
RULE_MODULES = ("location", "eligibility", "credit", "rules")
ALLOWED = {"__future__", "dataclasses", "typing", "numpy", "arithmetic", "selection", "law", "scenario_columns"}


def imports(module: str) -> list[tuple[int, str]]:
    """(line, module imported) for each import; a sibling as its bare name, `from . import credit` as credit."""
    found = []
    for node in ast.walk(ast.parse((PACKAGE / f"{module}.py").read_text())):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level and not node.module:
                found += [(node.lineno, alias.name) for alias in node.names]
            else:
                found.append((node.lineno, (node.module or "").split(".")[0]))
    return found


@pytest.mark.parametrize("module", RULE_MODULES)
def test_a_rule_module_imports_no_machinery(module):
    wrong = [(line, name) for line, name in imports(module) if name not in ALLOWED | set(RULE_MODULES)]
    assert not wrong, f"grownj/{module}.py imports what is not law or selection: {wrong}"


@pytest.mark.parametrize("module", RULE_MODULES)
def test_a_rule_module_uses_only_the_public_selection_helpers(module):
    tree = ast.parse((PACKAGE / f"{module}.py").read_text())
    private = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               for alias in node.names if alias.name.startswith("_")]
    assert not private, f"grownj/{module}.py reaches into another module's internals: {private}"


def test_the_machinery_modules_know_no_law():
    """The machinery works for any rule: it never reads the law or a scenario."""
    for module in ("columns", "parallel", "selection"):
        names = {name for _, name in imports(module)}
        assert not names & {"law", "scenario", "credit", "eligibility", "location", "rules"}, module


def test_every_machinery_module_named_here_exists():
    """The list above must follow the code when a module moves."""
    assert all((PACKAGE / f"{name}.py").exists() for name in ("columns", "parallel", "selection", "arithmetic"))


# Every module of the package in its layer, lowest first: a module imports only modules of its own
# layer or below, so the law reads without the engine, the engine without the Act's other programs,
# and nothing below the pages knows Streamlit (issue 34: layers held by a test, not only by prose).
LAYERS = {
    "machinery": ("arithmetic", "columns", "fields", "formats", "parallel", "scenario_columns", "selection",
                  "text_columns"),
    "law": ("law", "places", "register", "statute"),
    "rules": ("credit", "eligibility", "inputs", "location", "result", "rules", "scenario", "transfer"),
    "words": ("explain", "sentences"),
    "engine": ("batch", "evaluation", "export", "frame"),
    "act": ("approvals", "assumptions", "award_inverse", "calibration", "credit_use", "deadlines", "erg",
            "exemption", "library", "net_benefit", "presets", "reform", "residents", "risk", "schedule", "sweep"),
    "outputs": ("__init__", "__main__", "charts", "cli"),
}
LAYER_OF = {module: rank for rank, modules in enumerate(LAYERS.values()) for module in modules}


def test_every_module_has_a_layer():
    assert sorted(LAYER_OF) == sorted(p.stem for p in PACKAGE.glob("*.py"))


@pytest.mark.parametrize("module", sorted(LAYER_OF))
def test_a_module_imports_only_its_layer_and_below(module):
    above = [(line, name) for line, name in imports(module)
             if name in LAYER_OF and LAYER_OF[name] > LAYER_OF[module]]
    assert not above, f"grownj/{module}.py ({list(LAYERS)[LAYER_OF[module]]}) imports from above: {above}"
    assert not {"streamlit", "ui"} & {name for _, name in imports(module)}, f"grownj/{module}.py imports the UI"
