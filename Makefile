# Outorga — the two commands of the README, and a few for developers.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck bench clean

$(STAMP): requirements.lock pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Outorga precisa de Python 3.11 ou mais novo"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

## Start Outorga with demo data on the embedded SQLite database: http://127.0.0.1:8000
run: $(STAMP)
	$(BIN)/outorga serve

## Run the whole test suite on every core (SQLite by default; DATABASE_URL=postgres://… for
## PostgreSQL, one test database per worker); PYTEST_ARGS="-n 0" runs it in one process.
PYTEST_ARGS ?= -n auto
test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/law_eligibility.py

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache
