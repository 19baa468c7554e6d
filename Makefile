# The commands of the README:
#   make serve   builds the web app (vendored Pyodide/PyScript, packed engine) and serves it
#   make test    lint + every test (engine, command line, browser end-to-end)
#   make icons   redraws web/icon-*.png after a change to web/favicon.svg
# Each installs what it needs on a fresh machine.

PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
PORT   ?= 8000

.PHONY: test test-engine lint format bench serve clean icons

# A stamp per requirements file: the venv is rebuilt only when the pins change. pysodium
# (remote play's signatures on CPython) loads the system's libsodium: installed if missing.
$(VENV)/.stamp: requirements-test.txt
	@ldconfig -p 2>/dev/null | grep -q 'libsodium\.so' || { apt-get update && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y libsodium23; }
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	touch $@

lint: $(VENV)/.stamp
	$(VPY) -m ruff check .
	$(VPY) -m ruff format --check .

format: $(VENV)/.stamp
	$(VPY) -m ruff format .
	$(VPY) -m ruff check --fix .

# Engine and command-line tests only (no browser): the quick loop while working on rules.
test-engine: $(VENV)/.stamp
	$(VPY) -m pytest -m "not e2e"

bench: $(VENV)/.stamp
	$(VPY) -m waddle bench

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .hypothesis

include web.mk

# Redraw web/icon-*.png from web/favicon.svg with Chromium (after web.mk, which names it).
icons: $(VENV)/.stamp $(CHROMIUM)
	$(VPY) scripts/make_icons.py
