"""A phone seat whose phone is gone when the game waits on it: the room decides how it goes on.

When a phone seat must act (its turn at the card table; in the duel its move, or its answer to a
claim) and its phone has been away for AWAY_OFFER seconds of game time — the flow's time: a
pause, a question or a verdict on screen does not count — the television asks the room
(scenes/seat_away.py): wait; let a computer player hold the seat until the phone is back; or
play the seat here, behind the curtain, with keys its person takes for it (their own challenge
key, then peek key, as at the set-up). Nothing acts for the person until somebody in the room
chose it at the television.

When the phone is back the seat is the person's again at once — on the game's thread, between
two actions (never inside one): the stand-in stops and its plans are dropped, or the keys taken
here are given back and the hand goes behind the phone again — and the television and the
phone say so. A stand-in is a computer player of the Options' level, made through the level
registry (game.bots, imported only when one is wanted); it sees only its seat's view.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.ui.lang import t

if TYPE_CHECKING:
    from bluffhouse.scenes.play.scene import PlayScene

AWAY_OFFER = 20.0  # seconds of game time a phone seat is away while the game waits on it
LEVELS = ("easy", "medium", "hard", "expert")  # the Options' levels a stand-in may play at
ROLES = ("challenge", "peek")


class AwaySeats:
    """The away phone seats of one game: how long the game has waited on each, and the keys a
    seat played here was given (a PlayScene keeps one; the flow keeps who holds what)."""

    def __init__(self) -> None:
        """Nobody away yet."""
        self.waited: dict[int, float] = {}  # the seat the game waits on -> game seconds away
        self.keys: dict[int, tuple[Source, ...]] = {}  # a seat played here -> the keys it took
        self.labels: dict[int, tuple[str | None, str | None]] = {}  # its key names before
        self.stand_ins_made = 0  # each stand-in has its own generator, derived from the seed

    # -- time ------------------------------------------------------------------------------

    def tick(self, scene: PlayScene, dt: float) -> None:
        """dt seconds of the game's time passed: count them while the game waits on an away phone
        seat (a verdict on screen holds the count), and ask the room at AWAY_OFFER."""
        seat = scene.phones.turn_shown(scene.moment) if scene.phones.seats else None
        flow, hub = scene.flow, scene.app.phones
        if seat is None or seat in flow.stand_ins | flow.here or hub.status(seat) != "away":
            self.waited.clear()
            return
        waited = self.waited.get(seat, 0.0) + (0.0 if flow.holding else dt)
        self.waited = {seat: waited}
        if waited >= AWAY_OFFER:
            self.waited[seat] = 0.0  # asked once; after "wait", again AWAY_OFFER later
            scene.app.stack.push(open_scene("away_offer", scene.app, scene, seat))

    def waits_on(self, scene: PlayScene, seat: int) -> bool:
        """Whether the game still waits on this away seat and nobody chose anything for it yet
        (the room's question closes by itself once that is no longer so)."""
        flow = scene.flow
        return seat in flow.phones and seat not in flow.stand_ins and scene.app.phones.status(seat) == "away"

    def returned(self, scene: PlayScene) -> None:
        """A seat held for an away phone whose phone is back is the person's again, now."""
        flow, hub = scene.flow, scene.app.phones
        for seat in sorted(flow.stand_ins | flow.here):
            if hub.status(seat) == "connected":
                held = seat in flow.stand_ins
                self.end(scene, seat)
                name = scene.names[seat]
                scene.app.say("phone.toast.back_held" if held else "phone.toast.back_here", name=name)
                hub.notify(seat, t("phone.note.back_held" if held else "phone.note.back_here"))

    # -- the room's choices ------------------------------------------------------------------

    def hold(self, scene: PlayScene, seat: int) -> None:
        """A computer player holds the seat until its phone is back (the room chose it)."""
        level = scene.app.settings.get("quick.level")
        level = level if level in LEVELS else "medium"
        self.stand_ins_made += 1
        rng = random.Random(f"{scene.seed}/stand-in/{seat}/{self.stand_ins_made}")
        scene.flow.stand_in(seat, level, rng)  # (the game's flow makes its player: game.bots)
        scene.app.say("phone.toast.held", name=scene.names[seat])

    def play_here(self, scene: PlayScene, seat: int, keys: tuple[Source, Source]) -> None:
        """The seat is played here behind the curtain with its person's own keys (challenge, peek),
        until its phone is back (the room chose it, then the person pressed the two keys)."""
        app, spec = scene.app, scene.setup.seats[seat]
        self.labels[seat] = (spec.challenge_key, spec.peek_key)
        self.keys[seat] = keys
        for source, role in zip(keys, ROLES, strict=True):
            app.input.bind(source, seat, role)
        spec.challenge_key, spec.peek_key = (app.input.name(source) for source in keys)
        scene.flow.play_here(seat)
        app.say("phone.toast.here", name=scene.names[seat], peek=spec.peek_key)

    # -- the end -----------------------------------------------------------------------------

    def end(self, scene: PlayScene, seat: int) -> None:
        """The seat goes back to its phone: no stand-in, no keys of its here."""
        flow = scene.flow
        flow.stand_down(seat)
        flow.back_on_phone(seat)
        for source in self.keys.pop(seat, ()):
            scene.app.input.unbind(source)
        if seat in self.labels:
            spec = scene.setup.seats[seat]
            spec.challenge_key, spec.peek_key = self.labels.pop(seat)

    def end_all(self, scene: PlayScene) -> None:
        """The game closes: every seat is its phone's again (the set-up plays on with it)."""
        for seat in sorted(scene.flow.stand_ins | scene.flow.here):
            self.end(scene, seat)
