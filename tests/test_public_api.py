"""The package's names: `grownj.evaluate(scenario)` is the function, and the module it lives in has a
name of its own, so that importing the module never hands back the function (issue 34)."""
import importlib

import grownj


def test_grownj_evaluate_is_the_function_and_its_module_is_not_hidden():
    import grownj.evaluation as module

    assert module is importlib.import_module("grownj.evaluation")
    assert grownj.evaluate is module.evaluate and callable(grownj.evaluate)  # grownj.evaluate(scenario) as before
