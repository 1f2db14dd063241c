# The README's two commands: `make run` and `make test`. Both install into .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
RL     := $(VENV)/.installed-rl
COMPILED       := $(VENV)/.compiled
ENGINE_SOURCES := $(shell find src/zoogames/core src/zoogames/games src/zoogames/bots -name '*.py' 2>/dev/null)

.PHONY: install install-rl web run test test-pure lint typecheck unit bench bench-search bench-rl clean system-deps

install: $(STAMP) $(COMPILED)

# Dependencies and the package (editable), as plain Python: the compiled engine follows.
$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	ZOOGAMES_PURE=1 $(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

# The compiled engine (setup.py; docs/architecture.md, Speed): mypyc builds the rules and
# the bots into C extensions beside their sources, again whenever a source changes. With
# no C compiler, or ZOOGAMES_PURE=1, nothing is built and the same code runs as Python.
$(COMPILED): $(STAMP) $(ENGINE_SOURCES)
	$(BIN)/python setup.py --quiet build_ext --inplace -j 2
	touch $(COMPILED)

# The research interfaces and their examples (numpy, gymnasium, pettingzoo, open_spiel,
# torch): what the tests need beyond `make run`.
install-rl: $(RL)

$(RL): $(STAMP)
	ZOOGAMES_PURE=1 $(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev,train]'
	touch $(RL)

# The browser client (web/, docs/web.md): npm ci from the committed lock file, then a
# type-checked Vite build into the package's static/ directory, which the server serves.
WEB_DEPS    := web/node_modules/.installed
WEB_BUILD   := src/zoogames/server/static/index.html
WEB_SOURCES := $(shell find web/src -type f 2>/dev/null) web/index.html web/vite.config.ts web/tsconfig.json

web: $(WEB_BUILD)

$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

$(WEB_BUILD): $(WEB_DEPS) $(WEB_SOURCES)
	cd web && npm run build

run: install web
	$(BIN)/zoogames serve

lint: install-rl
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: install-rl
	$(BIN)/mypy

# Debian's PostgreSQL (the server's API tests) and Chromium (the browser tests), if missing.
system-deps:
	bash scripts/system-deps.sh

unit: install install-rl web system-deps
	$(BIN)/pytest -n auto

# The engine and bot tests again on the plain-Python engine (`make unit` runs the compiled
# one where it was built): both builds must agree on every rule, count and move.
PURE_TESTS := tests/aquaretto tests/zooloretto tests/aquaretto_zooloretto tests/aquarium_designer \
              tests/test_bots.py tests/test_mcts.py tests/test_fields.py tests/test_engine_builds.py

test-pure: install
	ZOOGAMES_PURE=1 $(BIN)/pytest -n auto $(PURE_TESTS)

test: lint typecheck unit test-pure

bench: install
	$(BIN)/python benchmarks/throughput.py

bench-search: install
	$(BIN)/python benchmarks/search.py

bench-rl: install-rl
	$(BIN)/python benchmarks/adapters.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis web/node_modules src/zoogames/server/static build
	find src -name '*.so' -delete
