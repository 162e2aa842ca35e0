"""The attract mode: computer players only, game after game; main.py --demo --frames headless."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from kit import app_fixture

from bluffhouse.scenes.demo import demo_scene, next_demo
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.table.scene import TableScene

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.heavy
def test_main_demo_plays_whole_games_headless_and_sums_up_the_run(tmp_path):
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        BLUFFHOUSE_SETTINGS=str(tmp_path / "settings.json"),
    )
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--demo", "--frames", "3000", "--seed", "5"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    last = result.stdout.strip().splitlines()[-1]
    found = re.fullmatch(r"bluffhouse: frames=(\d+) games_finished=(\d+) scenes_visited=(\S+)", last)
    assert found, last
    frames, games, visited = int(found[1]), int(found[2]), found[3].split(",")
    # At the demo's speed the first game of seed 5 ends well within 3,000 frames (50 s).
    assert frames == 3000 and games >= 1
    assert {"menu", "table", "results"} <= set(visited)


app = app_fixture(seed=2, mute=False)


def test_the_demo_rotates_bullets_kamu_and_the_dice_duel_with_computer_players_only(app):
    from bluffhouse.scenes.duel.scene import DuelScene

    first = demo_scene(app)
    assert isinstance(first, TableScene) and first.setup.demo and not first.humans
    assert first.rules.game.value == "bullets" and first.speed > 1
    second = next_demo(app, first.setup)
    third = next_demo(app, second.setup)
    fourth = next_demo(app, third.setup)
    assert second.rules.game.value == "kamu"
    assert isinstance(third, DuelScene) and third.demo and not third.humans
    assert fourth.rules.game.value == "bullets"
    assert first.seed != fourth.seed  # a fresh deal every time


def test_the_demo_duel_plays_a_whole_match_and_hands_over_to_the_next_demo(app):
    from bluffhouse.scenes.duel.scene import DuelScene

    duel = demo_scene(app, "duel")
    app.stack.push(duel)
    app.stack.apply()
    for _ in range(20000):
        app.step(1 / 20)
        if (
            not isinstance(app.stack.top, DuelScene)
            and "duelresults" in app.scenes_visited
            and isinstance(app.stack.top, TableScene)
        ):
            break
    assert duel.match.is_over and app.games_finished >= 1
    assert isinstance(app.stack.top, TableScene) and app.stack.top.rules.game.value == "bullets"


def play_a_little(app, scene, frames=90):
    app.stack.push(scene)
    app.stack.apply()
    for _ in range(frames):
        app.step(1 / 30)


def test_any_key_or_click_returns_from_the_attract_mode_to_the_menu(app):
    scene = demo_scene(app)
    play_a_little(app, scene)
    assert app.stack.top is scene and scene.table.last_call is not None  # the bots play
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(300, 300)))
    app.step(1 / 30)
    assert isinstance(app.stack.top, MenuScene) and len(app.stack) == 1


def test_started_with_demo_the_demo_keeps_playing_until_escape(app):
    app.demo = True  # main.py --demo: keys must not stop the show, only Esc does
    scene = demo_scene(app)
    play_a_little(app, scene)
    for key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_a):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(1 / 30)
    assert app.stack.top is scene
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(1 / 30)
    assert isinstance(app.stack.top, MenuScene)


def test_a_demo_game_never_shows_a_hand_face_up(app, monkeypatch):
    from bluffhouse.scenes.table import hand as table_hand

    asked = []
    monkeypatch.setattr(table_hand, "hand_faces", lambda cards, seat, width, *rest: asked.append(seat))
    play_a_little(app, demo_scene(app), frames=300)
    assert asked == []
