"""Start-up imports only what the menu's first frame draws (issues 11 and 34): every other screen,
the computer players, the card and dice art, the phone hub and the records are imported after that
frame, by the warm-up or when first opened. A test of imports, not of time (the time is
tools/startup_bench.py's)."""

import importlib

from started import modules_at_start

from scenes import screens
from scenes.shell import registry

# Packages and modules the menu's first frame draws nothing of
NOT_AT_START = ("game.bots", "scenes.art.backs", "scenes.art.cards", "scenes.art.dice", "scenes.art.faces",
                "scenes.art.furniture", "scenes.art.hungarian", "scenes.art.jokers", "scenes.art.suits",
                "scenes.art.base", "scenes.art.wanted", "scenes.demo", "scenes.phones", "game.records",
                "scenes.table", "scenes.duel", "scenes.play", "scenes.setup.model", "scenes.shell.session",
                "scenes.shell.privacy", "game.table", "game.duel", "game.dice", "game.rules")  # fmt: skip


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_start_up_imports_the_menu_but_no_game_screen():
    started = modules_at_start()  # a fresh process's, once the first frame was shown
    assert "scenes.menu" in started and "scenes.shell.app" in started and "scenes.ui.theme" in started
    assert sorted(m for m, _ in screens.LAZY.values() if m in started) == []  # later


def test_the_first_frame_imports_no_computer_player_card_art_demo_phone_or_record():
    started = modules_at_start()
    assert [m for m in started if any(_under(m, p) for p in NOT_AT_START)] == []


def test_the_import_scan_sees_what_it_looks_for():
    # the same scan, over a start that did import them, finds them (the test can fail)
    assert [p for p in NOT_AT_START if _under("game.bots.table_expert", p)] == ["game.bots"]
    assert _under("scenes.art.cards", "scenes.art.cards") and not _under("scenes.artful", "scenes.art")


def test_every_lazy_screen_is_there_when_opened():
    screens.register_all()
    for key, (module, name) in screens.LAZY.items():
        factory = registry.SCENES[key]
        assert callable(factory) and callable(getattr(importlib.import_module(module), name)), key
