"""Little titles for the players after a game: the best bluffer, the sharpest eye, and so on."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from bluffhouse.scenes import art
from bluffhouse.scenes.ui.lang import t, you_text
from bluffhouse.scenes.ui.names import badge_letters
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_text

AWARD_H = 56


def awards(rows, stats, names: list[str]) -> list[tuple[int, str, str]]:
    """(seat, title, reason) for whoever stood out; nobody gets a title for zero."""
    got_away = [0] * len(names)
    for row in rows:
        if row.verdict == "got_away":
            got_away[row.seat] += 1
    found: list[tuple[int, str, str]] = []

    def best(values: Sequence[float], minimum: float) -> int | None:
        top = max(values, default=0)
        if top < minimum or values.count(top) > 1:
            return None  # a tie gives no title: it would not single anybody out
        return values.index(top)

    seat = best(got_away, 1)
    if seat is not None:
        why = t("results.award.bluffer_why", n=got_away[seat])
        found.append((seat, t("results.award.bluffer"), why))
    right = [s.challenges_right for s in stats]
    seat = best(right, 1)
    if seat is not None:
        found.append((seat, t("results.award.eye"), t("results.award.eye_why", n=right[seat])))
    honesty = [(s.calls - s.lies) / s.calls if s.calls >= 3 else -1.0 for s in stats]
    seat = best(honesty, 0.0001)
    if seat is not None:
        s = stats[seat]
        why = t("results.award.honest_why", n=s.calls - s.lies, calls=s.calls)
        found.append((seat, t("results.award.honest"), why))
    wrong = [s.challenges_wrong for s in stats]
    seat = best(wrong, 2)
    if seat is not None:
        why = t("results.award.trigger_why", n=wrong[seat])
        found.append((seat, t("results.award.trigger"), why))
    return found


def draw_awards(
    surface: pygame.Surface,
    rect: pygame.Rect,
    found: list[tuple[int, str, str]],
    names: list[str],
    you: int | None = None,
) -> None:
    """As many titles as fit in rect, each with the player's badge."""
    if rect.h < AWARD_H + 30 or not found:
        return
    draw_text(surface, t("results.awards"), rect.topleft, 22, Palette.GOLD_LIGHT, True)
    y = rect.y + 40
    for seat, title, reason in found:
        if y + AWARD_H > rect.bottom:
            break
        badge = art.seat_badge(seat, badge_letters(names[seat]), 36, True)
        surface.blit(badge, badge.get_rect(midleft=(rect.x, y + 18)))
        line = you_text("results.award.line", seat == you, title=title, name=names[seat])
        draw_text(surface, line, (rect.x + 48, y), 18, Palette.CREAM, True)
        draw_text(surface, reason, (rect.x + 48, y + 24), READ, Palette.CREAM_DIM)
        y += AWARD_H
