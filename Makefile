# The README's two commands: `make run` and `make test`. Both install into .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
RL     := $(VENV)/.installed-rl

.PHONY: install install-rl run test lint typecheck unit bench bench-rl clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

# The research interfaces and their examples (numpy, gymnasium, pettingzoo, open_spiel,
# torch): what the tests need beyond `make run`.
install-rl: $(RL)

$(RL): $(STAMP)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev,train]'
	touch $(RL)

run: install
	$(BIN)/zoogames play aquaretto --players 3 --seat human --seat greedy --seat greedy

lint: install-rl
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: install-rl
	$(BIN)/mypy

unit: install-rl
	$(BIN)/pytest -n auto

test: lint typecheck unit

bench: install
	$(BIN)/python benchmarks/throughput.py

bench-rl: install-rl
	$(BIN)/python benchmarks/adapters.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
