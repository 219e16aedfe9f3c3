"""The rest of the Act's calculators under arbitrary JSON: each input either gives a result whose
totals add up, or a ScenarioError naming a field; never another exception."""
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grownj.programs.credit_use import SPECS as USE_SPECS, credit_use
from grownj.programs.deadlines import SPECS as DEADLINE_SPECS, deadlines
from grownj.programs.erg import SPECS as ERG_SPECS, erg_residential
from grownj.programs.exemption import SPECS as EXEMPTION_SPECS, gsgz_exemption
from grownj.rules.scenario import ScenarioError

ANY = st.recursive(st.none() | st.booleans() | st.integers(-10**15, 10**15) | st.floats() | st.text(max_size=12),
                   lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                   max_leaves=8)
PLAUSIBLE = {
    "money": st.floats(0, 1e9, allow_nan=False), "fraction": st.floats(0, 1), "rate": st.floats(0, 0.3),
    "count": st.integers(0, 40), "bool": st.booleans(), "date": st.dates().map(lambda d: d.isoformat()),
    "money_list": st.lists(st.floats(0, 1e8, allow_nan=False), min_size=1, max_size=12),
    "money_or_list": st.floats(0, 1e8, allow_nan=False) | st.lists(st.floats(0, 1e8, allow_nan=False), min_size=1,
                                                                    max_size=12),
}
CALCULATORS = [(credit_use, USE_SPECS, {"credits": [100000.0]}), (erg_residential, ERG_SPECS, {"county": "Camden"}),
               (gsgz_exemption, EXEMPTION_SPECS, {}), (deadlines, DEADLINE_SPECS, {})]


def inputs(specs, base):
    """Each field left out, plausible for its kind, or arbitrary JSON."""
    fields = {name: st.one_of(st.just(None), PLAUSIBLE.get(spec.kind, st.none()), ANY)
              for name, spec in specs.items() if spec.kind not in ("object", "choice")}
    return st.fixed_dictionaries({}, optional=fields).map(lambda d: {**base, **{k: v for k, v in d.items()
                                                                             if v is not None}})


@pytest.mark.parametrize("function, specs, base", CALCULATORS, ids=[c[0].__name__ for c in CALCULATORS])
def test_arbitrary_inputs_give_a_result_or_a_named_error(function, specs, base):
    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(inputs(specs, base))
    def check(data):
        try:
            out = function(data).to_dict()
        except ScenarioError as exc:
            assert exc.field in specs or exc.field in data, str(exc)
            return
        for key, value in out.items():
            if isinstance(value, float):
                assert math.isfinite(value), (key, value)
        for year in out.get("years", []):
            if "applied" in year:  # what is used or sold never exceeds what was earned
                assert year["applied"] <= year["liability"] + 0.01
            if "payment" in year:
                assert 0 <= year["payment"] <= year["full_taxes"] + 0.01

    check()
