"""No spoiler before the cards are turned (issue 18, playtest): from a challenge until its cards
are up and the verdict shown, nothing on screen depends on the verdict — not the buttons ("Dani
to play" told the winner leads), not the key help, the toasts, the panels' highlights or the
plaque. Twin tables, the same seed, differ only in the challenged cards, face down: a held call
and a caught one must give the same frames until the verdict."""

from dataclasses import fields, replace

import pygame
import pytest
from apps import new_app
from test_table_scene import ScriptBot

from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec
from bluffhouse.scenes.table.frame import frame_of, verdict_pending
from bluffhouse.scenes.table.scene import TableScene

DT = 1 / 30


@pytest.fixture
def settings(tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    monkeypatch.setenv("BLUFFHOUSE_DATA", str(tmp_path / "data"))


def looks(frame) -> object:
    """The frame as people see it before the flip: sprites by where they are, not what they hide."""
    reveal = None
    if frame.reveal is not None:
        sprite, words = frame.reveal
        reveal = (words, sprite.lift.value, tuple(f.value for f in sprite.flips))
    flyers = tuple((at(f.start, f.end, f.motion.value), f.card is None) for f in frame.flyers)
    bullets = tuple((b.seat, at(b.start, b.end, b.motion.value), b.state, round(b.fade.value, 3) if b.fade
                     else None) for b in frame.bullets)  # fmt: skip
    banners = tuple((n.text, n.kind, n.seat, round(n.alpha, 3)) for n in frame.banners)
    return replace(frame, reveal=reveal, flyers=flyers, bullets=bullets, banners=banners)


def at(start, end, k) -> tuple[int, int]:
    """Where a sprite flying from start to end is drawn, to the pixel."""
    return round(start[0] + (end[0] - start[0]) * k), round(start[1] + (end[1] - start[1]) * k)


def ben_has_called(app, hands: list[str], ben: list[str], cleo: list[str]):
    """Ana (a person, challenge key Q), Ben and Cleo (scripted computers) at a Bullets table where
    Ben calls kings first: the table and its scene once Ben's call has landed on the pile."""
    rules = Rules.bullets(3)
    table = Table.from_hands(rules, hands, first=1, rank="K")
    app.input.bind(Source("key", pygame.K_q), 0, "challenge")
    seats = [SeatSpec("Ana", True, challenge_key="Q"), SeatSpec("Ben", False), SeatSpec("Cleo", False)]
    bots = {1: ScriptBot(1, ben), 2: ScriptBot(2, cleo)}
    scene = TableScene(app, GameSetup(rules, seats, seed=5), table=table, bots=bots)
    app.stack.push(scene)
    app.stack.apply()
    for _ in range(3000):
        app.step(DT)
        if table.last_call is not None and table.last_call.seat == 1 and not scene.fx.busy:
            break
    return table, scene


def challenged_frames(ben_plays: str, hands: list[str]) -> list:
    """Play Ben's call, Ana (alone at the table) challenges it; the frames until the verdict."""
    app = new_app(seed=1)  # at the settings file of the test's fixture
    table, scene = ben_has_called(app, hands, [ben_plays], [])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_q, mod=0, unicode=""))
    frames = []
    for _ in range(3000):
        app.step(DT)
        reveal = scene.fx.reveal
        stamped = reveal is not None and reveal.verdict.elapsed > reveal.verdict.delay  # it is told now
        if frames and (stamped or not verdict_pending(scene, scene.moment)):
            break
        frames.append((looks(frame_of(scene, scene.moment)), tuple(toast.text for toast in app.toasts)))
    assert table.pile_size == 0 or table.is_over  # the call was challenged: the pile picked up
    pygame.event.clear()
    return frames


@pytest.mark.parametrize(("ben_held", "ben_caught"), [
    (("KH KD 3S 9S", "KH KD"), ("KH KD 3S 9S", "KH 9S")),
    (("KH KD", "KH KD"), ("KH 9S", "KH 9S")),  # his last cards: held, the game is over; caught, it goes on
])  # fmt: skip
def test_the_frames_between_a_challenge_and_its_verdict_do_not_tell_it(settings, ben_held, ben_caught):
    hands = ["AS AH 2S 5S", None, "3H 4S 4H 7C"]
    held = challenged_frames(ben_held[1], [hands[0], ben_held[0], hands[2]])
    caught = challenged_frames(ben_caught[1], [hands[0], ben_caught[0], hands[2]])
    assert len(held) > 10 and len(held) == len(caught)
    for n, ((a, toasts_a), (b, toasts_b)) in enumerate(zip(held, caught, strict=True)):
        told = [f.name for f in fields(a) if getattr(a, f.name) != getattr(b, f.name)]
        told += ["toasts"] if toasts_a != toasts_b else []
        assert not told, f"frame {n} after the challenge tells the verdict by its {told}: " + "; ".join(
            f"{getattr(a, f)} / {getattr(b, f)}" for f in told if f != "toasts")
