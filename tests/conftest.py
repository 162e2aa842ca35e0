"""Test set-up: headless SDL before anything imports pygame."""

import gc
import os
import sys
import tempfile
from pathlib import Path

import pytest

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


@pytest.fixture(autouse=True)
def _screens_registered():
    """Screens open each other by name: every test's App finds them all, as main.py's does."""
    from scenes.screens import register_all

    register_all()


def pytest_configure(config):
    """The `draws` mark: a test that looks at what is painted (the rest step without drawing)."""
    config.addinivalue_line("markers", "draws: the test needs App.step to paint every frame")
    config.addinivalue_line("markers", "records: the app's writer thread stores the records of the games")
    config.addinivalue_line(
        "markers",
        "heavy: a long test (a whole painted game, a tour of every screen, a soak, the browser); "
        "`make test` leaves it to `make test-heavy`, and each has a small fast sibling")


@pytest.fixture(autouse=True)
def _records_written_where_asked(request, monkeypatch):
    """Games are taped in every test, but only `records` tests let the app's writer thread store
    them: the writer plays each record again, and tests that watch every engine apply (the couch
    referee, the monkey) would see its moves as if the screen had made them."""
    if request.node.get_closest_marker("records") is None:
        from scenes.shell.records import Records

        monkeypatch.setattr(Records, "save", lambda self, record: self.kept.append(record))


@pytest.fixture(autouse=True)
def _paint_only_where_looked_at(request, monkeypatch):
    """Logic tests step the app without painting frames nobody looks at; `draws` tests paint."""
    from scenes.shell.app import App

    monkeypatch.setattr(App, "draws_frames", request.node.get_closest_marker("draws") is not None)


def pytest_collection_finish(session):
    """The cyclic garbage collector walks every live object at each of its full passes: after
    collection the modules, tables and parsed sources are frozen out of its walks, and it runs
    a thirtieth as often (young objects: 20,000 allocations instead of 700). About a tenth of the
    suite's CPU went to it; cycles are still collected, and a test can call gc.collect()."""
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
