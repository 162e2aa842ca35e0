"""The dice duel on screen, driven by posted keys and clicks through App.step."""

import pygame
from kit import DUEL, ScriptedMatch, app_fixture, duel_people, settle_duel, start_duel

import bluffhouse.scenes.duel.scene
from bluffhouse.game.dice import HIGHEST_CLAIM, canonical, claim_at, hand_value
from bluffhouse.game.duel import DuelView, Phase
from bluffhouse.game.duel_events import DiceRevealed, FirstDieRolled, OpeningReplayed
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel import layout as L
from bluffhouse.scenes.duel.scene import READ, DuelScene
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.pause import PauseScene
from bluffhouse.scenes.results.duel import DuelResultsScene, round_story
from bluffhouse.scenes.setup.duel import DuelSetupScene
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat

K = pygame
DT = DUEL.dt
app = app_fixture(seed=3, first_frame=DT, registry="fresh")
press, step, click = DUEL.press, DUEL.step, DUEL.click


TOP = (K.K_END,)  # End: five aces, the highest claim


# -- two people on the couch ------------------------------------------------------------


def test_two_people_play_a_whole_match_by_keys(app):
    rounds = [(0, ((4, 4, 2, 3, 6), (5, 5, 1, 2, 3)), 21), (None, ((1,) * 5, (2, 2, 3, 4, 6)), 22)]
    scene = start_duel(app, duel_people(app), ScriptedMatch(Rules.duel(points_to_win=2), 0, rounds))
    duel = scene.duel
    # round 1: the opening is replayed, then both are satisfied
    assert settle_duel(app).frame.curtain_for == 0
    press(app, K.K_w, K.K_2)  # Ana peeks and is not satisfied
    assert settle_duel(app).frame.curtain_for == 1
    press(app, K.K_p, K.K_2)  # Ben is not satisfied either: everyone rolls again
    assert duel.replays == 1 and any(isinstance(e, OpeningReplayed) for e in duel.history)
    assert settle_duel(app).frame.curtain_for == 0
    press(app, K.K_w, K.K_1)
    settle_duel(app)
    press(app, K.K_p, K.K_1)
    assert duel.phase is Phase.BIDDING
    assert settle_duel(app).frame.curtain_for == 0
    press(app, K.K_w)
    ana = duel.dice(0)
    assert hand_value(ana).is_claim  # the replayed dice of this seed
    press(app, K.K_z, K.K_RETURN)  # "my dice", propose
    assert duel.claim == canonical(ana) and duel.turn == 1
    # Ben keeps two dice and rerolls twice, may no longer challenge, bluffs five aces
    assert settle_duel(app).frame.curtain_for == 1
    press(app, K.K_p)
    before = duel.dice(1)
    press(app, K.K_1, K.K_2)
    assert scene.controls.keep == {0, 1}
    press(app, K.K_SPACE)
    settle_duel(app)
    assert duel.rerolls_used == 1 and duel.dice(1)[:2] == before[:2]
    # the reroll was a public beat: his cup closed for it, and only his own key opens it again
    assert scene.frame.curtain_for == 1 and scene.frame.acting is None and scene.frame.curtain_again
    press(app, K.K_SPACE, K.K_RETURN)  # shared keys do nothing behind it
    assert duel.rerolls_used == 1 and scene.frame.curtain_for == 1
    press(app, K.K_p)
    assert scene.frame.acting == 1
    press(app, K.K_o)  # his challenge key: refused after a reroll
    assert duel.phase is Phase.BIDDING and app.toasts
    press(app, K.K_SPACE)
    settle_duel(app)
    press(app, K.K_p)
    press(app, K.K_SPACE)  # a third reroll is refused
    assert duel.rerolls_used == 2
    assert hand_value(duel.dice(1)) != hand_value(HIGHEST_CLAIM)
    press(app, *TOP)
    assert scene.controls.builder.selected == HIGHEST_CLAIM
    press(app, K.K_RETURN)
    assert duel.claim == HIGHEST_CLAIM and duel.must_challenge
    # Ana must challenge; she slaps her key without even lifting the curtain: a bluff caught
    assert settle_duel(app).frame.curtain_for == 0
    press(app, K.K_q)
    settle_duel(app)
    assert duel.phase is Phase.OVER and duel.winner == 0
    assert scene.stage.show.verdict["met"] is False and scene.stage.show.seats[1].lifted
    assert scene.match.scores == [1, 0]
    press(app, K.K_RETURN)  # two people: the lifted cup is read before a shared key moves on
    assert scene.frame.duel.phase is Phase.OVER and scene.frame.round_number == 1
    while scene.stage.reading(READ):
        step(app)
    press(app, K.K_RETURN)
    # round 2: Ben lost, so he proposes first; Ana's five aces are true and Ben must challenge
    duel = scene.duel
    assert duel is not None and duel.proposer == 1 and scene.frame.round_number == 2
    assert settle_duel(app).frame.curtain_for == 1
    press(app, K.K_p, K.K_1)
    settle_duel(app)
    press(app, K.K_w, K.K_1)
    settle_duel(app)
    press(app, K.K_p, K.K_x, K.K_RETURN)  # just beat it: the lowest claim
    assert duel.claim == claim_at(0)
    settle_duel(app)
    press(app, K.K_w, *TOP, K.K_RETURN)
    assert duel.claim == HIGHEST_CLAIM
    assert settle_duel(app).frame.curtain_for == 1
    press(app, K.K_p)
    controls = scene.controls
    assert controls.builder.empty and not controls.enabled("propose") and not controls.enabled("reroll")
    assert controls.focus == "challenge"
    press(app, K.K_RETURN)
    settle_duel(app)
    assert duel.winner == 0 and scene.stage.show.verdict["met"] is True
    assert scene.match.is_over and app.games_finished == 1
    while scene.stage.reading(READ):
        step(app)
    press(app, K.K_RETURN)
    results = app.stack.top
    assert isinstance(results, DuelResultsScene)
    head, detail, held = round_story(results.match.results[1], results.names)
    assert (head, held) == ("Round 2 · Ana wins the point", True)
    assert "Ana claimed five aces; Ben challenged" in detail
    press(app, K.K_RETURN)  # Play again: a fresh match, same people
    again = app.stack.top
    assert isinstance(again, DuelScene) and again.match.scores == [0, 0] and again.two_people


def test_two_people_join_by_pressing_their_keys(app):
    press(app, K.K_DOWN, K.K_DOWN, K.K_DOWN, K.K_RETURN)
    setup = app.stack.top
    assert isinstance(setup, DuelSetupScene)
    while setup.menu.focused is not setup.rows["mode"]:
        press(app, K.K_UP)
    press(app, K.K_RIGHT)
    assert setup.mode == "people"
    # Ana has the Quick game's C, and E to peek; Ben presses a free key: it is his, then his peek key
    assert app.input.source_of(0, "challenge") == Source("key", K.K_c)
    assert app.input.source_of(0, "peek") == Source("key", K.K_e)
    assert setup.waiting() is not None  # "waiting for Ben to press his keys"
    press(app, K.K_o)
    assert app.input.capturing  # his peek key next
    press(app, K.K_c)  # Ana's key: refused, it stays hers
    assert app.input.source_of(1, "peek") is None and app.toasts
    press(app, K.K_p)
    assert not app.input.capturing  # both keys taken: it stops listening
    assert app.input.source_of(1, "challenge") == Source("key", K.K_o)
    assert app.input.source_of(1, "peek") == Source("key", K.K_p)
    assert setup.waiting() is None
    assert app.settings["duel.keys"] == {
        "0": {"challenge": K.K_c, "peek": K.K_e},
        "1": {"challenge": K.K_o, "peek": K.K_p},
    }
    while setup.menu.focused is not setup.rows["start"]:
        press(app, K.K_DOWN)
    press(app, K.K_RETURN)
    duel = app.stack.top
    assert isinstance(duel, DuelScene) and duel.humans == [0, 1]
    assert [(s.challenge_key, s.peek_key) for s in duel.setup.seats] == [("C", "E"), ("O", "P")]
    assert app.settings["duel.mode"] == "people"


def test_a_match_against_the_computer_from_the_menu_to_the_results(app, monkeypatch):
    rounds = [(None, ((1,) * 5, (2, 3, 4, 5, 6)), 31)]
    monkeypatch.setattr(
        "bluffhouse.scenes.duel.scene.DuelMatch", lambda rules, seed: ScriptedMatch(rules, seed, rounds)
    )
    seen = []
    real = bluffhouse.scenes.duel.scene.make_bot

    def spying_bot(*args):
        bot = real(*args)
        choose = bot.choose

        def watched(view):
            seen.append(view)
            return choose(view)

        bot.choose = watched
        return bot

    monkeypatch.setattr("bluffhouse.scenes.duel.scene.make_bot", spying_bot)
    press(app, K.K_DOWN, K.K_DOWN, K.K_DOWN, K.K_RETURN)
    setup = app.stack.top
    assert isinstance(setup, DuelSetupScene) and setup.mode == "computer"
    press(app, K.K_UP, K.K_UP, K.K_UP, K.K_LEFT, K.K_DOWN, K.K_DOWN, K.K_DOWN)  # points: 2
    press(app, K.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, DuelScene) and scene.humans == [0] and set(scene.bots) == {1}
    assert any(isinstance(e, FirstDieRolled) for e in scene.duel.history)  # round one rolls
    for _ in range(40):
        scene = settle_duel(app)
        if not isinstance(scene, DuelScene):
            break
        duel = scene.duel
        if duel.phase is Phase.OVER:
            press(app, K.K_RETURN)
        elif duel.phase is Phase.OPENING:
            press(app, K.K_1)
        elif duel.must_challenge:
            press(app, K.K_c)  # the default challenge key
        else:
            press(app, *TOP, K.K_RETURN)  # five aces: true, and the computer must challenge
    assert isinstance(app.stack.top, DuelResultsScene)
    assert app.stack.top.match.scores == [2, 0] and app.games_finished == 1
    assert seen and all(isinstance(v, DuelView) and v.seat == 1 for v in seen)
    assert all(v.opponent_dice is None and v.dice == (2, 3, 4, 5, 6) for v in seen)
    press(app, K.K_RIGHT, K.K_RETURN)  # Menu
    step(app)
    assert isinstance(app.stack.top, MenuScene)


def test_the_mouse_keeps_dice_rerolls_and_proposes(app):
    setup = GameSetup(Rules.duel(), [SeatSpec("Ana", True, challenge_key="C"), bot_seat(1)], seed=4)
    rounds = [(1, ((2, 2, 3, 4, 6), (5, 5, 4, 3, 2)), 41)]
    scene = start_duel(app, setup, ScriptedMatch(Rules.duel(), 0, rounds))
    duel = scene.duel
    for _ in range(10):  # the computer proposes first; answer its opening
        settle_duel(app)
        if scene.frame.acting == 0 and duel.phase is Phase.BIDDING:
            break
        press(app, K.K_1)
    assert duel.claim is not None and scene.frame.acting == 0
    kept = L.die_rect(0, 1)
    click(app, kept.center)
    assert scene.controls.keep == {1}
    before = duel.dice(0)[1]
    click(app, L.REROLL_BUTTON.center)
    settle_duel(app)
    assert duel.rerolls_used == 1 and duel.dice(0)[1] == before
    click(app, L.face_rect(0, 0).center)  # the main group's face: aces
    chosen = scene.controls.builder.selected
    assert hand_value(chosen).faces[0] == 1
    click(app, L.PROPOSE_BUTTON.center)
    assert duel.claim == chosen and duel.turn == 1


def test_esc_pauses_and_builder_letters_avoid_the_players_keys(app):
    setup = duel_people(app)  # Ana's keys are Q and W: the first two kinds' letters give way to spares
    app.input.bind(Source("key", K.K_a), 1, "challenge")  # Ben took A: the ace's letter gives way too
    scene = start_duel(app, setup, ScriptedMatch(Rules.duel(), 0, [(0, ((1,) * 5, (2,) * 5), 5)]))
    keys = scene.controls.keys
    assert (keys["kind0"], keys["kind1"], keys["face.1"]) == (K.K_j, K.K_k, K.K_o)
    assert keys["kind2"] == K.K_e and keys["face.6"] == K.K_s and keys["mine"] == K.K_z
    press(app, K.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    press(app, K.K_ESCAPE)
    assert app.stack.top is scene


def test_the_demo_plays_a_match_by_itself(app):
    setup = GameSetup(
        Rules.duel(points_to_win=1), [bot_seat(0, "hard"), bot_seat(1, "easy")], seed=9, demo=True
    )
    scene = start_duel(app, setup, None)
    assert scene.bots.keys() == {0, 1} and scene.humans == []
    for _ in range(4000):
        step(app)
        if isinstance(app.stack.top, DuelResultsScene):
            break
    assert isinstance(app.stack.top, DuelResultsScene) and app.games_finished == 1
    assert any(isinstance(e, DiceRevealed) for e in scene.duel.history)
    step(app, 120)  # the attract mode moves on to its next game by itself
    assert not isinstance(app.stack.top, DuelResultsScene)


def test_a_key_leaves_the_demo_for_the_menu(app):
    setup = GameSetup(Rules.duel(), [bot_seat(0), bot_seat(1)], seed=9, demo=True)
    start_duel(app, setup, None)
    step(app, 30)
    press(app, K.K_RETURN)
    step(app)
    assert isinstance(app.stack.top, MenuScene)
