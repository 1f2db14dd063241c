# The README's two commands: `make run` and `make test`. Both install into .venv first.
# Dependencies are ranges in pyproject.toml; constraints.txt pins every package exactly
# (`make lock` recompiles it, docs/packaging.md), and every install here goes through it.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/pip install --quiet --disable-pip-version-check -c constraints.txt
STAMP  := $(VENV)/.installed
RL     := $(VENV)/.installed-rl
TRAIN  := $(VENV)/.installed-train

.PHONY: install install-rl install-train web run test test-fast lint typecheck unit bench \
	bench-rl clean system-deps lock lock-upgrade dist views

# The package with the server, the arena and the developer tools ([dev]).
install: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PIP) -e '.[dev]'
	touch $(STAMP)

# The research interfaces (numpy, gymnasium, pettingzoo, open_spiel): what mypy and the
# RL tests need beyond `make run`.
install-rl: $(RL)

$(RL): $(STAMP)
	$(PIP) -e '.[dev,rl]'
	touch $(RL)

# PyTorch, for the RL example that trains a policy (tests/rl/test_examples.py) and nothing
# else: lint and types run without it.
install-train: $(TRAIN)

$(TRAIN): $(RL)
	$(PIP) -e '.[dev,train]'
	touch $(TRAIN)

# Recompile constraints.txt from pyproject.toml's ranges: `lock` keeps every pin it can,
# `lock-upgrade` takes the newest releases the ranges allow.
LOCK := $(BIN)/uv pip compile pyproject.toml --all-extras --python-version 3.11 \
	--python-platform x86_64-manylinux_2_28 --no-header --annotation-style line -o constraints.txt

lock: install
	$(LOCK)

lock-upgrade: install
	$(LOCK) --upgrade

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

# The views' TypeScript types (web/src/api/views.gen.ts) from the TypedDicts beside each
# game: json-schema-to-typescript, pinned by tools/viewtypes/package-lock.json.
VIEWTYPES := tools/viewtypes/node_modules/.installed

$(VIEWTYPES): tools/viewtypes/package.json tools/viewtypes/package-lock.json
	cd tools/viewtypes && npm ci --no-audit --no-fund
	touch $@

views: install $(VIEWTYPES)
	$(BIN)/python scripts/gen_views.py

run: install web
	$(BIN)/zoogames serve

lint: install
	$(BIN)/ruff check src tests benchmarks examples scripts setup.py
	$(BIN)/ruff format --check src tests benchmarks examples scripts setup.py

typecheck: install-rl
	$(BIN)/mypy

# Debian's PostgreSQL (the server's API tests) and Chromium (the browser tests), if missing.
system-deps:
	bash scripts/system-deps.sh

unit: install-train web system-deps $(VIEWTYPES)
	$(BIN)/pytest -n auto

test: lint typecheck unit

# The quick loop (CONTRIBUTING.md): no slow tests, no browser, SQLite only, no PyTorch.
test-fast: install-rl web $(VIEWTYPES)
	$(BIN)/pytest -n auto -m "not slow and not browser and not postgres"

# The wheel and the sdist in dist/, both with the built client (docs/packaging.md); setup.py
# refuses to build without it. --no-isolation: the pinned setuptools of .venv, no download.
dist: install web
	rm -rf dist
	$(BIN)/python -m build --no-isolation --outdir dist .

bench: install
	$(BIN)/python benchmarks/throughput.py

bench-rl: install-rl
	$(BIN)/python benchmarks/adapters.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis web/node_modules src/zoogames/server/static \
		tools/viewtypes/node_modules \
		dist build
