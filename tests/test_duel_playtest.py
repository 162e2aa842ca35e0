"""Playtest findings on the duel screens: presses that must act, keys taken only on purpose, words."""

import pygame
from kit import (
    DUEL,
    app_fixture,
    bar_words,
    focus_row,
    open_duel_setup,
    settle_duel,
    to_bidding,
    versus_computer,
)

from bluffhouse.game.duel import Phase
from bluffhouse.game.duel_events import Mood
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.ui.lang import t

K = pygame
app = app_fixture(seed=3, first_frame=DUEL.dt, registry="fresh")
press, step, click = DUEL.press, DUEL.step, DUEL.click


def test_a_press_at_the_very_end_of_the_show_only_ends_it(app):
    scene = versus_computer(app)
    while scene.stage.remaining > 0.2:
        step(app)
    assert scene.frame.stage.busy and scene.frame.duel.moods[0] is None
    press(app, K.K_1)  # the question is about to show: the press only ends the show
    assert not scene.frame.stage.busy and scene.frame.duel.moods[0] is None and scene.frame.acting == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=K.K_1, mod=0))  # hammered at once:
    step(app, 2)
    assert scene.frame.duel.moods[0] is None  # swallowed too
    step(app, 10)
    press(app, K.K_1)  # a deliberate press answers
    assert scene.frame.duel.moods[0] is Mood.SATISFIED


def test_a_press_while_the_bar_is_shown_acts_at_once(app):
    scene = versus_computer(app)
    assert settle_duel(app) is scene and scene.frame.acting == 0
    press(app, K.K_1)
    assert scene.frame.duel.moods[0] is Mood.SATISFIED


def test_a_press_in_the_middle_of_the_show_only_skips_it(app):
    scene = versus_computer(app)
    step(app, 3)
    assert scene.stage.remaining > 1.0
    press(app, K.K_1)
    assert not scene.frame.stage.busy and scene.frame.duel.moods[0] is None and scene.frame.acting == 0
    step(app, 10)  # the press that ended the show rests the shared keys for a moment
    press(app, K.K_1)
    assert scene.frame.duel.moods[0] is Mood.SATISFIED


def test_a_free_key_joins_whoever_lacks_keys_and_enter_on_a_row_changes_them(app):
    setup = open_duel_setup(app)
    focus_row(app, setup, "mode")
    press(app, K.K_RIGHT)  # two people: Ana keeps the Quick game's C, and E to peek
    inp = app.input
    assert (inp.source_of(0, "challenge").code, inp.source_of(0, "peek").code) == (K.K_c, K.K_e)
    focus_row(app, setup, "keys0")
    press(app, K.K_x)  # a free key is whoever pressed it's: Ben has none yet, so it is Ben's
    assert inp.source_of(1, "challenge").code == K.K_x and inp.source_of(0, "challenge").code == K.K_c
    assert setup.menu.focused is setup.rows["keys1"] and setup.rows["keys1"].listening
    press(app, K.K_y)  # and his next key is his peek key
    assert inp.source_of(1, "peek").code == K.K_y and not inp.capturing
    press(app, K.K_r)  # everybody has keys: a stray key takes nothing, and says how to change them
    assert inp.binding(Source("key", K.K_r)) is None and app.toasts
    focus_row(app, setup, "keys0")
    press(app, K.K_RETURN, K.K_q, K.K_w, K.K_e, K.K_r)  # Enter on Ana's row: her next two keys
    assert (inp.source_of(0, "challenge").code, inp.source_of(0, "peek").code) == (K.K_q, K.K_w)
    assert not setup.rows["keys0"].listening and not inp.capturing  # e and r took nothing
    press(app, K.K_RETURN, K.K_ESCAPE)  # Esc stops listening and stays on the set-up
    assert app.stack.top is setup and not setup.rows["keys0"].listening
    assert inp.source_of(0, "challenge").code == K.K_q


def test_a_click_on_a_key_row_never_decides_whose_the_next_key_is(app):
    setup = open_duel_setup(app)
    focus_row(app, setup, "mode")
    press(app, K.K_RIGHT)
    row = setup.rows["keys1"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.rect.center, button=1))
    step(app, 2)
    assert not row.listening and not app.input.capturing and app.toasts  # "press a key of your own"
    press(app, K.K_c)  # Ana's own key, pressed after the click on Ben's row: still Ana's
    assert app.input.binding(Source("key", K.K_c)) == (0, "challenge")
    assert app.input.source_of(1, "challenge") is None


def test_start_with_keys_missing_listens_on_the_first_seat_missing_one(app):
    setup = open_duel_setup(app)
    focus_row(app, setup, "mode")
    press(app, K.K_RIGHT)
    focus_row(app, setup, "keys0")
    press(app, K.K_RETURN, K.K_q, K.K_w)
    while setup.menu.focused is not setup.rows["start"]:
        press(app, K.K_DOWN)
    press(app, K.K_RETURN)
    row = setup.rows["keys1"]
    assert setup.menu.focused is row and row.listening and row.role == "challenge"
    press(app, K.K_o, K.K_p)
    assert (app.input.source_of(1, "challenge").code, app.input.source_of(1, "peek").code) == (K.K_o, K.K_p)


def test_the_coach_row_explains_itself(app):
    from bluffhouse.scenes.ui.lang import t

    assert t("duel.setup.about.coach") != "duel.setup.about.coach"
    setup = open_duel_setup(app)
    focus_row(app, setup, "coach")
    surface = pygame.Surface((1280, 720))
    setup.draw(surface)  # draws the about line without a missing key


def test_no_challenge_key_is_shown_before_there_is_a_claim(app, monkeypatch):
    scene = versus_computer(app, first=1)  # the computer proposes first: Ana waits
    while scene.frame.duel.phase is Phase.OPENING and scene.thinking is None:
        step(app)
    words = bar_words(scene, monkeypatch)
    assert not any("challenge key" in w.lower() for w in words)


def test_five_aces_tells_that_the_computer_must_challenge(app, monkeypatch):
    scene = versus_computer(app)
    to_bidding(app, scene)
    assert "Lowest claim" in bar_words(scene, monkeypatch)  # no claim yet: "just beat it" is the lowest
    press(app, K.K_END, K.K_RETURN)
    assert scene.frame.duel.must_challenge and scene.frame.duel.turn == 1
    while scene.frame.stage.busy or scene.thinking is None:
        step(app)
    words = bar_words(scene, monkeypatch)
    assert "Five aces: nothing is higher, Ben must challenge" in words


def test_a_refused_reroll_is_said_in_the_reroll_panel_not_over_the_builder(app, monkeypatch):
    scene = versus_computer(app)
    to_bidding(app, scene)
    app.toasts.clear()
    press(app, K.K_1)  # keep a die: no rerolls before the first proposition
    assert not app.toasts and t(scene.controls.notice[0]) == "No rerolls before the first proposition"
    assert "No rerolls before the first proposition" in bar_words(scene, monkeypatch)


def test_the_builder_tag_says_covered_not_true():
    from bluffhouse.scenes.ui.lang import t

    assert (t("duel.pick.true").upper(), t("duel.pick.bluff").upper()) == ("COVERED", "BLUFF")


def test_two_keys_in_one_frame_at_the_duel_set_up_are_one_persons_two_keys(app):
    setup = open_duel_setup(app)
    focus_row(app, setup, "mode")
    press(app, K.K_RIGHT)
    for code in (K.K_o, K.K_p):  # Ben's quick hand: both keys in the same frame
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0))
    step(app, 2)
    inp = app.input
    keys = (inp.source_of(1, "challenge"), inp.source_of(1, "peek"))
    assert keys == (Source("key", K.K_o), Source("key", K.K_p))
    assert not setup.rows["keys1"].listening and not inp.capturing
