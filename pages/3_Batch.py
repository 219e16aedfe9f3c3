"""Batch: a CSV of scenarios evaluated row by row, with progress, errors per row and a download."""
import io

import pandas as pd
import streamlit as st

from grownj import batch
from grownj.scenario import FIELDS
from grownj.export import to_xlsx
from grownj.ui import downloads, page
from grownj.ui.text import plain

CHUNK_ROWS = 20_000  # small chunks so the progress bar moves on a large file

page.setup("Batch")
page.nav()
st.title("Batch: many scenarios at once")
st.caption("Upload a CSV with one scenario per row and the contract's field names as columns "
           f"({', '.join(list(FIELDS)[:6])}, ...). Empty cells and missing columns take the defaults; a bad "
           "row gets an error and keeps its place. Other columns (an id, a company name) are carried through.")

upload = st.file_uploader("Scenarios CSV", type=["csv"], key="w_batch_upload")
if upload is not None and st.button("Evaluate every row", type="primary"):
    bar = st.progress(0.0, text="Reading...")
    total = max(upload.getvalue().count(b"\n") - 1, 1)
    sink = io.StringIO()
    try:
        rows = batch.run(io.BytesIO(upload.getvalue()), sink, chunk_rows=CHUNK_ROWS,
                         on_progress=lambda done: bar.progress(min(done / total, 1.0), text=f"{done:,} rows done"))
    except batch.BatchError as exc:
        bar.empty()
        st.error(plain(str(exc)))
    else:
        bar.progress(1.0, text=f"{rows:,} rows done")
        st.session_state["batch_result"] = (upload.name, sink.getvalue())

if "batch_result" in st.session_state:
    name, text = st.session_state["batch_result"]
    results = pd.read_csv(io.StringIO(text), keep_default_na=False, dtype={"error": str, "reasons": str},
                          low_memory=False)
    bad = results["error"] != ""
    credit = pd.to_numeric(results["total_credit"], errors="coerce")
    cols = st.columns(4)
    cols[0].metric("Rows", f"{len(results):,}")
    cols[1].metric("Rows with errors", f"{int(bad.sum()):,}")
    cols[2].metric("Eligible", f"{int((results['eligible'].astype(str) == 'True').sum()):,}")
    cols[3].metric("Total credit, all rows", f"${credit.sum():,.0f}")
    st.dataframe(results.head(500), hide_index=True, width="stretch")
    st.download_button("Download results CSV", text, f"results-{name}", "text/csv")
    if len(results) <= 100_000:  # a spreadsheet of more rows is of little use; the CSV has them all
        st.download_button("Download results XLSX", lambda: to_xlsx({"Results": results}),
                           f"results-{name.rsplit('.', 1)[0]}.xlsx", downloads.XLSX)
