"""The dice duel's phones: each phone seat's own dice and the public round out, its presses in.

A DuelScene keeps one DuelPhones: the twin of TablePhones. A phone seat is sent its own
`view(seat)`, as the moment (scenes.play.moment) holds it — its own dice, the claims, the moods,
how many dice were shaken, the dice lifted in a challenge — never the other cup, and what it
may press. Its presses go to the DuelFlow's calls (declare, reroll, propose, challenge) as
that seat's own presses (By.OWN), once the table has shown the last move (the phone says
"watch the TV" meanwhile); a refusal comes back to that phone alone.
"""

from __future__ import annotations

from functools import lru_cache

from bluffhouse.game.dice import all_claims, claim_index, claim_refusal, hand_value
from bluffhouse.game.duel import Phase
from bluffhouse.game.duel_events import Declared, DiceRevealed, Proposed, Rerolled
from bluffhouse.game.duel_view import DuelView
from bluffhouse.scenes.duel.audience import watch
from bluffhouse.scenes.duel.words import category_name, claim_words
from bluffhouse.scenes.phones.texts import page_texts
from bluffhouse.scenes.play.moment import Moment
from bluffhouse.scenes.play.phones import PhoneLink, is_phone
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.privacy import By
from bluffhouse.scenes.ui.lang import t, you_text

PHONE_KINDS = ("phone_declare", "phone_reroll", "phone_propose", "phone_next", "challenge")
LOG_LINES = 5


@lru_cache(maxsize=4)
def claims_table(language: str) -> tuple[list, list]:
    """The 248 propositions in order, lowest first ([dice, kind, words]), and the kinds' names:
    the same for everybody (a rule book), in the language of the moment."""
    rows = []
    kinds: list[str] = []
    for dice in all_claims():
        category = hand_value(dice).category
        name = category_name(category)
        if name not in kinds:
            kinds.append(name)
        rows.append([list(dice), kinds.index(name), claim_words(dice)])
    return rows, kinds


class DuelPhones(PhoneLink):
    """The phone seats of one dice duel and what each of them has been sent."""

    # -- in ----------------------------------------------------------------------------------

    def handle(self, scene, intent: Intent) -> bool:
        """A phone's press in the duel; True when it was one (used or answered).

        A key at the TV bound to a phone seat's number (left from another game) never acts for it
        (scenes.play.phones.PhoneLink.intake)."""
        if self.intake(scene, intent):
            return True
        if not is_phone(intent) or intent.kind not in PHONE_KINDS:
            return False
        seat = intent.player
        if seat not in self.seats:
            return True
        if intent.kind == "phone_next":  # (the round as it is now: a press may have just ended it)
            if scene.duel.phase is Phase.OVER and not scene.stage.busy:
                scene.next_round()
            return True
        if scene.stage.busy:
            self.hub.notify(seat, t("phone.note.busy"))
            return True
        flow = scene.flow
        if intent.kind == "challenge":
            pressed = flow.challenge(seat, By.OWN)
        elif intent.kind == "phone_declare":
            pressed = flow.declare(seat, intent.text, By.OWN)
        elif intent.kind == "phone_reroll":
            pressed = flow.reroll(seat, intent.args, By.OWN)
        else:
            pressed = flow.propose(seat, intent.args, By.OWN)
        self.answer(seat, pressed)  # its refusal, to this phone alone
        scene.absorb()  # the TV shows the move now, as it does a key's
        return True

    # -- out ---------------------------------------------------------------------------------

    def update(self, scene, moment: Moment) -> None:
        """Send each phone seat its state when anything it shows has changed."""
        if not self.seats:
            return
        language = self.greet(scene)  # a new language, or the seats opened anew
        away = tuple(self.hub.status(seat) for seat in self.seats)
        match = scene.match
        for seat in self.seats:
            part = moment.seat(seat)
            mark = (
                part.view,
                moment.busy,
                moment.paused,
                away,
                match.is_over,
                len(match.results),
                language,
                part.presses,
            )
            if self.marks.get(seat) == mark:
                continue
            self.marks[seat] = mark
            self.hub.publish(seat, self.state(scene, moment, seat))
        watch(self, scene, moment.paused)  # the audience sees what the TV shows, and no more

    def hello(self, scene, seat: int) -> dict:
        """What the page needs once: the game, names, its words, the propositions in order."""
        claims, kinds = claims_table(t("phone.lang"))
        moods = {mood: t(f"duel.mood.{mood}") for mood in ("satisfied", "not_satisfied", "indifferent")}
        return {
            "game": "duel",
            "seat": seat,
            "name": self.names[seat],
            "texts": page_texts(),
            "claims": claims,
            "kinds": kinds,
            "moods": moods,
        }

    def state(self, scene, moment: Moment, seat: int) -> dict:
        """Everything seat's phone shows now: its own view of the round, what it may press (the
        moment's: nothing under an overlay) and the match so far."""
        match, part = scene.match, moment.seat(seat)
        view = part.view
        assert isinstance(view, DuelView)
        busy, paused = moment.busy, moment.paused
        mine = view.turn == seat

        def may(kind: str) -> bool:
            return not paused and part.may(kind)

        players = [
            {
                "name": self.names[s],
                "kind": self.kinds[s],
                "score": match.scores[s],
                "away": self.hub.status(s) == "away",
                "turn": view.turn == s,
            }
            for s in (0, 1)
        ]
        claim = list(view.claim) if view.claim is not None else None
        low = view.lowest_claim
        own = hand_value(view.dice)
        offered = claim_refusal(view.dice, view.claim) is None  # the engine's own check
        return {
            "game": "duel",
            "title": t("duel.round", n=moment.game.round_number, points=match.rules.points_to_win),
            "seat": seat,
            "players": players,
            "phase": view.phase.value,
            "dice": list(view.dice),
            "my_turn": mine,
            "moods": [m.value for m in view.allowed_moods] if may("declare") else [],
            "said": [t(f"duel.mood.{m.value}") if m is not None else None for m in view.moods],
            "claim": claim,
            "claim_words": claim_words(view.claim) if view.claim is not None else None,
            "claimant": view.claimant,
            "low": low,
            "mine": claim_index(own) if offered else None,
            "can_reroll": may("reroll"),
            "most_kept": view.most_kept,  # the engine's: "keeping all five dice is no reroll"
            "rerolls_left": view.rerolls_left if mine else 0,
            "can_propose": may("propose"),
            "can_challenge": may("challenge"),
            "must_challenge": mine and view.must_challenge,
            "lifted": list(view.opponent_dice) if view.opponent_dice is not None else None,
            "lifted_words": self._lifted_words(view),
            "can_next": view.phase is Phase.OVER and not busy and not paused,  # the last: to the results
            "status": self._status(scene, view, busy, paused),
            "log": self._log(view),
            "busy": busy,
            "paused": paused,
            "over": match.is_over and view.phase is Phase.OVER,
        }

    def _status(self, scene, view, busy: bool, paused: bool) -> str:
        seat, other = view.seat, self.names[1 - view.seat]
        if paused:
            return t("phone.page.paused")
        if view.phase is Phase.OVER:
            if scene.match.is_over:
                return (
                    t("phone.status.duel.match_won")
                    if scene.match.winner == seat
                    else t("phone.status.duel.match_lost", name=other)
                )
            return (
                t("phone.status.duel.round_won")
                if view.winner == seat
                else t("phone.status.duel.round_lost", name=other)
            )
        if busy:
            return t("phone.page.watch")
        if view.turn != seat:
            if self.hub.status(view.turn) == "away":
                return t("phone.status.waiting_phone", name=other)
            if view.phase is Phase.OPENING:
                return t("phone.status.duel.opening_of", name=other)
            return t("phone.status.duel.turn_of", name=other)
        if view.phase is Phase.OPENING:
            return t("phone.status.duel.opening_you")
        return t("phone.status.duel.first") if view.claim is None else t("phone.status.duel.your_turn")

    def _log(self, view) -> list[str]:
        """The round so far in a few public lines (what both players heard and saw); a line about
        the phone's own seat in the second person ("You: Satisfied"), as the TV says it to one."""
        lines = []
        for event in view.history:
            if not hasattr(event, "seat"):
                continue
            mine, name = event.seat == view.seat, self.names[event.seat]
            if isinstance(event, Declared):
                text = t(f"duel.mood.{event.mood.value}")
                lines.append(you_text("duel.log.said", mine, name=name, text=text))
            elif isinstance(event, Proposed):
                lines.append(you_text("duel.log.said", mine, name=name, text=claim_words(event.dice)))
            elif isinstance(event, Rerolled):
                count, number = event.count, event.number
                lines.append(you_text("duel.log.rerolled", mine, name=name, n=count, number=number))
            elif isinstance(event, DiceRevealed):
                lines.append(self._verdict(event, mine))
        return lines[-LOG_LINES:]

    def _verdict(self, event: DiceRevealed, mine: bool) -> str:
        """What the lifted cup showed: "The claim holds: Ben had it!" or "A bluff! Ben had less."."""
        key = "duel.verdict.holds" if event.value_met else "duel.verdict.bluff"
        return you_text(key, mine, name=self.names[event.seat])

    def _lifted_words(self, view) -> str | None:
        """The words over the other cup's dice once it is lifted (whose they are, and the verdict)."""
        if view.opponent_dice is None:
            return None
        revealed = [e for e in view.history if isinstance(e, DiceRevealed)]
        return self._verdict(revealed[-1], False) if revealed else None

    # -- the television ------------------------------------------------------------------------

    def turn_shown(self, moment: Moment) -> int | None:
        """The phone seat whose turn it is, while no beat of the show plays."""
        live = moment.phase is not Phase.OVER and not moment.busy
        return moment.turn if live and moment.turn in self.seats else None
