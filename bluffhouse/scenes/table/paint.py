"""Painting one frame of the card table from a TableFrame (never the screen or the engine)."""

from __future__ import annotations

import pygame

from bluffhouse.scenes.phones.paint import draw_audience, draw_phone_seats, draw_phone_turn
from bluffhouse.scenes.table.chrome import draw_curtain, draw_legend, draw_log, draw_ticker, draw_top_bar
from bluffhouse.scenes.table.coach import draw_coach
from bluffhouse.scenes.table.frame import ButtonLook, TableFrame
from bluffhouse.scenes.table.hand import draw_fan
from bluffhouse.scenes.table.layout import (
    AUDIENCE_RECT,
    CHALLENGE_RECT,
    HAND_RECT,
    PHONE_TURN_RECT,
    PLAY_RECT,
)
from bluffhouse.scenes.table.middle import (
    draw_banner,
    draw_bullet,
    draw_call_plaque,
    draw_celebration,
    draw_felt,
    draw_flyer,
    draw_pile,
    draw_pile_marks,
    draw_reveal,
    draw_speech,
)
from bluffhouse.scenes.table.seats import draw_peek, draw_seat
from bluffhouse.scenes.ui.anim import pulse
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_text
from bluffhouse.scenes.ui.theme import title_image
from bluffhouse.scenes.ui.widgets import draw_button

SHOUTS = ("doubt", "accept")  # what a seat says about the last call


def paint_table(frame: TableFrame, surface: pygame.Surface) -> None:
    """Felt, seats, pile, speech, the reveal, the hand or the curtain, buttons, overlays."""
    time = frame.time
    draw_felt(surface)
    draw_top_bar(surface, frame.title, frame.log_open, frame.log_hot)
    if frame.ticker is not None:
        draw_ticker(surface, *frame.ticker)
    revealing = frame.reveal is not None
    draw_pile(surface, frame.pile, frame.style, frame.set_aside, revealing, marks=not revealing)
    for place, look in frame.seats:
        draw_seat(surface, place, look, time)
    if frame.phones is not None:
        draw_phone_seats(
            surface, frame.phones, {place.seat: place.rect for place, _ in frame.seats}, time, edge=True
        )
        draw_audience(surface, frame.phones.audience, AUDIENCE_RECT)
    # A shout ("Liar!") stays over the cards it turns up; the call's bubble may go under them.
    shouts = [bubble for bubble in frame.bubbles if bubble.kind in SHOUTS]
    for bubble in [bubble for bubble in frame.bubbles if bubble.kind not in SHOUTS]:
        draw_speech(
            surface,
            bubble.place,
            bubble.text,
            bubble.kind,
            bubble.alpha,
            bubble.progress,
            bubble.bar,
            bubble.caption,
        )
    for flyer in frame.flyers:
        draw_flyer(surface, flyer, frame.style)
    if frame.plaque is not None:  # over the flying cards: a card played flew over "CALL FOURS / Ben to play"
        plaque = frame.plaque
        draw_call_plaque(
            surface,
            plaque.who,
            plaque.colour,
            plaque.rank_words,
            plaque.symbol,
            time,
            plaque.note,
            plaque.label,
        )
    if frame.reveal is not None:
        draw_reveal(surface, frame.reveal[0], frame.style, frame.reveal[1])
        draw_pile_marks(surface, frame.pile, frame.set_aside)  # over the stamp: counts stay in view
    for bubble in shouts:
        draw_speech(
            surface, bubble.place, bubble.text, bubble.kind, bubble.alpha, bubble.progress, bubble.bar
        )
    for bullet in frame.bullets:
        draw_bullet(surface, bullet)
    _bottom(frame, surface)
    if frame.phones is not None and frame.phones.turn is not None:
        draw_phone_turn(surface, frame.phones.turn, time, PHONE_TURN_RECT)
    if frame.coach:
        draw_coach(surface, frame.coach)
    if frame.peek is not None:
        peek = frame.peek
        draw_peek(surface, peek.place, peek.cards, peek.seat, frame.style)
    for note in frame.banners:
        draw_banner(surface, note)
    if frame.celebration is not None:
        draw_celebration(surface, *frame.celebration)
    if frame.log_open:
        draw_log(surface, list(frame.log))


def _bottom(frame: TableFrame, surface: pygame.Surface) -> None:
    """The hand (or the curtain), the buttons and the key hints."""
    time = frame.time
    if frame.demo_hint is not None:
        _demo_sign(surface, frame.demo_hint, time)
        return
    if frame.curtain is not None:
        curtain = frame.curtain
        draw_curtain(surface, curtain.title, curtain.line, curtain.colour, time, curtain.note)
    if frame.hand is not None:
        if frame.hand_label is not None:
            label, colour = frame.hand_label
            draw_text(surface, label, (HAND_RECT.centerx, HAND_RECT.y - 14), READ, colour, True, "center")
        draw_fan(surface, frame.hand, frame.style)
    if frame.challenge_button is not None:
        _button(surface, CHALLENGE_RECT, frame.challenge_button, time)
    if frame.play_button is not None:
        _button(surface, PLAY_RECT, frame.play_button, time)
    if frame.legend:
        # (above the room a key cap on Play's edge takes)
        draw_legend(surface, list(frame.legend), PLAY_RECT.top - 36, PLAY_RECT.x + 60)


# a live move; "held" is a chosen play counting down to the end of the window; "locked" and "off"
# wait, dark
STATE_STYLES = {"go": "gold", "held": "gold", "danger": "red"}


def _button(surface: pygame.Surface, rect: pygame.Rect, look: ButtonLook, time: float) -> None:
    live = look.state in STATE_STYLES
    draw_button(
        surface,
        rect,
        look.label,
        STATE_STYLES.get(look.state, "dark"),
        focused=look.hot and live,
        enabled=live,
        live=live,
        key=look.key,
        time=time,
        size=19,
        progress=look.progress if look.state in ("locked", "held") else None,
    )


def _demo_sign(surface: pygame.Surface, hint: str, time: float) -> None:
    """The attract mode's sign where a hand would be: the name of the house, how to leave (hint)."""
    title = title_image(t("app.title"), 54)
    surface.blit(title, title.get_rect(center=(HAND_RECT.centerx, HAND_RECT.centery - 8)))
    glow = 0.55 + 0.45 * pulse(time, 2.4)
    draw_text(
        surface,
        hint,
        (HAND_RECT.centerx, HAND_RECT.centery + 46),
        18,
        (*Palette.CREAM, round(255 * glow)),
        anchor="center",
    )
