"""The table's key help lists what the engine allows now (issue 18, playtest j31): at Kamu's
"last cards" step, when the turn may only let the call stand or challenge it, no "1–4 quick
pick" nor "Enter play"; on one's own turn to play, the picking keys and Enter play; away from
one's turn, picking ahead but no Enter."""

import pygame
from kit import ScriptBot, app_fixture

from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec
from bluffhouse.scenes.table.frame import frame_of
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui.lang import t

DT = 1 / 30


app = app_fixture(seed=1, data=True)


def words(frame) -> list[str]:
    return [word for _, word in frame.legend]


def settle(app, scene, until) -> None:
    for _ in range(3000):
        app.step(DT)
        if until() and not scene.fx.busy and not scene.moment.holding:
            return
    raise AssertionError("the table never got there")


def test_the_last_cards_step_helps_only_with_letting_it_stand_or_challenging(app):
    rules = Rules.kamu(2, jokers=False)
    table = Table.from_hands(rules, ["7P 8P 9Z", "UM"], first=1)
    app.input.bind(Source("key", pygame.K_q), 0, "challenge")
    seats = [SeatSpec("Ana", True, challenge_key="Q"), SeatSpec("Ben", False)]
    scene = TableScene(app, GameSetup(rules, seats, seed=3), table=table, bots={1: ScriptBot(1, ["UM"])})
    app.stack.push(scene)
    app.stack.apply()
    settle(app, scene, lambda: table.turn == 0 and table.last_call is not None)
    assert scene.moment.game.must_answer  # Ben played his last card: Ana may only let it stand or challenge
    legend = words(frame_of(scene))
    assert legend == [
        t("table.hint.accept"),
        t("table.hint.challenge"),
        t("table.hint.log"),
        t("table.hint.pause"),
    ]


def test_ones_own_turn_helps_with_playing_and_anothers_with_picking_ahead(app):
    rules = Rules.bullets(2)
    table = Table.from_hands(rules, ["AS AH 2S 5S", "KH KD 3S 9S"], first=0, rank="K")
    app.input.bind(Source("key", pygame.K_q), 0, "challenge")
    seats = [SeatSpec("Ana", True, challenge_key="Q"), SeatSpec("Ben", False)]
    bots = {1: ScriptBot(1, ["KH KD", "3S"])}
    scene = TableScene(app, GameSetup(rules, seats, seed=3), table=table, bots=bots)
    app.stack.push(scene)
    app.stack.apply()
    settle(app, scene, lambda: table.turn == 0)
    picking = [t("table.hint.choose"), t("table.hint.pick"), t("table.hint.count")]
    rest = [t("table.hint.log"), t("table.hint.pause")]
    assert words(frame_of(scene)) == [*picking, t("table.hint.play"), *rest]
    scene.flow.play(0, table.hand(0)[:1])  # Ana leads; now it is Ben's turn, and her call is his to doubt
    app.step(DT)
    legend = words(frame_of(scene))
    assert legend == [*picking, *rest]  # no Enter; her own call is not hers to challenge
