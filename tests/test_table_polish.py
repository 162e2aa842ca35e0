"""Playtest fixes at the card table: the hand waits for the pick-up, stale toasts, words."""

import pygame
from kit import TABLE, ScriptBot, app_fixture, my_turn, start_table, table_people, toasts

from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, quick_setup
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.table.words import call_words, rank_word

DT = TABLE.dt
app = app_fixture(seed=1, mute=False)  # as tests/test_table_scene.py's
press, click, run_until = TABLE.press, TABLE.click, TABLE.run_until


def test_the_hand_gets_the_picked_up_pile_only_when_the_table_shows_it(app):
    setup = quick_setup(app)
    table = Table.from_hands(setup.rules, ["AS 2S 3S", "KS KH", "QS QH", "AD JH"], first=3)
    bots = {1: ScriptBot(1, []), 2: ScriptBot(2, []), 3: ScriptBot(3, ["AD"])}
    scene = start_table(app, TableScene(app, setup, table=table, bots=bots))
    run_until(app, lambda: table.last_call is not None)
    old = tuple(scene.hand.cards)
    assert [str(c) for c in old] == ["AS", "2S", "3S"]
    press(app, pygame.K_c)  # AD as aces is true: the wrong challenger picks up the pile
    assert table.hand_size(0) == 4 and scene.fx.reveal is not None
    seen = []
    while scene.fx.reveal is not None:
        assert scene.hand.cards == old and scene.shown.hands[0] == 3  # the reveal: old cards
        seen.append(scene.fx.reveal.verdict.value)
        app.step(DT)
    assert max(seen) > 0.9  # the stamp was up while the hand still held the old cards
    run_until(app, lambda: not scene.fx.busy, seconds=3)
    app.step(DT)
    assert len(scene.hand.cards) == 4 == scene.shown.hands[0]


def test_a_turn_message_leaves_the_screen_when_the_turn_changes(app):
    setup = quick_setup(app)
    table = Table.from_hands(setup.rules, ["AS 2S 3S", "KS KH", "QS QH", "JS JH"], first=1)
    bots = {1: ScriptBot(1, ["KS"]), 2: ScriptBot(2, ["QS"]), 3: ScriptBot(3, ["JS"])}
    scene = start_table(app, TableScene(app, setup, table=table, bots=bots))
    assert table.turn == 1
    press(app, pygame.K_RETURN)
    assert "It is Ben's turn" in toasts(app)
    while table.turn == 1:  # the message is kept fresh: only the new turn may take it away
        for toast in app.toasts:
            toast.age = 0.0
        app.step(DT)
        assert scene.flow.clock < 10
    app.step(DT)
    assert "It is Ben's turn" not in toasts(app)


def test_hungarian_ranks_keep_their_names_in_the_plural():
    rules = Rules.kamu(4)
    assert rank_word(rules, "K", 3) == "Király" and rank_word(rules, "A", 2) == "Ász"
    assert rank_word(rules, "U", 2) == "Alsó" and rank_word(rules, "O", 4) == "Felső"
    assert call_words(rules, 3, "K") == "three Király"
    assert rank_word(rules, "7", 2) == "sevens"  # the numbers are English words


def test_the_floating_log_closes_with_esc_before_esc_pauses(app):
    from bluffhouse.scenes.pause import PauseScene

    scene = start_table(app, TableScene(app, quick_setup(app)))
    press(app, pygame.K_l)
    assert scene.frame.log_open
    press(app, pygame.K_ESCAPE)
    assert not scene.frame.log_open and app.stack.top is scene
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)


def test_the_cursor_starts_on_the_first_card_and_space_picks_it(app):
    setup = quick_setup(app)
    table = Table.from_hands(setup.rules, ["AS 2S 3S", "KS KH", "QS QH", "JS JH"], first=0)
    scene = start_table(app, TableScene(app, setup, table=table))
    app.step(DT)
    assert scene.frame.hand.keyboard and scene.frame.hand.focus == 0  # the cursor shows from the start
    press(app, pygame.K_SPACE)
    assert [str(c) for c in scene.hand.chosen] == ["AS"]


def test_a_click_skips_the_reveal_of_one_person_but_never_a_couchs_reading(app):
    rules = Rules.bullets(4)
    hands = ["AS AH 2S 5S", "2H 2D 3S 9S", "3H 4S 4H 7C", "3D 4D 8S 8H"]
    table = Table.from_hands(rules, hands)
    bots = {1: ScriptBot(1, ["2H 9S"]), 3: ScriptBot(3, [])}
    scene = start_table(app, TableScene(app, table_people(app, rules), table=table, bots=bots))
    my_turn(app, scene, 0)
    press(app, pygame.K_SPACE, pygame.K_RETURN)
    run_until(app, lambda: table.last_call.seat == 1)
    press(app, pygame.K_p)
    assert scene.moment.holding and scene.fx.reading
    click(app, (640, 300))  # two people: the reveal is everybody's, one click never cuts it short
    press(app, pygame.K_RETURN, pygame.K_SPACE)
    assert scene.moment.holding and scene.fx.reading and scene.fx.reveal is not None
    run_until(app, lambda: not scene.fx.reading)
    click(app, (640, 300))  # read: now a click only hurries the cards to whoever picks up
    assert not scene.moment.holding and not scene.fx.busy
    assert scene.shown.pile == 0 and scene.shown.hands[1] == table.hand_size(1)
    # alone at the table, a click skips the whole reveal at once
    app.stack.pop()
    app.stack.apply()
    table = Table.from_hands(rules, hands)
    app.input.bind(Source("key", pygame.K_c), 2, "challenge")
    seats = [
        SeatSpec("Ana", False),
        SeatSpec("Ben", False),
        SeatSpec("Cleo", True, challenge_key="C"),
        SeatSpec("Dani", False),
    ]
    bots = {0: ScriptBot(0, ["AS AH"]), 1: ScriptBot(1, ["2H 9S"]), 3: ScriptBot(3, [])}
    scene = start_table(app, TableScene(app, GameSetup(rules, seats, seed=3), table=table, bots=bots))
    run_until(app, lambda: table.last_call is not None and table.last_call.seat == 1)
    press(app, pygame.K_c)
    assert scene.moment.holding and scene.fx.reading
    click(app, (640, 300))
    assert not scene.moment.holding and not scene.fx.busy
    assert scene.shown.pile == 0 and scene.shown.hands[1] == table.hand_size(1)
