# The README's two commands: `make run` and `make test`. Both install into .venv first.
# Dependencies are ranges in pyproject.toml; constraints.txt pins every package exactly
# (`make lock` recompiles it, docs/packaging.md), and every install here goes through it.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# pip compiles each package's modules to bytecode one file after another; compileall does
# the same on every core after the install (a clean install of the tests' extras on 2
# cores, three runs each: 92 s against 111 s, the median). PYC runs after each pip below.
PIP    := $(BIN)/pip install --quiet --disable-pip-version-check --no-compile -c constraints.txt
PYC    := $(BIN)/python -c "import compileall, sysconfig; \
	compileall.compile_dir(sysconfig.get_paths()['purelib'], quiet=2, workers=0)"
STAMP  := $(VENV)/.installed
RL     := $(VENV)/.installed-rl
TRAIN  := $(VENV)/.installed-train
COMPILED       := $(VENV)/.compiled
ENGINE_SOURCES := $(shell find src/zoogames/core src/zoogames/games src/zoogames/bots -name '*.py' 2>/dev/null)

.PHONY: messages i18n install install-rl install-train web web-lint web-test run test test-fast test-pure lint \
	typecheck unit bench bench-search bench-rl clean system-deps lock lock-upgrade dist views copies screenshots \
	mutation

# The package with the server, the arena and the developer tools ([dev]), then the
# compiled engine. Every pip install here is plain Python (ZOOGAMES_PURE=1): the engine is
# compiled once, by the rule below.
install: $(STAMP) $(COMPILED)

$(STAMP): pyproject.toml constraints.txt setup.py
	$(PYTHON) -m venv $(VENV)
	ZOOGAMES_PURE=1 $(PIP) -e '.[dev]'
	$(PYC)
	touch $(STAMP)

# The compiled engine (setup.py; docs/performance.md): mypyc builds the rules and
# the bots into C extensions beside their sources, again whenever a source changes. With
# no C compiler, or ZOOGAMES_PURE=1, nothing is built and the same code runs as Python.
$(COMPILED): $(STAMP) $(ENGINE_SOURCES)
	$(BIN)/python setup.py --quiet build_ext --inplace -j 2
	touch $(COMPILED)

# The research interfaces (numpy, gymnasium, pettingzoo, open_spiel) and Ray (the arena on
# a cluster): what mypy and the tests need beyond `make run`.
install-rl: $(RL)

$(RL): $(STAMP)
	ZOOGAMES_PURE=1 $(PIP) -e '.[dev,rl,ray]'
	$(PYC)
	touch $(RL)

# PyTorch, for the RL example that trains a policy (tests/rl/test_examples.py) and nothing
# else: lint and types run without it. Every extra the tests need, in one pip install (on
# a fresh .venv one resolution and one build of the package instead of three); the stamps
# of the smaller installs are touched with it, since it holds them.
install-train: $(TRAIN)

$(TRAIN): pyproject.toml constraints.txt setup.py
	$(PYTHON) -m venv $(VENV)
	ZOOGAMES_PURE=1 $(PIP) -e '.[dev,rl,ray,train]'
	$(PYC)
	touch $(STAMP) $(RL) $(TRAIN)

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
WEB_SOURCES := $(shell find web/src -type f 2>/dev/null) web/index.html web/vite.config.ts web/tsconfig.json web/tsconfig.node.json

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

# The games' compiled copies (games/*/copies.py) from their FIELDS declarations
copies: install
	ZOOGAMES_PURE=1 $(BIN)/python scripts/gen_copies.py

run: install web
	$(BIN)/zoogames serve

lint: install web-lint
	$(BIN)/ruff check src tests benchmarks examples scripts setup.py conftest.py
	$(BIN)/ruff format --check src tests benchmarks examples scripts setup.py conftest.py

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

# Test processes: one more than the cores. Many tests wait (on servers, clocks, restarts),
# and the extra process fills those waits: on two cores the unit run took 453 s with three
# against 501 s with two (the CPU idle 6% of the time instead of 22%). `make test
# WORKERS=2` to choose.
WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
# Work stealing: a process that runs out of tests takes some of another's. xdist's default
# hands out the tests ahead, and one process sat idle for the last 170 s of a 705 s run
# while the other worked through the server tests it had been given.
PYTEST_WORKERS = -n $(WORKERS) --dist worksteal

# The client's Vitest tests run first; `make test` runs them beside the builds instead, and
# empties UNIT_CHECKS when it calls this.
UNIT_CHECKS ?= web-test

unit: install install-train web system-deps $(UNIT_CHECKS) $(VIEWTYPES)
	$(BIN)/pytest $(PYTEST_WORKERS)

# The engine and bot tests again on the plain-Python engine (`make unit` runs the compiled
# one where it was built): both builds must agree on every rule, count and move.
PURE_TESTS := src/zoogames/core src/zoogames/games src/zoogames/bots tests/aquaretto tests/zooloretto tests/aquaretto_zooloretto tests/aquarium_designer \
              tests/test_bots.py tests/test_mcts.py tests/test_fields.py tests/test_engine_builds.py tests/test_rng.py

# The comparison of the two builds runs once, in `make unit`: here it would repeat it.
test-pure: install
	ZOOGAMES_PURE=1 $(BIN)/pytest -n auto --dist worksteal $(PURE_TESTS) \
		--deselect tests/test_engine_builds.py::test_both_builds_count_score_and_search_alike

# In three steps, each running two jobs at a time where they do not depend on each other:
# pip beside npm, then the engine's compilation beside mypy, ruff and the client's build,
# then the tests. Much of the first two steps waits on one core (pip, mypy, mypyc's
# analysis) or on the network: side by side they take a minute less on two cores.
PREPARE_JOBS := --jobs=2 --output-sync=target

test:
	$(MAKE) $(PREPARE_JOBS) install-train $(WEB_DEPS) $(VIEWTYPES)
	$(MAKE) $(PREPARE_JOBS) lint typecheck $(COMPILED) web web-test
	$(MAKE) unit test-pure UNIT_CHECKS=

# Mutation testing (CONTRIBUTING.md, Mutation testing): mutmut changes the module that
# pyproject's [tool.mutmut] names, one change at a time, and runs that game's tests on
# each; a change no test notices is a gap in the tests. Plain Python, one core, niced: a
# few minutes. Not part of `make test`. `mutmut results` and `mutmut show NAME` after.
mutation: $(STAMP)
	rm -rf mutants
	ZOOGAMES_PURE=1 nice -n 15 $(BIN)/mutmut run --max-children 1
	$(BIN)/mutmut results

# The quick loop (CONTRIBUTING.md): no slow tests, no browser, SQLite only, no PyTorch.
test-fast: install-rl web $(VIEWTYPES)
	$(BIN)/pytest -n auto --dist worksteal -m "not slow and not browser and not postgres"

# The wheel and the sdist in dist/, both with the built client (docs/packaging.md); setup.py
# refuses to build without it. --no-isolation: the pinned setuptools of .venv, no download.
dist: install web
	rm -rf dist
	$(BIN)/python -m build --no-isolation --outdir dist .

bench: install
	$(BIN)/python benchmarks/throughput.py

bench-search: install
	$(BIN)/python benchmarks/search.py

bench-rl: install-rl
	$(BIN)/python benchmarks/adapters.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis web/node_modules src/zoogames/server/static \
		tools/viewtypes/node_modules \
		dist build
	find src -name '*.so' -delete

# The gettext catalogues (docs/i18n.md): extract the ids the code uses (msg(...), N_(...))
# and bring src/zoogames/locale/*/LC_MESSAGES/zoogames.po in line; then `make i18n`
# writes the client's web/src/i18n/game.{en,cs}.json from them.
messages: install
	mkdir -p build
	$(BIN)/pybabel extract -F babel.cfg -k msg -k N_ --no-default-keywords --sort-output \
		--omit-header --no-location -o build/zoogames.pot src/zoogames
	$(BIN)/python scripts/gen_i18n.py --update build/zoogames.pot

i18n: install
	$(BIN)/python scripts/gen_i18n.py
