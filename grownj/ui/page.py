"""Page furniture shared by every page: config, page links, the project's name and headline
metrics, and the project's library, download and upload."""
from __future__ import annotations

import streamlit as st

from . import downloads, library, state
from ..machinery.formats import whole_dollars
from ..rules.result import Result
from ..rules.scenario import Scenario
from .fold import fold
from .text import plain


# Our own static CSS (no user text). Five headline figures share a 1280 px projector's width: at
# Streamlit's 2.25rem "$260,000,000" needs 197 px of a 151 px column and was cut to "$260,00...";
# the type shrinks with the window instead, down to a size still read from the back of a room.
# A figure in words (a verdict, "within the model's error") wraps at its spaces rather than being cut
# ("within the mod..." on Policy reforms); a dollar figure has no space to wrap at.
FIT_CSS = """<style>
[data-testid="stMetricValue"] {font-size: clamp(1.5rem, 1.95vw, 2.25rem);}
[data-testid="stMetricValue"], [data-testid="stMetricValue"] * {white-space: normal; overflow-wrap: normal;
  line-height: 1.15;}
</style>"""


# Presenter mode on every page (our own static CSS, no user text): no sidebar, no header with its
# ⋮ menu ("Print", "Record screen") and toolbar, type for the back of a room. The calculator's story
# view adds its own (grownj.ui.presenter).
PRESENTING_CSS = """<style>
section[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stExpandSidebarButton"],
header[data-testid="stHeader"], [data-testid="stToolbar"], [data-testid="stMainMenu"], [data-testid="stDecoration"]
  {display: none !important;}
.block-container {padding-top: 1rem !important; max-width: 100% !important;}
[data-testid="stMainBlockContainer"] {padding-top: 0.75rem !important;}
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] {gap: 0.5rem !important;}
[data-testid="stMarkdownContainer"] p, [data-testid="stCaptionContainer"] p, [data-testid="stWidgetLabel"] p
  {font-size: 1.2rem !important;}
[data-testid="stMetricValue"], [data-testid="stMetricValue"] p {font-size: clamp(1.6rem, 2.3vw, 2.8rem) !important;}
[data-testid="stMetricLabel"] p {font-size: 1.2rem !important;}
h1 {font-size: clamp(1.6rem, 2.4vw, 2.6rem) !important; padding: 0.25rem 0 !important;}
.st-key-presenter_pages a p, .st-key-presenter_pages label p {font-size: 0.95rem !important;}
.st-key-presenter_pages a {padding: 0 0.3rem !important;}
[data-testid="stMetricValue"], [data-testid="stMetricValue"] *
  {white-space: normal !important; overflow: visible !important; line-height: 1.15 !important;}
.st-key-presenter_pages {gap: 0 0.2rem !important;}
.st-key-slide_title h1 {font-size: clamp(1.4rem, 2vw, 2.2rem) !important; padding: 0 !important;}
.st-key-slide_title button p {font-size: 1.1rem !important;}
</style>"""
# Pages whose subject is not the sidebar's project: they neither name it nor show its figures.
NOT_ABOUT_THE_PROJECT = ("Batch", "Statute", "Published awards")


def setup(title: str, law_key: str | None = None) -> None:
    """A page's start: its config, the project from the link, and, on a page about the project, its
    name at the top; in presenter mode the page list on screen (the sidebar is hidden) and the
    project's headline figures under the law the page's select `law_key` holds."""
    st.set_page_config(page_title=f"grownj · {title}", layout="wide",
                       initial_sidebar_state="collapsed" if presenting() else "expanded")
    st.html(FIT_CSS)
    state.init()
    state.on_page(title)
    if presenting():
        st.html(PRESENTING_CSS)
        pages_on_screen()
    if title == "Calculator" or title in NOT_ABOUT_THE_PROJECT:
        state.write_query(state.current())  # the calculator's fragment writes its own, after an edit
        return
    if presenting():
        from ..law import load

        presenter_headline(state.project(load(st.session_state.get(law_key) or "enacted") if law_key else None)[1])
    else:
        project_line()


PAGES = (("app.py", "Calculator", ":material/calculate:"),
         ("pages/1_Schedule.py", "Schedule", ":material/calendar_month:"),
         ("pages/2_Compare_locations.py", "Compare locations", ":material/compare_arrows:"),
         ("pages/8_Net_benefit.py", "Net benefit, two ways", ":material/scale:"),
         ("pages/9_Published_awards.py", "Published awards", ":material/fact_check:"),
         ("pages/4_Risk.py", "Risk", ":material/ssid_chart:"),
         ("pages/3_Batch.py", "Batch", ":material/table_view:"),
         ("pages/5_Policy_reforms.py", "Policy reforms", ":material/balance:"),
         ("pages/7_Rest_of_the_Act.py", "The rest of the Act", ":material/account_balance:"),
         ("pages/6_Statute.py", "Statute", ":material/gavel:"))


# A talk's order: the project's credit, its years, its places, the State's side, the awards the
# authority published and a reform of the law; then risk, the rest of the Act and the statute itself.
# Batch, an upload of many scenarios, is no slide.
TALK = ("app.py", "pages/1_Schedule.py", "pages/2_Compare_locations.py", "pages/8_Net_benefit.py",
        "pages/9_Published_awards.py", "pages/5_Policy_reforms.py", "pages/4_Risk.py", "pages/7_Rest_of_the_Act.py",
        "pages/6_Statute.py")
LABELS = {path: label for path, label, _ in PAGES}


def title(words: str, talk_path: str):
    """A page's title. In presenter mode it is a slide's: smaller, with the previous and next page of
    the talk beside it, and under it the place for the page's chart, which the page fills when it has
    computed it, ahead of its inputs and explanations. Returns where the chart goes: that place, or
    the page itself in its order."""
    if not presenting():
        st.title(words)
        return st
    with st.container(key="slide_title"):
        name, back, forward = st.columns([4.4, 1.2, 1.2], vertical_alignment="center")
        name.title(words)
        talk(talk_path, back, forward)
    return st.container()


def talk(path: str, back, forward) -> None:
    """The talk's previous and next page, as buttons in `back` and `forward`, with the keys a
    presenter's clicker sends (PageUp, PageDown); a page outside the talk has neither."""
    at = TALK.index(path) if path in TALK else None
    if at is None:
        return
    # "Previous" and "Next", the page in the help: the pages' names, with the key, were cut ("Compa...").
    if at and back.button("← Previous", shortcut="PageUp", width="stretch", key="slide_back",
                          help=f"The talk's previous page: {LABELS[TALK[at - 1]]}"):
        st.switch_page(TALK[at - 1])
    if at + 1 < len(TALK) and forward.button("Next →", shortcut="PageDown", width="stretch", key="slide_next",
                                             help=f"The talk's next page: {LABELS[TALK[at + 1]]}"):
        st.switch_page(TALK[at + 1])


def notes():
    """Where a page's explanations go: in presenter mode folded, under the slide's chart and inputs;
    otherwise in place."""
    return st.expander("What this page shows, in words") if presenting() else st


def nav(where=None) -> None:
    """The page list at the top of the sidebar (or of `where`, a container at its top), and the
    presenter switch, which holds on every page."""
    if presenting():
        return  # the page list and the switch are on screen (pages_on_screen)
    with where or st.sidebar:
        for path, label, icon in PAGES:
            st.page_link(path, label=label, icon=icon)
        presenter_toggle()
        st.divider()


def pages_on_screen() -> None:
    """Presenter mode's page list, a row across the top of the page (the sidebar is hidden), with
    the switch that leaves presenter mode. A page's link keeps the session, and with it the project
    and presenter mode."""
    with st.container(horizontal=True, key="presenter_pages", vertical_alignment="center"):
        for path, label, _ in PAGES:  # without icons: the row fits one line of a projector
            st.page_link(path, label=label)
        presenter_toggle()


def presenter_headline(result: Result) -> None:
    """The project's headline for the back of a room: its name, its law and its figures."""
    project_line()
    presenter_figures(result)


def presenter_figures(result: Result) -> None:
    """The credit and the State's side as numbers: the statute's verdict, the economist's NPV and its
    chance of a gain (over the assumptions: Risk's is over hiring paths, and says so)."""
    from . import state_side

    nb = state_side.views(result)
    s, e = nb.statutory, nb.economist
    # The verdict's column wide enough for "within the model's error" on one line at 1280 px: on two
    # it pushed every slide's chart down by a line.
    cols = st.columns([1, 1.05, 1.62, 1.08, 0.95])
    cols[0].metric("Annual credit", whole_dollars(result.annual_credit))
    cols[1].metric(f"Total, {result.eligibility_years} years", whole_dollars(result.total_credit))
    # The verdict's words wrap (PRESENTING_CSS): "within the model's error" was cut at a projector's type.
    cols[2].metric("Statutory test", s.verdict, help=state_side.verdict_help(s))
    cols[3].metric("Economist's NPV", whole_dollars(e.npv), help="The change in residents' real incomes.")
    cols[4].metric("Chance of a gain", f"{e.uncertainty.probability_positive:.0%}",
                   help="Over the economist's assumptions, with the agreement's jobs every year.")
    state_side.edited_note()


def scenario() -> Scenario:
    """The page's scenario, after any widget callbacks of this run; the URL follows it."""
    current = state.current()
    state.write_query(current)
    for problem in st.session_state.pop("link_problems", []):
        st.warning(plain(problem))
    if "input_error" in st.session_state:
        st.error(plain(st.session_state.pop("input_error")))
    if library.LOADED in st.session_state:
        st.info(plain(st.session_state.pop(library.LOADED)))
    for why in state.refusals():
        st.error(plain(why))
    return current


def not_in_link(words: str) -> None:
    """Said at a page's foot: the inputs of the page that change its figures and that its link does
    not carry (the link carries the project, its law, presenter mode and grownj.ui.state.SETTINGS)."""
    st.caption(f"The link to this page holds the project and its law, the net benefit assumptions and horizon, the Schedule's "
               f"path, baseline and sale year and Compare's locations; not {words}.")


def presenting() -> bool:
    return bool(st.session_state.get(state.PRESENTING))


def _presenter_toggled() -> None:
    st.session_state[state.PRESENTING] = st.session_state["w_presenter"]


def presenter_toggle(where=st) -> None:
    """Presenter mode on or off: a session setting the toggle shows, wherever it is drawn."""
    where.toggle("Presenter mode", **state.bind("w_presenter", presenting(), _presenter_toggled),
                 help="Hides the inputs, enlarges everything for a projector; the project stays the same.")


def project_line() -> None:
    """The project's name (as typed: plain text), the municipality it was put in and the law it is
    computed under, as every file made from the page heads itself (grownj.ui.downloads.about)."""
    said = downloads.about()
    st.markdown(f"**Project:** {plain(said.subject)} · **Law:** {plain(said.law)}")


def headline(result: Result, named: bool = True) -> None:
    """The credit's five figures, under the project's name unless the page named it already."""
    years = result.eligibility_years
    if named:
        project_line()
    cols = st.columns(5)
    cols[0].metric("Annual credit", whole_dollars(result.annual_credit),
                   help="s.5 a, f: per year, after every cap; $0 if not eligible")
    cols[1].metric(f"Total over {years} years", whole_dollars(result.total_credit))
    cols[2].metric("Per new job", whole_dollars(result.per_job_new), help="s.5 e(1)")
    cols[3].metric("Per retained job", whole_dollars(result.per_job_retained), help="s.5 e(2)")
    cols[4].metric("Eligible", "yes" if result.eligible else "no",
                   help="Minimum capital investment and jobs (s.3 b, c); net benefit is tested on Compare")


def scenario_files(scenario: Scenario) -> None:
    with fold("Scenario library", "open_library") as is_open:
        if is_open:
            library.panel(scenario)
    with fold("Share or save this scenario", "open_share") as is_open:
        if is_open:
            st.write("The address bar holds the scenario: copy the link to share it.")
            downloads.button(st, "Download scenario JSON", state.project_file(), state.file_name(state.project_name()),
                             "application/json", help="The scenario, the law, the municipality and the net benefit "
                                                      "assumptions and horizon: loaded back, the same figures.")
            upload = st.file_uploader("Load a scenario JSON", type=["json"], key="upload")
            if upload is not None and st.session_state.get("loaded_upload") != upload.file_id:
                error = state.load_uploaded(upload.getvalue(), upload.name)
                st.session_state["loaded_upload"] = upload.file_id
                if error:
                    st.error(plain(error))
                else:
                    st.rerun()
