"""The key help and the action button say the same thing at every moment (issue 23): after the
LIE/TRUE stamp lands the button still said "Wait for the verdict" while the help already offered
"Enter play". Both now come from one answer to "what does Enter do now"; once the verdict is told
the button says the cards are still on show (no longer "wait for the verdict")."""

import pygame
import pytest
from kit import app_fixture, ben_has_called, key

from bluffhouse.scenes.table.frame import frame_of
from bluffhouse.scenes.ui.lang import t

DT = 1 / 30


app = app_fixture(seed=1, data=True)


@pytest.mark.parametrize("ben_plays", ["KH 9S", "KH KD"])  # caught lying, then telling the truth
def test_after_a_challenge_the_help_never_offers_what_the_button_refuses(app, ben_plays):
    hands = ["AS AH 2S 5S", "KH KD 3S 9S", "3H 4S 4H 7C"]
    table, scene = ben_has_called(app, hands, [ben_plays, "3S"], ["3H"])  # (held: Ben leads again)
    key(pygame.K_q)
    key(pygame.K_q, down=False)
    waited = offered = 0
    told = False
    for n in range(3000):
        app.step(DT)
        frame = frame_of(scene)
        button = frame.play_button
        waits = (t("table.msg.wait_verdict"), t("table.button.wait_reveal"))
        says_wait = button is not None and button.label in waits
        helps_play = any(key == "Enter" for key, _ in frame.legend)
        assert not (says_wait and helps_play), f"frame {n}: the button waits, the help says {frame.legend}"
        waited += says_wait
        told = told or (button is not None and button.label == t("table.button.wait_reveal"))
        offered += helps_play and not says_wait
        if offered and not scene.fx.busy and not scene.moment.holding:
            break
    assert table.turn == 0 and waited > 0 and offered > 0  # Ana leads next; both moments were seen
    if ben_plays == "KH 9S":  # Ana won: she leads, her button waits while the caught cards show
        assert told  # ...no longer "for the verdict", which is already told
