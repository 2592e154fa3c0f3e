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

.PHONY: run test test-fast lint format bench venv clean i18n i18n-check

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

lint: $(LINT_STAMP) i18n-check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict tutor

# The catalogues: extract the interface's template (babel.cfg says what from), merge it into
# every language's .po, and bring the rules reference's and the bank's catalogues up to date.
# Then translate the new or changed entries of each .po in any .po editor.
# `make i18n NEW=fr` adds a language: its empty catalogues, to translate.
i18n: $(LINT_STAMP)
	$(BIN)/pybabel extract -F babel.cfg -o tutor/locale/tutor.pot -c "Translators:" \
	  --strip-comment-tags -w 96 --add-location=file --project "Stud Tutor" --version 0.1.0 \
	  --msgid-bugs-address "the Stud Tutor issue tracker" --header-comment "$$(cat tutor/locale/header.txt)" .
	$(if $(NEW),$(BIN)/python -m tutor.catalogues new $(NEW))
	$(BIN)/python -m tutor.catalogues merge
	$(BIN)/python -m tutor.rules_reference --update-catalogue
	$(BIN)/python -m tutor.scenarios.texts update scenarios

# The gates on the catalogues (part of `make lint`): the .pot is what the code says, every
# language's catalogue of every domain is complete, its placeholders, markup and plural
# forms agree with the source.
i18n-check: $(LINT_STAMP)
	$(BIN)/python -m tutor.catalogues check

# What `make lint` would refuse and a tool can mend: import order, formatting, simple rewrites.
format: $(LINT_STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(TEST_STAMP)
	$(BIN)/python -m tutor.bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis test-artifacts build dist *.egg-info
