"""The duel's pace (issue 18, a match to 3 in about 3 minutes): a claim or a word on screen can be
answered while its beat still plays; the verdict, a roll and a cup shaken still hold the table."""

import pygame
from kit import DUEL, app_fixture, to_bidding, versus_computer

from bluffhouse.game.duel import Phase
from bluffhouse.game.duel_events import (
    Challenged,
    Declared,
    DiceRolled,
    Mood,
    OpeningReplayed,
    Proposed,
    Rerolled,
)
from bluffhouse.scenes.duel.stage import CLAIM, SAY, Stage
from bluffhouse.scenes.shell.input import Source

K = pygame
app = app_fixture(seed=3, first_frame=DUEL.dt, registry="fresh")
step = DUEL.step

TWO_PAIRS = (1, 1, 6, 6, 5)


def test_a_claim_shows_from_its_first_frame_and_can_be_answered_while_it_plays():
    stage = Stage(["Ana", "Ben"])
    stage.play([Proposed(seat=1, dice=TWO_PAIRS)])
    assert stage.current.kind == "claim" and stage.show.claim == TWO_PAIRS  # the bubble is up
    assert not stage.busy  # nothing still to come: the answer may start now
    stage.play([Rerolled(seat=0, count=3, number=1)], positions={0: (2, 3, 4)}, dice={0: (1, 1, 2, 3, 4)})
    assert stage.busy and stage.current.kind == "claim"  # the answer's beats wait for the claim
    stage.update(CLAIM - 0.01)
    assert stage.current.kind == "claim"
    stage.update(0.02)
    assert stage.current.kind in ("status", "shake")


def test_a_word_said_can_be_answered_but_a_challenge_and_a_roll_hold_the_table():
    stage = Stage(["Ana", "Ben"])
    stage.play([Declared(seat=1, mood=Mood.NOT_SATISFIED)])
    assert stage.current.kind == "say" and not stage.busy
    stage.update(SAY)
    stage.play([Challenged(challenger=0, caller=1, held=False)])
    assert stage.busy  # "Liar!" comes before the cup lifts: nobody acts over it
    stage.skip()
    stage.play([Rerolled(seat=1, count=5, number=1)], dice={1: (2, 2, 2, 3, 4)})
    assert stage.busy and stage.current.kind in ("status", "shake")


def test_the_person_answers_the_computers_claim_while_its_bubble_pops(app):
    scene = versus_computer(app)  # Ana (challenge key C) against a sensible computer player, Ben
    app.input.bind(Source("key", K.K_c), 0, "challenge")
    to_bidding(app, scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=K.K_x, mod=0))  # the lowest claim
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=K.K_x, mod=0))
    step(app, 2)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=K.K_RETURN, mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=K.K_RETURN, mod=0))
    step(app, 2)
    assert scene.frame.duel.claim is not None and scene.frame.duel.turn == 1
    for _ in range(400):  # Ben thinks, maybe rerolls, and proposes higher
        beat = scene.stage.current
        if beat is not None and beat.kind == "claim" and beat.data["seat"] == 1 and scene.frame.acting == 0:
            break
        step(app)
    beat = scene.stage.current
    assert beat.kind == "claim" and beat.data["seat"] == 1 and beat.elapsed < CLAIM
    assert not scene.frame.stage.busy and scene.frame.acting == 0  # Ana's bar is live as Ben's claim pops
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=K.K_c, mod=0))  # her challenge key
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=K.K_c, mod=0))
    step(app)
    assert scene.frame.duel.phase is Phase.OVER  # the press challenged: it did not only skip a beat
    assert scene.stage.current is beat or beat.elapsed >= CLAIM  # Ben's claim played on to its end
    assert [b.kind for b in scene.stage.queue][:1] == ["challenge"]


def banners(stage: Stage) -> list[str]:
    """The banners a stage has queued or shows, in the player's words."""
    beats = ([stage.current] if stage.current is not None else []) + list(stage.queue)
    return [beat.data["text"].text() for beat in beats if beat.kind == "banner"]


def test_a_replayed_opening_says_who_was_not_satisfied_unless_nobody_was():
    """'The proposer decides': one 'not satisfied' rerolls, and the banner names who said it (it
    said 'Nobody is happy' though the other had said nothing); both unhappy is still 'nobody'."""
    one = Stage(["Ana", "Ben"])
    one.play([Declared(seat=0, mood=Mood.NOT_SATISFIED), OpeningReplayed(1), DiceRolled(1)])
    assert banners(one)[0] == "Ana is not satisfied: both roll again"
    after_all_the_same = Stage(["Ana", "Ben"], you=1)
    after_all_the_same.play([Declared(seat=0, mood=Mood.INDIFFERENT)])
    after_all_the_same.play([Declared(seat=1, mood=Mood.NOT_SATISFIED), OpeningReplayed(1), DiceRolled(1)])
    assert banners(after_all_the_same)[0] == "You are not satisfied: both roll again"
    both = Stage(["Ana", "Ben"])
    both.play([Declared(seat=0, mood=Mood.NOT_SATISFIED)])
    both.play([Declared(seat=1, mood=Mood.NOT_SATISFIED), OpeningReplayed(1), DiceRolled(1)])
    assert banners(both)[0] == "Nobody is happy: everyone rolls again"
    both.play([Declared(seat=0, mood=Mood.NOT_SATISFIED), OpeningReplayed(2), DiceRolled(2)])
    assert banners(both)[-1] == "Ana is not satisfied: both roll again"  # a new opening, new words
