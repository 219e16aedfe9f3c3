"""The server's warm-up (grownj.ui.warm, run by scripts/serve.py before it listens) computes what
the starting project's pages share across sessions. serve.py swallows its errors, so that a page
computes what the warm-up could not: these tests are where a broken warm-up shows."""
import pytest
import streamlit as st

from apptest import open_app
from grownj.economics import residents
from grownj.ui import warm


def test_the_warm_up_builds_each_shared_page_figure():
    built = []
    warm.default_pages(figures=built.append)
    assert len(built) == 10  # Compare's three, Policy reforms' four, Net benefit's three


@pytest.mark.parametrize("page", ["pages/2_Compare_locations.py", "pages/5_Policy_reforms.py"])
def test_a_page_after_the_warm_up_draws_only_the_project_own_monte_carlo(monkeypatch, page):
    """Compare's four other places and Policy reforms' baseline and reform (their economist's Monte
    Carlo) come from the warm-up; only the project's own place is the session's, as on every page.
    Computed under other keys than the page's (a baseline at another law, say), the warm-up is wasted.
    The one drawn is the project's own, on the calculator the app opens on, which the page reuses."""
    st.cache_resource.clear()
    st.cache_data.clear()
    warm.default_pages()
    drawn = []
    real = residents.draw
    monkeypatch.setattr(residents, "draw", lambda *a, **k: drawn.append(1) or real(*a, **k))
    at = open_app(page)
    assert not at.exception
    assert len(drawn) == 1
