# Stud Tutor: the two commands are `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8501
STAMP  := $(VENV)/.installed
# `make run` installs what running needs; `make test` adds the test extra on top.
TESTED := $(VENV)/.installed-test

.PHONY: run test bench venv clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

$(TESTED): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(TESTED)

venv: $(STAMP)

run: $(STAMP)
	$(BIN)/tutor run --port $(PORT)

test: $(TESTED)
	$(BIN)/python -m pytest -q

bench: $(TESTED)
	$(BIN)/python -m tutor.bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis test-artifacts
