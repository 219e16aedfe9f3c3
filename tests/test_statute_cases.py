"""Statute-derived cases (tests/cases/*.yaml, one file per section of `evaluate`, and one file a
program of the rest of the Act, program_NAME.yaml) and the contract's worked examples: each case
names its section; money is compared to the cent. A case may give the law, a reform's parameters,
and, for a refusal, the start of the error instead of an output."""
import datetime
from pathlib import Path

import pytest
import yaml

import grownj
from grownj.cli import ACT_COMMANDS
from grownj.engine.reform import Reform, ReformError
from grownj.rules.scenario import ScenarioError

HERE = Path(__file__).parent
FILES = sorted((HERE / "cases").glob("*.yaml")) + [HERE / "worked_examples.yaml"]
CASES = [(path.stem, case) for path in FILES for case in yaml.safe_load(path.read_text())]
# Each program as the command line runs it: a JSON object in, its result as a dict out.
PROGRAMS = {"evaluate": lambda data, law: grownj.evaluate(data, law=law).to_dict(),
            "schedule": lambda data, law: grownj.schedule(data, law=law).to_dict(),
            **{name.replace("-", "_"): (lambda run: lambda data, law: run(data, law).to_dict())(run)
               for name, (run, _) in ACT_COMMANDS.items()}}


def program(file: str) -> str:
    return file.removeprefix("program_") if file.startswith("program_") else "evaluate"


def expected_matches(key, expected, actual):
    if key == "bonuses":
        # Listed bonuses must match; every other one must be 0.
        return {k: actual[k] for k in actual if actual[k] or k in expected} == {k: float(v) for k, v in expected.items()}
    if isinstance(actual, datetime.date):
        return str(actual) == str(expected)
    if isinstance(expected, bool) or expected is None or isinstance(expected, str):
        return actual == expected
    if isinstance(expected, list):
        return len(expected) == len(actual) and all(expected_matches(None, e, a) for e, a in zip(expected, actual))
    return actual == pytest.approx(expected, abs=0.005)


def looked_up(result, path: str):
    """A dotted path into a result: "years.2.credit" is the third year's credit."""
    for part in path.split("."):
        result = result[int(part)] if isinstance(result, list) else result[part]
    return result


@pytest.mark.parametrize("file, case", CASES, ids=[f"{f}: {c['name']}" for f, c in CASES])
def test_case(file, case):
    assert case.get("citation") or "(s." in case["name"], "every case names its section"
    try:
        law = grownj.load(case.get("law", "enacted"))
        if case.get("reform"):
            law = Reform("case", law.version, case["reform"]).apply()
        result = PROGRAMS[program(file)](case["input"], law)
    except (ScenarioError, ReformError) as exc:
        assert case.get("error") and str(exc).startswith(case["error"]), str(exc)
        return
    assert not case.get("error"), f"expected the refusal {case['error']!r}"
    wrong = {k: (v, looked_up(result, k)) for k, v in case["output"].items()
             if not expected_matches(k, v, looked_up(result, k))}
    assert not wrong, f"expected vs computed: {wrong}"
