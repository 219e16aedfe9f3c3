"""Policy reforms: a law version or edited parameters against a baseline, for the current scenario
and over a portfolio of scenarios."""
import json

import pandas as pd
import streamlit as st

from grownj import VERSIONS, charts, load
from grownj.awards.presets import presets
from grownj.engine.batch import BatchError, check_header
from grownj.engine.reform import Reform, ReformError, changed, compare, compare_frame
from grownj.ui import downloads, inputs, page, passage, reforms, state
from grownj.ui.fold import fold
from grownj.ui.formats import whole_dollars
from grownj.ui.law_choice import version_words
from grownj.ui.text import error_in_words, plain


@st.cache_data(show_spinner=False, max_entries=64)
def portfolio(frame: pd.DataFrame, baseline: str, reform_json: str) -> pd.DataFrame:
    return compare_frame(frame, load(baseline), Reform.from_text(reform_json).apply())



page.setup("Policy reforms")
scenario = page.scenario()
page.nav()
inputs.sidebar(scenario)
slide = page.title("Policy reforms: baseline vs reform", "pages/5_Policy_reforms.py")  # presenter mode: charts first
page.notes().caption("Pick a law version, or change any parameter, and see what it does to the scenario in the sidebar "
           "and to a portfolio. Versions are read from the bill's markup (the Statute page shows it).")
# The scenario's figures go here, on the first screen; they follow the baseline and the reform
# chosen below.
figures = st.container()
names = list(VERSIONS)
# The baseline starts at the project's law: under another, the page's "baseline" credit was not the one
# every other page (and presenter mode's headline, above it) shows for the project.
baseline_version = st.selectbox("Baseline", names, format_func=version_words, index=names.index(state.law_version()),
                                key="w_reform_baseline",
                                help="Starts at the project's law, the one every other page computes it under.")
reform = reforms.current()
if "reform_problem" in st.session_state:
    st.warning(plain(st.session_state.pop("reform_problem")))
reform = reforms.editor(reform)
reforms.share(reform)
baseline_law, reform_law = load(baseline_version), reform.apply()
# What the page's files say they were computed under.
laws_said = f"baseline {version_words(baseline_version)}, against the reform {reform_law.name}"

diff = changed(baseline_law, reform_law)
st.subheader("What the reform changes")
if diff:
    described = {k: baseline_law.parameter(k) for k in diff}
    # A table that wraps: a grid cut a list of values at its cell's edge ("$2,000,000, $3,000,000...").
    st.table(pd.DataFrame([{"Parameter": reforms.parameter_label(k),
                            "Baseline": passage.value_text(b, described[k].unit),
                            "Reform": passage.value_text(r, described[k].unit), "Citation": baseline_law.cite(k)}
                           for k, (b, r) in diff.items()]), hide_index=True)
else:
    st.info("The reform restates the baseline: nothing changes.")

c = compare(scenario, baseline_law, reform_law)
figures.subheader("This scenario")
cols = figures.columns(4)
cols[0].metric("Annual credit, baseline", whole_dollars(c.baseline.annual_credit))
cols[1].metric("Annual credit, reform", whole_dollars(c.reform.annual_credit),
               delta=whole_dollars(c.difference["annual_credit"], signed=True) if c.difference["annual_credit"] else None)
cols[2].metric(f"Total over {c.reform.eligibility_years} years, reform", whole_dollars(c.reform.total_credit),
               delta=whole_dollars(c.difference["total_credit"], signed=True) if c.difference["total_credit"] else None)
benefits = {"Baseline": reforms.views_under(c.baseline), "Reform": reforms.views_under(c.reform)}
cols[3].metric("Net benefit test, reform", benefits["Reform"].statutory.verdict,
               help=f"Baseline: {benefits['Baseline'].statutory.verdict}; s.3 a(3), "
                    "as the authority runs it (the chart below adds the economist's view)")
left, right = slide.columns(2)
# A law's name keeps its capitals ("P.L.2013 c.161"): lowered, it read "p.l.2013 c.161".
reform_words = version_words(reform_law.name) if reform_law.name in VERSIONS else reform_law.name
downloads.draw(downloads.on_screen(charts.composition_figure(c.baseline, f"Baseline: {version_words(baseline_version)}"),
                                   downloads.SLIDE_HEIGHT),
               "rf_base_chart", left)
downloads.draw(downloads.on_screen(charts.composition_figure(c.reform, f"Reform: {reform_words}"),
                                   downloads.SLIDE_HEIGHT), "rf_reform_chart", right)
downloads.chart(charts.net_benefit_figure(benefits), "Net benefit baseline vs reform", law=laws_said)

st.header("Portfolio")
source = st.radio("Scenarios", ["Presets (published awards and teaching cases)", "Upload a CSV of scenarios"],
                  horizontal=True, key="w_reform_source")
frame = None
if source.startswith("Presets"):
    frame = pd.DataFrame([{"scenario": p.name, **p.scenario.to_dict()} for p in presets()])
else:
    upload = st.file_uploader("CSV of scenarios (the batch format; a `scenario` or `name` column labels rows)",
                              type=["csv"], key="w_reform_upload")
    if upload is not None:
        try:
            frame = pd.read_csv(upload, dtype=str, keep_default_na=False)
            check_header(list(frame.columns), upload.name)  # as Batch refuses it
        except (pd.errors.ParserError, UnicodeDecodeError, pd.errors.EmptyDataError) as exc:
            st.error(plain(f"{upload.name}: not a readable CSV ({str(exc).splitlines()[0] if str(exc) else exc})"))
            frame = None
        except BatchError as exc:
            st.error(plain(str(exc)))
            frame = None
if frame is not None and len(frame):
    with st.spinner("Evaluating the portfolio under both laws"):
        out = portfolio(frame, baseline_version, json.dumps(reform.to_dict()))
    label = next((col for col in ("scenario", "name") if col in out.columns), None)
    labels = out[label].astype(str) if label else pd.Series([f"row {i + 1}" for i in range(len(out))])
    good = out["error"] == ""
    total = out.loc[good, "difference_total_credit"].sum()
    gains, losses = (out.loc[good, "difference_total_credit"] > 0).sum(), (out.loc[good, "difference_total_credit"] < 0).sum()
    cols = st.columns(3)
    cols[0].metric("Total cost difference (all years)", whole_dollars(total), help="Reform minus baseline, total credit")
    cols[1].metric("Scenarios that gain", int(gains))
    cols[2].metric("Scenarios that lose", int(losses))
    for i in range(len(out)):
        if out["error"].iloc[i]:
            st.error(plain(f"{labels.iloc[i]}: {error_in_words(out['error'].iloc[i])}"))
    downloads.chart(charts.gains_figure(list(labels[good]), list(out.loc[good, "difference_total_credit"])),
                    "Who gains and who loses", law=laws_said)
    full = pd.DataFrame({"Scenario": labels, **{reforms.column_words(k): out[k] for k in out.columns if k.startswith(
        ("baseline_", "reform_", "difference_"))}, "Error": out["error"]})
    # On screen what a reader compares; all sixteen columns ran past a projector's edge ("Per").
    money = list(map(reforms.column_words, reforms.PORTFOLIO_ON_SCREEN))
    shown = full[["Scenario"]].assign(Eligible=list(map(reforms.eligible_words, out["baseline_eligible"],
                                                        out["reform_eligible"])))
    shown = shown.join(full[[*money, *(["Error"] if (out["error"] != "").any() else [])]])
    # A table that wraps: as a grid the scenarios' names took the width and the last change was cut.
    st.table(shown.assign(**{k: shown[k].map(lambda v: "" if pd.isna(v) else whole_dollars(v)) for k in money}),
             hide_index=True)
    st.caption("Eligible: under the baseline law, and the change where the reform's differs. The reform's annual "
               "credit is the baseline's plus the change. Credits per new and per retained job, and each law's total "
               "credit, are in the files below.")
    downloads.table_buttons(full, "Reform portfolio", law=laws_said, project="The presets" if source.startswith("Presets") else f"Scenarios of {upload.name}")

page.not_in_link("the baseline law or the portfolio's source (the reform is in it)")
with fold("Share or load this reform", "open_reform_share") as is_open:
    if is_open:  # the uploader and the file, drawn only when asked for
        st.write("The address bar holds the reform: copy the link to share it.")
        downloads.button(st, "Download reform JSON", json.dumps(reform.to_dict(), indent=2), "reform.json",
                         "application/json")
        upload = st.file_uploader("Load a reform (JSON or YAML)", type=["json", "yaml", "yml"], key="w_reform_file")
        if upload is not None and st.session_state.get("loaded_reform") != upload.file_id:
            st.session_state["loaded_reform"] = upload.file_id
            try:
                reforms.set_reform(Reform.from_text(upload.getvalue().decode("utf-8-sig")))
            except (ReformError, UnicodeDecodeError) as exc:
                st.error(plain(f"Reform not loaded: {exc}"))
            else:
                st.rerun()
