"""Exports escape cells that a spreadsheet would run as formulas."""
import pandas as pd
import pytest

from grownj.engine.export import escape_formulas, to_csv
from apptest import open_app


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
    """A stream's text; a stream whose last byte is a carriage return loses it to the pattern that
    finds it (`\r?\nendstream`), so what inflates before the end is taken."""
    import zlib
    try:
        return zlib.decompressobj().decompress(data)
    except zlib.error:
        return b""


def test_the_brief_and_a_chart_file_name_the_project(chromium):
    """The project's name, the date, the law and a link back, on what leaves the app."""
    import re
    from datetime import date

    import grownj
    from grownj import charts
    from grownj.engine.export import About, brief_pdf, titled
    r = grownj.evaluate({"location_tier": "uth", "new_jobs": 100, "capital_investment": 1e7})
    fig = charts.composition_figure(r)
    assert titled(fig, "Holtec <b>").layout.title.text == "Holtec &lt;b&gt;: Credit per job per year"
    assert fig.layout.title.text == "Credit per job per year"  # the chart on screen is left as it was
    pdf = brief_pdf(r, {"composition": fig}, [], About("Holtec", "as enacted", date(2026, 12, 3),
                                                      "http://localhost:8501/?preset=Holtec"))
    text = b"".join(_inflate(m) for m in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S))
    assert b"Holtec" in text and b"2026-12-03" in text and b"as enacted" in text
    assert b"localhost:8501" in pdf  # the link, written out and clickable


def test_the_brief_shows_whole_dollars_words_and_the_state_s_side(chromium):
    """The brief showed cents ("$56,521.74", "Per-job cap $15,000: $0.00"), the tier's
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


def words_on_page(pdf: bytes) -> tuple[list[tuple[str, float, float, float]], tuple[float, float]]:
    """Every word the PDF shows, as (word, left, right, baseline) in points, and the page's (width,
    height): the text and its position as pypdf reads them, each word's width from the core font's
    own metrics (the brief writes in Helvetica, whose widths a PDF does not carry)."""
    import io

    import pypdf
    from fpdf.fonts import CORE_FONTS_CHARWIDTHS

    fonts = {"/Helvetica": "helvetica", "/Helvetica-Bold": "helveticaB", "/Helvetica-Oblique": "helveticaI",
             "/Helvetica-BoldOblique": "helveticaBI"}
    page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0]
    words = []

    def seen(text, cm, tm, font, size):
        if not text.strip():
            return
        widths = CORE_FONTS_CHARWIDTHS[fonts[font["/BaseFont"]]]
        x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
        for piece in text.replace("\n", " ").split(" "):
            width = sum(widths.get(c, 1000) for c in piece) * size * tm[0] / 1000
            if piece:
                words.append((piece, x, x + width, y))
            x += width + widths[" "] * size * tm[0] / 1000

    page.extract_text(visitor_text=seen)
    return words, (float(page.mediabox.width), float(page.mediabox.height))


def test_every_word_of_the_brief_lies_on_the_page(chromium):
    """The brief wrote each line in one cell that ran past the right edge: the State's side ("...over
    35 yea"), the link and a long award's name were cut. Every word lies inside the page's box, for a
    long award name, long sentences and a link with no space to wrap at."""
    from datetime import date

    import grownj
    from grownj import charts
    from grownj.engine.export import About, brief_pdf

    r = grownj.evaluate({"location_tier": "uth", "new_jobs": 300, "capital_investment": 8.2e7})
    name = ("Philadelphia 76ers training complex and practice facility with its offices and community fields, "
            "Camden (published) (edited)")
    link = "http://127.0.0.1:8501/?" + "&".join(f"field_{i}=value%20{i}" for i in range(40))
    sentence = ("As an economist would count it, the change in residents' real incomes: -$8,118,423 (6% chance "
                "the expected gain is positive, over the assumptions (5-95% range -$13,365,044 to $1,057,154)) ") * 3
    about = About(name, "prior law, P.L.2013 c.161 (where the markup recovers it)", date(2026, 12, 8), link,
                  "grownj 0.1.0", "Newark (Essex)", "New full-time jobs 300, was 250; " * 8)
    pdf = brief_pdf(r, {"composition": charts.composition_figure(r)}, [sentence], about,
                    state_side=[sentence, sentence])
    words, (width, height) = words_on_page(pdf)
    outside = [w for w in words if not (0 <= w[1] and w[2] <= width and 0 <= w[3] <= height)]
    assert len(words) > 300 and not outside, outside[:5]
    text = " ".join(w[0] for w in words)
    assert "Newark" in text and "P.L.2013" in text and "fields," in text  # the name and place, whole
    assert "field_39=value%2039" in "".join(w[0] for w in words)  # the link to its last character


HOLTEC = "Holtec International, Camden (published)"
DOWNLOAD_PAGES = ["app.py", "pages/1_Schedule.py", "pages/2_Compare_locations.py", "pages/4_Risk.py",
                  "pages/5_Policy_reforms.py", "pages/7_Rest_of_the_Act.py", "pages/8_Net_benefit.py",
                  "pages/9_Published_awards.py", "pages/3_Batch.py"]


def _files_of(page: str, monkeypatch, query: dict[str, str] | None = None) -> dict[str, tuple]:
    """Every download a page offers for Holtec (or the link's `query`), {label: (data, file name)}, read
    as the buttons are drawn."""
    from grownj.ui import downloads
    import test_widgets

    offered = {}
    monkeypatch.setattr(downloads, "button", lambda where, label, data, name, *a, **k: offered.setdefault(
        label, (data, name)))
    at = open_app(page, query=query or {"preset": HOLTEC}, timeout=120)
    if "Batch" in page:
        at.file_uploader(key="w_batch_upload").set_value(("rows.csv", b"company,new_jobs\nA,40\n", "text/csv")).run()
        next(b for b in at.button if b.label == "Evaluate every row").click().run()
    test_widgets.open_folds(at)
    assert not at.exception
    offered["screen"] = (" ".join(m.value for m in at.markdown).replace("\\", ""), "")
    return offered


def _text_of(data, name: str) -> str:
    """What a reader of the file sees, as text."""
    import io
    import re

    data = data() if callable(data) else data
    if name.endswith(".xlsx"):
        import openpyxl
        book = openpyxl.load_workbook(io.BytesIO(data))
        assert book.sheetnames[0] == "About"
        return " ".join(str(c.value) for row in book["About"].iter_rows() for c in row)
    if name.endswith(".png"):
        from PIL import Image
        return " ".join(Image.open(io.BytesIO(data)).info.get(k, "") for k in ("Title", "Description"))
    if name.endswith(".pdf"):
        return b"".join(_inflate(m) for m in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S)).decode(
            "latin-1").replace("\\", "")
    return data if isinstance(data, str) else data.decode()


HOLTEC_LAW = "prior law, P.L.2013 c.161"


@pytest.mark.parametrize("page", DOWNLOAD_PAGES)
def test_every_download_names_its_project_and_law(page, monkeypatch, chromium):
    """A walk found components.csv, grownj.xlsx, schedule.csv, ... named neither project nor law,
    and two projects' files had the same names."""
    import re

    offered = _files_of(page, monkeypatch)
    offered.pop("screen")
    assert offered
    for label, (data, name) in offered.items():
        assert not re.search(r"['\"/]", name), name
        if label in ("CSV template", "Download scenario JSON", "Download reform JSON"):
            continue  # files to read back in: the contract's columns and fields, named after what they hold
        if page == "app.py" and "PNG" in label or "PDF" in label:
            pass  # drawn by Chromium: one of each, below
        elif "PNG" in label:
            continue
        text = _text_of(data, name)
        if "Published" in page:
            assert "Published Grow NJ awards" in text and "approval date" in text, (label, text[:300])
        elif "portfolio" in label:  # the presets' portfolio, not the sidebar's project
            assert "The presets" in name and "The presets" in text and "baseline" in text, (label, text[:300])
        elif "Batch" in page:
            assert "rows.csv" in text and HOLTEC_LAW in text, (label, text[:300])
        else:
            assert "Holtec International" in name, name
            # Holtec's law: in force on its approval date, prior law, on every page (a reform's: its baseline).
            assert "Holtec International" in text and (HOLTEC_LAW in text or "baseline" in text), (label, text[:300])
        assert "grownj 0.1.0" in text and re.search(r"\d{4}-\d\d-\d\d", text), (label, text[:300])
        if name.endswith(".pdf"):  # a cap that does not apply read "$0"
            assert "Per-job cap $15,000: does not apply" in text and "$15,000: $0" not in text


# The 76ers with 300 new jobs placed in Camden, then Newark, as the sidebar leaves the link.
SIXERS_IN_NEWARK = {"preset": "Philadelphia 76ers training complex, Camden (published)", "place": "Newark (Essex)",
                    "location_tier": "uth", "mrera": "false", "south_jersey": "false", "new_jobs": "300",
                    "county_average_salary": "64324"}


@pytest.mark.parametrize("page", ["app.py", "pages/1_Schedule.py", "pages/2_Compare_locations.py", "pages/4_Risk.py",
                                  "pages/8_Net_benefit.py"])
def test_a_moved_project_s_files_name_its_place_its_edits_and_its_law(page, monkeypatch, chromium):
    """The screen said "placed in Newark (Essex)" and $1,650,000; the PNG, HTML, PDF, CSV and XLSX
    were titled "...Camden (published) (edited)" and named Newark nowhere but inside the link."""
    offered = _files_of(page, monkeypatch, SIXERS_IN_NEWARK)
    screen, _ = offered.pop("screen")
    assert "Philadelphia 76ers training complex, Camden (published) (edited), placed in Newark (Essex)" in screen
    kinds = set()
    for label, (data, name) in offered.items():
        if label in ("Download scenario JSON",):
            continue  # the scenario itself: its own test
        if "PNG" in label and page != "app.py":
            continue  # drawn by Chromium: the calculator's, as every page's are drawn alike
        kinds.add(name.rsplit(".", 1)[1])
        text = _text_of(data, name)
        assert "placed in Newark (Essex)" in name, name
        assert "Newark (Essex)" in text and HOLTEC_LAW in text, (label, text[:400])
        assert "New full-time jobs 300, was 250" in text, (label, text[:400])
        if name.endswith(".pdf"):
            assert "$1,650,000" in text  # the screen's annual credit: 300 x $5,500 (s.5 b(1), c(7))
    assert kinds >= ({"csv", "xlsx", "png", "html", "pdf"} if page == "app.py" else {"xlsx"}), kinds


def test_a_table_file_has_words_for_headers_and_numbers_rounded_as_shown():
    """A walk found 65822.78481012658, 27225000.000000004, "'-$25,456,770" and facility_jobs."""
    import io
    from datetime import date

    from grownj.engine.export import About, table_csv

    frame = pd.DataFrame({"facility_jobs": [10.0], "credit": [27225000.000000004], "per_job": [65822.78481012658],
                          "NPV at low end": ["-$25,456,770"], "share": [0.0321234]})
    text = table_csv(frame, About("Holtec", "as enacted", date(2026, 12, 7)))
    first, rest = text.split("\n", 1)
    assert first.startswith("Project: Holtec,Law: as enacted,Made on: 2026-12-07")
    back = pd.read_csv(io.StringIO(rest))
    assert list(back.columns) == ["Facility jobs", "Credit", "Per job", "NPV at low end", "Share"]
    assert back.iloc[0].tolist() == [10.0, 27225000.0, 65822.78, -25456770, 0.0321]
    assert "27225000.000000004" not in text and "'" not in rest


def test_a_band_of_money_is_two_numbers_in_a_file_and_formulas_stay_escaped():
    """Compare's "NPV 5-95%" column ("-$12.3M to $1.1M") began with a minus, so its CSV cells read
    "'-$12.3M to $1.1M": a band is its two ends as numbers, and a text cell that starts like a
    formula (= + - @) is still escaped."""
    import io
    from datetime import date

    import openpyxl

    from grownj.engine.export import About, table_csv, table_xlsx

    frame = pd.DataFrame({"Location": ["Newark", "=HYPERLINK(\"x\")", "-2+3"],
                          "NPV 5-95%": ["-$12.3M to $1.1M", "-$13,365,044 to $1,057,154", ""]})
    about = About("76ers", "as enacted", date(2026, 12, 8))
    rest = table_csv(frame, about).split("\n", 1)[1]
    back = pd.read_csv(io.StringIO(rest))
    assert list(back.columns) == ["Location", "NPV 5-95%, low", "NPV 5-95%, high"]
    assert back.iloc[:2, 1:].values.tolist() == [[-12_300_000, 1_100_000], [-13_365_044, 1_057_154]]
    assert list(back["Location"]) == ["Newark", "'=HYPERLINK(\"x\")", "'-2+3"] and "'-$" not in rest
    sheet = openpyxl.load_workbook(io.BytesIO(table_xlsx({"Compare": frame}, about)))["Compare"]
    assert [c.value for c in sheet["B"]] == ["NPV 5-95%, low", -12_300_000, -13_365_044, None]


def test_batch_results_say_their_law_and_give_jobs_as_numbers(monkeypatch):
    """The Batch results CSV had no project or law line, and its jobs column was text (the cells as
    a row gave them, " 300 "): both files now say what they hold, and a column of numbers is numbers."""
    import io

    import openpyxl

    from grownj.ui import downloads

    offered = {}
    monkeypatch.setattr(downloads, "button", lambda where, label, data, name, *a, **k: offered.setdefault(
        label, (data, name)))
    at = open_app("pages/3_Batch.py", timeout=120)
    at.file_uploader(key="w_batch_upload").set_value(
        ("rows.csv", b"company,new_jobs,retained_jobs\n00123, 300 ,\nB,40,10\n", "text/csv")).run()
    next(b for b in at.button if b.label == "Evaluate every row").click().run()
    assert not at.exception
    data, _ = offered["Download results CSV"]
    first, rest = data().decode().split("\n", 1)
    assert "Scenarios of rows.csv" in first and "Law: as enacted" in first, first
    back = pd.read_csv(io.StringIO(rest), dtype={"company": str})
    assert back["new_jobs"].tolist() == [300, 40] and back["company"].tolist() == ["00123", "B"]
    assert back["total_credit"].dtype.kind == "f"
    data, _ = offered["Download results XLSX"]
    sheet = openpyxl.load_workbook(io.BytesIO(data()))["Results"]
    header = [c.value for c in sheet[1]]
    assert [row[header.index("New full-time jobs")].value for row in sheet.iter_rows(min_row=2)] == [300, 40]
