"""One open question per seat, and it names the asker (issue 31): the Book's rules without a network.

Another device that opens a joined seat's link knocks: it is given a two-digit code its page
shows, the television's question names that code, and the room's Move (or No) carries it — so a
Move reaches that device and no other. While a question is open every further knock for the seat
is refused with its own reason ("busy"), never swapped in; each address may knock only a few
times a minute ("slow"), so a stranger's spam never keeps the question on the television.
"""

from __future__ import annotations

import collections

from bluffhouse.scenes.phones.devices import (
    CLOSE_BUSY,
    CLOSE_MOVED,
    CLOSE_REFUSED,
    CLOSE_SLOW,
    KNOCK_ADDRESSES,
    KNOCK_BURST,
    KNOCK_RATE,
    Book,
    Link,
    new_code,
)


class Wake:
    """The server's asyncio.Event, as far as the Book uses it."""

    def set(self) -> None:
        pass


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Room:
    """A Book with one joined seat ("Ana", token t), what it closed, and a clock of the test's."""

    def __init__(self) -> None:
        self.closed: list[tuple[Link, int, dict]] = []
        self.notices: collections.deque = collections.deque()
        self.clock = Clock()
        self.book = Book(
            self.notices, lambda link, code, last: self.closed.append((link, code, last)), clock=self.clock
        )
        self.token = "T" * 22
        self.book.set_places({self.token: 0})
        self.ana = self.link("10.0.0.2")
        self.book.join(self.book.places[self.token], self.ana, "")  # the seat's own phone

    def link(self, address: str) -> Link:
        return Link(self.token, object(), wake=Wake(), address=address)

    def knock(self, address: str) -> Link:
        """A device at address opens the link: it knocks."""
        link = self.link(address)
        self.book.join(self.book.places[self.token], link, "")
        return link

    def closes(self, link: Link) -> list[tuple[int, dict]]:
        return [(code, last) for closed, code, last in self.closed if closed is link]

    @property
    def place(self):
        return self.book.places[self.token]


def taken(link: Link) -> dict:
    """The "taken" message a knocking device was sent (with the code its page shows)."""
    import json

    sent = [json.loads(text) for text in link.outbox]
    return next(message for message in sent if message["t"] == "taken")


def test_a_knock_is_given_a_two_digit_code_that_the_question_names():
    room = Room()
    second = room.knock("10.0.0.3")
    code = taken(second)["code"]
    assert len(code) == 2 and code.isdigit() and 10 <= int(code) <= 99
    assert room.book.asking == {room.token: code} and second.code == code
    assert [notice.kind for notice in room.notices][-1] == "knock"
    codes = {new_code() for _ in range(2000)}
    assert codes == {str(n) for n in range(10, 100)}  # every two-digit code, drawn at random
    assert all(new_code("47") != "47" for _ in range(300))  # never the seat's last one again


def test_while_a_question_is_open_every_further_knock_is_refused_never_swapped_in():
    room = Room()
    second = room.knock("10.0.0.3")  # Ana's second phone asks first
    code = room.book.asking[room.token]
    knocks_before = [notice.kind for notice in room.notices].count("knock")
    intruder = room.knock("10.0.0.9")  # somebody with the link asks too
    assert room.closes(intruder) == [(CLOSE_BUSY, {"t": "busy"})]  # told why, on its own device
    assert room.place.knock is second and room.closes(second) == []  # the first asker stays asked about
    assert room.book.asking == {room.token: code}  # the question on the TV does not change
    assert [notice.kind for notice in room.notices].count("knock") == knocks_before  # nothing to ask
    assert not [m for m in intruder.outbox if '"taken"' in m]  # no code for the intruder


def test_move_carries_the_code_and_reaches_that_device_only():
    room = Room()
    second = room.knock("10.0.0.3")
    code = room.book.asking[room.token]
    assert not room.book.move(room.token, "00")  # a code the question never showed: nothing moves
    assert room.place.link is room.ana and room.closed == []
    assert room.book.move(room.token, code)
    assert room.place.link is second and room.closes(room.ana) == [(CLOSE_MOVED, {"t": "moved"})]
    assert room.book.asking == {} and room.place.knock is None


def test_a_yes_meant_for_an_asker_who_left_never_reaches_the_next_one():
    room = Room()
    second = room.knock("10.0.0.3")
    asked_about = room.book.asking[room.token]  # the code on the TV when the room pressed Move
    room.book.gone(second)  # ...but that phone withdrew a moment before
    intruder = room.knock("10.0.0.9")  # and an intruder knocked in the same breath
    assert room.book.asking[room.token] != asked_about  # a new asker, a new code: a new question
    assert not room.book.move(room.token, asked_about)  # the room's Move was for the other phone
    assert room.place.link is room.ana and room.place.knock is intruder
    room.book.keep(room.token, asked_about)  # a No meant for the other phone refuses nobody either
    assert room.closes(intruder) == []
    room.book.keep(room.token, room.book.asking[room.token])  # the room's No to the intruder
    assert room.closes(intruder) == [(CLOSE_REFUSED, {"t": "refused"})] and room.book.asking == {}


def test_knocks_are_rate_limited_per_address_so_spam_never_holds_the_television():
    room = Room()
    asked = 0
    for _ in range(50):  # 50 knocks in 20 s from one address, each withdrawn at once
        room.clock.now += 20 / 50
        link = room.knock("10.0.0.66")
        if room.place.knock is link:
            asked += 1
            room.book.gone(link)
        else:
            assert room.closes(link) == [(CLOSE_SLOW, {"t": "slow"})]
    assert asked == KNOCK_BURST + int(20 * KNOCK_RATE)  # 3 at once, then one every 15 s: 4 questions
    assert [notice.kind for notice in room.notices].count("knock") == asked
    other = room.knock("10.0.0.3")  # Ana's own second phone, elsewhere on the network, is still heard
    assert room.place.knock is other and room.closes(other) == []
    room.clock.now += 15
    room.book.gone(other)
    later = room.knock("10.0.0.66")  # the spammer, a quarter-minute later: once more
    assert room.place.knock is later


def test_the_addresses_kept_for_the_rate_limit_are_bounded():
    room = Room()
    for n in range(KNOCK_ADDRESSES + 40):
        link = room.knock(f"10.1.{n // 250}.{n % 250}")
        room.book.gone(link)
    assert len(room.book.knockers) == KNOCK_ADDRESSES
    assert "10.1.0.0" not in room.book.knockers  # the longest quiet went first
