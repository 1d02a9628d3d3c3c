# Foebook: `make run` starts the app, `make test` runs every check. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench lint clean system-deps-run system-deps-test

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
	$(BIN)/lint-imports

test: system-deps-test $(VENV)/.installed-test lint
	scripts/run-tests.sh

bench: system-deps-test $(VENV)/.installed-test
	@QT_QPA_PLATFORM=offscreen $(BIN)/python tests/benchmarks/run.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis .benchmarks
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
