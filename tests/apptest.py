"""The dashboard opened in AppTest as a browser opens it: at its entry point with a link's query,
then at a page (a page opened on its own would miss the entry point's set-up)."""
from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).parents[1]


def open_app(page: str = "app.py", *, query: dict[str, str] | None = None, timeout: float = 60) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
    if query:
        at.query_params.update(query)
    at.run()
    return at if page == "app.py" else at.switch_page(page).run()
