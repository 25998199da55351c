# The two commands of the README, and their parts.
PY ?= python3

.PHONY: install serve test lint typecheck unit js

install:
	$(PY) -m pip install -q -e '.[test]'

serve:
	counterplay serve

lint:
	ruff check server tests migrations

typecheck:
	mypy server

js:
	node --test frontend/tests/

# Two workers by default (this machine has two cores); JOBS=0 runs in one process.
JOBS ?= 2
unit:
	$(PY) -m pytest -n $(JOBS)

test: lint typecheck js unit
