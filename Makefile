# make play / make demo / make bench / make bench-bots — set up .venv with the game's runtime
# (requirements.txt) on first use; make test / test-heavy / test-all / check / coverage / soak / package
# add the development tools (requirements-dev.txt) to it. check: the type checker (mypy) over the files
# pyproject.toml names, and the linter (ruff check, ruff.toml's rules) over the whole tree.
# make dist / make dist-check: the one-folder build (PyInstaller, in .venv-build made on first use).
# make package: the wheel and the sdist in dist/ (python -m build), as a packager makes them.
# bench: start-up and frame time, then game length; bench-bots: engine speed, then the levels' win
# shares and table feel (calls per game, lies, lies challenged) by python -m bluffhouse.game.tournament, the
# experts' included.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: play test test-heavy test-all check coverage bench bench-bots soak demo dist dist-check package clean

# The tests run headless and keep their compiled modules between runs, out of the source tree and
# the venv: a shell with PYTHONDONTWRITEBYTECODE would compile and assert-rewrite every module again
# on each run (about 6 s of CPU of the fast tier's collection).
TEST_ENV := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONDONTWRITEBYTECODE= \
	PYTHONPYCACHEPREFIX=$(CURDIR)/.pytest_cache/pycache

# Python 3.11 or newer, with its venv module, asked before anything is made: an older one (or
# Debian's python3 without python3-venv) gets two lines saying what to install, not pip's wall.
# The check itself is written so that any Python, even 2.7, runs it.
$(STAMP): requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
		echo "Bluffhouse needs Python 3.11 or newer; $(PYTHON) is $$($(PYTHON) --version 2>&1 || echo "not installed")."; \
		echo "Install Python 3.11 (Debian, Ubuntu: apt install python3.11 python3.11-venv), then: make $(or $(MAKECMDGOALS),play) PYTHON=python3.11"; \
		exit 1; }
	@$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { \
		echo "$(PYTHON) cannot make a virtual environment: it has no venv module (ensurepip)."; \
		echo "Debian, Ubuntu: apt install python3-venv (or python3.11-venv), then make $(or $(MAKECMDGOALS),play) again."; \
		exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $(STAMP)

$(DEV_STAMP): $(STAMP) requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(DEV_STAMP)

play: $(STAMP)
	$(PY) main.py

# The fast tier: every test but the heavy ones (about a minute of CPU).
test: $(DEV_STAMP)
	$(TEST_ENV) $(PY) -m pytest -m "not heavy"

# The heavy tier: whole painted games, language tours of every screen, long soaks, the browser.
test-heavy: $(DEV_STAMP)
	$(TEST_ENV) $(PY) -m pytest -m heavy

test-all: $(DEV_STAMP)
	$(TEST_ENV) $(PY) -m pytest

# The static checks, each checker a line of its own: mypy over the files pyproject.toml's [tool.mypy]
# names (game/, scenes/shell and the front door with the flags of --strict, the lower screens with the
# defaults), then ruff's lint (ruff.toml: the rules and why) over the whole tree, tests and tools included.
check: $(DEV_STAMP)
	$(PY) -m mypy
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# Line coverage of game/ and scenes/ by the fast tier and by the whole suite: each tier runs once
# and the whole suite's figure is the union of the two (.coverage.all); it fails when the fast tier
# is more than a point below the whole suite. The heavy tier under coverage takes long (about
# 40 min on a 2-core machine).
COVERAGE := $(TEST_ENV) $(PY) -m coverage
COVERED := $(COVERAGE) report --precision=1 --format=total --include="bluffhouse/game/*,bluffhouse/scenes/*"
coverage: $(DEV_STAMP)
	$(COVERAGE) run --data-file=.coverage.fast --source=game,scenes -m pytest -q -m "not heavy"
	$(COVERAGE) run --data-file=.coverage.heavy --source=game,scenes -m pytest -q -m heavy
	$(COVERAGE) combine --quiet --keep --data-file=.coverage.all .coverage.fast .coverage.heavy
	@fast=$$($(COVERED) --data-file=.coverage.fast); all=$$($(COVERED) --data-file=.coverage.all); \
	echo "line coverage of game/ and scenes/: fast tier $$fast%, whole suite (both tiers) $$all%"; \
	awk -v fast=$$fast -v all=$$all 'BEGIN { if (all - fast > 1) { \
		print "the fast tier is more than a point below the whole suite"; exit 1 } }'

# Speed: start-up beside the bare-pygame floor, p50/p99/worst frame of every screen, and a table of
# eight phones each sending at its rate limit for 30 s (tools/phone_swarm.py plays them); then the
# minutes a game takes at normal pace (tools/length_bench.py: 200 games a row, a few minutes); the
# records: the median stored game, and with 10,000 stored games the history, a name's stats and a
# replay jump (tools/records_bench.py).
bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/frame_bench.py
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/length_bench.py
	$(PY) tools/records_bench.py

# The engines' speed (the search engine's random baseline too), then the computer players'
# strength and decision time (long: two to three hours on two cores, most of it the experts).
bench-bots: $(STAMP)
	$(PY) -m bluffhouse.game.sim --game bullets --players 4 --games 2000
	$(PY) -m bluffhouse.game.sim --game kamu --players 4 --games 2000
	$(PY) -m bluffhouse.game.sim --game duel --games 2000
	$(PY) -m bluffhouse.game.sim --game bullets --players 4 --games 2000 --engine search
	$(PY) -m bluffhouse.game.sim --game kamu --players 4 --games 2000 --engine search
	$(PY) -m bluffhouse.game.tournament --game bullets --players 4 --seats expert,hard,hard,hard --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game kamu --players 4 --seats expert,hard,hard,hard --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game duel --seats expert,hard --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game bullets --players 4 --seats expert,expert,expert,expert --games 200 --seed 1
	$(PY) -m bluffhouse.game.tournament --game kamu --players 4 --seats expert,expert,expert,expert --games 200 --seed 1
	$(PY) -m bluffhouse.game.tournament --game bullets --players 4 --seats hard,medium,medium,medium --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game bullets --players 4 --seats medium,easy,easy,easy --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game kamu --players 4 --seats hard,medium,medium,medium --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game kamu --players 4 --seats medium,easy,easy,easy --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game bullets --players 4 --seats hard,hard,hard,hard --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game kamu --players 4 --seats hard,hard,hard,hard --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game bullets --players 4 --seats medium,medium,medium,medium --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game kamu --players 4 --seats medium,medium,medium,medium --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game duel --seats hard,medium --games 2000 --seed 1
	$(PY) -m bluffhouse.game.tournament --game duel --seats medium,easy --games 2000 --seed 1

# The soaks at the issues' full counts (the heavy tier runs fewer of the same): the couch monkey's
# 100,000 input events, 500 random tables a game and player count, 10,000 replays, 10,000 states
# per rule set, 200 kills while saving, 20 silent drops of a phone's Wi-Fi.
soak: $(DEV_STAMP)
	BLUFFHOUSE_SOAK=1 $(TEST_ENV) $(PY) -m pytest -q -s -m heavy tests/test_monkey.py tests/test_table_random.py \
		tests/test_table_hand_size.py tests/test_records_replay.py tests/test_contract.py tests/test_records_kill.py \
		tests/test_phone_browser.py tests/test_expert_tables_end.py

demo: $(STAMP)
	$(PY) main.py --demo

# The one-folder build for people without Python: dist/bluffhouse/ and an archive of it.
dist:
	$(PYTHON) tools/dist.py

# The same, then run it headless (120 frames, the demo, --phones-check on 127.0.0.1) and print its
# size and start-up time beside the source's.
dist-check:
	$(PYTHON) tools/dist.py --check

# The wheel and the sdist in dist/, built as a packager builds them (python -m build: an isolated
# environment with pyproject.toml's build requirements from PyPI).
package: $(DEV_STAMP)
	$(PY) -m build --outdir dist .

clean:
	rm -rf $(VENV) .venv-build build dist .pytest_cache .hypothesis
