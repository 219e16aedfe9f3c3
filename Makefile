# Quick start: `make run` (dashboard) and `make test` (every test). Each makes its own
# virtualenv in .venv and installs requirements.txt the first time (or when it changes).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8501

.PHONY: run test test-quick bench load

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

run: $(VENV)/.installed
	$(PY) scripts/serve.py --server.port $(PORT) --browser.gatherUsageStats false

# Two workers (pytest-xdist) for the tests that run in this process, one core each; the real-browser
# tests after them on their own, each with its server and Chromium, which two at once would starve.
test: $(VENV)/.installed
	$(PY) -m pytest -n 2 -m "not browser"
	$(PY) -m pytest -m browser

# Everything but the real-browser tests, the large tables, the install, the long random walk and the
# widget walks of the pages other than the calculator
# (pytest.ini's `slow`): a quick check while editing.
test-quick: $(VENV)/.installed
	$(PY) -m pytest -n 2 -m "not browser and not slow"

bench: $(VENV)/.installed
	$(PY) scripts/benchmark.py

# A meeting and a team at 1, 10 and 25 people on one server, through Streamlit's own protocol
# (Locust, no browser per person): the table of times to each run's end, errors, CPU and memory.
load: $(VENV)/.installed
	$(PY) scripts/load_test.py --users 1 10 25
