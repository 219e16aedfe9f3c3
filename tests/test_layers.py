"""The layers of the package, held by its folders: each subpackage of grownj/ is one layer, and a module
imports only from its own layer or those below, so the law reads without the engine, the engine without
the Act's other programs, and nothing below the pages knows Streamlit: layers you can see."""
import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "grownj"

# Lowest first. The top-level modules are the package's outputs: its names, its command line, its charts.
LAYERS = ("machinery", "law", "rules", "words", "engine", "programs", "economics", "awards", "outputs", "ui")
OUTPUTS = ("grownj", "grownj.__main__", "grownj.charts", "grownj.cli")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    return "outputs" if module in OUTPUTS else module.split(".")[1]


def imports(module: str) -> list[tuple[int, str]]:
    """(line, module imported) for each import: a module of the package by its full name
    (`from ..law import places` in grownj/rules/ is grownj.law.places), any other by its top name."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.append((node.lineno, (node.module or "").split(".")[0]))
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1]
            source = ".".join(base + ([node.module] if node.module else []))
            found += [(node.lineno, f"{source}.{alias.name}" if f"{source}.{alias.name}" in MODULES else source)
                      for alias in node.names]
    return found


def test_every_module_is_in_a_layer():
    assert {layer(module) for module in MODULES} <= set(LAYERS)
    assert all((PACKAGE / name / "__init__.py").exists() for name in LAYERS if name != "outputs")


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_its_layer_and_below(module):
    rank = LAYERS.index(layer(module))
    above = [(line, name) for line, name in imports(module)
             if name in MODULES and LAYERS.index(layer(name)) > rank]
    assert not above, f"{module} ({layer(module)}) imports from above: {above}"
    if layer(module) != "ui":
        assert "streamlit" not in {name for _, name in imports(module)}, f"{module} imports the UI"


# The rules (s.2 to s.5 as code) read the law, the scenario's columns, the statute's arithmetic and the
# selection helpers, and no execution machinery (threads, blocks of rows, the coded column type, pandas
# or Arrow): the law readable above its engine.
RULE_MODULES = ("grownj.rules", "grownj.rules.location", "grownj.rules.eligibility", "grownj.rules.credit")
ALLOWED = {"__future__", "dataclasses", "typing", "numpy", "grownj.machinery.arithmetic",
           "grownj.machinery.selection", "grownj.law", "grownj.machinery.scenario_columns"}


@pytest.mark.parametrize("module", RULE_MODULES)
def test_a_rule_module_imports_no_machinery(module):
    wrong = [(line, name) for line, name in imports(module) if name not in ALLOWED | set(RULE_MODULES)]
    assert not wrong, f"{module} imports what is not law or selection: {wrong}"


@pytest.mark.parametrize("module", RULE_MODULES)
def test_a_rule_module_uses_only_the_public_selection_helpers(module):
    tree = ast.parse(MODULES[module].read_text())
    private = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
               for alias in node.names if alias.name.startswith("_")]
    assert not private, f"{module} reaches into another module's internals: {private}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) == "machinery"))
def test_the_machinery_knows_no_law(module):
    """The machinery works for any rule: it never reads the law or a scenario."""
    assert not [name for _, name in imports(module) if name in MODULES and layer(name) != "machinery"], module


# The dashboard's pages and app.py stand above the package: they read its public names (`grownj`, its
# charts), the concept folders a user sees (the law, the engine, the Act's programs, the economics, the
# awards) and the dashboard's pieces in grownj.ui, never the internals under the credit (machinery,
# rules, words), which grownj.ui.formats and the package's names carry to them.
DASHBOARD = sorted([PACKAGE.parent / "app.py", *(PACKAGE.parent / "pages").glob("*.py")])
PUBLIC = ("grownj", "grownj.charts", "grownj.ui", "grownj.law", "grownj.engine", "grownj.programs",
          "grownj.economics", "grownj.awards")
INTERNAL = ("grownj.machinery", "grownj.rules", "grownj.words")


def dashboard_imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, node.module or ""))
    return [(line, name) for line, name in found if name.split(".")[0] == "grownj"]


@pytest.mark.parametrize("path", DASHBOARD, ids=lambda p: p.name)
def test_a_page_reads_the_public_names_and_the_dashboard(path):
    wrong = [(line, name) for line, name in dashboard_imports(path)
             if name.startswith(INTERNAL) or not any(name == p or name.startswith(p + ".") for p in PUBLIC)]
    assert not wrong, f"{path.name} reaches below the dashboard: {wrong}"
    assert dashboard_imports(path), f"{path.name} imports nothing of grownj: is it still a page?"


def test_the_command_line_imports_what_it_runs():
    """The command line's programs are imported by name (a module path built at run time hid them from
    the layer test)."""
    assert "import_module" not in MODULES["grownj.cli"].read_text()


def test_every_module_named_here_exists():
    """The lists above must follow the code when a module moves."""
    assert set(RULE_MODULES) | {name for name in ALLOWED if name.startswith("grownj")} | set(OUTPUTS) <= set(MODULES)
    assert set(PUBLIC) | set(INTERNAL) <= set(MODULES)
