"""The card table's animations: engine events become flying cards, flips, stamps and banners.

Every batch of events is laid out on one Timeline from a running cursor, so a Fakó turned
up, its pile picked up and the next player's cards follow one another; skip() (a click)
jumps to the end. What the seats show (pile size, cards, bullets) is `Shown`, changed by
the animations when cards land, so the numbers never run ahead of the pictures.
"""

from __future__ import annotations

import random

from bluffhouse.game.cards import FAKO_CARD
from bluffhouse.game.events import (
    BulletLost,
    BulletRefunded,
    BulletSpent,
    CallAccepted,
    CardsPlayed,
    CardsRevealed,
    Challenged,
    Dealt,
    FakoExposed,
    PileTaken,
    TurnStarted,
    Won,
)
from bluffhouse.scenes.shell.messages import Lazy, Message, Name, Said, message, you_key
from bluffhouse.scenes.table import reveal_timing as timing
from bluffhouse.scenes.table.layout import CENTRE, HAND_RECT, SeatPlace
from bluffhouse.scenes.table.sprites import Bullet, Flyer, Note, Point, Reveal, Shown
from bluffhouse.scenes.table.words import rank_word, speech
from bluffhouse.scenes.ui.anim import Ease, Timeline, Tween, in_out_quad, in_quad, linear, out_back, out_cubic


def _finished(tween: Tween[float]) -> bool:
    """Done, allowing for float rounding of the timeline's clock."""
    return tween.elapsed >= tween.total - 1e-6


class TableFx:
    """Animations of one game: call on_events() with every drained batch, update(dt), skip()."""

    def __init__(
        self,
        rules,
        names: list[str],
        places: list[SeatPlace],
        sound,
        shown: Shown,
        bullet_slot,
        shown_hand=lambda: None,
        you: int | None = None,
    ) -> None:
        """bullet_slot(seat, index) gives a bullet's position; shown_hand() whose hand is fanned.

        `you` is the only person at the table, if there is one: banners speak to them.
        """
        self.you = you
        self.told = lambda event: None  # called with each event when its animation starts
        self.rules, self.names, self.places, self.sound, self.shown = rules, names, places, sound, shown
        self.bullet_slot = bullet_slot
        self.shown_hand = shown_hand
        self.timeline = Timeline()
        self.cursor = 0.0
        self.flyers: list[Flyer] = []
        self.reveal: Reveal | None = None
        self.bullets: list[Bullet] = []
        self.notes: list[Note] = []
        self.call_note: Note | None = None
        self.winner: int | None = None
        self.celebration = 0.0  # seconds since the win was shown
        self.deal_end = 0.0
        self.read_until = 0.0  # timeline time until which a challenge's flipped cards stay in view
        self.read = timing.READ  # how long they stay (the attract mode shows them more briefly)
        self.last_rank: str | None = None
        self.rng = random.Random(3)

    # ------------------------------------------------------------------ state

    @property
    def busy(self) -> bool:
        """True while cards are moving or a verdict is being shown."""
        return not self.timeline.done

    @property
    def reading(self) -> bool:
        """True while a challenge's cards are still being turned over or read (not to be skipped)."""
        return self.reveal is not None and self.timeline.time < self.read_until

    @property
    def verdict_shown(self) -> bool:
        """False from a challenge until its cards have flipped and the verdict stamp has landed."""
        return self.reveal is None or self.reveal.verdict.done

    @property
    def dealing(self) -> bool:
        """True while the deal animation runs (game time waits for it)."""
        return self.timeline.time < self.deal_end

    def flying(self) -> list[Flyer]:
        """The cards in the air now (not those still waiting for their turn)."""
        now = self.timeline.time
        return [f for f in self.flyers if f.at <= now + 1e-9]

    def update(self, dt: float) -> None:
        """Advance every animation by dt seconds."""
        self.timeline.update(dt)
        for note in self.notes:
            note.age += dt
        if self.call_note is not None:
            self.call_note.age += dt
        self.notes = [n for n in self.notes if not n.over]
        self.flyers = [f for f in self.flyers if not _finished(f.motion)]
        self.bullets = [b for b in self.bullets if not (b.fade is not None and _finished(b.fade))]
        if self.winner is not None:
            self.celebration += dt
        if self.timeline.done and self.timeline.entries:
            self.timeline = Timeline()  # keep the timeline short between batches
            self.cursor = self.deal_end = self.read_until = 0.0
            self.flyers.clear()  # whatever is left belongs to the finished timeline
            self.bullets = [b for b in self.bullets if b.fade is None]

    def skip(self) -> None:
        """Jump every running animation to its end."""
        self.timeline.skip()
        self.deal_end = 0.0
        self.flyers.clear()
        for bullet in self.bullets:
            bullet.motion.finish()
            if bullet.fade is not None:
                bullet.fade.finish()
        self.bullets = [b for b in self.bullets if b.fade is None]
        for note in self.notes:
            note.delay = min(note.delay, note.age)

    # ------------------------------------------------------------------ events

    def on_events(self, events: list) -> None:
        """Lay out a batch of engine events on the timeline, one after another."""
        if not events:
            return
        if self.busy and not self.dealing:
            self.skip()
        self.cursor = max(self.cursor, self.timeline.time)
        for index, event in enumerate(events):
            if isinstance(event, PileTaken):  # the verdict is read before the cards go (and are told)
                self.cursor = max(self.cursor, self.read_until)
            if not isinstance(event, (CardsRevealed, FakoExposed)):  # those: at the verdict
                self._at(0.0, lambda e=event: self.told(e))  # the log tells it as it is shown
            if isinstance(event, TurnStarted) and any(isinstance(e, CardsPlayed) for e in events[index:]):
                continue  # a Fakó turned up by the next player's cards: they are playing already
            handler = getattr(self, "_on_" + type(event).__name__, None)
            if handler is not None:
                handler(event)

    def _at(self, delay: float, action) -> None:
        self.timeline.call(action, at=self.cursor + delay)

    def _tween(
        self, start: float, end: float, duration: float, ease: Ease = out_cubic, delay: float = 0.0
    ) -> Tween[float]:
        return self.timeline.add(Tween(start, end, duration, ease), at=self.cursor + delay)

    def _lag(self, delay: float = 0.0) -> float:
        """Seconds from now until the cursor (plus delay): when a note should appear."""
        return max(0.0, self.cursor + delay - self.timeline.time)

    def _note(self, text: Said, seat: int | None, kind: str, life: float, delay: float = 0.0) -> None:
        self.notes.append(Note(text, seat, kind, life=life, delay=self._lag(delay)))

    def _seat_point(self, seat: int) -> Point:
        if self.shown_hand() == seat:
            return HAND_RECT.centerx, HAND_RECT.top + 70
        return self.places[seat].centre

    def _pile_spot(self) -> Point:
        return (CENTRE[0] + self.rng.uniform(-10, 10), CENTRE[1] + self.rng.uniform(-8, 8))

    def _on_Dealt(self, event: Dealt) -> None:
        total = sum(event.hand_sizes)
        step = min(0.03, 1.1 / max(total, 1))
        counts = list(event.hand_sizes)
        order: list[int] = []
        while any(counts):  # "dealt one at a time around the table, starting with the first"
            for k in range(len(counts)):
                seat = (event.first + k) % len(counts)
                if counts[seat]:
                    counts[seat] -= 1
                    order.append(seat)
        self.shown.hands = [0] * len(event.hand_sizes)
        for i, seat in enumerate(order):
            motion = self._tween(0.0, 1.0, 0.28, out_cubic, delay=i * step)
            self.flyers.append(
                Flyer(
                    CENTRE,
                    self.places[seat].centre,
                    motion,
                    (44, 30),
                    self.rng.uniform(-200, 200),
                    at=self.cursor + i * step,
                )
            )
            self._at(i * step + 0.28, lambda s=seat: self._land_in_hand(s))
            if i % 5 == 0:
                self._at(i * step, lambda: self.sound.play("deal", 0.5))
        self.deal_end = self.cursor + len(order) * step + 0.3
        self.shown.set_aside = event.set_aside
        self.last_rank = event.rank
        self.cursor = self.deal_end

    def _land_in_hand(self, seat: int) -> None:
        self.shown.hands[seat] += 1

    def _on_CardsPlayed(self, event: CardsPlayed) -> None:
        origin = self._seat_point(event.seat)
        self.shown.hands[event.seat] = event.cards_left
        self._at(0.0, lambda: self.sound.play("slap"))
        for i in range(event.count):
            motion = self._tween(0.0, 1.0, 0.3, out_cubic, delay=i * 0.07)
            self.flyers.append(
                Flyer(
                    origin,
                    self._pile_spot(),
                    motion,
                    (60, 74),
                    self.rng.uniform(-160, 160),
                    at=self.cursor + i * 0.07,
                )
            )
            self._at(i * 0.07 + 0.3, self._land_on_pile)
        self._at(0.0, self._end_lead)
        words = Lazy(
            speech,
            (Name(self.names, event.seat), self.rules, event.count, event.rank, event.seat == self.you),
        )
        self.call_note = Note(words, event.seat, "call", delay=self._lag(0.1))
        if event.cards_left == 0:
            self._note(message("table.say.last_cards"), event.seat, "last", 3.0, 0.4)
        self.last_rank = event.rank
        self.cursor += 0.3 + 0.07 * event.count

    def _end_lead(self) -> None:
        """The leader played: "Ben leads — fours again" no longer holds (the call moved on)."""
        for note in self.notes:
            if note.kind == "lead":
                note.life = max(0.0, note.age - note.delay) + 0.15 if note.age > note.delay else 0.0

    def _land_on_pile(self) -> None:
        self.shown.pile += 1

    def _on_Challenged(self, event: Challenged) -> None:
        self._at(0.0, lambda: self.sound.play("doubt"))
        game = self.rules.game.value
        word = message("table.say.doubt.kamu" if game == "kamu" else "table.say.doubt.bullets")
        self.call_note = None  # the call is answered ("Liar!"): the reveal says it again, whatever comes
        self._note(word, event.challenger, "doubt", 2.4)
        self.cursor += timing.CHALLENGE_BEAT

    def _on_BulletSpent(self, event: BulletSpent) -> None:
        seat = event.seat
        start = self.bullet_slot(seat, event.bullets_left)
        self.shown.bullets[seat] = event.bullets_left
        self.shown.out.add(seat)
        lift = (start[0] + 6, start[1] - 66)  # up out of the panel, where all can see it
        self.bullets.append(Bullet(seat, start, lift, self._tween(0.0, 1.0, 0.3, out_back)))

    def _reveal(self, cards, truthful: bool, stamp: str, event=None) -> None:
        n = len(cards)
        lift = self._tween(0.0, 1.0, timing.LIFT, out_cubic)
        starts = [timing.FLIP_START + i * timing.FLIP_STEP for i in range(n)]
        flips = [self._tween(0.0, 1.0, timing.FLIP, in_out_quad, delay=start) for start in starts]
        for start in starts:
            self._at(start, lambda: self.sound.play("flip"))
        verdict_at = timing.verdict_at(n)
        verdict = self._tween(0.0, 1.0, timing.VERDICT, out_back, delay=verdict_at)
        if stamp != "exposed":  # a challenge: the flipped cards stay in full view to be read
            self.read_until = self.cursor + timing.flipped_at(n) + self.read
        sound = "reveal_true" if stamp in ("true", "bait") else "reveal_lie"
        self._at(verdict_at, lambda: self.sound.play(sound))
        if event is not None:
            self._at(verdict_at, lambda: self.told(event))
        self._at(0.0, lambda: self._take_from_pile(n))
        self.reveal = Reveal(tuple(cards), truthful, stamp, lift, flips, verdict)
        self.cursor += verdict_at + 0.5

    def _take_from_pile(self, n: int) -> None:
        self.shown.pile = max(0, self.shown.pile - n)

    def _on_CardsRevealed(self, event: CardsRevealed) -> None:
        stamp = "bait" if event.bait else ("true" if event.truthful else "lie")
        self._reveal(event.cards, event.truthful, stamp, event)

    def _on_FakoExposed(self, event: FakoExposed) -> None:
        self._reveal((FAKO_CARD,), False, "exposed", event)
        text = message(
            you_key("table.banner.fako", event.seat == self.you), name=Name(self.names, event.seat)
        )
        self._note(text, None, "banner", 1.6, -0.3)

    def _bullet_home(self, seat: int, left: int, lost: bool) -> None:
        bullet = next((b for b in self.bullets if b.seat == seat and b.fade is None), None)
        slot = self.bullet_slot(seat, max(0, left - 1) if not lost else left)
        if bullet is None:
            bullet = Bullet(seat, slot, slot, Tween(0.0, 1.0, 0.0))
            self.bullets.append(bullet)
        here = bullet.end
        if lost:
            bullet.start, bullet.end = here, (here[0] + 18, here[1] + 60)
            bullet.motion = self._tween(0.0, 1.0, 0.55, in_quad)
            bullet.fade = self._tween(0.0, 1.0, 0.55, linear)
            self._at(0.0, lambda: self._spend(bullet))
            self._at(0.55, lambda: self.shown.out.discard(seat))
        else:
            bullet.start, bullet.end = here, slot
            bullet.motion = self._tween(0.0, 1.0, 0.4, out_back)
            bullet.fade = self._tween(0.0, 0.0, 0.4, linear)  # ends with the flight

            def home() -> None:
                self.shown.bullets[seat] = left
                self.shown.out.discard(seat)
                self.sound.play("bullet_back")

            self._at(0.4, home)
        self._note(
            message("table.banner.bullet_lost" if lost else "table.banner.bullet_back"),
            seat,
            "bullet_lost" if lost else "bullet_back",
            1.4,
            0.1,
        )
        self.cursor += 0.2

    def _spend(self, bullet: Bullet) -> None:
        bullet.state = "spent"
        self.sound.play("bullet_lost")

    def _on_BulletRefunded(self, event: BulletRefunded) -> None:
        self._bullet_home(event.seat, event.bullets_left, lost=False)

    def _on_BulletLost(self, event: BulletLost) -> None:
        self._bullet_home(event.seat, event.bullets_left, lost=True)

    def _on_PileTaken(self, event: PileTaken) -> None:
        target = self.places[event.seat].centre
        reveal = self.reveal

        def start() -> None:
            for i in range(min(8, self.shown.pile)):
                motion = Tween(0.0, 1.0, 0.5, in_out_quad, delay=i * 0.03)
                self.timeline.add(motion, at=self.timeline.time)
                self.flyers.append(
                    Flyer(
                        self._pile_spot(),
                        target,
                        motion,
                        (74, 40),
                        self.rng.uniform(-90, 90),
                        at=self.timeline.time,
                    )
                )
            self.shown.pile = 0
            self.sound.play("deal")

        def done() -> None:
            self.shown.hands[event.seat] = event.cards_in_hand
            self.reveal = None

        self._at(0.0, start)
        if reveal is not None:
            reveal.to = target
            reveal.leave = self._tween(0.0, 1.0, timing.LEAVE - 0.1, in_out_quad)
        self._note(f"+{event.count}", event.seat, "pickup", 1.6, 0.5)
        self._at(timing.LEAVE - 0.05, done)
        self.cursor += timing.LEAVE

    def _on_TurnStarted(self, event: TurnStarted) -> None:
        key = "table.banner.leads_again" if event.rank == self.last_rank else "table.banner.leads"
        text = Message(
            you_key(key, event.seat == self.you),
            (("name", Name(self.names, event.seat)), ("rank", Lazy(rank_word, (self.rules, event.rank)))),
        )
        self._note(text, None, "lead", 1.9)  # it goes as soon as the leader's cards go down
        self.call_note = None
        self.last_rank = event.rank

    def _on_CallAccepted(self, event: CallAccepted) -> None:
        self._note(message("table.say.accept"), event.seat, "accept", 2.0)
        self.cursor += 0.35

    def _on_Won(self, event: Won) -> None:
        def win() -> None:
            self.winner = event.seat
            self.sound.play("win")

        self._at(0.0, win)
        self.cursor += 0.1
