# Web side of the Makefile: building the static app and its browser tests.
# (Placeholder until the web app lands: `make test` runs lint and every Python test.)

test: lint $(VENV)/.stamp
	$(VPY) -m pytest

serve:
	@echo "The web app is not built yet: see issue 3." && exit 1
