"""Exports escape cells that a spreadsheet would run as formulas (issue 7)."""
import pandas as pd

from grownj.engine.export import escape_formulas, to_csv


def test_formula_cells_are_escaped_numbers_are_not():
    frame = pd.DataFrame({"company": ["=cmd|' /C calc'!A0", "+1+1", "@SUM(A1)", "-2+3", "Acme"],
                          "credit": [-5.0, 1.0, 2.0, 3.0, 4.0]})
    out = escape_formulas(frame)
    assert list(out["company"]) == ["'=cmd|' /C calc'!A0", "'+1+1", "'@SUM(A1)", "'-2+3", "Acme"]
    assert list(out["credit"]) == [-5.0, 1.0, 2.0, 3.0, 4.0]
    assert "'=cmd" in to_csv(frame)


def test_xlsx_reads_back_with_escaped_formulas():
    import io

    import openpyxl

    from grownj.engine.export import to_xlsx
    data = to_xlsx({"Components": pd.DataFrame({"label": ["=1+1", "Base"], "amount": [5000.0, -1.0]})})
    sheet = openpyxl.load_workbook(io.BytesIO(data))["Components"]
    assert [c.value for c in sheet["A"]] == ["label", "'=1+1", "Base"]
    assert [c.value for c in sheet["B"]] == ["amount", 5000, -1]


def test_chart_html_is_self_contained():
    import grownj
    from grownj import charts
    from grownj.engine.export import chart_html
    page = chart_html(charts.composition_figure(grownj.evaluate({"location_tier": "uth", "new_jobs": 100})))
    assert "<html>" in page and "<script src=" not in page and len(page) > 1_000_000  # plotly.js inlined


def test_png_and_one_page_pdf_brief(chromium):
    import re

    import grownj
    from grownj import charts
    from grownj.engine.export import brief_pdf, chart_png
    r = grownj.evaluate({"location_tier": "uth", "new_jobs": 100, "capital_investment": 1e7})
    png = chart_png(charts.composition_figure(r), 800, 400)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") == 800 and int.from_bytes(png[20:24], "big") == 400
    pdf = brief_pdf(r, {"composition": charts.composition_figure(r)}, ["Assumption: none"])
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1
    text = b"".join(_inflate(m) for m in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S))
    assert rb"s.5 b\(1\)" in text and b"Annual credit $500,000" in text  # 100 x 5,000 (s.5 b(1))


def _inflate(data: bytes) -> bytes:
    import zlib
    try:
        return zlib.decompress(data)
    except zlib.error:
        return b""


def test_the_brief_and_a_chart_file_name_the_project(chromium):
    """Issue 18, 8: the project's name, the date, the law and a link back, on what leaves the app."""
    import re
    from datetime import date

    import grownj
    from grownj import charts
    from grownj.engine.export import brief_pdf, titled
    r = grownj.evaluate({"location_tier": "uth", "new_jobs": 100, "capital_investment": 1e7})
    fig = charts.composition_figure(r)
    assert titled(fig, "Holtec <b>").layout.title.text == "Holtec &lt;b&gt;: Credit per job per year"
    assert fig.layout.title.text == "Credit per job per year"  # the chart on screen is left as it was
    pdf = brief_pdf(r, {"composition": fig}, [], project="Holtec", law="as enacted",
                    link="http://localhost:8501/?preset=Holtec", on=date(2026, 12, 3))
    text = b"".join(_inflate(m) for m in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S))
    assert b"Holtec" in text and b"2026-12-03" in text and b"as enacted" in text
    assert b"localhost:8501" in pdf  # the link, written out and clickable


def test_the_brief_shows_whole_dollars_words_and_the_state_s_side(chromium):
    """Issue 30, 9: the brief showed cents ("$56,521.74", "Per-job cap $15,000: $0.00"), the tier's
    code and nothing of the State's side."""
    import re

    import grownj
    from grownj import charts
    from grownj.engine.export import brief_pdf
    r = grownj.evaluate({"location_tier": "uth", "new_jobs": 123, "capital_investment": 1e7, "average_salary": 61234.5})
    pdf = brief_pdf(r, {"composition": charts.composition_figure(r)}, [],
                    state_side=["As the authority runs the test: passes. Benefit $1,000 against 100% of the credit"])
    text = b"".join(_inflate(m) for m in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S))
    assert not re.search(rb"\$[\d,]+\.\d\d", text)
    assert b"Urban transit hub municipality" in text and b"UTH |" not in text
    assert b"The State's side" in text.replace(b"\\", b"") and b"As the authority runs the test" in text
