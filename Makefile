# Foebook: `make run` starts the app, `make test` runs every check. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench lint clean system-deps-run system-deps-test
.PHONY: package package-test install-desktop uninstall-desktop system-deps-package

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install whenever the project metadata changes.
$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed-run

system-deps-run:
	@scripts/system-deps.sh run

system-deps-test:
	@scripts/system-deps.sh test

run: system-deps-run $(VENV)/.installed-run
	$(BIN)/foebook

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

test: system-deps-test $(VENV)/.installed-test lint
	scripts/run-tests.sh

# Compiled first, as pip and the desktop bundle install it: a user's `foebook decide` never
# compiles Foebook's modules from source (with PYTHONDONTWRITEBYTECODE set, every process
# of the run would, ~0.07 s each).
bench: system-deps-test $(VENV)/.installed-test
	@$(BIN)/python -m compileall -q desktop ui db
	@QT_QPA_PLATFORM=offscreen $(BIN)/python tests/benchmarks/run.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis .benchmarks
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

# Desktop bundle (PyInstaller one-dir) in dist/foebook/ plus a .tar.gz; see packaging/README.md.
$(VENV)/.installed-package: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[package]'
	touch $@ $(VENV)/.installed-run

system-deps-package:
	@scripts/system-deps.sh package

package: system-deps-package $(VENV)/.installed-package
	scripts/package.sh

# The packaging smoke test (tests/packaging, enabled by FOEBOOK_PACKAGE_TEST=1); it runs `make package`.
package-test: system-deps-package $(VENV)/.installed-test $(VENV)/.installed-package
	FOEBOOK_PACKAGE_TEST=1 scripts/run-tests.sh tests/packaging -q

# Installs the bundle under ~/.local (PREFIX=... for elsewhere) with its menu entry and icons.
install-desktop: package
	scripts/install-desktop.sh install

uninstall-desktop:
	scripts/install-desktop.sh uninstall
