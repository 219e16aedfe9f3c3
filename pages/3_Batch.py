"""Batch: a CSV of scenarios evaluated row by row, with progress, errors per row and a download."""
import io

import pandas as pd
import streamlit as st

from grownj import FIELDS, OUTPUTS
from grownj.engine import batch
from grownj.engine.export import about_line, csv_bytes, file_name, numbers_as_numbers, table_xlsx, to_csv
from grownj.engine.frame import evaluate_frame
from grownj.ui import downloads, law_choice, page, state
from grownj.ui.formats import DOLLARS, whole_dollars
from grownj.ui.text import error_in_words, plain, rounded

RESULT = "batch_result"
# What a person reads first, by the outputs' labels; every column is in the download.
SHOWN = {"error": "Error in the row", **{k: OUTPUTS[k].label for k in (
    "eligible", "annual_credit", "total_credit", "per_job_new", "per_job_retained", "reasons")}}
MONEY = tuple(k for k in SHOWN if k in OUTPUTS and OUTPUTS[k].kind == "money")


def when_empty(default) -> str:
    """A field's default as the file would give it: "true" or "false" as the Expects column says, not
    Python's True."""
    return "empty" if default is None else str(default).lower() if isinstance(default, bool) else str(default)


page.setup("Batch")
page.nav()
page.title("Batch: many scenarios at once", "pages/3_Batch.py")
st.caption("Upload a CSV with one scenario per row and the column names listed below (each with its meaning) as "
           "columns, as in the CSV template. Empty cells and "
           "missing columns take the defaults; a bad row gets an error and keeps its place. Other columns (an id, "
           "a company name) are carried through.")
law = law_choice.choose("w_batch_law")  # every row under the project's law, as every page computes
left, right = st.columns([3, 1])
with left.expander("The columns a file may have"):
    st.dataframe(pd.DataFrame([{"Column": f.name, "Means": f.label, "Expects": f.expects,
                                "When empty": when_empty(f.default)} for f in FIELDS.values()]),
                 hide_index=True, width="stretch")
downloads.button(right, "CSV template", to_csv(pd.DataFrame([{"company": "Example company", **state.DEFAULT}])),
                 "grownj-batch-template.csv", "text/csv", help="Every column, with the example project as a row.")

upload = st.file_uploader("Scenarios CSV", type=["csv"], key="w_batch_upload")
held = st.session_state.get(RESULT, {})
if upload is None or held.get("file_id") != upload.file_id or held.get("law") != law.version:
    st.session_state.pop(RESULT, None)  # results belong to the file and the law they came from
if upload is not None and st.button("Evaluate every row", type="primary"):
    bar = st.progress(0.0, text="Reading...")
    total = max(upload.getvalue().count(b"\n") - 1, 1)
    sink, source = io.BytesIO(), io.BytesIO(upload.getvalue())  # the download is the command's bytes
    source.name = upload.name  # messages name the file the user chose
    try:
        # The bar moves after every chunk.
        rows = batch.run(source, sink, progress_rows=batch.CHUNK_ROWS, table=lambda frame: evaluate_frame(frame, law),
                         on_progress=lambda done: bar.progress(min(done / total, 1.0), text=f"{done:,} rows done"))
    except batch.BatchError as exc:
        bar.empty()
        st.error(plain(str(exc)))
    else:
        bar.progress(1.0, text=f"{rows:,} rows done")
        st.session_state[RESULT] = {"file_id": upload.file_id, "name": upload.name, "data": sink.getvalue(),
                                    "law": law.version}

if RESULT in st.session_state:
    name, data = st.session_state[RESULT]["name"], st.session_state[RESULT]["data"]
    results = pd.read_csv(io.BytesIO(data), keep_default_na=False, dtype={"error": str, "reasons": str},
                          low_memory=False)
    bad = results["error"] != ""
    credit = pd.to_numeric(results["total_credit"], errors="coerce")
    cols = st.columns(4)
    cols[0].metric("Rows", f"{len(results):,}")
    cols[1].metric("Rows with errors", f"{int(bad.sum()):,}")
    cols[2].metric("Eligible", f"{int((results['eligible'].astype(str) == 'True').sum()):,}")
    cols[3].metric("Total credit, all rows", whole_dollars(credit.sum()))
    carried = [c for c in results.columns[:list(results.columns).index("eligible")] if c not in FIELDS]
    given = [c for c in results.columns if c in FIELDS]
    screen = results.head(500)[[*carried, *SHOWN, *given]].rename(columns=SHOWN)
    for column in MONEY:
        screen[SHOWN[column]] = pd.to_numeric(screen[SHOWN[column]], errors="coerce")
    # In words, as every page says it; a row with an error has no answer.
    screen["Eligible"] = screen["Eligible"].astype(str).map({"True": "yes", "False": "no"}).fillna("")
    screen["Error in the row"] = screen["Error in the row"].map(error_in_words)  # "Location tier", not location_tier
    st.caption("The first 500 rows: the row's error first, then its result, then the fields it gave. "
               "The download has every column of every row.")
    st.dataframe(rounded(screen, dollars=[SHOWN[c] for c in MONEY]), hide_index=True, width="stretch",
                 column_config={SHOWN[c]: st.column_config.NumberColumn(**DOLLARS) for c in MONEY})
    # Each file's first row (the XLSX's About sheet) says what it holds and under which law; every
    # column of numbers as numbers, not the text a row gave (" 300 ").
    said = downloads.about(law, project=f"Scenarios of {name}")

    def numbered() -> pd.DataFrame:
        return numbers_as_numbers(results, [c for c in results.columns if c in FIELDS or c in OUTPUTS])

    downloads.button(st, "Download results CSV", lambda: about_line(said).encode() + csv_bytes(numbered()),
                     f"results-{name}", "text/csv")
    if len(results) <= 100_000:  # a spreadsheet of more rows is of little use; the CSV has them all
        downloads.button(st, "Download results XLSX", lambda: table_xlsx({"Results": numbered()}, said),
                         file_name(said.project, "results", "xlsx"), downloads.XLSX)
