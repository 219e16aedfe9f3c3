"""Words and formats have one home: a dollar figure is written by grownj/machinery/formats.py, a
location tier's name by grownj/rules/location.py; every other module calls them."""
import ast
import re
from functools import cache
from pathlib import Path

import pytest

from grownj.machinery import formats
from grownj.rules.location import TIER_NAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "grownj"
MODULES = sorted({ROOT / "app.py", *ROOT.glob("pages/*.py"), *PACKAGE.rglob("*.py")})
FORMATS = PACKAGE / "machinery" / "formats.py"
TIERS = PACKAGE / "rules" / "location.py"

# A dollar figure formatted where it is written: an f-string's "${x:,.0f}", plotly's "$%{x:,.0f}" or
# "%{x:$,.0f}", printf's "$%,.0f", a grid's "dollar" format.
INLINE_MONEY = re.compile(r"\$\{[^{}]*:[^{}]*[dfg]\}|\$%\{|%\{[^{}]*:\$|\$%[,.0-9]*[dfg]|[\"']dollar[\"']")


@cache  # read once for all the tests here: finding each literal's source text is the slow part
def literals(path: Path) -> tuple[tuple[int, str], ...]:
    """Each string literal and f-string of a module as written in its source, docstrings left out."""
    source = path.read_text()
    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    inner = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in ast.walk(node)
             if part is not node}
    return tuple((node.lineno, ast.get_source_segment(source, node)) for node in ast.walk(tree)
                 if (isinstance(node, ast.JoinedStr) or isinstance(node, ast.Constant) and isinstance(node.value, str))
                 and id(node) not in docs and id(node) not in inner)


def test_the_meta_test_sees_each_inline_money_format():
    for written in ('f"${x:,.0f}"', 'f"${x:,.2f}"', '"$%{x:,.0f}"', '"%{y:$,.0f}"', '"$%,.0f"', '"dollar"'):
        assert INLINE_MONEY.search(written), written
    for counted in ('f"{jobs:,.0f} jobs"', '"%{y:,} paths"', '"%,.0f"', 'f"{share:.0%}"'):
        assert not INLINE_MONEY.search(counted), counted


def test_no_module_formats_money_inline():
    # A loss read "$-121,800,634" in a grid and "$-2,000" in a chart's hover beside "-$2,000" on the
    # metric: every dollar figure is written by formats.py (whole_dollars, money, short_dollars and
    # their twins DOLLARS, money_column, hover_dollars), so it reads the same everywhere.
    found = [f"{path.relative_to(ROOT)}:{line}: {text[:70]!r}" for path in MODULES if path != FORMATS
             for line, text in literals(path) if INLINE_MONEY.search(text)]
    assert not found, "money formatted inline; call grownj.machinery.formats (pages: grownj.ui.formats):\n" + \
        "\n".join(found)


@pytest.mark.parametrize("tier", list(TIER_NAMES))
def test_each_tier_name_is_written_once(tier):
    # s.2's names for the tiers of s.5 b, written in rules/location.py and read by tier_name and
    # tier_label wherever a tier is named (a docstring or comment may name one in passing).
    name = re.compile(rf"\b{re.escape(TIER_NAMES[tier])}\b", re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{line}" for path in MODULES for line, text in literals(path)
             if name.search(text)]
    assert len(found) == 1 and found[0].startswith(f"{TIERS.relative_to(ROOT)}:"), found


def test_a_dollar_figure_reads_sign_first_in_every_form():
    assert formats.whole_dollars(-121_800_634.4) == "-$121,800,634"
    assert formats.whole_dollars(2_000, signed=True) == "+$2,000" and formats.whole_dollars(-0.4, signed=True) == "$0"
    assert formats.money(-5.5) == "-$5.50" and formats.money(1_500.0) == "$1,500" and formats.money(-0.001) == "$0"
    assert formats.to_the_cent(40_000) == "$40,000.00" and formats.short_dollars(-1.5e9) == "-$1.5B"
    assert formats.money(float("nan")) == formats.whole_dollars(float("nan")) == "none"
    assert formats.hover_dollars("x") == "%{x:$,.0f}" and formats.count(1_192.4) == "1,192"
