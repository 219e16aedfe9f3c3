"""Every award reported at approval, explained by the engine run backwards: what is known, the law in
force on its approval date, the simplest inputs that reproduce it (or why none can), the unknowns'
ranges, portfolio totals and the portfolio under each law version and the reform."""
from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import threading
from concurrent.futures import Future
from pathlib import Path

import pandas as pd
import streamlit as st

from . import state
from .law_choice import short_words
from .. import VERSIONS
from ..awards import approvals
from ..awards.explained import under as explained_under
from ..engine.reform import Reform
from ..machinery.formats import count, whole_dollars
from ..rules.scenario import Scenario
from ..words.choices import TIER_NAMES, tier_name

ALL = "(all)"


@st.cache_data(show_spinner="Explaining the awards (about 10 seconds, once)...", max_entries=8)
def _table(reform_json: str) -> pd.DataFrame:
    held = _WARMING.get(reform_json)
    if held is not None:
        try:
            return held.result()
        except Exception:  # the background run failed: the page computes them itself, as it did before
            pass
    return explained_under(reform_json)


def default_reform_json() -> str:
    """The key `section` reads the table under for a session that has not touched Policy reforms."""
    from .reforms import DEFAULT

    return json.dumps(DEFAULT.to_dict(), sort_keys=True)


# Explaining the 49 awards takes seconds of one core: a visitor who asks for them first waited 6 s.
# A server started by scripts/serve.py explains them for the default reform as it starts, in a child
# process at low priority (a thread would hold the interpreter the pages' runs need, and a low-priority
# process leaves the cores to the server and the browser), and hands the table to the first who asks.
_WARMING: dict[str, Future] = {}


def warm(root: Path, niceness: int = 10) -> Future:
    """Start explaining the awards for the default reform in the background; the table when done. The
    child is paused while this process (the server) works and goes on in its pauses: at the lowest
    priority it still slowed the pages opened beside it (Linux; elsewhere it only runs niced)."""
    key = default_reform_json()
    if key in _WARMING:
        return _WARMING[key]
    done = _WARMING[key] = Future()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))}

    def run() -> None:
        import atexit
        import signal
        import tempfile
        import time

        try:
            with tempfile.TemporaryFile() as out:
                child = subprocess.Popen([sys.executable, "-m", explained_under.__module__, key], cwd=root, env=env,
                                         stdout=out, stderr=subprocess.DEVNULL, preexec_fn=lambda: os.nice(niceness))
                atexit.register(child.kill)  # a child paused when the server stops would stay, stopped
                paused, quiet_since = False, time.monotonic()
                while child.poll() is None:
                    used = time.process_time()
                    time.sleep(0.05)
                    now = time.monotonic()
                    if time.process_time() - used > 0.01:  # the server used a fifth of a core or more
                        quiet_since = now
                    if not paused and now == quiet_since and hasattr(signal, "SIGSTOP"):
                        child.send_signal(signal.SIGSTOP)
                        paused = True
                    elif paused and now - quiet_since > 0.2:
                        child.send_signal(signal.SIGCONT)
                        paused = False
                if child.returncode:
                    raise RuntimeError(f"explaining the awards in the background stopped ({child.returncode})")
                out.seek(0)
                done.set_result(pickle.loads(out.read()))
        except Exception as exc:  # said to the page as a table it computes itself
            done.set_exception(exc)

    threading.Thread(target=run, name="warm-awards", daemon=True).start()
    return done


def _tier(row) -> str:
    if row["tier"] in TIER_NAMES:
        return tier_name(row["tier"])
    return "distressed, priority or other (not known)"


def section(reform: Reform) -> None:
    """The awards table with its filters and totals; `reform`: the Policy reforms page's."""
    t = _table(json.dumps(reform.to_dict(), sort_keys=True))
    st.caption("Every award the press and the authority reported at approval (grownj/awards/grow_nj_awards.csv), run "
               "backwards through the law in force on its approval date (prior law, P.L.2013 c.161, before "
               "October 24, 2014): the fewest assumptions beyond what was reported that reproduce the award "
               "within 1%, and the range of each unknown that still does. Awards are approved maximums.")
    f = st.columns(4)
    county = f[0].selectbox("County", [ALL, *sorted(t["county"].unique())], key="w_ax_county")
    years = sorted(y for y in t["year"].dropna().unique())
    year = f[1].selectbox("Year approved", [ALL, *map(int, years)], key="w_ax_year")
    tiers = t.apply(_tier, axis=1)
    tier = f[2].selectbox("Location tier", [ALL, *sorted(tiers.unique())], key="w_ax_tier")
    outcome = f[3].selectbox("Outcome", [ALL, *approvals.OUTCOMES], key="w_ax_outcome")
    keep = ((county == ALL) | (t["county"] == county)) & ((year == ALL) | (t["year"] == year)) \
        & ((tier == ALL) | (tiers == tier)) & ((outcome == ALL) | (t["outcome"] == outcome))
    shown = t[keep]
    figures = shown.dropna(subset=["award_total"])
    jobs = figures["jobs"].dropna()
    m = st.columns(4)
    m[0].metric("Awards shown", f"{len(shown)} of {len(t)}")
    m[1].metric("Approved, in all", whole_dollars(figures["award_total"].sum()),
                help="The approved maximums of the awards shown that have an award figure.")
    with_jobs = figures.dropna(subset=["jobs"])
    m[2].metric("Cost per job", whole_dollars(with_jobs["award_total"].sum() / jobs.sum()) if jobs.sum() else "not known",
                help=f"Over the {len(with_jobs)} awards with both an award figure and a job count: "
                     f"{count(jobs.sum())} jobs.")
    explained = int(figures["outcome"].isin(approvals.REPRODUCING).sum())
    m[3].metric("Reproduced or explained by the statute", f"{explained} of {len(figures)}",
                help="Awards with an award figure that the statute reproduces within 1%: on what was reported "
                     "alone (reproduced), or with the fewest assumptions consistent with it (explained).")
    st.caption("The net benefit test is shown for the awards the statute gives: their project as explained, "
               "with the award as approved, under the law in force (s.3 a(3)); the verdict is in three, as on the "
               "Net benefit page. An award also among the twelve with a published net benefit is the twelve's project, as "
               "the authority assessed it, with the same figures as there and on the calculator.")
    st.dataframe(pd.DataFrame({
        "Company": shown["company"], "Approved": shown["approved"],
        "Law in force": shown["law"].map(short_words),
        "Tier": tiers[keep], "What was reported": shown["known"], "Jobs": shown["jobs"].map(lambda j: "not known" if pd.isna(j) else count(j)),
        "Reported award": shown["award_total"].map(lambda a: "not reported" if pd.isna(a) else whole_dollars(a)),
        "grownj on what is known": shown["computed_from_known"].map(lambda a: "" if pd.isna(a) else whole_dollars(a)),
        "Outcome": shown["outcome"], "How, or why not": shown["how"], "Unknowns that still reproduce it":
        shown["ranges"], "Net benefit test (statute)": shown["statutory_verdict"].fillna(""),
        "Economist's NPV": shown["economist_npv"].map(lambda a: "" if pd.isna(a) else whole_dollars(a)),
        "Chance economist's NPV > 0": shown["economist_probability"].map(lambda p: "" if pd.isna(p) else f"{p:.0%}"),
        "Open": [state.link_to(Scenario.from_dict(s), c + approvals.EXPLAINED, v) for s, c, v in
                 zip(shown["scenario"], shown["company"], shown["law"])]}),
        hide_index=True, width="stretch",
        column_config={"Open": st.column_config.LinkColumn("Open", display_text="on the calculator",
                                                           help="The project as explained, on the calculator")})
    st.caption("Outcomes of all the awards: " + "; ".join(f"{kind}, {int((t['outcome'] == kind).sum())}"
                                                          for kind in approvals.OUTCOMES)
               + ". An approval given only as a month that spans October 24, 2014, the day the act took effect, is "
                 "taken as before it.")
    laws = {short_words(v): f"credit_{v}" for v in VERSIONS}
    laws[f"Reform: {reform.name}"] = "credit_reform"
    st.subheader("The explained awards under each law")
    st.caption("Each explained award's project (what was reported and the simplest explanation's assumptions) "
               "computed under each law version and under the reform on the Policy reforms page.")
    mine = shown[shown["outcome"].isin(approvals.REPRODUCING)]
    st.dataframe(pd.DataFrame({"Law": list(laws), "Total credit": [whole_dollars(mine[c].sum()) for c in laws.values()],
                               "Against the awards as approved": [
                                   whole_dollars(mine[c].sum() - mine["award_total"].sum(), signed=True)
                                   for c in laws.values()]}), hide_index=True)
