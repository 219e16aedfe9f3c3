"""The package's names: `grownj.evaluate(scenario)` and `grownj.schedule(...)` are functions, and the
modules they live in have names of their own, so that importing a module never hands back a function."""
import importlib

import grownj


def test_grownj_evaluate_is_the_function_and_its_module_is_not_hidden():
    import grownj.engine.evaluation as module

    assert module is importlib.import_module("grownj.engine.evaluation")
    assert grownj.evaluate is module.evaluate and callable(grownj.evaluate)  # grownj.evaluate(scenario) as before


def test_grownj_schedule_is_the_function_and_its_module_is_not_hidden():
    import grownj.programs.schedule as module

    assert module is importlib.import_module("grownj.programs.schedule")
    assert grownj.schedule is module.schedule and callable(grownj.schedule)
