"""grownj: the Grow New Jersey Assistance Program (P.L.2011 c.149 as amended by the Economic
Opportunity Act of 2014, Part 3) as code. The engine never imports streamlit."""
__version__ = "0.1.0"  # the one home of grownj's version: pyproject.toml reads it, every file made says it

from .engine.evaluation import evaluate
from .engine.frame import evaluate_frame
from .law import VERSIONS, Law, LawError, enacted, load
from .rules.outputs import OUTPUTS
from .rules.result import Check, Component, Result
from .rules.scenario import FIELDS, Scenario, ScenarioError

__all__ = ["evaluate", "evaluate_frame", "schedule", "Scenario", "ScenarioError", "FIELDS", "OUTPUTS", "Result",
           "Component", "Check", "Law", "LawError", "VERSIONS", "enacted", "load"]
from .programs.schedule import Path, Schedule, schedule  # noqa: E402  (schedule builds on evaluate)
