"""The duel's words and hints (issue 23, playtest f9): a claim in words never has a colon of its
own, so "You: {claim}" in the history never reads "Toi : full : …"; a person's "challenge key"
hint shows only while there is a proposition theirs to challenge."""

import pygame
import pytest
from kit import DUEL, ScriptedMatch, app_fixture, duel_people, settle_duel, start_duel

from bluffhouse.game.dice import all_claims
from bluffhouse.game.duel import Phase
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.words import claim_words
from bluffhouse.scenes.ui.lang import set_language

K = pygame
app = app_fixture(seed=3, first_frame=DUEL.dt, registry="fresh")
press, step = DUEL.press, DUEL.step
LANGUAGES = ("en", "es", "fr", "hu")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_claim_in_words_has_a_colon_of_its_own(language):
    set_language(language)
    try:
        said = {claim_words(dice) for dice in all_claims()}
    finally:
        set_language("en")
    assert len(said) == len(all_claims())
    assert not [words for words in said if ":" in words]


def test_the_challenge_key_hint_shows_only_with_a_proposition_to_challenge(app):
    rounds = [(0, ((4, 4, 2, 3, 6), (5, 5, 1, 2, 3)), 21)]
    scene = start_duel(app, duel_people(app), ScriptedMatch(Rules.duel(points_to_win=2), 0, rounds))
    painter, duel = scene.painter, scene.duel
    keys = ["challenge key: Q", "challenge key: O"]
    seen: list[str] = []

    def watch(*presses):
        for key in presses:
            press(app, key)
            for _ in range(3):
                painter.frame = scene.frame
                seen.extend(painter.doing(seat) for seat in (0, 1))
                step(app)

    settle_duel(app)
    watch(K.K_w, K.K_1)  # the opening: both satisfied, nothing proposed yet
    settle_duel(app)
    watch(K.K_p, K.K_1)
    settle_duel(app)
    watch(K.K_w)
    assert duel.phase is Phase.BIDDING and duel.claim is None
    assert not set(seen) & set(keys)  # nothing to challenge: no key hint under anybody
    seen.clear()
    watch(K.K_z, K.K_RETURN)  # Ana proposes her own dice: hers is never hers to challenge
    assert duel.claim is not None and duel.turn == 1
    for _ in range(40):
        painter.frame = scene.frame
        seen.append(painter.doing(0))
        step(app)
    assert keys[0] not in seen
    pygame.event.clear()
