"""The tables of the results screen: places with each player's figures, and a match's points."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from bluffhouse.scenes import art
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import badge_letters
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, SMALL, draw_text, fit_line, text_width


@dataclass(frozen=True, slots=True)
class PlaceRow:
    """One line of the places table."""

    place: int
    seat: int
    cards: int
    shared: bool
    winner: bool


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One line of the match table: points per game played and the total."""

    place: int
    seat: int
    points: tuple[int, ...]
    total: int
    shared: bool


def ordinal(place: int) -> str:
    """ "1st", "2nd" … from the translation table."""
    return t(f"results.place.{place}") if 1 <= place <= 8 else str(place)


def place_label(place: int, shared: bool) -> str:
    """ "2nd", or "=3rd" for a place several players share."""
    return ("=" if shared else "") + ordinal(place)


def place_rows(table) -> list[PlaceRow]:
    """The finished table's ranking; equal counts share a place."""
    ranking = [tuple(row) for row in table.ranking()]
    places = [place for place, _, _ in ranking]
    return [
        PlaceRow(place, seat, cards, places.count(place) > 1, seat == table.winner)
        for place, seat, cards in ranking
    ]


def match_rows(match) -> list[MatchRow]:
    """The match so far: standings with the points of every game."""
    standings = match.standings()
    places = [place for place, _, _ in standings]
    return [
        MatchRow(place, seat, tuple(r.points[seat] for r in match.results), total, places.count(place) > 1)
        for place, seat, total in standings
    ]


HEADER_H = 38
NAME_ROOM, NAME_LEAST = 150, 100  # from after the badge to the next column
PLACE_GAP = 18  # between the places and the names: two headings, "Place" and "Player", never read as one


def place_width(rows) -> int:
    """How wide the places' column is: its title or its widest place ("=3rd")."""
    return max(
        [text_width(t("results.col.place"), HEADING, True)]
        + [text_width(place_label(row.place, row.shared), READ, True) for row in rows]
    )


HEADING = 15  # the columns' titles: small print over the figures (READ and up)


def _header(surface: pygame.Surface, columns: list[tuple[str, int, str]], y: int) -> None:
    """Column titles, bottom-aligned; a "\n" splits a title over two lines (small print: the
    figures under them are what a player reads)."""
    for text, x, anchor in columns:
        lines = text.split("\n")
        for k, line in enumerate(lines):
            top = y + (2 - len(lines) + k) * 17
            draw_text(surface, line, (x, top), HEADING, Palette.CREAM_DIM, True, anchor, None, "aside")


Tags = list[tuple[str, ...]]  # per seat: the small print after its name, longest first


def _name(
    surface: pygame.Surface,
    seat: int,
    name: str,
    x: int,
    y: int,
    size: int,
    bold: bool,
    room: int = NAME_ROOM,
    tags: tuple[str, ...] = (),
) -> None:
    """The seat's badge and its name, then the first of tags that has room after it, in small
    print (a computer player's "medium CPU", else "CPU"): the name is never cut for a tag."""
    badge = art.seat_badge(seat, badge_letters(name), size, False)
    surface.blit(badge, badge.get_rect(midleft=(x, y)))
    face, name = fit_line(name, max(60, room), READ, READ, bold)
    drawn = draw_text(surface, name, (x + size + 8, y), face, Palette.CREAM, bold, "midleft")
    left = max(60, room) - drawn.w - 6
    tag = next((tag for tag in tags if text_width(tag, SMALL) <= left), None)
    if tag is not None:
        draw_text(
            surface, tag, (drawn.right + 6, y + 1), SMALL, Palette.CREAM_DIM, anchor="midleft", role="aside"
        )


def figure_columns(rect: pygame.Rect, columns: list[tuple[str, list[str]]], least: int = 58) -> list[int]:
    """The centres of the figure columns at the right of a table, each as wide as its title's
    lines (small print) or its widest cell (READ), from the right edge leftwards."""
    centres, right = [], rect.right - 4
    for title, cells in reversed(columns):
        width = max(
            [least]
            + [text_width(line, HEADING, True) for line in title.split("\n")]
            + [text_width(cell, READ, True) for cell in cells]
        )
        centres.append(right - width // 2)
        right -= width + 14
    return centres[::-1]


def draw_places(
    surface: pygame.Surface,
    rect: pygame.Rect,
    rows: list[PlaceRow],
    names: list[str],
    stats: list,
    step: int,
    tags: Tags | None = None,
) -> int:
    """Places, cards left and the figures (calls, lies, challenges); returns the bottom y (tags:
    each seat's small print after its name, a computer player's level)."""
    tags = tags or [()] * len(names)
    x = rect.x
    cells: dict[str, list[str]] = {"cards": [], "calls": [], "lies": [], "doubts": []}
    for row in rows:
        cells["cards"].append(t("results.won") if row.winner else str(row.cards))
        if row.seat < len(stats):
            figures = stats[row.seat]
            cells["calls"].append(str(figures.calls))
            cells["lies"].append(t("results.lies_cell", lies=figures.lies, caught=figures.lies_caught))
            cells["doubts"].append(
                t("results.doubts_cell", right=figures.challenges_right, wrong=figures.challenges_wrong)
            )
    titles = {name: t(f"results.col.{name}") for name in cells}
    name_x = x + 8 + place_width(rows) + PLACE_GAP
    for shown in (("cards", "calls", "lies", "doubts"), ("cards", "lies", "doubts"), ("cards", "doubts")):
        # a long language leaves out the calls, then the lies, before a name has no room
        centres = figure_columns(rect, [(titles[name], cells[name]) for name in shown])
        cols = dict(zip(shown, centres, strict=True))
        widest = max(
            [text_width(line, HEADING, True) for line in titles["cards"].split("\n")]
            + [text_width(cell, READ, True) for cell in cells["cards"]]
        )
        name_room = cols["cards"] - widest // 2 - 12 - (name_x + 34)
        if name_room >= NAME_LEAST:
            break
    cols.update(place=x + 8, name=name_x)
    _header(
        surface,
        [
            (t("results.col.place"), cols["place"], "topleft"),
            (t("results.col.player"), cols["name"], "topleft"),
            *((titles[name], cols[name], "midtop") for name in shown),
        ],
        rect.y,
    )
    y = rect.y + HEADER_H + step // 2
    for index, row in enumerate(rows):
        line = pygame.Rect(rect.x, y - step // 2 + 1, rect.w, step - 2)
        if row.winner:
            glow = pygame.Surface(line.size, pygame.SRCALPHA)
            glow.fill((*Palette.GOLD, 60))
            surface.blit(glow, line)
            pygame.draw.rect(surface, Palette.GOLD, line, 1, border_radius=6)
        colour = Palette.GOLD_LIGHT if row.place == 1 else Palette.CREAM
        draw_text(
            surface, place_label(row.place, row.shared), (cols["place"], y), READ, colour, True, "midleft"
        )
        _name(
            surface,
            row.seat,
            names[row.seat],
            cols["name"],
            y,
            min(26, step - 6),
            row.winner,
            min(NAME_ROOM, name_room),
            tags[row.seat],
        )
        draw_text(surface, cells["cards"][index], (cols["cards"], y), READ, colour, row.winner, "center")
        if row.seat < len(stats):
            for name in shown[1:]:
                draw_text(surface, cells[name][index], (cols[name], y), READ, Palette.CREAM, anchor="center")
        y += step
    bottom = y - step // 2 + 4
    if any(row.shared for row in rows):
        draw_text(surface, t("results.shared_note"), (rect.x + 8, bottom), READ, Palette.CREAM_DIM)
        bottom += 24
    return bottom


def draw_match(
    surface: pygame.Surface,
    rect: pygame.Rect,
    rows: list[MatchRow],
    names: list[str],
    rounds: int,
    over: bool,
    step: int,
    tags: Tags | None = None,
) -> None:
    """Points of every round and the total, best first; the leaders marked when it is over (tags:
    each seat's small print after its name)."""
    tags = tags or [()] * len(names)
    x = rect.x
    first_round = x + 300
    gap = min(56, (rect.w - 300 - 110) // max(1, rounds - 1))
    total_x = rect.right - 44
    name_x = x + 8 + place_width(rows) + PLACE_GAP + (text_width("♛ ", READ, True) if over else 0)
    columns = [(t("results.col.place"), x + 8, "topleft"), (t("results.col.player"), name_x, "topleft")]
    columns += [
        ("\n" + t("results.col.round", n=n + 1), first_round + n * gap, "midtop") for n in range(rounds)
    ]
    middle = first_round + (rounds - 1) * gap // 2
    draw_text(
        surface,
        t("results.col.rounds"),
        (middle, rect.y),
        HEADING,
        Palette.CREAM_DIM,
        True,
        "midtop",
        None,
        "aside",
    )
    columns.append((t("results.col.total"), total_x, "midtop"))
    _header(surface, columns, rect.y)
    y = rect.y + HEADER_H + step // 2
    for row in rows:
        leader = row.place == 1
        colour = Palette.GOLD_LIGHT if leader else Palette.CREAM
        label = place_label(row.place, row.shared)
        if leader and over:
            label = "♛ " + label
        draw_text(surface, label, (x + 8, y), READ, colour, True, "midleft")
        _name(
            surface,
            row.seat,
            names[row.seat],
            name_x,
            y,
            min(24, step - 6),
            leader and over,
            first_round - 30 - (name_x + 34),
            tags[row.seat],
        )
        for n in range(rounds):
            text = str(row.points[n]) if n < len(row.points) else "–"
            dim = n >= len(row.points)
            draw_text(
                surface,
                text,
                (first_round + n * gap, y),
                READ,
                Palette.CREAM_DIM if dim else Palette.CREAM,
                anchor="center",
            )
        draw_text(surface, str(row.total), (total_x, y), 19, colour, True, "center")
        y += step
