"""Start-up imports only what the menu's first frame draws (issues 11 and 34): every other screen,
the computer players, the card and dice art, the phone hub and the records are imported after that
frame, by the warm-up or when first opened. A test of imports, not of time (the time is
tools/startup_bench.py's)."""

import importlib

from started import modules_at_start

from bluffhouse.scenes import screens
from bluffhouse.scenes.shell import registry

# Packages and modules the menu's first frame draws nothing of
NOT_AT_START = (
    "bluffhouse.game.bots",
    "bluffhouse.scenes.art.backs",
    "bluffhouse.scenes.art.cards",
    "bluffhouse.scenes.art.dice",
    "bluffhouse.scenes.art.faces",
    "bluffhouse.scenes.art.furniture",
    "bluffhouse.scenes.art.hungarian",
    "bluffhouse.scenes.art.jokers",
    "bluffhouse.scenes.art.suits",
    "bluffhouse.scenes.art.base",
    "bluffhouse.scenes.art.wanted",
    "bluffhouse.scenes.demo",
    "bluffhouse.scenes.phones",
    "bluffhouse.game.records",
    "bluffhouse.scenes.table",
    "bluffhouse.scenes.duel",
    "bluffhouse.scenes.play",
    "bluffhouse.scenes.setup.model",
    "bluffhouse.scenes.shell.session",
    "bluffhouse.scenes.shell.privacy",
    "bluffhouse.game.table",
    "bluffhouse.game.duel",
    "bluffhouse.game.dice",
    "bluffhouse.game.rules",
    "pygame._sdl2.controller",
)  # (SDL's pad API: when a pad comes, not before)


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_start_up_imports_the_menu_but_no_game_screen():
    started = modules_at_start()  # a fresh process's, once the first frame was shown
    assert (
        "bluffhouse.scenes.menu" in started
        and "bluffhouse.scenes.shell.app" in started
        and "bluffhouse.scenes.ui.theme" in started
    )
    assert sorted(m for m, _ in screens.LAZY.values() if m in started) == []  # later


def test_the_first_frame_imports_no_computer_player_card_art_demo_phone_or_record():
    started = modules_at_start()
    assert [m for m in started if any(_under(m, p) for p in NOT_AT_START)] == []


def test_the_import_scan_sees_what_it_looks_for():
    # the same scan, over a start that did import them, finds them (the test can fail)
    assert [p for p in NOT_AT_START if _under("bluffhouse.game.bots.table_expert", p)] == [
        "bluffhouse.game.bots"
    ]
    assert _under("bluffhouse.scenes.art.cards", "bluffhouse.scenes.art.cards") and not _under(
        "bluffhouse.scenes.artful", "bluffhouse.scenes.art"
    )


def test_every_lazy_screen_is_there_when_opened():
    screens.register_all()
    for key, (module, name) in screens.LAZY.items():
        factory = registry.SCENES[key]
        assert callable(factory) and callable(getattr(importlib.import_module(module), name)), key
