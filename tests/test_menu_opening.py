"""A screen chosen on the menu before the warm-up brought its modules in (issue 34): the warm-up
takes the item with the focus first, and an item chosen too early opens once the warm-up, taking
its modules before anything else with the menu standing still, has them in, a module at a time,
instead of importing them all in the frame of the press. Also: Warmup.rush and import_cost."""

import sys

import kit
import pygame
import pytest
from own_package import own_package

from bluffhouse.scenes.menu import ITEMS, OPENING_MOST
from bluffhouse.scenes.shell import registry, warmup
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.warmup import BUDGET, IMPORT, WAITED_BUDGET, Next, Warmup, import_cost

# a package of its own: top imports mid imports low (three modules a step each), plus a class-heavy one
MODULES = {
    "__init__.py": "",
    "top.py": "from opkg.mid import M\nTOP = M\n",
    "mid.py": "from opkg.low import L\nM = L\n",
    "low.py": "L = 1\n",
    "plain.py": "X = 1\n",
    "classy.py": "".join(f"class C{n}:\n    pass\n" for n in range(12)) + "import json\n",
}


class StandIn(Scene):
    """The screen of the item chosen."""


@pytest.fixture
def package(tmp_path, monkeypatch):
    with own_package(tmp_path, monkeypatch, "opkg", MODULES):
        yield


@pytest.fixture
def app(tmp_path, monkeypatch, package):
    monkeypatch.setattr(registry, "SCENES", dict(registry.SCENES))
    monkeypatch.setitem(registry.NEEDS, "howto", ("opkg.top",))
    registry.register("howto", StandIn)
    app = kit.new_app(tmp_path, monkeypatch, seed=3)
    app.warmup.queue.clear()  # what the menu wants besides: not this test's
    app.warmup.queued.clear()
    yield app
    pygame.event.clear()


def choose_howto(app):
    app.stack.top.menu.focus = ITEMS.index("howto")
    kit.press(app, pygame.K_RETURN, frames=0)
    app.step(1 / 60)  # the frame of the press


@pytest.mark.draws
def test_an_item_chosen_too_early_opens_once_the_warm_up_brought_its_modules_in(app):
    choose_howto(app)
    assert type(app.stack.top).__name__ == "MenuScene" and app.stack.top.opening == "howto"
    seen = []
    for _ in range(10):
        top = app.stack.top
        app.step(1 / 60)
        seen.append((type(top).__name__, "opkg.top" in sys.modules))
        if isinstance(top, StandIn):
            break
    assert isinstance(app.stack.top, StandIn)
    opened = next(n for n, (name, _) in enumerate(seen) if name == "StandIn")
    assert seen[opened - 1] == ("MenuScene", True)  # in, then opened in the frame after
    assert {"opkg", "opkg.low", "opkg.mid", "opkg.top"} <= set(sys.modules)


@pytest.mark.draws
def test_the_menu_stands_still_and_takes_only_esc_while_a_screen_opens(app):
    menu = app.stack.top
    app.warmup.rush = lambda jobs: warmup.Rush([("never", "built")])  # a screen that never gets ready
    choose_howto(app)
    assert menu.opening == "howto"
    time_before = app.time - menu.still
    kit.press(app, pygame.K_DOWN, frames=3)
    assert menu.menu.focus == ITEMS.index("howto") and app.time - menu.still == time_before  # nothing moved
    kit.press(app, pygame.K_ESCAPE, frames=1)
    assert menu.opening is None and app.stack.top is menu  # Esc: the menu again, nothing opened


@pytest.mark.draws
def test_a_screen_that_does_not_get_ready_opens_anyway_after_a_moment(app):
    app.warmup.rush = lambda jobs: warmup.Rush([("never", "built")])
    choose_howto(app)
    frames = 0
    while not isinstance(app.stack.top, StandIn) and frames < 120:
        app.step(1 / 60)
        frames += 1
    assert OPENING_MOST * 60 - 2 <= frames <= OPENING_MOST * 60 + 2


def test_without_frames_drawn_there_is_no_warm_up_to_wait_for(app):
    choose_howto(app)  # a logic test's app: nothing painted, no warm-up run
    app.step(1 / 60)
    assert isinstance(app.stack.top, StandIn)


@pytest.mark.draws
def test_the_item_with_the_focus_is_made_first(app):
    app.warmup.want([(("other",), "piece", lambda: None)])
    app.stack.top.menu.focus = ITEMS.index("howto")
    app.stack.top.update(0.0)
    assert [key for key, *_ in app.warmup.queue] == [(IMPORT, "opkg.top"), ("other",)]


def test_a_rush_goes_first_keeps_a_lasting_job_lasting_and_is_done_with_what_it_left():
    queue = Warmup(lambda: 0.0)
    made = []
    queue.want([(("sound",), "sound", lambda: made.append("sound"))], lasting=True)
    queue.want([(("art",), "piece", lambda: made.append("art"))])
    more = Next([(("art 2",), "piece", lambda: made.append("art 2"))])
    sound = (("sound",), "sound", lambda: made.append("sound"))
    rush = queue.rush([(("art",), "piece", lambda: more), sound])
    assert [job[0] for job in queue.queue] == [("art",), ("sound",)] and queue.queue[1][3]  # still lasting
    queue.run(frame_start=0.0)
    assert made == ["art 2", "sound"] and rush.done and queue.rushes == []


def test_a_rush_waited_for_lets_the_frame_take_more():
    clock = [0.0]
    queue = Warmup(lambda: clock[0])
    queue.cost["piece"] = 0.004
    rush = queue.rush([((n,), "piece", lambda: clock.__setitem__(0, clock[0] + 0.004)) for n in range(6)])
    clock[0] = 0.002
    plain = queue.run(frame_start=0.0)  # 2 ms in: pieces of 4 ms while they end within 12 ms
    rush.waited_for = True
    clock[0] = 1.002
    waited = queue.run(frame_start=1.0)  # ... within 14 ms when a person waits for them
    assert (plain, waited) == (int((BUDGET - 0.002) // 0.004), int((WAITED_BUDGET - 0.002) // 0.004))


def test_an_import_is_expected_to_cost_by_what_its_code_does(package):
    plain, classy = import_cost("opkg.plain"), import_cost("opkg.classy")
    assert 0 < plain < 0.001 < classy  # twelve classes and a package from outside (json is in: not counted)
    assert import_cost("opkg.top") == import_cost("opkg.low")  # the next step: the deepest module
    __import__("opkg.plain")
    assert import_cost("opkg.plain") == 0.0
