"""A parameter's name in words: the reform editor's boxes and the statute behind a component show
"Bonus c(12): southern municipality with a high revitalization index", not "bonus_c12_mri". The words
are the parameter's own `label` in parameters.yaml, the same in every version of the law."""
from __future__ import annotations

from ..law import Law, enacted


def parameter_label(name: str, law: Law | None = None) -> str:
    """A parameter's label: "cap_mega_gsgz" reads "Per-job cap for a mega project or in a Garden State Growth Zone"."""
    return (law or enacted()).parameter(name).label
