"""The main flows in a real headless Chromium (Debian's, driven by Playwright). Screenshots go to
artifacts/screenshots/. Skipped when no browser is installed, except in CI (CI=true), where a
missing browser fails the run."""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser
ROOT = Path(__file__).parents[1]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"

if not Path(CHROMIUM).exists():
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI needs {CHROMIUM} for the browser tests (apt-get install chromium)", pytrace=False)
    pytest.skip(f"{CHROMIUM} not installed", allow_module_level=True)

from playwright.sync_api import expect, sync_playwright  # noqa: E402

# A cold server's first page imports pandas and plotly and renders everything: on a busy
# 2-core machine that can pass 5 s, Playwright's default for expect().
expect.set_options(timeout=30_000)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SERVER = {}  # the running server's process and log, for a failed test's report


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    port = free_port()
    env = {**os.environ, "GROWNJ_LIBRARY": str(tmp_path_factory.mktemp("library") / "library.sqlite")}
    # Started as `make run` starts it; its output kept beside the screenshots, for a failure's cause.
    SHOTS.mkdir(parents=True, exist_ok=True)
    log = open(SHOTS.parent / "server.log", "wb")
    proc = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "serve.py"), "--server.headless", "true",
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--browser.gatherUsageStats", "false"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            env=env)
    url = f"http://127.0.0.1:{port}"
    SERVER["proc"], SERVER["log"] = proc, SHOTS.parent / "server.log"
    for _ in range(100):
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=1).read() == b"ok":
                break
        except OSError:
            time.sleep(0.2)
    else:
        proc.terminate()
        pytest.fail("streamlit did not start")
    yield url
    proc.terminate()
    proc.wait(10)
    log.close()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu",
                                                              "--disable-background-networking"])
        yield b
        b.close()


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1600, "height": 1800})
    pg = context.new_page()
    pg.set_default_timeout(30000)
    yield pg
    if getattr(request.node, "failed_call", False):
        said_on_failure(pg, request.node.name)
    context.close()


def said_on_failure(page, name: str) -> None:
    """A failed test's screen, and what every server thread was doing (a stalled page's cause), in
    the test's report: CI keeps the output of a failed run."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        page.screenshot(path=str(SHOTS / f"failed-{name}.png"))
    except Exception as e:  # the page itself may be what failed
        print(f"no screenshot: {e}")
    proc, log = SERVER.get("proc"), SERVER.get("log")
    if proc is None or proc.poll() is not None:
        print("the server is not running")
        return
    start = log.stat().st_size
    proc.send_signal(signal.SIGUSR1)
    time.sleep(1)
    print("server threads when the test failed:\n" + log.read_bytes()[start:].decode(errors="replace"))


def shot(page, name):
    # A lazily loaded element is a grey skeleton until its code arrives: photograph the drawn page.
    expect(page.locator('[data-testid^="stSkeleton"]')).to_have_count(0, timeout=30000)
    page.wait_for_timeout(500)  # plotly fits each chart to its column just after it first draws
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def annual_credit(page):
    return page.get_by_test_id("stMetric").filter(has_text="Annual credit").get_by_test_id("stMetricValue")


def set_number(page, label, value):
    box = page.get_by_label(label, exact=True)
    box.fill(str(value))
    box.press("Enter")


def settled(page):
    """The script run after the last action has finished: every widget shows what it computed."""
    page.wait_for_timeout(300)
    expect(page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]')).to_have_count(1)


def headline_cut(page) -> list[str]:
    """Headline figures wider than their box: the browser would show "$260,00..."."""
    return page.evaluate("""() => [...document.querySelectorAll('[data-testid="stMetricValue"], [data-testid="stMetricValue"] div')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)""")


def pick(page, label, option):
    page.get_by_test_id("stSelectbox").filter(has_text=label).first.click()
    page.keyboard.type(option[:12])  # the list is long and drawn lazily: filter it as a person types
    page.get_by_role("option", name=option, exact=True).click()


def test_one_project_through_a_user_s_walk(server, browser):
    """Four municipalities in a row, a preset, an edit after it, presenter mode, the copied
    link in a fresh browser: no exception, and the sidebar, the headline and the link one project."""
    import grownj
    from grownj.law import places
    from grownj.awards.presets import presets
    from grownj.rules.scenario import Scenario
    from grownj.ui.inputs import TIER_LABELS
    from grownj.ui.state import DEFAULT

    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    expected = Scenario.from_dict(DEFAULT)

    def same_project(name):
        settled(page)
        assert not page.locator('[data-testid="stException"]').count(), name
        expect(annual_credit(page)).to_have_text(f"${grownj.evaluate(expected).annual_credit:,.0f}")
        tier = page.get_by_role("combobox", name="Location tier")
        expect(tier).to_have_value(TIER_LABELS[expected.location_tier])
        expect(page.get_by_label("New full-time jobs", exact=True)).to_have_value(f"{expected.new_jobs:,}")
        assert not headline_cut(page), name
        shot(page, f"walk-{name}")

    try:
        page.goto(server)
        same_project("start")
        for town in ("Camden (Camden)", "Newark (Essex)", "Princeton (Mercer)", "Paterson (Passaic)"):
            pick(page, "Municipality", town)
            expected = expected.replace(**places.place_fields(town, expected.location_tier))
            same_project(town.split()[0].lower())
        holtec = presets()[0]
        pick(page, "Project", holtec.name)
        expected = holtec.scenario
        same_project("holtec")
        expect(page.get_by_text("Reported:")).to_be_visible()
        set_number(page, "New full-time jobs", 300)
        expected = expected.replace(new_jobs=300)
        same_project("holtec-edited")
        page.get_by_text("Presenter mode").first.click()
        settled(page)
        expect(page.get_by_role("heading", name=re.compile("Holtec International"))).to_be_visible()
        expect(annual_credit(page)).to_have_text(f"${grownj.evaluate(expected).annual_credit:,.0f}")
        assert not headline_cut(page)
        shot(page, "walk-presenter")
        shared = page.url
        fresh = browser.new_context(viewport={"width": 1600, "height": 1000}).new_page()
        try:
            fresh.goto(shared)
            expect(annual_credit(fresh)).to_have_text(f"${grownj.evaluate(expected).annual_credit:,.0f}")
            expect(fresh.get_by_text("Holtec International, Camden (published) (edited)").first).to_be_visible()  # and under the picker
            # Copied in presenter mode, the link opens in it; out of it, the inputs show the edit.
            expect(fresh.get_by_role("switch", name="Presenter mode")).to_be_checked()
            fresh.get_by_text("Presenter mode").first.click()
            expect(fresh.get_by_label("New full-time jobs", exact=True)).to_have_value("300")
            assert not fresh.locator('[data-testid="stException"]').count()
            shot(fresh, "walk-fresh-context")
        finally:
            fresh.context.close()
    finally:
        context.close()


def test_a_loaded_project_stays_loaded_after_an_edit(server, page, tmp_path):
    """After a library load or a JSON upload, one edit brought back the sidebar's old
    project (the default's $4,675,000)."""
    import grownj
    from grownj.awards.presets import presets

    sixers = presets()[1].scenario
    upload = tmp_path / "sixers.json"
    upload.write_text(sixers.to_json())
    page.goto(server)
    expect(annual_credit(page)).to_have_text("$4,675,000")
    page.get_by_text("Share or save this scenario").click()
    page.locator('input[type="file"]').set_input_files(str(upload))
    expect(annual_credit(page)).to_have_text(f"${grownj.evaluate(sixers).annual_credit:,.0f}")
    settled(page)
    set_number(page, "Average salary", 50000)
    edited = sixers.replace(average_salary=50000)
    expect(annual_credit(page)).to_have_text(f"${grownj.evaluate(edited).annual_credit:,.0f}")
    expect(page.get_by_text("Project: sixers (edited)")).to_be_visible()  # named after its file
    settled(page)
    page.get_by_text("Scenario library").click()
    page.get_by_label("Name", exact=True).fill("Sixers at $50,000")
    page.get_by_role("button", name="Save to library").click()
    expect(page.get_by_text('Saved "Sixers at $50,000"')).to_be_visible()
    pick(page, "Project", "Fails eligibility: too few jobs (teaching)")
    expect(annual_credit(page)).to_have_text("$0")
    settled(page)
    pick(page, "Project", "Saved: Sixers at $50,000")
    expect(annual_credit(page)).to_have_text(f"${grownj.evaluate(edited).annual_credit:,.0f}")
    settled(page)
    set_number(page, "New full-time jobs", 260)
    again = edited.replace(new_jobs=260)
    expect(annual_credit(page)).to_have_text(f"${grownj.evaluate(again).annual_credit:,.0f}")
    settled(page)
    expect(page.get_by_label("Average salary", exact=True)).to_have_value("$50,000")
    shot(page, "loaded-then-edited")
    assert not page.locator('[data-testid="stException"]').count()


def test_changing_new_jobs_changes_annual_credit(server, page):
    page.goto(server)
    expect(annual_credit(page)).to_have_text("$4,675,000")
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    shot(page, "calculator")
    set_number(page, "New full-time jobs", 300)
    # 300 x 8,250 + 100 x 4,125 (c7 drops to $500 at 400 jobs): 2,887,500.
    expect(annual_credit(page)).to_have_text("$2,887,500")
    assert not page.locator('[data-testid="stException"]').count()


def test_schedule_and_compare_pages_draw_their_charts(server, page):
    page.goto(server)
    expect(annual_credit(page)).to_be_visible()
    page.get_by_role("link", name=re.compile("Schedule")).click()
    expect(page.get_by_text("Employment path")).to_be_visible()
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    shot(page, "schedule")
    page.get_by_role("link", name=re.compile("Compare")).click()
    expect(page.get_by_text("Net benefit assumptions: defaults")).to_be_visible()
    expect(page.locator(".js-plotly-plot")).to_have_count(3)
    shot(page, "compare")
    page.get_by_role("link", name=re.compile("Risk")).click()
    expect(page.get_by_text("Percentiles: This project")).to_be_visible()
    expect(page.locator(".js-plotly-plot")).to_have_count(3)
    shot(page, "risk")
    assert not page.locator('[data-testid="stException"]').count()


def test_a_number_typed_wrong_is_kept_and_refused_in_the_browser(server, page):
    """The browser's number box turned "1e15" into 1 before the server saw it."""
    page.goto(server)
    expect(annual_credit(page)).to_have_text("$4,675,000")
    set_number(page, "New full-time jobs", "1e15")
    expect(page.get_by_test_id("stAlert").filter(has_text="New full-time jobs not used")).to_be_visible()
    expect(page.get_by_label("New full-time jobs", exact=True)).to_have_value("1e15")
    expect(annual_credit(page)).to_have_text("$4,675,000")


def test_the_schedule_keeps_its_sale_year_across_pages(server, page):
    """The select "Facility sold in year" went back to "not sold" and the total did not change."""
    page.goto(server)
    page.get_by_role("link", name=re.compile("Schedule")).click()
    total = page.get_by_test_id("stMetric").filter(has_text="Total over the schedule").get_by_test_id("stMetricValue")
    expect(total).to_have_text("$46,750,000")
    pick(page, "Facility sold in year", "year 8")
    expect(total).to_have_text("$32,725,000")  # years 8-10 forfeited (s.6 d(3)(a))
    page.get_by_role("link", name=re.compile("Calculator")).click()
    expect(annual_credit(page)).to_be_visible()
    page.get_by_role("link", name=re.compile("Schedule")).click()
    expect(total).to_have_text("$32,725,000")
    expect(page.get_by_role("combobox", name="Facility sold in year")).to_have_value("year 8")


def test_an_address_typed_in_a_name_is_text_not_a_link(server, page):
    """A bare URL in a scenario name became a live link (escaping does not stop it)."""
    page.goto(server + "?project=See%20https%3A%2F%2Fexample.com%20or%20www.example.org")
    expect(annual_credit(page)).to_be_visible()
    line = page.get_by_test_id("stMarkdown").filter(has_text="Project:")
    expect(line).to_contain_text("example")
    assert line.locator("a").count() == 0


def test_the_brief_downloads_right_after_another_download(server, browser):
    """Clicked just after another download, the PDF button did nothing ("Deferred file
    ... not found" on the server) in 4 of 10 tries: the first download's rerun had moved it."""
    context = browser.new_context(viewport={"width": 1280, "height": 1400}, accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(server)
        expect(annual_credit(page)).to_be_visible()
        page.get_by_text("Download tables, charts and a brief").click()
        settled(page)
        for first, pause in [("Components CSV", 0), ("Composition chart HTML", 50), ("All tables XLSX", 0),
                             ("Components CSV", 150)]:
            page.get_by_role("button", name=first).click()
            page.wait_for_timeout(pause)
            with page.expect_download(predicate=lambda d: d.suggested_filename.endswith(" - brief.pdf"),
                                      timeout=30000):
                page.get_by_role("button", name="One-page brief PDF").click()
    finally:
        context.close()


# Pages with headline figures, by their address. Risk's is at the fold's edge.
# The pages with headline metrics (Compare's headline is its table of locations, under its editor).
HEADLINED = ["", "Schedule", "Net_benefit", "Published_awards", "Risk", "Policy_reforms", "Rest_of_the_Act"]


@pytest.mark.parametrize("address", HEADLINED, ids=lambda a: a or "Calculator")
def test_headline_figures_are_on_the_first_screen_at_1280x720(server, browser, address):
    """At 1280x720 the Schedule's headline sat at y=980 and Policy reforms' at y=1300."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.goto(server + "/" + address)
        first = page.get_by_test_id("stMetric").first
        expect(first).to_be_visible()
        settled(page)
        # Retried until the run's last elements are in place: once, in a full suite on a shared server,
        # the headline's container was read between two runs and a metric further down came first.
        expect(first).to_be_in_viewport(ratio=1, timeout=10000)
        box = first.bounding_box()
        assert box["y"] + box["height"] <= 720, (address, box)
    finally:
        context.close()


def test_inputs_kept_across_pages(server, page):
    page.goto(server)
    set_number(page, "Retained full-time jobs", 150)
    expect(page.get_by_label("Retained full-time jobs", exact=True)).to_have_value("150")
    page.get_by_role("link", name=re.compile("Schedule")).click()
    expect(page.get_by_text("Employment path")).to_be_visible()
    expect(page.get_by_label("Retained full-time jobs", exact=True)).to_have_value("150")
    page.get_by_role("link", name=re.compile("app|Calculator", re.I)).first.click()
    expect(page.get_by_label("Retained full-time jobs", exact=True)).to_have_value("150")


def test_shared_url_reproduces_the_scenario(server, page):
    page.goto(f"{server}/?location_tier=gsgz&mrera=true&south_jersey=true&new_jobs=235&retained_jobs=160"
              "&capital_investment=260000000&industry=manufacturing&premises=industrial"
              "&gross_leasable_area=600000&construction=new")
    expect(annual_credit(page)).to_have_text("$26,000,000")  # Holtec (s.5 d, tier e)
    expect(page.get_by_label("New full-time jobs", exact=True)).to_have_value("235")
    shot(page, "shared-link")


def test_ten_concurrent_sessions_each_see_only_their_own_results(server, browser):
    # Ten sessions at once on one server, each with its own New full-time jobs; the UTH
    # default project earns (s.5 b(1), c) per new job 8,500 or 8,250 by job band.
    contexts = [browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in range(10)]
    pages = [c.new_page() for c in contexts]
    try:
        for pg in pages:
            pg.set_default_timeout(60000)
            pg.goto(server)
        for pg in pages:
            expect(annual_credit(pg)).to_have_text("$4,675,000")
        jobs = [300 + 17 * i for i in range(10)]
        for pg, n in zip(pages, jobs):
            set_number(pg, "New full-time jobs", n)
        import grownj
        from grownj.ui.state import DEFAULT
        for pg, n in zip(pages, jobs):
            expected = grownj.evaluate({**DEFAULT, "new_jobs": n}).annual_credit
            expect(annual_credit(pg)).to_have_text(f"${expected:,.0f}")
            expect(pg.get_by_label("New full-time jobs", exact=True)).to_have_value(f"{n:,}")
    finally:
        for c in contexts:
            c.close()


def test_batch_page_evaluates_an_upload_with_progress(server, page, tmp_path):
    csv = tmp_path / "projects.csv"
    csv.write_text("company,location_tier,new_jobs\n" + "".join(f"C{i},uth,{100 + i}\n" for i in range(50))
                   + "Bad,uth,lots\n")
    page.goto(server)
    page.get_by_role("link", name=re.compile("Batch")).click()
    page.locator('input[type="file"]').set_input_files(str(csv))
    page.get_by_role("button", name="Evaluate every row").click()
    expect(page.get_by_text("51 rows done")).to_be_visible()
    metric = page.get_by_test_id("stMetric").filter(has_text="Rows with errors").get_by_test_id("stMetricValue")
    expect(metric).to_have_text("1")
    shot(page, "batch")
    # Another file that is not a CSV says so, and the last file's results go.
    other = tmp_path / "photo.csv"
    other.write_bytes(bytes(range(256)) * 10)
    page.locator('input[type="file"]').set_input_files(str(other))
    settled(page)
    page.get_by_role("button", name="Evaluate every row").click()
    expect(page.get_by_text("photo.csv: not UTF-8 text")).to_be_visible()
    expect(page.get_by_test_id("stMetric")).to_have_count(0)


def test_presenter_across_locations_fits_the_first_screen_at_1280x720(server, browser):
    """A projector shows one screen: the charts and their legends end above 720 px, nothing below."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.goto(server + "/?preset=Holtec+International%2C+Camden+%28published%29&presenter=1")
        page.get_by_text("Across locations").click()
        expect(page.get_by_text("Net benefit test").first).to_be_visible()
        settled(page)
        bottom = page.evaluate("""() => Math.max(...[...document.querySelectorAll(
            '[data-testid="stMainBlockContainer"] [data-testid="stElementContainer"]')]
            .filter(e => e.offsetHeight > 0).map(e => e.getBoundingClientRect().bottom))""")
        assert bottom <= 720, bottom
    finally:
        context.close()


def test_presenter_mode_hides_inputs_and_shows_four_charts(server, page):
    page.goto(server)
    expect(annual_credit(page)).to_have_text("$4,675,000")
    page.get_by_text("Presenter mode").click()
    expect(page.locator(".js-plotly-plot")).to_have_count(2)
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    shot(page, "presenter")
    page.get_by_text("Across locations").click()
    expect(page.get_by_text("Net benefit test").first).to_be_visible()
    expect(page.locator(".js-plotly-plot")).to_have_count(2)
    shot(page, "presenter-locations")



def test_policy_reforms_page_applies_a_parameter_and_shares_it_in_the_url(server, page):
    page.goto(server)
    expect(annual_credit(page)).to_have_text("$4,675,000")
    page.get_by_role("link", name=re.compile("Policy reforms")).click()
    expect(page.get_by_text("Annual credit, reform")).to_be_visible()
    page.get_by_role("tab", name="Retained jobs").click()
    set_number(page, "Share of the gross amount for a retained job (fraction)", 0.75)  # its label
    page.get_by_role("button", name="Apply retained jobs").click()
    # 100 retained jobs at $8,500 x 0.75 instead of x 0.50 (s.5 e(2)): +$212,500 a year.
    reform = page.get_by_test_id("stMetric").filter(has_text="Annual credit, reform").get_by_test_id("stMetricValue")
    expect(reform).to_have_text("$4,887,500")
    expect(page.locator(".js-plotly-plot")).to_have_count(4)
    shot(page, "policy-reforms")
    shared = page.url
    assert "retained_share" in shared
    other = page.context.browser.new_context(viewport={"width": 1600, "height": 1800}).new_page()
    try:
        other.goto(shared)
        again = other.get_by_test_id("stMetric").filter(has_text="Annual credit, reform")
        expect(again.get_by_test_id("stMetricValue")).to_have_text("$4,887,500")
    finally:
        other.context.close()
    assert not page.locator('[data-testid="stException"]').count()


def test_statute_page_from_a_calculator_component(server, page):
    page.goto(server)
    expect(annual_credit(page)).to_have_text("$4,675,000")
    page.get_by_text("Read the statute behind a component").click()
    page.get_by_role("link", name=re.compile("^Base amount")).click()
    expect(page.get_by_role("heading", name=re.compile("The statute"))).to_be_visible()
    expect(page.locator("[id^=passage-]").first).to_contain_text("$5,000 per year")  # s.5 b(1)
    expect(page.locator("ins").first).to_be_visible()
    expect(page.locator("del").first).to_be_visible()
    shot(page, "statute")
    assert not page.locator('[data-testid="stException"]').count()


def test_rest_of_the_act_page_shows_each_section(server, page):
    page.goto(server)
    expect(annual_credit(page)).to_have_text("$4,675,000")
    page.get_by_role("link", name=re.compile("The rest of the Act")).click()
    # Default project: $4,675,000 a year, all of it used within the carry-forward window.
    applied = page.get_by_test_id("stMetric").filter(has_text="Applied").get_by_test_id("stMetricValue")
    expect(applied).to_have_text("$46,750,000")
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    shot(page, "rest-of-the-act")
    page.get_by_role("tab", name="ERG residential credits").click()
    bucket = page.get_by_test_id("stMetric").filter(has_text="Bucket").get_by_test_id("stMetricValue")
    # The starting project names no municipality, so no growth zone is ticked for it: no bucket of
    # bill s.7 b(2) (a growth zone's bucket (a) follows a place, as the AppTest with Atlantic City holds).
    expect(bucket).to_have_text("none")
    page.get_by_role("tab", name="Growth zone exemption").click()
    expect(page.get_by_text("Payments over 25 years")).to_be_visible()
    page.get_by_role("tab", name="Deadlines").click()
    expect(page.get_by_text("Net benefit horizon: 30 years")).to_be_visible()
    assert not page.locator('[data-testid="stException"]').count()


def test_library_is_shared_between_sessions(server, browser):
    # One session saves (the name and the click go in one form submission, so no click lands in a
    # rerun); another, in its own browser context, finds it in the server's shared library.
    first, second = (browser.new_context(viewport={"width": 1600, "height": 1800}) for _ in range(2))
    try:
        a, b = first.new_page(), second.new_page()
        name = f"Shared {time.time_ns()}"
        a.goto(server)
        expect(annual_credit(a)).to_have_text("$4,675,000")
        a.get_by_text("Scenario library").click()
        a.get_by_label("Name", exact=True).fill(name)
        a.get_by_role("button", name="Save to library").click()
        expect(a.get_by_text(f'Saved "{name}"')).to_be_visible()
        expect(a.get_by_test_id("stTable").get_by_text(name)).to_be_visible()
        shot(a, "library")
        b.goto(server)
        expect(annual_credit(b)).to_have_text("$4,675,000")
        b.get_by_text("Scenario library").click()
        expect(b.get_by_test_id("stTable").get_by_text(name)).to_be_visible()
    finally:
        first.close()
        second.close()


CUT = """() => {
  const out = [];
  for (const e of document.querySelectorAll('[data-testid="stMetricValue"], [data-testid="stMetricValue"] div'))
    if (e.scrollWidth > e.clientWidth + 1) out.push('headline figure: ' + e.innerText);
  // A walk: "Chance of a gain, over ..." and download buttons "Components ..." cut at their ends.
  for (const b of document.querySelectorAll('[data-testid="stMetricLabel"], [data-testid="stDownloadButton"] button, [data-testid="stButton"] button'))
    for (const e of [b, ...b.querySelectorAll('*')])
      if (e.scrollWidth > e.clientWidth + 1 && e.innerText.trim()) { out.push('label: ' + b.innerText.slice(0, 40)); break; }
  for (const t of document.querySelectorAll('[data-testid="stTable"]')) {
    const box = t.getBoundingClientRect();
    for (const c of t.querySelectorAll('th, td')) { const r = c.getBoundingClientRect();
      if (r.width && r.right > box.right + 1) { out.push('table column: ' + c.innerText.slice(0, 40)); break; } }
  }
  for (const p of document.querySelectorAll('.js-plotly-plot')) {
    const box = p.getBoundingClientRect();
    for (const t of p.querySelectorAll('.xtick text, .ytick text, .g-xtitle text, .g-ytitle text, .legendtext, .gtitle, .bartext, .annotation-text')) {
      const r = t.getBoundingClientRect();
      if (r.width && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1))
        out.push('chart text: ' + t.textContent.slice(0, 40));
    }
  }
  return out;
}"""
# Two of a chart's words drawn over each other: a walk found "-$181,201,174" printed over "The credit as
# awarded", and a legend's second row over the axis title.
OVERPRINTED = """() => {
  const out = [];
  for (const p of document.querySelectorAll('.js-plotly-plot')) {
    const title = (p.querySelector('.gtitle') || {}).textContent || '?';
    const boxes = [...p.querySelectorAll('.xtick text, .ytick text, .x2tick text, .y2tick text, .g-xtitle text, .g-ytitle text, .g-x2title text, .g-y2title text, .legendtext, .gtitle, .bartext, .annotation-text')]
      .filter(t => t.textContent.trim()).map(t => [t.textContent.slice(0, 40), t.getBoundingClientRect()]).filter(([, r]) => r.width > 0);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [a, r] = boxes[i], [b, s] = boxes[j];
      const w = Math.min(r.right, s.right) - Math.max(r.left, s.left), h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (w > 2 && h > 2) out.push(`${title.slice(0, 30)}: "${a}" over "${b}"`);
    }
  }
  return out;
}"""
READABLE_PAGES = ["", "Schedule", "Compare_locations", "Net_benefit", "Published_awards", "Risk", "Batch",
                  "Policy_reforms", "Rest_of_the_Act", "Statute"]


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)], ids=["projector", "desk"])
def test_nothing_a_reader_needs_is_cut_off(server, browser, size):
    """On every page, at a projector's 1280x720 and a desk's 1600x1000, no headline figure
    wider than its box, no metric's or button's label cut, no table column past the table's edge, no chart tick label, axis title,
    legend entry, title, bar label or note outside its chart, and no two of a chart's words over each other."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    found = {}
    try:
        for name in READABLE_PAGES:
            page.goto(f"{server}/{name}")
            settled(page)
            expect(page.locator('[data-testid^="stSkeleton"]')).to_have_count(0)
            if not name:  # the calculator's downloads, three columns of buttons
                page.get_by_text("Download tables, charts and a brief").click()
                settled(page)
            page.wait_for_timeout(1000)  # plotly fits each chart to its column just after it first draws
            cut = page.evaluate(CUT) + page.evaluate(OVERPRINTED)
            if cut:
                found[name or "calculator"] = cut
            shot(page, f"readable-{size[0]}-{name or 'calculator'}")
    finally:
        context.close()
    assert not found, found


def test_holtec_an_approved_award_reads_within_the_models_error_s3a3b(server, page):
    """Holtec, sized to the threshold, was shown failing at 0.99 of it; the model's error on an
    award it did not see is larger, and the State's side says so, on the Calculator and Net benefit page."""
    preset = "Holtec International, Camden (published)".replace(" ", "%20").replace(",", "%2C")
    for name in ("", "Net_benefit"):
        page.goto(f"{server}/{name}?preset={preset}")
        settled(page)
        verdict = page.get_by_test_id("stMetric").filter(has_text="Statutory test").get_by_test_id("stMetricValue")
        expect(verdict).to_have_text("within the model's error")
        assert not headline_cut(page)
    shot(page, "holtec-net-benefit")


HOLTEC_QUERY = "preset=Holtec+International%2C+Camden+%28published%29"


def holtec_npv(**assumptions) -> str:
    """Holtec's economist's NPV as the engine gives it, words as the page writes them: the preset as
    approved ($260M), under the law in force on its approval date (prior law), with `assumptions`."""
    import grownj
    from grownj.economics.calibration import with_award_industry
    from grownj.economics.net_benefit import case, default_assumptions, views
    from grownj.awards.presets import presets
    from grownj.machinery.formats import whole_dollars
    preset = next(p for p in presets() if p.name == "Holtec International, Camden (published)")
    result = grownj.evaluate(preset.scenario, grownj.load(preset.law_in_force.version))
    c = with_award_industry(case(result, preset.reported_total), preset.name)
    return whole_dollars(views(c, default_assumptions().replace(**assumptions)).economist.npv)


def test_presenter_mode_holds_on_the_schedule_with_a_way_back_and_holtec_s_figures(server, browser):
    """A walk found /Schedule?presenter=1 showed the sidebar, the inputs and the ⋮ menu, at
    normal size; with the sidebar hidden a presenter had no way to another page."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.goto(f"{server}/Schedule?{HOLTEC_QUERY}&presenter=1")
        expect(page.get_by_text("Holtec International, Camden (published)").first).to_be_visible()
        expect(annual_credit(page).first).to_have_text("$26,000,000")
        settled(page)
        expect(page.get_by_test_id("stSidebar")).to_be_hidden()
        expect(page.get_by_test_id("stMainMenu")).to_be_hidden()  # the ⋮ menu, with its header
        for label, value in [("Total, 10 years", "$260,000,000"), ("Economist's NPV", holtec_npv()),
                             ("Chance of a gain", "0%")]:
            figure = page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue").first
            expect(figure).to_have_text(value)
            assert figure.bounding_box()["y"] + figure.bounding_box()["height"] <= 720  # on the first screen
        assert headline_cut(page) == []
        shot(page, "presenter-schedule")
        link = page.get_by_role("link", name="Calculator")
        expect(link).to_be_visible()
        link.click()
        expect(page.get_by_test_id("stSidebar")).to_be_hidden()
        expect(page.locator(".js-plotly-plot")).to_have_count(2)
        expect(annual_credit(page).first).to_have_text("$26,000,000")
        assert "presenter=1" in page.url and "Holtec" in page.url
    finally:
        context.close()


def test_the_link_reproduces_an_edited_assumption_and_schedule_path(server, browser):
    """A walk found Holtec with the State employment multiplier at 2.5 showed an NPV of
    -$89,518,953 while its link opened at -$121,800,634; the Schedule's path was not in the link."""
    def total(page):
        return page.get_by_test_id("stMetric").filter(has_text="Total over the schedule").get_by_test_id(
            "stMetricValue")

    def figures(page):
        expect(total(page)).to_be_visible()
        settled(page)
        return total(page).inner_text()

    context = browser.new_context(viewport={"width": 1280, "height": 1400})
    fresh = browser.new_context(viewport={"width": 1280, "height": 1400})
    try:
        page = context.new_page()
        page.goto(f"{server}/Net_benefit?{HOLTEC_QUERY}")
        expect(page.get_by_text("Net benefit assumptions: defaults")).to_be_visible()
        settled(page)
        page.get_by_text("Net benefit assumptions: defaults").click()
        settled(page)  # the fold's boxes drawn: typed into before, the keys went elsewhere
        set_number(page, "State employment multiplier (total jobs per export-base job)", "2.5")
        expect(page.get_by_text("On edited assumptions").first).to_be_visible()
        npv = page.get_by_test_id("stMetric").filter(has_text="Economist's NPV").get_by_test_id("stMetricValue")
        expect(npv.first).to_have_text(holtec_npv(employment_multiplier=2.5))
        page.get_by_role("link", name="Schedule").click()
        expect(total(page)).to_have_text("$260,000,000")
        settled(page)
        grid = page.get_by_test_id("stDataFrame").first  # the employment path, year by year
        for _ in range(5):  # the grid is drawn on a canvas: click where it has come to rest, until it has focus
            grid.scroll_into_view_if_needed()
            page.wait_for_timeout(500)
            box = grid.bounding_box()
            page.mouse.click(box["x"] + box["width"] * 0.45, box["y"] + 35 * 3 + 17)  # year 3's facility jobs
            page.wait_for_timeout(300)
            if page.evaluate("() => !!document.activeElement.closest('[data-testid=\"stDataFrame\"]')"):
                break
        else:
            pytest.fail("the employment path's grid did not take the click")
        page.keyboard.type("100")  # a whole number of jobs below the agreement's 80%, whatever key opens the cell
        page.wait_for_timeout(300)
        page.keyboard.press("Enter")
        expect(total(page)).not_to_have_text("$260,000,000")
        edited = figures(page)
        assert "path=" in page.url and "assumptions=" in page.url
        shot(page, "link-edited")

        other = fresh.new_page()
        other.goto(page.url)
        assert figures(other) == edited
        expect(other.get_by_text("On edited assumptions").first).to_be_hidden()  # not on the Schedule
        other.get_by_role("link", name="Calculator").click()
        npv = other.get_by_test_id("stMetric").filter(has_text="Economist's NPV").get_by_test_id("stMetricValue")
        expect(npv.first).to_have_text(holtec_npv(employment_multiplier=2.5))
        expect(other.get_by_text("On edited assumptions").first).to_be_visible()  # said where the NPV is
    finally:
        context.close()
        fresh.close()


SLIDES = ["", "Schedule", "Compare_locations", "Net_benefit", "Published_awards", "Policy_reforms", "Risk"]
SMALLEST_CHART_TYPE = """() => Math.min(...[...document.querySelectorAll('.js-plotly-plot text')]
    .filter(t => t.textContent.trim()).map(t => parseFloat(getComputedStyle(t).fontSize)))"""


def test_presenter_mode_opens_every_page_on_its_chart_at_1280x720(server, browser):
    """A walk found presenter mode was each page without its sidebar: the Schedule's chart on the third
    screen, Compare opening on its table, chart type at 14-15 px. On a projector's first screen each
    page's chart is whole, its words at least 18 px, none cut or overprinted on any of the page's
    charts, and the talk's next page a click (or PageDown) away."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    found = {}
    try:
        page = context.new_page()
        for name in SLIDES:
            page.goto(f"{server}/{name}?{HOLTEC_QUERY}&presenter=1")
            chart = page.locator(".js-plotly-plot").first
            expect(chart).to_be_visible()
            settled(page)
            page.wait_for_timeout(500)  # plotly fits each chart to its column just after it first draws
            box = chart.bounding_box()
            smallest = page.evaluate(SMALLEST_CHART_TYPE)
            unread = page.evaluate(CUT) + page.evaluate(OVERPRINTED)
            if box["y"] < 0 or box["y"] + box["height"] > 720 or smallest < 18 or unread:
                found[name or "Calculator"] = (box, smallest, unread)
            expect(page.get_by_role("button", name="Next →")).to_be_visible()
        page.get_by_role("button", name="Next →").click()  # Risk, then the rest of the Act
        expect(page.get_by_role("heading", name="The rest of the Act")).to_be_visible()
    finally:
        context.close()
    assert not found, found
