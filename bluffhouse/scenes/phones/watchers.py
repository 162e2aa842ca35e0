"""The audience on the game's thread: what each watcher is sent, what they said, what the TV shows.

The hub keeps one Watchers. Every frame a game screen (or a results screen) tells it what the TV
shows the room — the public part of the game, built only from what every seat sees alike (never
a hand nor a cup) — and the question the audience is asked now (scenes/phones/audience.py). At the
hub's tick it reads the watchers' news from the server (who watches now, their votes, names and
seats asked for), and sends each watcher its own state when it changed: the TV's picture in
words, the question and its own vote, the room's vote and its own read at a reveal. With no
game on the TV the watchers are told they wait for the next one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bluffhouse.scenes.phones.audience import Audience, Question, Verdict
from bluffhouse.scenes.phones.protocol import Message
from bluffhouse.scenes.phones.texts import page_texts
from bluffhouse.scenes.ui.lang import t

if TYPE_CHECKING:
    from bluffhouse.scenes.phones.hub import PhoneHub
    from bluffhouse.scenes.phones.server import PhoneServer


@dataclass(frozen=True, slots=True)
class AudienceLook:
    """What the TV shows of the audience: how many watch, and the room's vote at a reveal."""

    count: int
    room: str | None = None


@dataclass(frozen=True, slots=True)
class Sit:
    """A watcher asks for a free seat at the results: who (their number and name), which seat."""

    number: int
    name: str
    seat: int


class Watchers:
    """The audience of the evening: the votes (an Audience), and what each watcher was sent."""

    def __init__(self, hub: PhoneHub) -> None:
        """hub: the PhoneHub whose server carries the audience's sockets."""
        self.hub = hub
        self.audience = Audience()
        self.public: Message | None = None  # what a screen showed since the last tick (None: no game)
        self.hello: tuple[object, ...] = ()
        self.sent: dict[int, dict[str, object]] = {}
        self.serial = 0
        self.sits: list[Sit] = []

    # -- told by the screens, every frame ------------------------------------------------------

    def show(
        self,
        public: Message,
        question: Question | None,
        verdict: Verdict | None,
        game: object,
        kind: str,
        hello: Message,
    ) -> None:
        """A game's screen shows this now: the public picture, the question, the last reveal."""
        self.audience.begin(game, kind)
        self.audience.show(question, verdict)
        self.public = public
        self._greet(hello)

    def results(self, public: Message, seats: list[tuple[int, str]], hello: Message) -> None:
        """A results screen shows this: how the game ended, and the free seats a watcher may take
        at Play again ((seat, its name now); none in a match that goes on)."""
        self.audience.show(None, None)
        best = self.audience.best()
        free = [{"to": seat, "label": t("audience.take_seat", name=name)} for seat, name in seats]
        self.public = {**public, "results": True, "best": best, "seats": free}
        self._greet(hello)

    def take_sits(self) -> list[Sit]:
        """The seats watchers asked for since the last call (the results screen decides)."""
        sits, self.sits = self.sits, []
        return sits

    def look(self) -> AudienceLook | None:
        """The TV's audience sign (None when nobody watches and no room's vote is shown)."""
        room = self.audience.room
        if not self.audience.count and room is None:
            return None
        return AudienceLook(self.audience.count, room.words() if room is not None else None)

    # -- the hub's tick --------------------------------------------------------------------------

    def tick(self, server: PhoneServer, showing: bool) -> None:
        """News from the watchers in, each watcher's state out (when it changed); showing: a game
        or its results is on the TV (under the pause too), else the watchers wait for the next."""
        if not showing:
            self.public = None
        crowd = server.crowd
        audience = self.audience
        if crowd.here != audience.here:
            audience.arrive(crowd.here)
        while crowd.heard:
            heard = crowd.heard.popleft()
            watch, number = heard.watch, heard.number
            if watch.kind == "vote":
                audience.vote(number, watch.value, watch.text)
            elif watch.kind == "name":
                if not audience.rename(number, watch.text):
                    server.watchers(
                        server.crowd.publish, number, {"t": "notice", "text": t("audience.bad_name")}
                    )
            elif watch.kind == "sit" and number in audience.watchers:
                self.sits.append(Sit(number, audience.watchers[number].name, watch.value))
        if not self.hello:
            self._greet({})
        for number in sorted(audience.here):
            self._publish(server, number, self.state(number))

    def state(self, number: int) -> dict[str, object]:
        """Everything watcher `number` is shown now."""
        audience = self.audience
        watcher = audience.watchers.get(number)
        name = watcher.name if watcher is not None else ""
        common = {
            "audience": True,
            "me": name,
            "named": watcher is not None and watcher.chosen is not None,
            "count": audience.count,
            "seat": -1,
            "my_turn": False,
        }
        if self.public is None:
            return {**common, "lobby": True, "status": t("audience.lobby")}
        question, room = audience.question, audience.room
        score = ""
        if watcher is not None and watcher.counted:
            score = t("audience.score", n=watcher.right, total=watcher.counted)
        read = audience.read(number) if room is not None else None
        return {
            **self.public,
            **common,
            "question": None
            if question is None
            else {
                "id": question.id,
                "kind": question.kind,
                "text": question.text,
                "challenged": question.challenged,
            },
            "vote": audience.said(number),
            "room": None if room is None else room.words(),
            "read": None if read is None else t("audience.read.right" if read else "audience.read.wrong"),
            "score": score,
        }

    def leave(self, number: int) -> None:
        """A watcher took a seat: it is no longer in the audience."""
        self.audience.leave(number)
        self.sent.pop(number, None)

    def _greet(self, hello: Message) -> None:
        language = (t("phone.lang"), tuple(sorted(hello)), hello.get("game"), hello.get("deck"))
        server = self.hub.server
        if language == self.hello or server is None:
            return
        self.hello = language
        self.sent.clear()  # a new language: every state again, in it
        server.watchers(server.crowd.greet, {**hello, "t": "hello", "audience": True, "texts": page_texts()})

    def _publish(self, server: PhoneServer, number: int, state: dict[str, object]) -> None:
        if self.sent.get(number) == state:
            return
        self.sent[number] = state
        self.serial += 1
        server.watchers(server.crowd.publish, number, {**state, "t": "state", "serial": self.serial})
