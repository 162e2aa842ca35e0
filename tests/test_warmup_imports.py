"""The warm-up imports what the first frame did not: a module at a time, the modules it imports
first, never one imported only for type checking; what the whole app wants stays queued when a
screen enters; a piece too big for spare time waits for a nearly idle frame (issue 34)."""

import json
import subprocess
import sys
import textwrap

import pytest
from own_package import own_package

from bluffhouse.scenes import screens
from bluffhouse.scenes.art.kinds import AT_ENTRY
from bluffhouse.scenes.shell import registry, warmup
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.warmup import IMPORT, Next, Warmup, imports, later

MODULES = {
    "__init__.py": "",
    "top.py": "from typing import TYPE_CHECKING\nfrom wpkg.mid import M\nfrom wpkg import sub\n"
    "if TYPE_CHECKING:\n    from wpkg.typing_only import T\nTOP = M\n",
    "mid.py": "from wpkg.low import L\nM = L\n",
    "low.py": "L = 1\n",
    "sub.py": "S = 2\n",
    "typing_only.py": "raise RuntimeError('imported for type checking only')\n",
}


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package of its own (wpkg), taken for this project's: top -> mid -> low, top -> sub."""
    with own_package(tmp_path, monkeypatch, "wpkg", MODULES):
        yield


def test_imports_come_a_module_a_frame_the_deepest_first_never_a_type_checking_one(package):
    ticks = iter(range(10**6))
    queue = Warmup(lambda: next(ticks) * 1e-6)  # no spare time: the frame's one eager piece only
    queue.want(imports(["wpkg.top"]))
    order = []
    while queue.queue:
        before = {m for m in sys.modules if m.startswith("wpkg")}
        assert queue.run(frame_start=queue.clock(), budget=0.0) == 1
        order += sorted({m for m in sys.modules if m.startswith("wpkg")} - before)
    assert order == ["wpkg", "wpkg.low", "wpkg.mid", "wpkg.sub", "wpkg.top"]
    assert "wpkg.typing_only" not in sys.modules


def test_own_imports_are_read_from_the_compiled_code(package):
    assert warmup.own_imports("wpkg.mid") == ["wpkg.low"]
    import wpkg  # noqa: F401  (a package imported: its submodules named by `from wpkg import sub`)

    assert warmup.own_imports("wpkg.top") == ["wpkg.mid", "wpkg.sub"]


def test_a_loop_through_type_only_imports_ends(package, tmp_path):
    (tmp_path / "wpkg" / "a.py").write_text("import wpkg.b\n", encoding="utf-8")
    (tmp_path / "wpkg" / "b.py").write_text("import wpkg.a\n", encoding="utf-8")
    queue = Warmup(lambda: 0.0)
    queue.want(imports(["wpkg.a"]))
    for _ in range(10):
        queue.run(0.0, 0.0)
    assert not queue.queue and {"wpkg.a", "wpkg.b"} <= set(sys.modules)


def test_a_plan_imports_what_it_needs_first_then_queues_its_pieces_next(package):
    made = []
    queue = Warmup(lambda: 0.0)
    queue.want(
        [
            later(
                ("p",),
                lambda: [(("piece",), "piece", lambda: made.append("wpkg.low" in sys.modules))],
                ("wpkg.low",),
            ),
            (("after",), "piece", lambda: made.append("after")),
        ]
    )
    while queue.queue:
        queue.run(0.0, 0.0)
    assert made == [True, "after"]


def test_what_the_whole_app_wants_stays_queued_when_a_screen_enters():
    class Screen(Scene):
        def __init__(self):
            pass

        def art_wanted(self):
            return [(("art",), "piece", lambda: None)]

    queue = Warmup(lambda: 0.0)
    queue.want([(("sound", "slap"), "sound", lambda: None)], lasting=True)
    queue.want([(("old art",), "piece", lambda: None)])
    queue.want([(("module",), IMPORT, lambda: None)])
    queue.ahead(Screen())
    assert [job[0] for job in queue.queue] == [("art",), ("sound", "slap"), ("module",)]


def test_a_piece_too_big_for_spare_time_waits_for_a_nearly_idle_frame():
    made = []
    clock = [0.0]
    queue = Warmup(lambda: clock[0])
    big = sorted(AT_ENTRY)[0]
    queue.want(
        [(("small",), "piece", lambda: made.append("small")), (("big",), big, lambda: made.append(big))]
    )
    clock[0] = 0.001  # 1 ms into the frame: the small piece; the big one waits for another frame
    assert queue.run(frame_start=0.0) == 1 and made == ["small"]
    clock[0] = 1.005  # a frame that took 5 ms: no room for it
    assert queue.run(frame_start=1.0) == 0
    clock[0] = 2.001  # a nearly idle frame: built alone
    assert queue.run(frame_start=2.0) == 1 and made == ["small", big]


def test_next_is_queued_before_what_waits():
    queue = Warmup(lambda: 0.0)
    log = []
    queue.want(
        [
            (("a",), "piece", lambda: Next([(("a2",), "piece", lambda: log.append("a2"))])),
            (("b",), "piece", lambda: log.append("b")),
        ]
    )
    while queue.queue:
        queue.run(0.0, 0.0)
    assert log == ["a2", "b"]


def test_the_menu_wants_every_screen_a_person_can_reach_imported():
    screens.register_all()
    wanted = {key[1] for key, kind, _ in registry.AHEAD if kind == IMPORT and key[0] == IMPORT}
    lazy = {module for module, _ in screens.LAZY.values()}
    assert lazy - wanted == set(screens.UNREACHED)
    assert any(key == ("plan", "players") for key, _, _ in registry.AHEAD)  # the computer players


def test_the_players_module_list_comes_from_the_registry_of_levels_without_importing_them():
    probe = textwrap.dedent("""
        import json, sys
        from bluffhouse.scenes.screens import _players
        names = _players()
        before = sorted(m for m in sys.modules if m.startswith("bluffhouse.game.bots."))
        from bluffhouse.game.bots import make_bot
        import random
        make_bot("bullets", "medium", 1, random.Random(1))
        after = sorted(m for m in sys.modules if m.startswith("bluffhouse.game.bots."))
        print(json.dumps([names, before, after]))
    """)
    out = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        cwd=screens.__file__.rsplit("/bluffhouse/", 1)[0],
    )
    names, before, after = json.loads(out.stdout.strip().splitlines()[-1])
    assert names[0] == "bluffhouse.game.bots.table_random" and "bluffhouse.game.bots.duel_expert" in names
    assert before == []  # the names alone import no player
    assert "bluffhouse.game.bots.table_levels" in after and "bluffhouse.game.bots.table_expert" not in after


def test_the_quick_reading_of_a_modules_top_level_is_what_dis_reads():
    import dis
    import importlib.util
    from pathlib import Path

    root = Path(screens.__file__).resolve().parents[2]  # the checkout
    checked = 0
    for path in sorted([*root.glob("bluffhouse/scenes/**/*.py"), *root.glob("bluffhouse/game/**/*.py")]):
        name = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        code = importlib.util.find_spec(name).loader.get_code(name)
        if "TYPE_CHECKING" in code.co_names:
            continue  # (read with dis itself)
        wanted = ("IMPORT_NAME", "IMPORT_FROM", "LOAD_BUILD_CLASS")
        assert list(warmup.top_level(code)) == [
            (op.opname, None if op.opname == "LOAD_BUILD_CLASS" else op.argval)
            for op in dis.get_instructions(code)
            if op.opname in wanted
        ], name
        checked += 1
    assert checked > 150


def test_a_screen_entering_takes_a_lasting_job_it_wants_at_its_own_place():
    class Screen(Scene):
        def __init__(self):
            pass

        def art_wanted(self):
            return [(("module", "b"), IMPORT, lambda: None), (("art",), "piece", lambda: None)]

    queue = Warmup(lambda: 0.0)
    queue.want([(("module", "a"), IMPORT, lambda: None), (("module", "b"), IMPORT, lambda: None)])
    queue.ahead(Screen())
    assert [job[0] for job in queue.queue] == [("module", "b"), ("art",), ("module", "a")]
    assert all(job[3] for job in queue.queue if job[1] == IMPORT)  # still lasting


def test_a_set_up_wants_the_modules_of_the_game_it_starts_first(monkeypatch):
    import kit

    from bluffhouse.scenes.setup.cards import SetupScene
    from bluffhouse.scenes.setup.duel import DuelSetupScene

    screens.register_all()
    app = kit.new_app(seed=1, menu=False)
    for scene, screen in ((SetupScene(app, "bullets"), "table"), (DuelSetupScene(app), "duel_game")):
        wanted = [key for key, _, _ in scene.art_wanted()]
        needs = registry.NEEDS[screen]
        assert wanted[: len(needs)] == [(IMPORT, module) for module in needs], screen
