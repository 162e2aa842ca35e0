"""Real games are remembered (issue 21): the card table's and the duel's flows tape every game,
Kamu match and duel match, and a game left from the pause is kept; the stored record replays
to exactly the table the screen played. The demo is not remembered."""

import random

import pygame
import pytest
from kit import app_fixture

from bluffhouse.game.bots import make_bot
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.records.check import check
from bluffhouse.game.records.cursor import Cursor
from bluffhouse.game.records.record import Seat, SeatKind, Status
from bluffhouse.game.records.store import Store
from bluffhouse.game.records.tape import Tape
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.duel.flow import DuelFlow
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.flow import TableFlow

pytestmark = pytest.mark.records  # the app writes these games' records
DT = 0.05


def robots(game, n, seed):
    return {s: make_bot(game, "medium", s, random.Random(seed * 10 + s)) for s in range(n)}


def test_the_table_flow_tapes_a_kamu_match_round_after_round():
    rules = Rules.kamu(2, rounds=2, challenge_window=0.0)
    match = CardMatch(rules, 4)
    saved = []
    tape = Tape(rules, [Seat("Ana", SeatKind.COMPUTER, "medium"), Seat("Ben", SeatKind.PHONE)], saved.append)
    seats = [bot_seat(0), bot_seat(1)]
    while not match.is_over:
        table = match.new_game()
        flow = TableFlow(table, seats, robots("kamu", 2, len(saved)), random.Random(1), tape=tape)
        for _ in range(20_000):
            if table.is_over:
                break
            flow.update(DT)
        match.record(table)
    assert len(saved) == 2 and saved[-1].status is Status.FINISHED and len(saved[-1].games) == 2
    story = check(saved[-1])
    assert story.record.scores == tuple(match.scores)
    assert Cursor(story).seek(10**9).engine.snapshot() == table.snapshot()
    assert saved[-1].games[1].moves[-1].at == pytest.approx(flow.clock, abs=0.01)


def test_the_duel_flow_tapes_a_duel_match_round_after_round():
    rules = Rules.duel(points_to_win=2)
    match = DuelMatch(rules, 9)
    saved = []
    tape = Tape(rules, [Seat("Ana", SeatKind.PERSON), Seat("Hugo", SeatKind.COMPUTER, "hard")], saved.append)
    flow = DuelFlow(match, [bot_seat(0), bot_seat(1)], robots("duel", 2, 1), random.Random(2), tape=tape)
    for _ in range(50_000):
        flow.update(DT)
        flow.drain_staged()
        if flow.next_round() == "results":
            break
    assert match.is_over and saved[-1].status is Status.FINISHED
    assert len(saved) == len(match.results) == len(saved[-1].games)
    story = check(saved[-1])
    assert story.record.winners == (match.winner,)
    assert Cursor(story).seek(10**9).engine.snapshot() == flow.duel.snapshot()


app = app_fixture(seed=2, data=True)


def stored(app):
    assert app.records.flush(20)
    with Store.open(app.records.path) as store:
        return store.history(), [store.open_replay(row.id) for row in store.history()]


def run(app, until, seconds=600.0):
    for _ in range(int(seconds / DT)):
        if until():
            return
        app.step(DT)
    raise AssertionError("the game did not get there")


def test_a_finished_card_game_is_stored_and_replays_to_the_table_that_was_played(app):
    rules = Rules.bullets(3, challenge_window=0.5)
    seats = [bot_seat(0), bot_seat(1, "hard"), bot_seat(2, "easy")]
    table = Table.from_hands(rules, ["AS 2S 3S", "4H 5H", "6D 7D 8D"], first=0)
    scene = open_scene("table", app, GameSetup(rules, seats, seed=5), CardMatch(rules, 5), table=table)
    app.stack.push(scene)
    app.stack.apply()
    run(app, lambda: app.stack.top is not scene)
    assert app.stack.top.name == "results"
    rows, stories = stored(app)
    assert len(rows) == 1 and rows[0].status == "finished" and rows[0].game == "bullets"
    assert [(s.kind, s.level) for s in rows[0].seats] == [
        ("computer", "medium"),
        ("computer", "hard"),
        ("computer", "easy"),
    ]
    assert Cursor(stories[0]).seek(10**9).engine.snapshot() == table.snapshot()


def test_a_game_left_from_the_pause_keeps_what_was_played(app):
    rules = Rules.kamu(3)
    setup = GameSetup(rules, [SeatSpec("Ana", human=True), bot_seat(1), bot_seat(2)], seed=11)
    scene = open_scene("table", app, setup)
    app.stack.push(scene)
    app.stack.apply()
    for _ in range(4000):  # Ana plays her first card whenever her turn comes; the others play theirs
        if len(scene.flow.tape.moves) >= 4:
            break
        if scene.moment.turn == 0 and not scene.moment.over:
            scene.flow.play(0, scene.table.hand(0)[:1])
        app.step(DT)
    moves = len(scene.flow.tape.moves)
    app.stack.push(open_scene("pause", app, "kamu"))
    app.step(DT)
    app.stack.top.leave()  # "Back to the menu"
    app.step(DT)
    app.stack.top.accept()  # "Yes, leave the game"
    app.step(DT)
    assert isinstance(app.stack.top, MenuScene)
    rows, stories = stored(app)
    assert len(rows) == 1 and rows[0].status == "left" and rows[0].moves == moves > 0
    record = stories[0].record
    assert record.games[0].start.seed == scene.table.seed and record.seats[0] == Seat("Ana", SeatKind.PERSON)
    assert Cursor(stories[0]).seek(10**9).engine.snapshot() == scene.table.snapshot()


def test_a_game_quit_from_the_pause_or_the_window_is_kept_too(app):
    rules = Rules.bullets(3)
    scene = open_scene("table", app, GameSetup(rules, [bot_seat(s) for s in range(3)], seed=4))
    app.stack.push(scene)
    app.stack.apply()
    run(app, lambda: len(scene.flow.tape.moves) >= 3)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's close button
    app.step(DT)
    assert not app.running
    rows, _stories = stored(app)
    assert [(r.status, r.moves) for r in rows] == [("left", len(scene.flow.tape.moves))]


@pytest.mark.parametrize(
    ("name", "rules"), [("table", Rules.bullets(3)), ("table", Rules.kamu(3)), ("duel_game", Rules.duel())]
)
def test_a_game_whose_program_dies_mid_play_is_kept_as_far_as_it_went(app, name, rules):
    """A window killed with its display (the playtester's closed Bullets game never showed in
    the history, while a Kamu match and a duel did, from their rounds already over): every game
    being played is saved now and then, so all three are kept alike without any goodbye."""
    setup = GameSetup(rules, [bot_seat(s) for s in range(rules.players)], seed=4)
    scene = open_scene(name, app, setup)
    app.stack.push(scene)
    app.stack.apply()
    tape = scene.flow.tape
    run(app, lambda: len(tape.moves) >= 3, 60)
    played = len(tape.moves)
    for _ in range(int(5.5 / DT)):  # play on a little: the game is saved as it goes along
        app.step(DT)
    # the program dies here: no quit, no leaving, only what was already handed to the writer
    rows, _ = stored(app)
    assert [(r.game, r.status) for r in rows] == [(rules.game.value, "left")]
    assert rows[0].moves >= played > 0


def test_a_duel_left_half_way_is_kept_and_the_demo_is_not_remembered(app):
    setup = GameSetup(Rules.duel(), [bot_seat(0, "easy"), bot_seat(1, "hard")], seed=3)
    scene = open_scene("duel_game", app, setup)
    app.stack.push(scene)
    app.stack.apply()
    run(app, lambda: len(scene.flow.tape.moves) >= 2, 120)
    app.back_to_menu()
    app.step(DT)
    rows, stories = stored(app)
    assert [(r.game, r.status) for r in rows] == [("duel", "left")]
    assert stories[0].record.seats[1] == Seat(bot_seat(1).name, SeatKind.COMPUTER, "hard")
    demo = open_scene(
        "table", app, GameSetup(Rules.bullets(4), [bot_seat(s) for s in range(4)], seed=1, demo=True)
    )
    assert demo.flow.tape is None


def test_a_damaged_history_is_said_in_one_line_and_the_game_plays_on(app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "records.sqlite3").write_bytes(b"not a database" * 300)
    rules = Rules.bullets(2, challenge_window=0.5)
    table = Table.from_hands(rules, ["AS 2S", "3H 4H"], first=0)
    setup = GameSetup(rules, [bot_seat(0), bot_seat(1)], seed=2)
    scene = open_scene("table", app, setup, CardMatch(rules, 2), table=table)
    app.stack.push(scene)
    app.stack.apply()
    said = []  # (the game is saved as it goes along: the trouble may be said before it ends)

    def over():
        said.extend(toast.text for toast in app.toasts)
        return app.stack.top is not scene

    run(app, over)
    assert app.records.flush(20)
    app.step(DT)
    said.extend(toast.text for toast in app.toasts)
    assert sum("history of games was damaged" in line for line in set(said)) == 1
    assert app.stack.top.name == "results" and app.records.saved >= 1
