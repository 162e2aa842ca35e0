"""What the set-up screen hands to a game screen: the rules and who sits where."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from bluffhouse.game.rules import QUICK_HAND, Rules
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import clean_name, person_key

if TYPE_CHECKING:
    from bluffhouse.game.bots.players import DuelPlayer, TablePlayer
    from bluffhouse.game.match import CardMatch
    from bluffhouse.game.table import Table
    from bluffhouse.scenes.shell.app import App

# Names for computer players, one per seat, so a table of bots feels like people.
BOT_NAMES = ("Ana", "Ben", "Csilla", "Dani", "Emma", "Feri", "Gabi", "Hugo")
QUICK_CHALLENGE_KEY = pygame.K_c  # "C" for "challenge!"; the on-screen button works too


@dataclass(slots=True)
class SeatSpec:
    """Who sits in a seat: a person (with their keys) or a computer player."""

    name: str
    human: bool
    bot: str = "sensible"
    challenge_key: str | None = None  # display name of the bound key, e.g. "Q" or "Pad 1 A"
    peek_key: str | None = None
    coach: bool = False
    phone: bool = False  # plays on their own phone (scenes.phones): their cards never show on the TV
    number: int | None = None  # a person nobody named: "Player <number>", in the language of the moment

    def relabel(self) -> str:
        """The name again in the current language (a default name follows it); returns it."""
        if self.number is not None:
            self.name = t("setup.player_n", n=self.number)
        return self.name


@dataclass(slots=True)
class GameSetup:
    """Everything the set-up decided: rules, seats (seat index = input player id), seed."""

    rules: Rules
    seats: list[SeatSpec]
    seed: int | None = None
    demo: bool = False  # computer players only, game after game (attract mode)
    speed: float = 1.0  # how much faster than real time the game plays (the attract mode's is more)
    options: dict[str, object] = field(default_factory=dict)  # screen-level extras (e.g. bot level)

    def relabel(self) -> list[str]:
        """Every seat's name in the current language (default names follow it): the names."""
        return [spec.relabel() for spec in self.seats]

    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [s for s, spec in enumerate(self.seats) if spec.human]

    @property
    def you(self) -> int | None:
        """The only person at the table, spoken to in the second person; None with several."""
        humans = self.humans
        return humans[0] if len(humans) == 1 and not self.demo else None

    @property
    def phones(self) -> tuple[int, ...]:
        """Seats played by people on their own phones."""
        return tuple(s for s, spec in enumerate(self.seats) if spec.human and spec.phone)


def bot_seat(seat: int, level: str = "medium") -> SeatSpec:
    """A computer player with a friendly name."""
    return SeatSpec(BOT_NAMES[seat % len(BOT_NAMES)], human=False, bot=level)


def quick_rules(players: int = 4) -> Rules:
    """The Quick game's rules: Bullets with the quick hand (a game of about 2 minutes, not ten)."""
    return Rules.bullets(players=players, hand_size=QUICK_HAND)


def quick_setup(app: App, players: int = 4) -> GameSetup:
    """ "Quick game": Bullets at once, you plus three computer players of the level the Options
    say (medium unless chosen); binds your key C."""
    app.input.unbind_player(0)
    source = Source("key", QUICK_CHALLENGE_KEY)
    app.input.bind(source, 0, "challenge")
    named = clean_name(app.settings.get("name"))
    you = SeatSpec(
        named or t("setup.player_n", n=1),
        human=True,
        challenge_key=app.input.name(source),
        number=None if named else 1,
    )
    from bluffhouse.game.bots import TABLE_BOTS  # the registry of levels: names, no player imported

    level = app.settings.get("quick.level")
    level = (
        level
        if isinstance(level, str) and level in TABLE_BOTS and level not in ("random", "sensible")
        else "medium"
    )
    seats = [you] + [bot_seat(s, level) for s in range(1, players)]
    for bot in seats[1:]:  # a computer player never carries the person's name
        if person_key(bot.name) == person_key(you.name):
            bot.name = next(n for n in BOT_NAMES if person_key(n) not in {person_key(s.name) for s in seats})
    return GameSetup(quick_rules(players), seats, seed=app.rng.randrange(2**32))


def demo_setup(app: App, game: str = "bullets", players: int = 4, speed: float = 1.0) -> GameSetup:
    """Computer players only, for the attract mode, playing `speed` times faster than real time."""
    rules = Rules.kamu(players=players, jokers=True) if game == "kamu" else Rules.bullets(players=players)
    seats = [bot_seat(s, level=("hard", "medium", "easy", "medium")[s % 4]) for s in range(players)]
    return GameSetup(rules, seats, seed=app.rng.randrange(2**32), demo=True, speed=speed)


#: scenes.table.truth's CallTruth and SeatStats: named by the table screen, a layer above
Truth = TypeVar("Truth")
Stats = TypeVar("Stats")


@dataclass(slots=True)
class GameRecord(Generic[Truth, Stats]):
    """One finished card game, for the results screen: the match so far and the truth."""

    setup: GameSetup
    match: CardMatch  # with this game already recorded
    table: Table  # the finished game
    truth: list[Truth]  # scenes.table.truth.CallTruth, every call with the cards really played
    stats: list[Stats]  # scenes.table.truth.SeatStats, one per seat
    #: seat -> a player that reads people, kept for the match's next game (the expert)
    bots: dict[int, TablePlayer | DuelPlayer] = field(default_factory=dict)
