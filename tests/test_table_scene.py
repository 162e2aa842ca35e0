"""The card table played headless through App.step with posted keys and clicks: whole games."""

import pygame
from kit import TABLE, ScriptBot, app_fixture, my_turn, start_table, table_people, toasts

from bluffhouse.game.cards import parse_cards
from bluffhouse.game.match import CardMatch
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.pause import PauseScene
from bluffhouse.scenes.shell.session import quick_setup
from bluffhouse.scenes.table.frame import frame_of
from bluffhouse.scenes.table.layout import CHALLENGE_RECT, PLAY_RECT
from bluffhouse.scenes.table.scene import TableScene

DT = TABLE.dt
app = app_fixture(seed=1, mute=False)
press, click, run_until = TABLE.press, TABLE.click, TABLE.run_until


def hand(scene, seat):
    return [str(c) for c in scene.moment.seat(seat).view.hand]


def test_bullets_two_people_and_two_computer_players_a_whole_game(app):
    rules = Rules.bullets(4)
    table = Table.from_hands(rules, ["AS AH 2S 5S", "2H 2D 3S 9S", "3H 4S 4H 7C", "3D 4D 8S 8H KS"])
    bots = {1: ScriptBot(1, ["2H 9S", "9S", "AS"]), 3: ScriptBot(3, ["3D", "4D", "8S"])}
    scene = start_table(app, TableScene(app, table_people(app, rules), table=table, bots=bots))
    flow, stats, K = scene.flow, scene.flow.stats, pygame

    # Ana calls two aces, truly, picking with the arrow keys and Space.
    my_turn(app, scene, 0)
    press(app, K.K_SPACE, K.K_RIGHT, K.K_SPACE, K.K_RETURN)
    assert table.last_call.count == 2 and hand(scene, 0) == ["2S", "5S"]
    assert flow.curtain_for() is None and flow.shown_hand() is None  # Ben's turn: no hand shown

    # A caught lie: Ben calls "two twos" with 2H 9S and Cleo presses her key.
    run_until(app, lambda: table.last_call.seat == 1)
    press(app, K.K_p)
    assert flow.truth[-1].caught and flow.truth[-1].challenged_by == 2
    assert table.hand_size(1) == 6 and table.pile_size == 0 and table.bullets(2) == 3
    assert (table.turn, table.rank) == (2, "2")  # the winner leads, at the challenged rank
    assert stats[2].challenges_right == 1 and stats[1].lies_caught == 1
    assert scene.fx.reveal is not None and scene.fx.reveal.stamp == "lie"

    # Cleo has no two: she bluffs with 3H and nobody doubts her.
    my_turn(app, scene, 2)
    press(app, K.K_SPACE, K.K_RETURN)
    assert hand(scene, 2) == ["4S", "4H", "7C"] and table.last_call.seat == 2

    # A wrong challenge: Dani's 3D is a true three; Ana doubts it and loses a bullet.
    run_until(app, lambda: table.last_call.seat == 3)
    press(app, K.K_q)
    assert not flow.truth[-1].lie and flow.truth[-1].challenged_by == 0
    assert table.bullets(0) == 2 and hand(scene, 0) == ["2S", "3H", "3D", "5S"]
    assert (table.turn, table.rank) == (3, "3") and stats[0].challenges_wrong == 1

    # Ana plays with the mouse during the window: the play is held, counted down, then made.
    run_until(app, lambda: table.last_call.seat == 3 and table.window_open)  # Dani's 4D
    my_turn(app, scene, 0, wait=False)
    click(app, scene.hand.card_rect(3).center)
    assert scene.hand.chosen == parse_cards("5S")
    click(app, PLAY_RECT.center)
    assert flow.held is not None and table.hand_size(0) == 4
    assert scene.frame.play_button.state == "held" and scene.frame.play_button.label.startswith("Playing in")
    run_until(app, lambda: flow.held is None)
    assert hand(scene, 0) == ["2S", "3H", "3D"] and table.last_call.rank == "4"

    my_turn(app, scene, 2)  # after Ben's 9S as fives
    press(app, K.K_END, K.K_SPACE, K.K_RETURN)
    assert hand(scene, 2) == ["4S", "4H"]
    my_turn(app, scene, 0)  # after Dani's 8S as sevens
    press(app, K.K_SPACE, K.K_RETURN)

    # The emptied hand: Cleo plays her last two cards; Dani lets the call stand: Cleo wins.
    my_turn(app, scene, 2)  # after Ben's AS as nines
    press(app, K.K_SPACE, K.K_RIGHT, K.K_SPACE, K.K_RETURN)
    assert table.hand_size(2) == 0 and table.last_call.emptied_hand and not table.is_over
    run_until(app, lambda: table.is_over)
    assert table.winner == 2 and table.ranking()[0] == (1, 2, 0)
    assert app.games_finished == 1 and scene.match.results[-1].winner == 2
    from bluffhouse.scenes.results.cards import ResultsScene

    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=5)
    record = app.stack.top.record
    assert record.table is table and len(record.truth) == 12 and record.stats is stats
    from bluffhouse.scenes.ui import lang

    assert not [key for key in lang._translator.missing if key.startswith("table.")]


def test_a_fifth_card_is_refused_with_a_message(app):
    setup = quick_setup(app)
    rules = setup.rules
    table = Table.from_hands(rules, ["AS AH AD AC 2S", "KS KH", "QS QH", "JS JH"], first=0)
    scene = start_table(app, TableScene(app, setup, table=table))
    press(app, *[pygame.K_SPACE, pygame.K_RIGHT] * 5)
    assert len(scene.frame.hand.selected) == 4 and any("four" in text for text in toasts(app))
    assert "Play 4 as aces" in " ".join(scene_labels(app, scene))  # (on one line or two, at 18 px)
    press(app, pygame.K_RETURN)
    assert hand(scene, 0) == ["2S"] and table.last_call.count == 4


def scene_labels(app, scene):
    """Every string the table draws this frame."""
    import bluffhouse.scenes.ui.text as text_module

    seen = []
    real = text_module.render

    def record(text, *args, **kwargs):
        seen.append(text)
        return real(text, *args, **kwargs)

    text_module.render = record
    try:
        scene.draw(app.surface)
    finally:
        text_module.render = real
    return seen


def test_one_person_challenges_with_the_button_or_their_key(app):
    setup = quick_setup(app)
    table = Table.from_hands(setup.rules, ["AS 2S 3S", "KS KH", "QS QH", "JS JH"], first=3)
    bots = {1: ScriptBot(1, ["KS"]), 2: ScriptBot(2, []), 3: ScriptBot(3, ["JS"])}
    scene = start_table(app, TableScene(app, setup, table=table, bots=bots))
    run_until(app, lambda: table.last_call is not None)
    assert scene.moment.game.shown_hand == 0 and scene.moment.curtain is None
    click(app, CHALLENGE_RECT.center)  # the mouse challenges for the only person
    assert scene.flow.truth[0].caught and table.bullets(0) == 3  # JS as aces: a lie
    assert table.hand_size(3) == 2 and table.turn == 0
    run_until(app, lambda: not scene.moment.holding)
    press(app, pygame.K_SPACE, pygame.K_RETURN)  # the winner leads aces again: AS
    assert table.last_call.seat == 0 and hand(scene, 0) == ["2S", "3S"]
    run_until(app, lambda: table.last_call.seat == 1)
    press(app, pygame.K_c)  # KS as twos: a lie, caught with the C key
    assert scene.flow.truth[-1].caught and scene.flow.truth[-1].challenged_by == 0
    assert table.hand_size(1) == 1 + 2 and (table.turn, table.rank) == (0, "2")


def test_a_press_without_bullets_is_answered_on_screen_and_changes_nothing(app):
    setup = quick_setup(app)
    table = Table.from_hands(
        setup.rules, ["AS 2S 3S", "KS KH", "QS QH", "JS JH"], first=3, bullets=[0, 3, 3, 3]
    )
    bots = {1: ScriptBot(1, []), 2: ScriptBot(2, []), 3: ScriptBot(3, ["JS"])}
    scene = start_table(app, TableScene(app, setup, table=table, bots=bots))
    run_until(app, lambda: table.last_call is not None)
    before = table.clone()
    press(app, pygame.K_c)
    assert "You have no bullets left" in toasts(app)
    assert table == before and table.window_open and scene.flow.truth[0].challenged_by is None
    assert not scene_looks(scene)[0].key_lit


def scene_looks(scene):
    return [look for _, look in frame_of(scene).seats]


def test_escape_pauses_and_game_time_stands_still(app):
    setup = quick_setup(app)
    scene = start_table(app, TableScene(app, setup))
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    clock = scene.flow.clock
    for _ in range(60):
        app.step(DT)
    assert scene.flow.clock == clock and app.stack.top is not scene
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    app.step(DT)
    assert scene.flow.clock > clock


def test_the_log_tells_the_game_and_l_shows_it(app):
    rules = Rules.bullets(4)
    table = Table.from_hands(rules, ["AS AH 2S 5S", "2H 2D 3S 9S", "3H 4S 4H 7C", "3D 4D 8S 8H"])
    bots = {1: ScriptBot(1, ["2H 9S"]), 3: ScriptBot(3, [])}
    scene = start_table(app, TableScene(app, table_people(app, rules), table=table, bots=bots))
    assert not scene.frame.log_open
    press(app, pygame.K_l)
    assert scene.frame.log_open
    my_turn(app, scene, 0)
    press(app, pygame.K_SPACE, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN)
    run_until(app, lambda: table.last_call.seat == 1)
    press(app, pygame.K_p)
    lines = [text for text, _ in scene.log]
    assert not any(line.startswith("It was") for line in lines)  # no spoiler before the flip
    run_until(app, lambda: not scene.moment.holding)
    lines = [text for text, _ in scene.log]
    assert "Ana calls two aces." in lines
    assert "Ben calls two twos." in lines
    assert "Cleo challenged Ben: “Liar!”" in lines and "It was a lie: 2♥, 9♠!" in lines
    assert "Ben picks up 4 cards." in lines and "Cleo gets the bullet back." in lines
    assert "Cleo leads with twos." in lines
    click(app, (1200, 32))  # the log button
    assert not scene.frame.log_open


def autoplay(app, peek_keys, seconds=900.0):
    """People play their first card every turn (or let a last call stand) until the match ends."""
    from bluffhouse.scenes.results.cards import ResultsScene

    waited = 0.0
    while True:
        top = app.stack.top
        if isinstance(top, ResultsScene):
            if top.match_over:
                return top
            press(app, pygame.K_RETURN)  # "Next round"
            continue
        table, flow = top.table, top.flow
        seat = table.turn
        if not table.is_over and not top.fx.dealing and seat in peek_keys:
            if flow.curtain_for() == seat:
                press(app, peek_keys[seat])
                continue
            if flow.shown_hand() == seat and flow.wait_left() == 0:
                press(
                    app,
                    *(
                        [pygame.K_RETURN]
                        if flow.must_answer()
                        else [pygame.K_HOME, pygame.K_SPACE, pygame.K_RETURN]
                    ),
                )
                continue
        app.step(DT)
        waited += DT
        assert waited < seconds, "the match did not end"


def test_kamu_with_jokers_two_people_a_three_round_match(app):
    from bluffhouse.scenes.results.cards import ResultsScene

    rules = Rules.kamu(4, jokers=True, challenge_window=0.8)
    table = Table.from_hands(rules, ["7P *S 9T", "8P *F KZ", "9P 10P AZ", "10T UT OT"], first=0)
    bots = {1: ScriptBot(1, ["*F"]), 3: ScriptBot(3, ["10T"])}
    setup = table_people(app, rules)
    match = CardMatch(rules, seed=5, first=0)
    scene = start_table(app, TableScene(app, setup, match, table=table, bots=bots))
    flow, stats, K = scene.flow, scene.flow.stats, pygame
    assert scene.title() == "Kamu · round 1 of 3"

    # Ana's Színes counts as a seven: Cleo doubts a true call and picks up the pile.
    my_turn(app, scene, 0)
    assert hand(scene, 0) == ["7P", "9T", "*S"]
    press(app, K.K_SPACE, K.K_END, K.K_SPACE, K.K_RETURN)
    run_until(app, lambda: not table.window_open or flow.window_wait() == 0)
    press(app, K.K_p)
    assert not flow.truth[0].lie and flow.truth[0].challenged_by == 2
    assert hand(scene, 2) == ["7P", "9P", "10P", "AZ", "*S"] and stats[2].challenges_wrong == 1
    assert (table.turn, table.rank) == (1, "8")  # Kamu: the player after the one challenged

    # Ben's lone Fakó is bait: Ana doubts it and picks it up.
    run_until(app, lambda: table.last_call.seat == 1)
    press(app, K.K_q)
    assert flow.truth[1].bait and not flow.truth[1].caught and scene.fx.reveal.stamp == "bait"
    assert hand(scene, 0) == ["9T", "*F"] and (table.turn, table.rank) == (2, "9")

    # Cleo plays a nine and the Színes; Dani a ten; Ana lies with 9T as an Alsó and is caught.
    my_turn(app, scene, 2)
    press(app, K.K_RIGHT, K.K_SPACE, K.K_END, K.K_SPACE, K.K_RETURN)
    assert hand(scene, 2) == ["7P", "10P", "AZ"]
    my_turn(app, scene, 0)
    press(app, K.K_SPACE, K.K_RETURN)
    run_until(app, lambda: flow.window_wait() == 0)
    press(app, K.K_p)
    assert flow.truth[-1].caught and table.hand_size(0) == 5
    assert (table.turn, table.rank) == (2, "O")  # "they lied: the challenger plays next"

    # Cleo empties her hand with three cards; Dani lets it stand: Cleo wins round 1.
    my_turn(app, scene, 2)
    press(app, K.K_SPACE, K.K_RIGHT, K.K_SPACE, K.K_RIGHT, K.K_SPACE, K.K_RETURN)
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    assert table.winner == 2 and match.games_played == 1 and match.scores == [1, 3, 4, 3]

    # Rounds 2 and 3 are dealt by the match and played to the end.
    results = autoplay(app, {0: K.K_w, 2: K.K_o})
    assert match.games_played == 3 and match.is_over and results.match is match
    assert app.games_finished == 3 and results.record.setup is setup
    assert [r.number for r in match.results] == [1, 2, 3]
    assert match.scores == [sum(r.points[s] for r in match.results) for s in range(4)]
    assert sorted(r.first for r in match.results) == [0, 1, 2]  # the first seat moves along
