"""evaluate and evaluate_frame agree row for row on thousands of random scenarios."""
import random

import pandas as pd
from hypothesis import HealthCheck, given, settings

import grownj
from strategies import scenarios

KEYS = ("annual_credit", "total_credit", "gross_per_job", "per_job_new", "per_job_retained", "annual_credit_uncapped")


def test_thousands_of_rows_agree():
    rows = []

    @settings(max_examples=3000, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(scenarios())
    def collect(data):
        rows.append(data)

    collect()
    assert len(rows) >= 2000
    frame = grownj.evaluate_frame(pd.DataFrame(rows))
    sample = random.Random(1).sample(range(len(rows)), 2000)
    for i in sample:
        expected = grownj.evaluate(rows[i]).to_dict()
        assert [frame.iloc[i][k] for k in KEYS] == [expected[k] for k in KEYS], rows[i]
