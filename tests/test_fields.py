"""One way to declare and check an input (grownj.machinery.fields), and every input model using it."""
import dataclasses
import math
from datetime import date

import pytest

from grownj.programs import credit_use, deadlines, erg, exemption
from grownj.economics.net_benefit import assumption_table
from grownj.engine.reform import check_value, value_field
from grownj.economics.risk import RiskInputs
from grownj.programs.schedule import Path
from grownj.law import VERSIONS, enacted, load
from grownj.machinery.fields import KINDS, MAX_MONEY, Field, ScenarioError, fields_of, quoted
from grownj.rules.scenario import FIELDS, Scenario

DECLARED = (Scenario, Path, RiskInputs)
CALCULATOR_SPECS = {"credit_use": credit_use.SPECS, "deadlines": deadlines.SPECS, "erg": erg.SPECS,
                    "exemption": exemption.SPECS}


@pytest.mark.parametrize("model", DECLARED, ids=lambda m: m.__name__)
def test_a_declared_model_carries_a_field_on_every_attribute(model):
    attributes = dataclasses.fields(model)
    assert all(isinstance(a.metadata.get("field"), Field) for a in attributes)
    declared = fields_of(model)
    assert list(declared) == [a.name for a in attributes]
    for name, f in declared.items():
        assert f.name == name and f.check(f.default) == f.default  # the default is a value it accepts


def test_the_scenario_table_is_read_from_the_dataclass():
    assert FIELDS == fields_of(Scenario) and len(FIELDS) == 40
    assert Scenario() == Scenario(**{name: f.default for name, f in FIELDS.items()})


@pytest.mark.parametrize("calculator", list(CALCULATOR_SPECS))
def test_every_calculator_input_is_a_field(calculator):
    for spec in CALCULATOR_SPECS[calculator].values():
        assert isinstance(spec, Field) and spec.optional  # null is "not given"


@pytest.mark.parametrize("version", VERSIONS)
def test_every_reform_parameter_has_a_field_that_takes_the_laws_own_value(version):
    law = load(version)
    for name in law.parameters:
        p = law.parameter(name)
        assert isinstance(value_field(p), Field) and value_field(p).name == name
        assert check_value(p, p.value) == p.value


def test_every_net_benefit_assumption_is_a_field_that_takes_its_default():
    for name, a in assumption_table().items():
        assert isinstance(a.field, Field) and a.field.name == f"assumptions.{name}"
        assert a.field.check(a.value) == a.value


def test_statutory_bounds_come_from_the_law():
    # s.3 a: "an eligibility period not to exceed 10 years"; a risk ramp fits in the longest period.
    assert FIELDS["eligibility_years"].maximum == enacted().eligibility_years_max
    assert fields_of(RiskInputs)["ramp_years"].maximum == enacted().eligibility_years_max


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_says_what_it_expects(kind):
    words = Field("x", kind, choices=("a", "b")).expects
    assert words and "{" not in words


@pytest.mark.parametrize("value", ["10", True, 1.5, -1, math.nan, math.inf, 10_000_001, None, [1]])
def test_a_count_is_strict(value):
    with pytest.raises(ScenarioError) as err:
        Field("new_jobs", "count").check(value)
    assert err.value.field == "new_jobs"
    assert str(err.value) == f"new_jobs: must be a whole number from 0 to 10,000,000, got {quoted(value)}"


def test_numbers_come_back_as_the_model_holds_them():
    assert type(Field("n", "count").check(3.0)) is int
    assert type(Field("m", "money").check(5)) is int  # a scenario's money as it was given
    assert type(Field("m", "money", as_float=True).check(5)) is float
    assert Field("m", "optional_money").check(None) is None
    assert Field("r", "optional_number").check(3) == 3.0


def test_dates_lists_and_choices():
    assert Field("d", "date").check("2019-01-31") == date(2019, 1, 31)
    with pytest.raises(ScenarioError, match="d: must be a date as YYYY-MM-DD, got 5"):
        Field("d", "date").check(5)
    money_list = Field("credits", "money_list")
    assert money_list.check([1, 2.5]) == (1, 2.5)
    for bad in ([], [-1], [MAX_MONEY * 2], [1] * 101, "1"):
        with pytest.raises(ScenarioError, match="credits: must be a list of up to 100 numbers from 0 to "):
            money_list.check(bad)
    # Position by position: null only where the item allows it.
    positions = Field("caps", "list", item=(Field("", "number"), Field("", "number", optional=True)),
                      minimum=2, maximum=2)
    assert positions.check([1, None]) == (1, None)
    with pytest.raises(ScenarioError):
        positions.check([None, 1])
    with pytest.raises(ScenarioError, match="tier: must be one of a, b, got 'c'"):
        Field("tier", "choice", choices=("a", "b")).check("c")


def test_a_refused_number_is_quoted_as_a_person_writes_it():
    """An error read "got 1000000000000000.0"."""
    assert [quoted(v) for v in (1e15, 10_000_001, -1.0, 2.5, "abc", True)] == [
        "1,000,000,000,000,000", "10,000,001", "-1", "2.5", "'abc'", "True"]


def test_every_scenario_field_has_its_sidebar_group():
    """The sidebar's groups and a location's site fields are read from each Field's group,
    so no field can be left out of the sidebar."""
    from grownj.rules.scenario import FIELDS, GROUPS, WHERE
    from grownj.ui.inputs import GROUPS as SIDEBAR
    from grownj.ui.locations import SITE_FIELDS
    # The municipality is the sidebar's place picker, above the groups, whose choice fills them.
    boxed = {n: f for n, f in FIELDS.items() if n != "municipality"}
    assert all(f.group in GROUPS for f in boxed.values())
    assert sorted(sum(SIDEBAR.values(), [])) == sorted(boxed) and list(SIDEBAR) == list(GROUPS)
    assert set(SITE_FIELDS) == {n for n, f in FIELDS.items() if f.group == WHERE} | {"county_average_salary"}
