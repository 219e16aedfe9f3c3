"""Exports escape cells that a spreadsheet would run as formulas (issue 7)."""
import pandas as pd

from grownj.export import escape_formulas, to_csv


def test_formula_cells_are_escaped_numbers_are_not():
    frame = pd.DataFrame({"company": ["=cmd|' /C calc'!A0", "+1+1", "@SUM(A1)", "-2+3", "Acme"],
                          "credit": [-5.0, 1.0, 2.0, 3.0, 4.0]})
    out = escape_formulas(frame)
    assert list(out["company"]) == ["'=cmd|' /C calc'!A0", "'+1+1", "'@SUM(A1)", "'-2+3", "Acme"]
    assert list(out["credit"]) == [-5.0, 1.0, 2.0, 3.0, 4.0]
    assert "'=cmd" in to_csv(frame)
