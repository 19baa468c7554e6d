# Web side of the Makefile (included by Makefile, which defines PYTHON, VENV, VPY, PORT).
#   make serve   npm ci if needed, build dist/, serve it at http://127.0.0.1:$(PORT)/
#   make test    lint, then every test: engine, command line and browser end-to-end
#   make web     just build dist/ (the publish folder, see netlify.toml)
#   make bench-boot  time to ready of the app vs a bare PyScript page
#   make bench-first-visit  bytes and time of a first and a second visit (production headers)
#   make screenshots  every game at 1280x800, 390x844 and 844x390, at five moments, into screenshots/

CHROMIUM := /usr/bin/chromium

.PHONY: web bench-boot bench-first-visit screenshots

# npm packages, reinstalled exactly from the lockfile when it (or package.json) changes.
# npm ci empties node_modules first, so the stamp is written after it.
node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The publish folder. Always rebuilt: it takes a second, is byte-identical for the same
# sources, and so can never be stale.
web: node_modules/.stamp
	$(PYTHON) scripts/build_web.py

serve: web
	$(PYTHON) scripts/serve_web.py --port $(PORT) --dir dist

# Debian's Chromium for the browser tests (Playwright cannot download its own here).
$(CHROMIUM):
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# Three processes on two cores: the browser games wait on the computers' pauses, which a
# third process fills. --maxschedchunk 1 hands out one test at a time: by default xdist's
# first batch gave one process every browser test (they are collected first), and the
# other process sat idle once the engine tests were done (723 s then, 588 s now).
test: lint $(VENV)/.stamp $(CHROMIUM) web
	$(VPY) -m pytest -n 3 --maxschedchunk 1

bench-boot: $(VENV)/.stamp $(CHROMIUM) web
	$(VPY) scripts/bench_boot.py

bench-first-visit: $(VENV)/.stamp $(CHROMIUM) web
	$(VPY) scripts/bench_first_visit.py

screenshots: $(VENV)/.stamp $(CHROMIUM) web
	$(VPY) scripts/screenshots.py
