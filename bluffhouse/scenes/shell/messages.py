"""Words a screen keeps to say later, as data: told in the language of the moment they are drawn.

A screen never keeps a finished sentence. A short message is a Message (a translation key and
its fields; an engine's refusal becomes one through its Reason), words made by a function are
Lazy (a claim, a mood), a seat's name is looked up when drawn (a default name such as "Player 1"
follows the language too). Toasts, speech bubbles, banners and both games' logs hold these, and
turn them into text with said() when they are drawn: after a change of language no sentence of
the old language stays on screen. GameLog is the one log both games use: engine events (or
Messages) kept with a tag, each told when the log is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, cast, overload, runtime_checkable

from bluffhouse.game.quick import quick_init
from bluffhouse.scenes.ui import lang
from bluffhouse.scenes.ui.lang import decimal, has_text, t

if TYPE_CHECKING:
    from bluffhouse.game.errors import IllegalAction


@runtime_checkable
class Words(Protocol):
    """Anything that can say itself in the current language."""

    def text(self) -> str:
        """The words in the language of the moment."""
        ...


Said = str | Words  # what a screen keeps to say later (a plain str: a name, a key cap)


def said(words: Said | None) -> str:
    """The text of kept words, in the current language ("" for None)."""
    if words is None:
        return ""
    return words if isinstance(words, str) else words.text()


def field_text(value: object) -> object:
    """A message field as it goes into its template: words said now, a fraction with the
    language's decimal mark, anything else as it is."""
    kind = type(value)
    if kind is int or kind is str:  # the most fields: said as they are, without the check below
        return value
    if type(value) is float:
        return decimal(value)
    if kind in _WORDS:  # this module's Words: known by their type, without the Protocol check
        return cast(Words, value).text()
    if isinstance(value, Words):  # the Protocol check is the dearest test
        return value.text()
    return value


@quick_init
@dataclass(frozen=True, slots=True)
class Message:
    """A short on-screen message as a translation key and its fields (the screen calls t())."""

    key: str
    fmt: tuple[tuple[str, object], ...] = ()
    about: int | None = None  # the seat whose press it answers (two seats may share a name)

    @property
    def fields(self) -> dict[str, object]:
        """The format fields as a dict, for t(key, **fields)."""
        return dict(self.fmt)

    def text(self) -> str:
        """The message in the player's language (fields that are words said now, a fraction
        with the language's decimal mark)."""
        return t(self.key, **{name: field_text(value) for name, value in self.fmt})


def message(key: str, **fields: object) -> Message:
    """Message(key, fields) written as a call: message("refusal.no_cards")."""
    return Message(key, tuple(fields.items()))


def you_key(key: str, is_you: bool) -> str:
    """key, or its second-person form "key.you" when the subject is the one person at the table
    (every language has every key, so the choice never depends on the language)."""
    return key + ".you" if is_you and has_text(key + ".you") else key


@dataclass(frozen=True, slots=True)
class Lazy:
    """Words a function makes when they are drawn: Lazy(claim_words, (dice,))."""

    make: Callable[..., str]
    args: tuple[object, ...] = ()

    def text(self) -> str:
        """The function's words now."""
        return self.make(*self.args)


class Name:
    """A seat's name kept for later: read from the screen's list of names when drawn, so a
    default name ("Player 1") is in the language of the moment."""

    __slots__ = ("names", "seat")

    def __init__(self, names: Sequence[str], seat: int) -> None:
        """names: the screen's list (changed in place when the language changes)."""
        self.names, self.seat = names, seat

    def text(self) -> str:
        """The seat's name now."""
        return self.names[self.seat] if 0 <= self.seat < len(self.names) else "?"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Name) and other.names is self.names and other.seat == self.seat

    def __hash__(self) -> int:
        return hash((id(self.names), self.seat))

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Name({self.text()!r})"


class Named:
    """A Message whose names are looked up when drawn: a field holding a seat's name as it was
    (from a flow or an engine's refusal) shows that seat's name now."""

    __slots__ = ("message", "names", "was")

    def __init__(self, message: Message, names: Sequence[str]) -> None:
        """names: the screen's list of names (changed in place when the language changes)."""
        self.message, self.names, self.was = message, names, tuple(names)

    def text(self) -> str:
        """The message now, each name field by the name its seat has now."""
        fields = []
        for name, value in self.message.fmt:
            if isinstance(value, str) and value in self.was:
                value = Name(self.names, self.was.index(value))
            fields.append((name, value))
        return Message(self.message.key, tuple(fields)).text()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Named) and other.message == self.message and other.names is self.names

    def __hash__(self) -> int:
        return hash((self.message, id(self.names)))


_WORDS = frozenset((Message, Lazy, Name, Named))  # this module's Words, known by their type


class GameLog:
    """A game's log as what happened (engine events, or Messages), each line told by `tell` in
    the language of the moment when the log is drawn; kept to the last `limit` entries."""

    def __init__(
        self,
        tell: Callable[[object], Said | None],
        limit: int = 200,
        context: Callable[[], object] | None = None,
    ) -> None:
        """tell(entry) gives an entry's words (None: nothing worth a line); context() changes
        when the lines must be told again (the language, the names)."""
        self.tell = tell
        self.limit = limit
        self.context = context or (lambda: lang.version)
        self.entries: list[tuple[object, object]] = []
        self._told: tuple[object, list[tuple[str, object]]] | None = None

    def add(self, entry: object, tag: object = None) -> bool:
        """Keep entry (with a tag: its colour, its age…); False when it tells nothing."""
        text = said(self.tell(entry))
        if not text:
            return False
        self.entries.append((entry, tag))
        del self.entries[: -self.limit]
        if self._told is not None and self._told[0] == self.context():  # told already: one more line
            self._told[1].append((text, tag))
            del self._told[1][: -self.limit]
        return True

    def lines(self) -> list[tuple[str, object]]:
        """Every kept entry as (text, tag), told in the current language (again only when the
        language or the names changed)."""
        context = self.context()
        if self._told is None or self._told[0] != context:
            self._told = (context, [(said(self.tell(entry)), tag) for entry, tag in self.entries])
        return self._told[1]

    def last(self) -> tuple[str, object] | None:
        """The newest line, or None."""
        lines = self.lines()
        return lines[-1] if lines else None

    def __iter__(self) -> Iterator[tuple[str, object]]:
        """The lines, as lines() gives them."""
        return iter(self.lines())

    @overload
    def __getitem__(self, index: int) -> tuple[str, object]: ...
    @overload
    def __getitem__(self, index: slice) -> list[tuple[str, object]]: ...
    def __getitem__(self, index: int | slice) -> tuple[str, object] | list[tuple[str, object]]:
        """A line (or a slice of lines), as lines() gives them."""
        return self.lines()[index]

    def __len__(self) -> int:
        return len(self.entries)

    def __bool__(self) -> bool:
        return bool(self.entries)


def refusal_key(error: IllegalAction) -> str:
    """The translation key of a refusal: "refusal.<reason>"."""
    return f"refusal.{error.reason.value}"


def refusal_message(error: IllegalAction, names: list[str], about: int | None = None) -> Message:
    """The refusal as a Message, seats shown by their names; about: the seat that was refused."""
    from bluffhouse.game.errors import SEAT_FIELDS  # the engines' own words: a refusal comes from a game

    fields: list[tuple[str, object]] = []
    for name, value in error.fields.items():
        if name in SEAT_FIELDS and type(value) is int and 0 <= value < len(names):
            value = names[value]
        fields.append((name, value))
    return Message(refusal_key(error), tuple(fields), about)


def refusal_text(error: IllegalAction, names: list[str]) -> str:
    """The refusal as a sentence in the player's language, seats shown by their names."""
    return refusal_message(error, names).text()
