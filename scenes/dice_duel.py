"""DuelScene: the Liar's Dice duel on screen, round after round until the match is won."""

from __future__ import annotations

import random

import pygame

from game.actions import Challenge, Declare, Propose, Reroll
from game.coach import duel_advice
from game.duel import Duel, Phase
from game.errors import IllegalAction
from game.match import DuelMatch
from scenes.demo import demo_speed
from scenes.duel_controls import Controls
from scenes.duel_draw import DuelPainter
from scenes.duel_stage import Stage
from scenes.input import Intent
from scenes.scene import Scene
from scenes.text import t

BOT_THINK = (0.8, 2.0)  # seconds a computer player takes, like a person would
DEMO_NEXT_ROUND = 3.0  # the attract mode moves on by itself
DEMO_LEAVE = frozenset({"confirm", "select", "click", "unbound_key", "challenge", "digit", "left",
                        "right", "up", "down"})  # fmt: skip
# Intents that never skip an animation (only a deliberate press or click does).
NO_SKIP = frozenset({"motion", "wheel", "peek_end", "focus_lost", "pad_added", "pad_removed",
                     "click_end", "capture", "text", "mute", "fullscreen"})  # fmt: skip
# A press that only cuts the last moment of the show (the question is about to be asked) is not
# spent on skipping: it goes on to the action bar the person is about to see.
SKIP_GRACE = 0.45


def make_bot(level: str, seat: int, rng: random.Random):
    """A computer player of the level asked for, else the sensible one."""
    from game import bots
    from game.bots.duel_sensible import DuelSensibleBot

    registry = getattr(bots, "DUEL_BOTS", {}) or {}
    kind = registry.get(level) or registry.get("sensible") or DuelSensibleBot
    return kind(seat, rng)


def coach_lines(advice, names: list[str], seat: int) -> list[str] | None:
    """The coach's two short lines from its numbers (before any claim it has nothing to add)."""
    if advice is None or advice.kind != "reach":
        return None
    numbers, other = advice.numbers, names[1 - seat]
    true = round(100 * numbers["claim_true"])
    if numbers["target"] is None:
        return [t("duel.coach.forced"), t("duel.coach.true", name=other, percent=true)]
    reach = t("duel.coach.reach", percent=round(100 * numbers["reach"]), rerolls=numbers["rerolls"])
    return [reach, t("duel.coach.true", name=other, percent=true)]


class DuelScene(Scene):
    """Two cups on the felt: the opening, rerolls, propositions, the challenge, the score."""

    opaque = True  # the felt covers the screen: no clearing first

    def __init__(self, app, setup, match: DuelMatch | None = None) -> None:
        """setup: a scenes.session.GameSetup with duel rules and two seats; match for tests."""
        super().__init__(app)
        self.setup = setup
        self.match = match if match is not None else DuelMatch(setup.rules, setup.seed)
        self.names = [spec.name for spec in setup.seats]
        self.demo = bool(setup.demo)
        self.speed = demo_speed() if self.demo else 1.0
        self.humans = [] if self.demo else [s for s, spec in enumerate(setup.seats) if spec.human]
        self.rng = random.Random(setup.seed)
        self.bots = {s: make_bot(spec.bot, s, random.Random(self.rng.randrange(2**32)))
                     for s, spec in enumerate(setup.seats) if s not in self.humans}  # fmt: skip
        self.controls = Controls(self)
        self.painter = DuelPainter(self)
        self.time = 0.0
        self.bot_wait: float | None = None
        self.auto_next: float | None = None
        self.uncovered: int | None = None  # with two people: whose dice are shown now
        self.finished = False  # the match is won (the results screen comes next)
        self.coach_text: list[str] | None = None  # the coach's lines for the person acting now
        self._coach_view = None
        self.duel: Duel
        self.stage: Stage
        self._start_round()

    # -- what the screen is waiting for --------------------------------------------------

    @property
    def round_number(self) -> int:
        """The round being played, from 1."""
        return len(self.match.results) + (0 if self.duel.phase is Phase.OVER else 1)

    @property
    def two_people(self) -> bool:
        """Two people share the screen: a curtain between turns."""
        return len(self.humans) == 2

    @property
    def curtain_for(self) -> int | None:
        """The person the curtain waits for ("pass to Ben"), or None."""
        duel = self.duel
        if not self.two_people or self.stage.busy or duel.phase is Phase.OVER:
            return None
        return duel.turn if duel.turn in self.humans and self.uncovered != duel.turn else None

    @property
    def acting(self) -> int | None:
        """The person who may use the action bar now, or None."""
        duel = self.duel
        if self.stage.busy or duel.phase is Phase.OVER or duel.turn not in self.humans:
            return None
        return None if self.curtain_for is not None else duel.turn

    @property
    def thinking(self) -> int | None:
        """The computer player thinking now, or None."""
        return self.duel.turn if self.bot_wait is not None else None

    def dice_visible(self, seat: int) -> bool:
        """Whether the faces under `seat`'s cup may be drawn now."""
        show = self.stage.show.seats[seat]
        if show.dice is None:
            return False
        if show.lifted or self.demo:
            return True  # lifted in the challenge; the attract mode shows both to the audience
        if seat not in self.humans:
            return False
        if not self.two_people:
            return True  # one person against the computer: their own dice, always
        return self.uncovered == seat or self.app.input.is_held(seat, "peek")

    # -- the round -------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.duel = self.match.new_round()
        self.stage = Stage(self.names, self.app.sound.play)
        for seat in (0, 1):
            self.stage.show.seats[seat].score = self.match.scores[seat]
        self.stage.play(self.duel.opening_events, dice=self._dice())
        self.uncovered = None
        self.bot_wait = self.auto_next = None
        self.controls.new_turn()

    def _dice(self) -> dict[int, tuple[int, ...]]:
        return {0: self.duel.dice(0), 1: self.duel.dice(1)}

    def next_round(self) -> None:
        """After a round: the next one, or the results once the match is won."""
        if self.duel.phase is not Phase.OVER or self.stage.busy:
            return
        self.app.sound.play("deal")
        if self.match.is_over:
            from scenes.duel_results import DuelResultsScene

            self.app.stack.replace(DuelResultsScene(self.app, self.setup, self.match))
        else:
            self._start_round()

    def act(self, action, positions: tuple[int, ...] | None = None) -> bool:
        """Play one action through the engine and stage what happened; False if refused."""
        before = self.duel.turn
        try:
            events = self.duel.apply(action)
        except IllegalAction as refusal:
            self.app.toast(str(refusal))
            self.app.sound.play("tock")
            return False
        match_over = False
        if self.duel.phase is Phase.OVER:
            self.match.record(self.duel)
            if self.match.is_over:
                match_over = self.finished = True
                self.app.games_finished += 1  # one per finished match
        where = {action.seat: positions} if positions is not None else None
        self.stage.play(events, positions=where, dice=self._dice(), claim=self.duel.claim,
                        match_over=match_over)  # fmt: skip
        if self.duel.turn != before:
            if self.two_people:
                self.uncovered = None  # the cup comes down as the turn passes
            self.controls.new_turn()
        return True

    def unveil(self) -> None:
        """The person behind the curtain is ready: show them their dice."""
        seat = self.curtain_for
        if seat is not None:
            self.uncovered = seat
            self.app.sound.play("flip")
            self.controls.new_turn()

    def declare(self, seat: int, mood) -> bool:
        """Say satisfied / not satisfied / all the same."""
        return self.act(Declare(seat, mood))

    def reroll(self, seat: int, keep) -> bool:
        """Reroll every die not kept."""
        keep = tuple(sorted(keep))
        return self.act(Reroll(seat, keep), positions=tuple(i for i in range(5) if i not in keep))

    def propose(self, seat: int, dice) -> bool:
        """Announce a value for one's dice."""
        return self.act(Propose(seat, dice))

    def challenge(self, seat: int) -> bool:
        """Call the last proposition a lie."""
        return self.act(Challenge(seat))

    # -- intents ---------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """Esc pauses; a key or click skips animations; the rest goes to the controls."""
        kind = intent.kind
        if self.demo:
            # The attract mode: Esc (or, unless started by --demo, any key or click) leaves.
            if kind == "back" or (not self.app.demo and kind in DEMO_LEAVE):
                self.app.back_to_menu()
            return True
        if kind == "back":
            from scenes.pause import PauseScene

            self.app.stack.push(PauseScene(self.app, "duel"))
            return True
        if kind == "peek":
            if self.curtain_for == intent.player:
                self.unveil()
            return True
        if kind not in NO_SKIP and self.stage.busy:
            visible = self.stage.remaining > SKIP_GRACE
            self.stage.skip()
            if visible and kind != "challenge":
                return True  # the press was spent on skipping what was playing
        if kind == "challenge":
            return self.challenge_key(intent.player)
        return self.controls.handle(intent)

    def challenge_key(self, player: int | None) -> bool:
        """A person pressed their challenge key."""
        duel = self.duel
        if player not in self.humans or duel.phase is Phase.OVER:
            return False
        if duel.turn != player:
            self.app.toast(t("duel.toast.not_your_turn", name=self.names[player]))
        elif duel.phase is Phase.OPENING:
            self.app.toast(t("duel.toast.opening_first"))
        elif duel.claim is None:
            self.app.toast(t("duel.toast.nothing_to_challenge"))
        elif not duel.may_challenge:
            self.app.toast(t("duel.toast.rerolled"))
        else:
            return self.challenge(player)
        self.app.sound.play("tock")
        return True

    # -- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Play the beats; let computer players think and act; the demo moves on."""
        dt *= self.speed
        self.time += dt
        self.stage.update(dt)
        self._update_coach()
        if self.stage.busy:
            return
        duel = self.duel
        if duel.phase is Phase.OVER:
            if self.demo:
                self.auto_next = DEMO_NEXT_ROUND if self.auto_next is None else self.auto_next - dt
                if self.auto_next <= 0:
                    self.next_round()
            return
        seat = duel.turn
        if seat in self.bots:
            if self.bot_wait is None:
                self.bot_wait = self.rng.uniform(*BOT_THINK)
            self.bot_wait -= dt
            if self.bot_wait <= 0:
                self.bot_wait = None
                action = self.bots[seat].choose(duel.view(seat))
                if isinstance(action, Reroll):
                    self.reroll(seat, action.keep)
                else:
                    self.act(action)
        else:
            self.controls.refresh()

    def _update_coach(self) -> None:
        """The coach reasons on the acting person's own view only, and only if they asked."""
        seat = self.acting
        if seat is None or not self.setup.seats[seat].coach:
            self.coach_text, self._coach_view = None, None
            return
        view = self.duel.view(seat)
        if view != self._coach_view:
            self.coach_text, self._coach_view = coach_lines(duel_advice(view), self.names, seat), view

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the cups, the claim, the action bar (and the curtain)."""
        self.painter.draw(surface)

    def draw_seat_dice(self, surface: pygame.Surface, seat: int, dice, tumbling=frozenset(),
                       held=frozenset(), focus: int | None = None) -> None:  # fmt: skip
        """Draw the faces under a seat's cup: the one door through which they reach the screen."""
        self.painter.seat_dice(surface, seat, dice, tumbling, held, focus)
