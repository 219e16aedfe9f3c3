"""Every award explained under every law version and a reform, as the Published awards page shows
them; also run on its own (`python -m grownj.awards.explained REFORM_JSON`) by the dashboard's
warm-up, which reads the table pickled from its output."""
from __future__ import annotations

import pickle
import sys

import pandas as pd

from ..engine.reform import Reform
from ..law import VERSIONS
from . import approvals


def under(reform_json: str) -> pd.DataFrame:
    """The awards table under each law version and the reform written as `reform_json`."""
    return approvals.table(tuple(VERSIONS), Reform.from_text(reform_json).apply())


if __name__ == "__main__":
    sys.stdout.buffer.write(pickle.dumps(under(sys.argv[1])))
