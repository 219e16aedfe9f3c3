"""The parameter file: every number cited, none duplicated, none unused, no bare numbers in rules."""
import ast
import re
from pathlib import Path

import pytest

from grownj.law import LawError, enacted, parse_parameters

PACKAGE = Path(__file__).parents[1] / "grownj"
RULE_MODULES = ["location.py", "eligibility.py", "credit.py", "rules.py", "schedule.py", "evaluate.py"]
ENTRY = """
{name}:
  description: d
  unit: USD
  value: 1
  reference: {{act: 5, bill: 4, sub: b, njsa: C.34:1B-246}}
"""


def test_every_parameter_has_a_reference_with_section_and_njsa():
    for p in enacted().parameters.values():
        # Grow NJ is C.34:1B-242 et seq.; the ERG program and P.L.2013 c.161 s.24 are C.52:27D-.
        assert p.reference["njsa"].startswith(("C.34:1B-", "C.52:27D-")), p.name
        assert re.match(r"(P.L.\d{4} c.\d+ )?s\.\d+\b", p.citation), p.citation


def test_duplicate_key_is_rejected():
    with pytest.raises(LawError, match="duplicate key 'base_other'"):
        parse_parameters(ENTRY.format(name="base_other") * 2)


def test_entry_without_reference_is_rejected():
    with pytest.raises(LawError, match="lacks reference"):
        parse_parameters("x:\n  description: d\n  unit: USD\n  value: 1\n")


def test_reference_without_njsa_is_rejected():
    with pytest.raises(LawError, match="reference needs"):
        parse_parameters("x:\n  description: d\n  unit: USD\n  value: 1\n  reference: {act: 5}\n")


def test_fractions_are_exact_thirds_and_quarters():
    assert enacted().min_capital_reduction == 1 / 3  # s.3 b: "reduced by one-third"
    assert enacted().min_jobs_reduction == 0.25  # s.3 c: "reduced by one-quarter"


def test_every_parameter_is_used_by_name():
    source = "\n".join(path.read_text() for path in PACKAGE.rglob("*.py"))
    unused = [name for name in enacted().parameters
              if not re.search(rf"(\.{name}\b|[\"']{name}[\"'])", source)]
    assert not unused, f"parameters never used: {unused}"


@pytest.mark.parametrize("module", RULE_MODULES)
def test_rules_hold_no_bare_statutory_number(module):
    tree = ast.parse((PACKAGE / module).read_text())
    bare = [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, (int, float))
            and not isinstance(node.value, bool) and node.value not in (0, 1, -1, 2)]
    assert not bare, f"{module}: numbers that belong in parameters.yaml: {bare}"
