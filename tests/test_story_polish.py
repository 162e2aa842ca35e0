"""The story screens as a player saw them (issue 35): Stats opens on the game last played, counters
say whose, computers are marked with their level, one thing is lit at a time, and a replay at 1x
skips the people's long thinking pauses and shows its speed keys."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from kit import press
from story_helpers import new_app, record_of, store_games
from watching import drawn

from bluffhouse.game.records.check import check
from bluffhouse.game.records.cursor import MOST_BETWEEN_MOVES, Cursor
from bluffhouse.game.records.record import Move
from bluffhouse.scenes.story.chrome import BAR, SPEED_BUTTONS, button_rects
from bluffhouse.scenes.story.duel_paint import duel_frame
from bluffhouse.scenes.story.history import CHIPS, HistoryScene
from bluffhouse.scenes.story.playback import Playback
from bluffhouse.scenes.story.replay import open_replay
from bluffhouse.scenes.story.stats import StatsScene
from bluffhouse.scenes.ui.lang import set_language, t
from bluffhouse.scenes.ui.palette import Palette

__all__ = ["drawn"]  # the fixture (tests/watching.py)


@pytest.fixture
def app(tmp_path, monkeypatch):
    set_language("en")
    app = new_app(tmp_path, monkeypatch)
    yield app
    pygame.event.clear()


def night_of_duels(app, bullets_first: bool = True) -> list:
    """An evening: a Bullets game long ago (Ana was there), then three duels (Ana against Hugo,
    the hard computer player)."""
    records = [replace(record_of("bullets", seed=1), uid="b1", started=1_700_000_000)][: int(bullets_first)]
    records += [
        replace(record_of("duel", seed=n), uid=f"d{n}", started=1_764_000_000 + n * 600) for n in range(3)
    ]
    store_games(app, records)
    return records


def history(app) -> HistoryScene:
    scene = HistoryScene(app)
    app.stack.push(scene)
    app.stack.apply()
    return scene


def test_stats_open_on_the_game_the_person_played_last(app):
    night_of_duels(app)
    scene = history(app)
    press(app, pygame.K_t)  # the chosen game is the newest duel: Ana's stats
    stats = app.stack.top
    assert isinstance(stats, StatsScene) and stats.subject == "Ana"
    assert stats.game == "duel" and stats.figures is not None and stats.figures.games == 3  # not "not played"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    press(app, pygame.K_TAB, pygame.K_t)  # the History shows Bullets only: its stats are Bullets'
    assert isinstance(app.stack.top, StatsScene) and app.stack.top.game == "bullets"


def test_turning_to_someone_who_never_played_the_game_shows_their_last_one(app):
    night_of_duels(app)
    stats = StatsScene(app, "Ana", "duel")
    app.stack.push(stats)
    app.stack.apply()
    assert stats.figures is not None and stats.people == ["Ana", "Ben", "Csilla", "Dani"]
    press(app, pygame.K_RIGHT)  # Ben played only Bullets
    assert stats.subject == "Ben" and stats.game == "bullets" and stats.figures is not None


def test_the_history_marks_computer_players_with_their_level(app):
    night_of_duels(app, bullets_first=False)
    scene = history(app)
    assert scene.cells(scene.rows[0])["people"] == "Ana, Hugo (hard CPU)"
    set_language("hu")
    assert scene.cells(scene.rows[0])["people"] == "Ana, Hugo · gép (nehéz)"


def test_the_replay_says_whose_rerolls_it_counts(app):
    record = record_of("duel", seed=4)
    story = check(record)
    rerolls = [m for m in story.moments if m.kind == "reroll"]
    assert rerolls  # (a hard player rerolls in a match of this length)
    cursor = Cursor(story)
    names = [seat.name for seat in record.seats]
    for moment in rerolls:
        step = cursor.seek(moment.step)
        frame = duel_frame(step, names, None, _Open())
        used = step.engine.rerolls_used
        assert frame.rerolls.startswith(names[moment.seat]) and str(used) in frame.rerolls
    opening = cursor.seek(story.starts[0])  # the dice are rolled: no counter of anyone's
    assert duel_frame(opening, names, None, _Open()).rerolls == ""


class _Open:
    """The replay's views: every die face up (an ended game)."""

    def face_up(self, seat, what) -> bool:
        return True


def test_a_replay_at_1x_skips_the_long_thinking_pauses(app):
    record = record_of("bullets", seed=2)
    game = record.games[0]
    slow = tuple(Move(30.0 * (i + 1), move.action) for i, move in enumerate(game.moves))  # 30 s each
    record = replace(record, games=(replace(game, moves=slow),))
    cursor = Cursor(check(record))
    waits = [cursor.seconds(p + 1) - cursor.seconds(p) for p in range(cursor.positions - 1)]
    assert max(waits) == MOST_BETWEEN_MOVES and cursor.duration <= MOST_BETWEEN_MOVES * len(slow)
    playback = Playback(check(record))
    playback.toggle()
    playback.update(MOST_BETWEEN_MOVES)
    assert playback.position == 1  # "move 1 of 4" does not sit there for 30 s
    brisk = tuple(Move(0.5 * (i + 1), move.action) for i, move in enumerate(game.moves))
    quick = replace(record, games=(replace(game, moves=brisk),))
    assert Cursor(check(quick)).seconds(3) == 1.5  # a quick rhythm is kept as it was


def test_the_replay_shows_its_speed_keys_and_each_speed_is_one_press_or_click(app, drawn):
    scene = open_replay(app, check(record_of("bullets", seed=2)))
    app.stack.apply()
    assert ("1 2 4", t("story.hint.speed")) in scene.chrome().hints
    press(app, pygame.K_4)
    assert scene.playback.speed == 4
    rects = button_rects()
    assert all(rects[name].right < BAR.x for name in SPEED_BUTTONS)
    drawn.clear()
    app.step(1 / 60, draw=True)
    assert {"1×", "2×", "4×"} <= {d.words for d in drawn}


def test_one_thing_is_lit_at_a_time_in_the_history(app):
    night_of_duels(app)
    scene = history(app)
    surface = pygame.Surface((1280, 720))
    row = scene.row_rect(scene.focus)
    spot = (row.right - 6, row.centery)  # (no words there)
    scene.draw(surface)
    assert surface.get_at(spot)[:3] == Palette.GOLD_DARK  # the game chosen is lit…
    stats = CHIPS["stats"]
    assert surface.get_at((stats.x + 30, stats.y + 6))[:3] != Palette.GOLD[:3]  # …and only it
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=stats.center, rel=(1, 1), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert scene.hover == "stats"
    scene.draw(surface)
    assert surface.get_at(spot)[:3] != Palette.GOLD_DARK  # the button pointed at is the one lit
    press(app, pygame.K_DOWN)
    assert scene.hover is None


def test_the_results_mark_computer_players_with_their_level(app):
    from story_helpers import finished_duel_match

    from bluffhouse.scenes.shell.registry import open_scene

    setup, match = finished_duel_match(app)
    results = open_scene("duel_results", app, setup, match)
    assert results.labels == ["Ana", f"{setup.seats[1].name} (hard CPU)"]
    set_language("fr")
    results.relabel()
    assert results.labels[1] == f"{setup.seats[1].name} (ordi difficile)"


def test_the_card_results_tables_tag_computer_players_without_cutting_names(app, drawn):
    import pygame as pg

    from bluffhouse.scenes.results.tables import PlaceRow, draw_places
    from bluffhouse.scenes.ui.names import computer_tags

    assert computer_tags("medium") == ("medium CPU", "CPU") and computer_tags("sensible") == ("CPU",)
    rows = [PlaceRow(1, 0, 0, False, True), PlaceRow(2, 1, 3, False, False)]
    names = ["Bartholomew", "Csilla"]  # (computer players are called by the game's short names)
    draw_places(
        pg.Surface((900, 300)), pg.Rect(0, 0, 900, 300), rows, names, [], 36, [(), computer_tags("expert")]
    )
    said = [(d.words, d.role) for d in drawn if d.words]
    assert ("Bartholomew", "line") in said and ("Csilla", "line") in said  # never cut for a tag
    assert ("expert CPU", "aside") in said
