"""The card table's phones: each phone seat's own state out, its presses in (no drawing).

A TableScene keeps one TablePhones. Every update it publishes, to each phone seat, what that
seat may know — built from the moment (scenes.play.moment): that seat's view, what it may press,
and what the whole table sees (names, card counts, whose turn, the last call, a challenge's
reveal) — and nothing else. A phone's press reaches the scene as an intent of its own seat
(By.OWN) and goes to the same TableFlow calls a key press makes, whose refusal comes back to
that phone alone; a challenge is the very "challenge" intent of a challenge key.
"""

from __future__ import annotations

from bluffhouse.game.table_view import MOST_CARDS, CallRecord, PickupRecord, TableView
from bluffhouse.scenes.phones.texts import page_texts
from bluffhouse.scenes.play.moment import Moment
from bluffhouse.scenes.play.phones import PhoneLink, is_phone
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.privacy import By
from bluffhouse.scenes.table.audience import watch
from bluffhouse.scenes.table.phone_cards import deck_faces
from bluffhouse.scenes.table.words import call_words, rank_symbol, rank_word
from bluffhouse.scenes.ui.lang import t

LOG_LINES = 5


class TablePhones(PhoneLink):
    """The phone seats of one card game and what each of them has been sent."""

    # -- in: presses -----------------------------------------------------------------------

    def handle(self, scene, intent: Intent) -> bool:
        """A phone's play or accept (its challenge goes the way of a challenge key); True if used.

        A key at the TV bound to a phone seat's number (left from another game) never acts for it
        (scenes.play.phones.PhoneLink.intake)."""
        if self.intake(scene, intent):
            return True
        if not is_phone(intent) or intent.kind not in ("phone_play", "phone_accept"):
            return False
        seat = intent.player
        moment = scene.moment
        if seat not in self.seats or moment.over:
            return True
        if moment.busy:  # the deal
            self.hub.notify(seat, t("phone.note.dealing"))
            return True
        if intent.kind == "phone_accept":
            pressed = scene.flow.accept(seat, By.OWN)
        else:
            pressed = scene.flow.play(seat, intent.args, By.OWN)
        self.answer(seat, pressed)  # its refusal, to this phone alone
        return True

    # -- out: each phone seat's own state --------------------------------------------------

    def update(self, scene, moment: Moment) -> None:
        """Send each phone seat its state when anything it shows has changed (the moment says
        what is live; paused: an overlay is over the table)."""
        if not self.seats:
            return
        language = self.greet(scene)  # a new language, or the seats opened anew
        paused, window = moment.paused, moment.game.window_wait > 0
        away = tuple(self.hub.status(seat) for seat in self.seats)
        public, watching = None, self.hub.watchers.audience.count
        for seat in self.seats:
            part = moment.seat(seat)
            view = part.view
            mark = (view, moment.holding, window, paused, moment.busy, away, language, part.presses, watching)
            old = self.marks.get(seat)
            if old is not None and old[0] is view and old[1:] == mark[1:]:
                continue  # nothing this seat sees has changed
            self.marks[seat] = mark
            if public is None:  # what every seat sees alike, built once a frame
                public = self.public(scene, view, paused)
            self.hub.publish(seat, self.state(scene, moment, seat, public))
        if public is not None:  # the audience sees what every seat sees alike, and no more
            watch(self, scene, view, public)

    def hello(self, scene, seat: int) -> dict:
        """What the page needs once: the game, the deck's faces, names, its words."""
        rules = scene.rules
        return {
            "game": rules.game.value,
            "deck": rules.deck.value,
            "seat": seat,
            "name": self.names[seat],
            "texts": page_texts(),
            "faces": deck_faces(rules),
        }

    def public(self, scene, view, paused: bool = False) -> dict:
        """What every seat's phone shows alike: the seats, the last call, a reveal, the log (any
        seat's view gives them: public records carry no hidden card)."""
        rules, names = scene.rules, self.names
        players = [
            {
                "name": names[s],
                "cards": view.hand_sizes[s],
                "kind": self.kinds[s],
                "bullets": view.bullets[s] if rules.uses_bullets else None,
                "away": self.hub.status(s) == "away",
                "turn": s == view.turn and not view.over,
            }
            for s in range(view.players)
        ]
        return {
            "game": rules.game.value,
            "title": scene.title(),
            "players": players,
            "rank": view.rank,
            "rank_symbol": rank_symbol(rules, view.rank),
            "rank_words": {"1": rank_word(rules, view.rank, 1), "n": rank_word(rules, view.rank)},
            "call": self._call(view),
            "pile": view.pile_size,
            "reveal": self._reveal(view),
            "log": self._log(view),
            "over": view.over,
            "paused": paused,
        }

    def state(self, scene, moment: Moment, seat: int, public: dict | None = None) -> dict:
        """Everything seat's phone shows now: its own view, what it may press (the moment's:
        nothing under an overlay) and what the whole table sees."""
        part, paused = moment.seat(seat), moment.paused
        view = part.view
        assert isinstance(view, TableView)
        if public is None:
            public = self.public(scene, view, paused)
        mine = view.my_turn
        return {
            **public,
            "seat": seat,
            "hand": [str(card) for card in view.hand],
            "status": self._status(scene, view, paused),
            "bullets": view.bullets[seat] if scene.rules.uses_bullets else None,
            "my_turn": mine and not view.over,
            "can_play": not paused and part.may("play"),
            "most_cards": MOST_CARDS,  # the engine's "plays 1, 2, 3 or 4 cards"
            "wait": round(moment.game.window_wait, 2) if mine else 0.0,
            "can_accept": not paused and part.may("accept"),
            "can_challenge": not paused and part.may("challenge"),
        }

    def _status(self, scene, view: TableView, paused: bool) -> str:
        seat, names = view.seat, self.names
        if view.over and view.winner is not None:
            return (
                t("phone.status.you_win")
                if view.winner == seat
                else t("phone.status.wins", name=names[view.winner])
            )
        if paused:
            return t("phone.page.paused")
        turn = view.turn
        if turn is None:  # (only once the game is over, said above)
            return ""
        if turn == seat:
            if view.must_answer and view.last_call is not None:
                return t("phone.status.answer", name=names[view.last_call.seat])
            return t("phone.status.your_turn", rank=rank_word(scene.rules, view.rank))
        if self.hub.status(turn) == "away":
            return t("phone.status.waiting_phone", name=names[turn])
        return t("phone.status.turn_of", name=names[turn], rank=rank_word(scene.rules, view.rank))

    def _call(self, view) -> str | None:
        last = view.last_call
        if last is None or not view.window_open:
            return None
        words = call_words(view.rules, last.count, last.rank)
        return t("phone.call", name=self.names[last.seat], words=words)

    def _reveal(self, view) -> dict | None:
        """The last call a challenge turned face up (or a Fakó let pass), while it is news."""
        for record in reversed(view.history[-3:]):
            if isinstance(record, CallRecord) and record.revealed and record.cards is not None:
                truthful = bool(record.truthful) if record.challenged_by is not None else False
                key = (
                    "phone.reveal.fako"
                    if record.fako_exposed
                    else "phone.reveal.true"
                    if truthful
                    else "phone.reveal.lie"
                )
                return {
                    "seat": record.seat,
                    "cards": [str(c) for c in record.cards],
                    "truthful": truthful,
                    "words": t(
                        key,
                        name=self.names[record.seat],
                        words=call_words(view.rules, record.count, record.rank),
                    ),
                }
        return None

    def _log(self, view) -> list[str]:
        lines = []
        for record in view.history[-LOG_LINES:]:
            if isinstance(record, PickupRecord):
                lines.append(t("phone.log.pickup", name=self.names[record.seat], n=record.count))
                continue
            lines.append(
                t(
                    "phone.call",
                    name=self.names[record.seat],
                    words=call_words(view.rules, record.count, record.rank),
                )
            )
            if record.challenged_by is not None:
                verdict = "phone.log.true" if record.truthful else "phone.log.lie"
                lines.append(t(verdict, name=self.names[record.challenged_by]))
            elif record.fako_exposed:
                lines.append(t("phone.log.fako", name=self.names[record.seat]))
        return lines

    # -- what the television shows -----------------------------------------------------------

    def turn_shown(self, moment: Moment) -> int | None:
        """The phone seat whose turn it is, once the deal has ended."""
        turn = moment.turn
        return turn if not moment.over and turn in self.seats and not moment.busy else None
