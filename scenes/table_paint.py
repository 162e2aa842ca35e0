"""Painting one frame of the card table from the scene's state (never changes it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.anim import pulse
from scenes.table_coach import draw_coach
from scenes.table_draw import (
    draw_banner,
    draw_bubble,
    draw_bullet,
    draw_call_plaque,
    draw_celebration,
    draw_felt,
    draw_flyer,
    draw_pile,
    draw_reveal,
)
from scenes.table_layout import CHALLENGE_RECT, HAND_RECT, LOG_BUTTON, PLAY_RECT
from scenes.table_seats import SeatLook, draw_peek, draw_seat, seat_colour
from scenes.table_ui import (
    draw_button,
    draw_curtain,
    draw_legend,
    draw_log,
    draw_ticker,
    draw_top_bar,
)
from scenes.table_words import rank_symbol, rank_word, speech, you_text
from scenes.text import draw_text, t
from scenes.theme import Palette, title_image

if TYPE_CHECKING:
    from scenes.table import TableScene


def paint_table(scene: TableScene, surface: pygame.Surface) -> None:
    """Felt, seats, pile, speech, the reveal, the hand or the curtain, buttons, overlays."""
    table, flow, fx, time = scene.table, scene.flow, scene.fx, scene.time
    draw_felt(surface)
    draw_top_bar(surface, scene.title(), scene.log_open, scene.hot == "log")
    if not scene.log_open and scene.log and not scene.setup.demo:
        text, colour = scene.log[-1]
        band = pygame.Rect(0, 14, 1280, 36)  # the ticker's row: it stops short of any seat in it
        left = max([p.rect.right + 12 for p in scene.places if p.rect.colliderect(band)
                    and p.rect.right < LOG_BUTTON.x] + [240])  # fmt: skip
        draw_ticker(surface, text, colour, max(0.0, min(1.0, (8.0 - scene.ticker_age) / 0.5)), left)
    draw_pile(surface, scene.shown.pile, scene.style, scene.shown.set_aside, fx.reveal is not None)
    over = table.is_over
    if fx.reveal is None and not fx.dealing and not over:
        _plaque(scene, surface)
    for place in scene.places:
        draw_seat(surface, place, _look(scene, place.seat), time)
    _speech(scene, surface)
    for flyer in fx.flying():
        draw_flyer(surface, flyer, scene.style)
    if fx.reveal is not None:
        last = table.last_call
        words = speech(scene.names[last.seat], scene.rules, last.count, last.rank) if last else ""
        draw_reveal(surface, fx.reveal, scene.style, words)
    for bullet in fx.bullets:
        draw_bullet(surface, bullet)
    _bottom(scene, surface)
    if scene.coach.text:
        draw_coach(surface, scene.coach.text)
    peeking = flow.peeking
    if peeking is not None:
        cards = table.view(peeking).hand
        draw_peek(surface, scene.places[peeking], cards, peeking, flow.views, scene.style)
    for note in fx.notes:
        if note.kind == "banner":
            draw_banner(surface, note)
    if fx.winner is not None:
        winner = fx.winner
        text = t("table.banner.you_win") if winner in scene.humans and len(scene.humans) == 1 \
            else t("table.banner.wins", name=scene.names[winner])
        draw_celebration(surface, fx, text, scene.places[winner])
    if scene.log_open:
        draw_log(surface, scene.log)


def _look(scene: TableScene, seat: int) -> SeatLook:
    table, flow, shown = scene.table, scene.flow, scene.shown
    spec = scene.setup.seats[seat]
    kamu_points = scene.match.scores[seat] if not scene.rules.uses_bullets and scene.rules.rounds > 1 \
        else None
    live = not table.is_over and not scene.fx.dealing
    return SeatLook(
        seat=seat,
        name=spec.name,
        human=spec.human,
        you=spec.human and len(scene.humans) == 1,
        cards=shown.hands[seat],
        bullets=shown.bullets[seat],
        bullets_per=scene.rules.bullets_per_player,
        bullet_out=seat in shown.out,
        key=spec.challenge_key if spec.human else None,
        key_lit=spec.human and table.can_challenge(seat) and not flow.holding,
        turn=live and table.turn == seat and scene.fx.reveal is None,
        winner=scene.fx.winner == seat,
        style=scene.style,
        score=kamu_points,
        emptied=shown.hands[seat] == 0 and live,
    )


def _plaque(scene: TableScene, surface: pygame.Surface) -> None:
    table, flow = scene.table, scene.flow
    turn = table.turn
    you = len(scene.humans) == 1 and turn in scene.humans
    who = t("table.your_turn") if you else t("table.to_play", name=scene.names[turn])
    note = None
    if flow.must_answer():
        caller = table.last_call.seat
        note = you_text("table.must_answer", caller == scene.you, name=scene.names[caller],
                        turn=scene.names[turn])
    draw_call_plaque(surface, who, seat_colour(turn), rank_word(scene.rules, table.rank),
                     rank_symbol(scene.rules, table.rank), scene.time, note)  # fmt: skip


def _speech(scene: TableScene, surface: pygame.Surface) -> None:
    fx, flow = scene.fx, scene.flow
    note = fx.call_note
    if note is not None and note.seat is not None:
        progress = flow.window_progress()
        bar = scene.table.window_open and note.alpha > 0
        draw_bubble(surface, scene.places[note.seat], note.text, "call", note.alpha, progress, bar)
    for note in fx.notes:
        if note.seat is not None and note.kind != "banner":
            draw_bubble(surface, scene.places[note.seat], note.text, note.kind, note.alpha)


def _bottom(scene: TableScene, surface: pygame.Surface) -> None:
    """The hand (or the curtain), the buttons and the key hints."""
    table, flow, time = scene.table, scene.flow, scene.time
    if scene.setup.demo:
        _demo_sign(scene, surface)
        return
    if scene.fx.dealing:
        return
    curtain = flow.curtain_for()
    if curtain is not None:
        spec = scene.setup.seats[curtain]
        line = t("table.curtain.press", name=spec.name, peek=spec.peek_key or "?")
        draw_curtain(surface, t("table.curtain.pass", name=spec.name), line, seat_colour(curtain), time,
                     t("table.curtain.only_own", name=spec.name))  # fmt: skip
    owner = flow.shown_hand()
    if owner is not None:
        if len(scene.humans) > 1:
            label = t("table.hand_of", name=scene.names[owner])
            draw_text(surface, label, (HAND_RECT.centerx, HAND_RECT.y - 14), 17, seat_colour(owner),
                      True, "center")  # fmt: skip
        scene.hand.draw(surface, time, flow.views, scene.style)
    actor = scene.actor()
    if actor is None or table.is_over:
        return
    _buttons(scene, surface, actor)
    if owner == actor:
        hints = [("←→", t("table.hint.choose")), ("Space", t("table.hint.pick")),
                 ("Enter", t("table.hint.play"))]  # fmt: skip
        key = scene.setup.seats[actor].challenge_key
        if key:
            hints.append((key, t("table.hint.challenge")))
        hints += [("L", t("table.hint.log")), ("Esc", t("table.hint.pause"))]
        draw_legend(surface, hints, PLAY_RECT.top - 14, PLAY_RECT.x + 74)


def _buttons(scene: TableScene, surface: pygame.Surface, actor: int) -> None:
    table, flow, time = scene.table, scene.flow, scene.time
    key = scene.setup.seats[actor].challenge_key
    can = table.can_challenge(actor) and not flow.holding
    draw_button(surface, CHALLENGE_RECT, t("table.button.challenge"), key,
                "danger" if can else "off", time, hot=scene.hot == "challenge")  # fmt: skip
    if flow.shown_hand() != actor:
        return
    if table.turn != actor or scene.fx.reveal is not None:  # the table has not shown the turn yet
        label = t("table.button.not_turn", name=scene.names[table.turn]) if table.turn != actor \
            else t("table.msg.wait_verdict")
        state = "off"
    else:
        wait = flow.wait_left()
        ready = wait <= 0
        if flow.must_answer():
            label = t("table.button.accept")
        elif scene.hand.selected:
            n = len(scene.hand.selected)
            label = t("table.button.play", n=n, rank=rank_word(scene.rules, table.rank, n))
        else:
            label, ready = t("table.button.play_none"), False
            wait = 0
        state = "go" if ready else ("locked" if wait > 0 else "off")
        if wait > 0:
            label = t("table.button.wait", s=f"{wait:.1f}")
    progress = 1.0
    if state == "locked":
        progress = 1.0 - (flow.window_progress() or 0.0)
    draw_button(surface, PLAY_RECT, label, "Enter", state, time, progress, scene.hot == "play")


def _demo_sign(scene: TableScene, surface: pygame.Surface) -> None:
    """The attract mode's sign where a hand would be: the name of the house, how to leave."""
    title = title_image(t("app.title"), 54)
    surface.blit(title, title.get_rect(center=(HAND_RECT.centerx, HAND_RECT.centery - 8)))
    glow = 0.55 + 0.45 * pulse(scene.time, 2.4)
    hint = t("table.demo.hint_esc" if scene.app.demo else "table.demo.hint")
    draw_text(surface, hint, (HAND_RECT.centerx, HAND_RECT.centery + 46), 18,
              (*Palette.CREAM, round(255 * glow)), anchor="center")  # fmt: skip
