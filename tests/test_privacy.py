"""Privacy on a shared screen: no face of a person's hand is drawn unless its owner asked for it."""

import random

import pygame
import pytest
from kit import app_fixture

from bluffhouse.game.rules import Rules
from bluffhouse.scenes import art
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, quick_setup
from bluffhouse.scenes.table import hand as table_hand
from bluffhouse.scenes.table.scene import TableScene

# The painting audit: the heavy tier's cross-check of tests/test_frame_privacy.py (frames, unpainted).
pytestmark = [pytest.mark.draws, pytest.mark.heavy]  # these tests audit what is painted

DT = 1 / 20
PEEK = {0: pygame.K_w, 2: pygame.K_o}
CHALLENGE = {0: pygame.K_q, 2: pygame.K_p}


app = app_fixture(seed=3, mute=False)


@pytest.fixture
def drawn(monkeypatch):
    """Every card face the drawing code asks for, and whose hand it was asked for as."""
    faces, hands = [], []
    real_face, real_hand = art.card_face, table_hand.hand_faces

    def card_face(card, width):
        faces.append(art_card(card))
        return real_face(card, width)

    def hand_faces(cards, seat, width, *rest):
        hands.append((seat, tuple(cards)))
        return real_hand(cards, seat, width, *rest)

    monkeypatch.setattr(art, "card_face", card_face)
    monkeypatch.setattr(table_hand, "hand_faces", hand_faces)
    return faces, hands


def art_card(card):
    from bluffhouse.scenes.art.cards import as_card

    return as_card(card)


def key(kind, code):
    pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode=""))


def test_behind_the_curtain_and_without_a_peek_no_other_hand_is_drawn(app, drawn):
    faces, hands = drawn
    for seat in (0, 2):
        app.input.bind(Source("key", CHALLENGE[seat]), seat, "challenge")
        app.input.bind(Source("key", PEEK[seat]), seat, "peek")
    seats = [
        SeatSpec("Ana", True, challenge_key="Q", peek_key="W"),
        SeatSpec("Ben", False),
        SeatSpec("Cleo", True, challenge_key="P", peek_key="O"),
        SeatSpec("Dani", False),
    ]
    scene = TableScene(app, GameSetup(Rules.bullets(4), seats, seed=8))
    app.stack.push(scene)
    app.stack.apply()
    table, flow, rng = scene.table, scene.flow, random.Random(4)
    unveiled: dict[int, object] = {}  # seat -> the turn's last call when its owner pressed
    seen_own = {0: 0, 2: 0}
    peeks_seen = reveals_seen = curtains = 0
    for frame in range(int(240 / DT)):
        if app.stack.top is not scene or table.is_over:
            break
        if frame * DT > 40 and curtains and peeks_seen > 20 and reveals_seen and all(seen_own.values()):
            break  # everything the check is about has happened, many times over
        turn = table.turn
        if turn in PEEK and not scene.moment.busy:
            if flow.curtain_for() == turn and rng.random() < 0.1:
                key(pygame.KEYDOWN, PEEK[turn])
                key(pygame.KEYUP, PEEK[turn])
                unveiled[turn] = table.last_call
            elif flow.shown_hand() == turn and flow.wait_left() == 0 and rng.random() < 0.2:
                for code in (pygame.K_SPACE, pygame.K_RETURN):
                    key(pygame.KEYDOWN, code)
        other = 2 - turn if turn in PEEK else rng.choice((0, 2))
        if rng.random() < 0.03:  # somebody holds their peek key for a while, or lets go
            held = app.input.is_held(other, "peek")
            key(pygame.KEYUP if held else pygame.KEYDOWN, PEEK[other])
        if table.window_open and rng.random() < 0.01:
            key(pygame.KEYDOWN, CHALLENGE[rng.choice((0, 2))])
        faces.clear()
        hands.clear()
        app.step(DT)
        # Whose cards may be on screen: a held peek key, or the turn's owner who lifted the curtain.
        allowed = {s for s in (0, 2) if app.input.is_held(s, "peek")}
        turn = table.turn
        if turn in unveiled and flow.curtain_for() is None and flow.shown_hand() == turn:
            allowed.add(turn)
        curtains += flow.curtain_for() is not None
        for seat, cards in hands:
            assert seat in allowed, f"seat {seat}'s hand drawn without their key"
            assert set(cards) == set(table.view(seat).hand)
            seen_own[seat] += 1
            peeks_seen += seat != turn
        public = set(scene.fx.reveal.cards) if scene.fx.reveal is not None else set()
        reveals_seen += bool(public)
        secret = {c for s in range(4) if s not in allowed for c in table.hand(s)}
        leaked = (set(faces) & secret) - public
        assert not leaked, f"faces of hidden hands drawn: {leaked}"
    # the check saw what it checks: curtains, peeks, the people's own hands and reveals
    assert curtains and peeks_seen and reveals_seen and all(seen_own.values())


def test_with_one_person_only_their_hand_and_the_reveals_are_ever_drawn(app, drawn):
    faces, hands = drawn
    scene = TableScene(app, quick_setup(app))
    app.stack.push(scene)
    app.stack.apply()
    table = scene.table
    rng = random.Random(2)
    for _ in range(int(40 / DT)):
        if app.stack.top is not scene or table.is_over:
            break
        if table.turn == 0 and scene.moment.game.wait_left == 0 and rng.random() < 0.3:
            for code in (pygame.K_SPACE, pygame.K_RETURN):
                key(pygame.KEYDOWN, code)
        elif table.window_open and rng.random() < 0.02:
            key(pygame.KEYDOWN, pygame.K_c)
        faces.clear()
        hands.clear()
        app.step(DT)
        assert {seat for seat, _ in hands} <= {0}
        public = set(scene.fx.reveal.cards) if scene.fx.reveal is not None else set()
        secret = {c for s in (1, 2, 3) for c in table.hand(s)}
        assert not (set(faces) & secret) - public
