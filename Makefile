# The README's two commands: `make run` and `make test`. Both install into .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
RL     := $(VENV)/.installed-rl

.PHONY: install install-rl web web-lint web-test run test lint typecheck unit bench bench-rl clean system-deps screenshots

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

# The browser client (web/, docs/web.md): npm ci from the committed lock file, then a
# type-checked Vite build into the package's static/ directory, which the server serves.
WEB_DEPS    := web/node_modules/.installed
WEB_BUILD   := src/zoogames/server/static/index.html
WEB_SOURCES := $(shell find web/src -type f 2>/dev/null) web/index.html web/vite.config.ts web/tsconfig.json web/tsconfig.node.json

web: $(WEB_BUILD)

$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

$(WEB_BUILD): $(WEB_DEPS) $(WEB_SOURCES)
	cd web && npm run build

run: install web
	$(BIN)/zoogames serve

lint: install-rl web-lint
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

# The client's lint (ESLint) and formatting (Prettier), and its unit tests (Vitest).
web-lint: $(WEB_DEPS)
	cd web && npm run lint && npm run format:check

web-test: $(WEB_DEPS)
	cd web && npm test

# New baselines of the browser tests' screenshots, which docs/web.md shows: look at them
# (git diff), then commit them.
screenshots: install-rl web system-deps
	UPDATE_SCREENSHOTS=1 $(BIN)/pytest tests/e2e/test_screenshots.py -n 0 -q

typecheck: install-rl
	$(BIN)/mypy

# Debian's PostgreSQL (the server's API tests) and Chromium (the browser tests), if missing.
system-deps:
	bash scripts/system-deps.sh

unit: install-rl web system-deps web-test
	$(BIN)/pytest -n auto

test: lint typecheck unit

bench: install
	$(BIN)/python benchmarks/throughput.py

bench-rl: install-rl
	$(BIN)/python benchmarks/adapters.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis web/node_modules src/zoogames/server/static
