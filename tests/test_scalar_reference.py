"""The scalar reference (tests/scalar_reference.py), the loop scripts/benchmark.py times the engine
against, computes what evaluate_frame computes: eligibility and the annual credit to the cent, and
the net benefit horizon, on random frames with a fifth failing eligibility (the benchmark's
loop is the tests' reference, not a second copy of the law that nothing checks)."""
import pytest

import grownj
from scalar_reference import mixed_frame, random_frame, yardstick


@pytest.mark.parametrize("frame", [random_frame(3_000, seed=3), mixed_frame(3_000, seed=5)], ids=["random", "mixed"])
def test_the_scalar_reference_is_the_engine_row_by_row(frame):
    out = grownj.evaluate_frame(frame, None, False)
    rows = yardstick(frame.to_dict("records"))
    for i, (eligible, credit, total, years) in enumerate(rows):
        engine = out.iloc[i]
        assert eligible == bool(engine["eligible"]), i
        assert credit == pytest.approx(engine["annual_credit"], abs=0.005), i
        assert total == pytest.approx(engine["total_credit"], abs=0.05), i
        assert years == engine["net_benefit_years"], i
