"""Statute-derived cases (tests/cases/*.yaml, one file per section) and the contract's worked
examples: each case names its section; money is compared to the cent."""
from pathlib import Path

import pytest
import yaml

import grownj

HERE = Path(__file__).parent
FILES = sorted((HERE / "cases").glob("*.yaml")) + [HERE / "worked_examples.yaml"]
CASES = [(path.stem, case) for path in FILES for case in yaml.safe_load(path.read_text())]


def expected_matches(key, expected, actual):
    if key == "bonuses":
        # Listed bonuses must match; every other one must be 0.
        return {k: actual[k] for k in actual if actual[k] or k in expected} == {k: float(v) for k, v in expected.items()}
    if isinstance(expected, bool) or expected is None or isinstance(expected, str):
        return actual == expected
    return actual == pytest.approx(expected, abs=0.005)


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{f}: {c['name']}" for f, c in CASES])
def test_case(case):
    assert case.get("citation") or "(s." in case["name"], "every case names its section"
    result = grownj.evaluate(case["input"], law=grownj.load(case.get("law", "enacted"))).to_dict()
    wrong = {k: (v, result[k]) for k, v in case["output"].items() if not expected_matches(k, v, result[k])}
    assert not wrong, f"expected vs computed: {wrong}"
