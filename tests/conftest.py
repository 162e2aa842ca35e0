"""Test set-up: headless SDL before anything imports pygame."""

import gc
import itertools
import os
import re
import sys
import tempfile
from pathlib import Path

import pytest

# The cyclic garbage collector runs a thirtieth as often (young objects: 20,000 allocations instead
# of 700) from here on, the test modules' collection included: importing them builds the modules,
# tables and parsed sources that stay alive all run, and at 700 each of its full passes walked all
# of them again (--collect-only: 0.25 s of CPU less). Cycles are still collected; a test can call
# gc.collect().
gc.set_threshold(20_000, 20, 20)

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL's pygame.init() takes over SIGTERM (it becomes a QUIT event in a queue nobody reads between
# tests), so a run could no longer be stopped with kill: the tests leave the signals to Python.
os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
# Never read or write the player's own settings; tests that need a file set their own.
_TEMP = Path(tempfile.mkdtemp(prefix="bluffhouse-tests-"))
os.environ["BLUFFHOUSE_SETTINGS"] = str(_TEMP / "settings.json")
# Nor the player's own records of games: the games tests play are stored here.
os.environ["BLUFFHOUSE_DATA"] = str(_TEMP / "data")
# A phone server opened by a test (the monkey may well make a seat a phone and press Start)
# listens on this machine only, on any free port.
os.environ["BLUFFHOUSE_PHONES_HOST"] = "127.0.0.1"
os.environ["BLUFFHOUSE_PHONES_PORT"] = "0"

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_configure(config):
    """The `draws` mark: a test that looks at what is painted (the rest step without drawing)."""
    config.addinivalue_line("markers", "draws: the test needs App.step to paint every frame")
    config.addinivalue_line("markers", "records: the app's writer thread stores the records of the games")
    config.addinivalue_line(
        "markers",
        "heavy: a long test (a whole painted game, a tour of every screen, a soak, the browser); "
        "`make test` leaves it to `make test-heavy`, and each has a small fast sibling",
    )


# A test module whose every test is heavy says so in one line (pytestmark = ... heavy ...).
_WHOLLY_HEAVY = re.compile(r"^pytestmark = .*\bpytest\.mark\.heavy\b", re.MULTILINE)


def pytest_ignore_collect(collection_path, config):
    """`make test` (-m "not heavy") does not import a module whose every test is heavy, only to
    deselect them all: the browser test imports Selenium (and with it trio), 0.1 s of CPU."""
    if (
        config.option.markexpr.replace(" ", "") == "notheavy"
        and collection_path.suffix == ".py"
        and collection_path.name.startswith("test_")
        and _WHOLLY_HEAVY.search(collection_path.read_text(encoding="utf-8"))
    ):
        return True
    return None


_TESTING = {}  # what the set-up below needs, imported at the first test (not at collection)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Before each test's fixtures, three things every test's App finds as main.py's would, or as
    the test's marks ask. Set by this hook, not by autouse fixtures: 1,760 tests set up three
    fixtures each (two of them asked for `request`, which pytest builds anew with a signature
    inspection every time), about 0.6 s of CPU, for what costs microseconds here.

    - Screens open each other by name: the registry holds every screen (register_all, as
      main.py does; a test that changes the registry does it through monkeypatch).
    - Games are taped in every test, but only `records` tests let the app's writer thread store
      them: the writer plays each record again, and tests that watch every engine apply (the
      couch referee, the monkey) would see its moves as if the screen had made them; the others
      keep their records in Records.kept.
    - Logic tests step the app without painting frames nobody looks at; `draws` tests paint."""
    global _ITEM
    _ITEM = item
    if not _TESTING:
        from bluffhouse.scenes.screens import register_all
        from bluffhouse.scenes.shell.app import App
        from bluffhouse.scenes.shell.records import Records

        _TESTING.update(register_all=register_all, App=App, Records=Records, save=Records.__dict__["save"])
    _TESTING["register_all"]()
    marks = {mark.name for mark in item.iter_markers()}
    _TESTING["App"].draws_frames = "draws" in marks
    _TESTING["Records"].save = _TESTING["save"] if "records" in marks else _kept


def _kept(self, record):
    """Records.save outside `records` tests: the record is kept in memory, nothing is written."""
    self.kept.append(record)


_ITEM = None  # the test being set up: its name names its tmp_path
_TMP_PATHS = itertools.count()


@pytest.fixture
def tmp_path(tmp_path_factory):
    """A fresh empty folder for the test, in the run's base temporary folder as pytest's own
    tmp_path makes (named after the test, numbered), without what we do not use of it: the
    `request` pytest builds for it, the "<name>current" symlink it moves at every test, and
    the retention policy's per-test bookkeeping (we keep pytest's default, "all": pytest
    removes the base folders of old runs, keeping the last three)."""
    name = re.sub(r"\W", "_", _ITEM.name)[:30] if _ITEM is not None else "test"
    path = tmp_path_factory.getbasetemp() / f"{name}{next(_TMP_PATHS)}"
    path.mkdir(mode=0o700)
    return path


def pytest_collection_finish(session):
    """The cyclic garbage collector walks every live object at each of its full passes: after
    collection the modules, tables and parsed sources are frozen out of its walks (with the
    threshold above: about a tenth of the suite's CPU went to it)."""
    gc.freeze()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """After the last test, one full collection (a cycle whose __del__ raised is still reported by
    pytest's unraisable-exception plugin), then what is left is frozen too: that plugin collects
    twice more at the end of the run (at its clean-up and at unconfigure), each a walk of every
    object the tests left alive, about 0.4 s of CPU together, for garbage there can no longer be."""
    gc.collect()
    gc.freeze()
    sources = sys.modules.get("sources")  # tests/sources.py, if a test read the code's shape
    if sources is not None and hasattr(sources, "save"):
        sources.save()  # the answers it found, for the next run


def pytest_unconfigure(config):
    """The run's own settings and records folder (made above) goes with the run: a machine that
    runs the suite all day must not gather one folder per run in its temporary space."""
    import shutil

    shutil.rmtree(_TEMP, ignore_errors=True)
