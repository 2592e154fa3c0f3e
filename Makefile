# Stud Tutor: `make run` starts the app, `make test` runs the tests, `make lint` the gates.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8501
PIP    := $(BIN)/python -m pip install --quiet -c constraints.txt
# One stamp per set of extras: `make run` installs only what running needs.
RUN_STAMP  := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
LINT_STAMP := $(VENV)/.installed-lint

.PHONY: run test test-fast lint format bench venv clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(PIP) -e .
	touch $@

$(TEST_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(PIP) -e '.[test]'
	touch $@

# mypy reads the test extra's packages too (the benchmarks import PokerKit and treys).
$(LINT_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(PIP) -e '.[test,lint]'
	touch $@

venv: $(TEST_STAMP) $(LINT_STAMP)

run: $(RUN_STAMP)
	$(BIN)/tutor run --port $(PORT)

test: $(TEST_STAMP)
	$(BIN)/python -m pytest -q

# Everything but the tests marked slow (browsers, PostgreSQL, servers, the wheel, benchmarks,
# the differential and fuzz runs): a quick check while working. CI runs `make test`.
test-fast: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -m "not slow"

lint: $(LINT_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict tutor

# What `make lint` would refuse and a tool can mend: import order, formatting, simple rewrites.
format: $(LINT_STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(TEST_STAMP)
	$(BIN)/python -m tutor.bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis test-artifacts build dist *.egg-info
