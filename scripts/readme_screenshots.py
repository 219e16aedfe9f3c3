"""Retake the README's screenshots at a projector's 1280x720 from a running server:
`python scripts/readme_screenshots.py http://127.0.0.1:8501` (Debian's Chromium, as the tests use)."""
import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

DOCS = Path(__file__).parents[1] / "docs"
HOLTEC = "?preset=Holtec+International%2C+Camden+%28published%29"
SHOTS = {"calculator": HOLTEC, "schedule": "Schedule", "compare": "Compare_locations", "risk": "Risk",
         "net-benefit": "Net_benefit", "published-awards": "Published_awards", "batch": "Batch",
         "policy-reforms": "Policy_reforms", "rest-of-the-act": "Rest_of_the_Act", "statute": "Statute"}


def settle(page) -> None:
    page.wait_for_timeout(300)
    expect(page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]')).to_have_count(1)
    expect(page.locator('[data-testid^="stSkeleton"]')).to_have_count(0)
    page.wait_for_timeout(1500)  # plotly fits each chart to its column just after it first draws


def main(server: str) -> None:
    expect.set_options(timeout=30_000)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        for name, path in SHOTS.items():
            page.goto(f"{server}/{path}")
            settle(page)
            page.screenshot(path=str(DOCS / f"{name}.png"))
        page.goto(f"{server}/{HOLTEC}")
        settle(page)
        page.get_by_text("Presenter mode").first.click()
        settle(page)
        page.screenshot(path=str(DOCS / "presenter.png"))
        page.get_by_text("Across locations").click()
        settle(page)
        page.screenshot(path=str(DOCS / "presenter-locations.png"))
        page.get_by_text("Presenter mode").first.click()
        settle(page)
        page.get_by_text("Scenario library").click()
        settle(page)
        page.get_by_text("Scenario library").scroll_into_view_if_needed()
        page.screenshot(path=str(DOCS / "library.png"))
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8501")
