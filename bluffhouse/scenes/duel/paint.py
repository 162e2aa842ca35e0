"""DuelPainter: draws the duel table from a DuelFrame (never the screen or the engine)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import MappingProxyType

import pygame

from bluffhouse.game.duel import Phase
from bluffhouse.scenes import art
from bluffhouse.scenes.duel import layout as L
from bluffhouse.scenes.duel.bar import draw_bar
from bluffhouse.scenes.duel.build_paint import draw_preview
from bluffhouse.scenes.duel.coach_box import coach_rect, draw_coach
from bluffhouse.scenes.duel.frame import BeatLook, DuelFrame
from bluffhouse.scenes.duel.parts import BUBBLE_MAX, bubble_look, tumble_face
from bluffhouse.scenes.duel.words import claim_words
from bluffhouse.scenes.phones.paint import draw_audience, draw_phone_seats, draw_phone_turn
from bluffhouse.scenes.shell.messages import said
from bluffhouse.scenes.ui.anim import Motion, clamp01, out_back, out_cubic, pulse
from bluffhouse.scenes.ui.bubble import draw_bubble
from bluffhouse.scenes.ui.keycaps import draw_keycap
from bluffhouse.scenes.ui.lang import t, you_text
from bluffhouse.scenes.ui.names import badge_letters
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import (
    READ,
    SMALL,
    draw_fitted,
    draw_text,
    fit_line,
    fits_lines,
    render,
    wrap,
)
from bluffhouse.scenes.ui.widgets import draw_panel

__all__ = ["DuelPainter", "log_lines", "render_stamp"]
LOG_SIZE, LOG_STEP = READ, 22  # the round's history, read from a sofa
# where each seat's phone sign sits: at the right, under the score pips of its name line
AUDIENCE_RECT = pygame.Rect(16, 3, 444, 80)  # the audience's sign, left of the score: over no zone
PHONE_SEAT_RECTS = {
    seat: pygame.Rect(L.SEAT_X[seat] - L.ZONE_W // 2, L.HEADER_Y + 10, L.ZONE_W - 4, 40) for seat in (0, 1)
}
PHONE_TURN_RECT = L.BAR.inflate(-260, -90)  # a phone seat's turn: in the middle of the bar


def log_lines(log: Sequence[str], width: int, top: int, bottom: int) -> list[tuple[str, tuple, int]]:
    """The newest lines of the log that fit between top and bottom, each wrapped whole (never
    cut): (text, colour, baseline y), the newest at the bottom in full cream."""
    out: list[tuple[str, tuple, int]] = []
    y = bottom
    for age, entry in enumerate(reversed(log)):
        lines = wrap(entry, width, LOG_SIZE)
        if age and y - LOG_STEP * (len(lines) - 1) - LOG_SIZE - 2 < top:  # only whole entries show
            break
        colour = Palette.CREAM if age == 0 else Palette.CREAM_DIM
        for line in reversed(lines):
            out.append((line, colour, y))
            y -= LOG_STEP
        y -= 4
    return out


def render_stamp(text: str, colour) -> pygame.Surface:
    """Bold letters in a double frame, like ink from a rubber stamp."""
    label = render(text, 34, colour, True, None)
    w, h = label.get_width() + 36, label.get_height() + 16
    stamp = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(stamp, (255, 250, 236, 210), stamp.get_rect(), border_radius=10)
    pygame.draw.rect(stamp, colour, stamp.get_rect(), 4, border_radius=10)
    pygame.draw.rect(stamp, colour, stamp.get_rect().inflate(-12, -12), 2, border_radius=6)
    stamp.blit(label, label.get_rect(center=(w // 2, h // 2)))
    return stamp


class DuelPainter:
    """Everything visible of the duel, drawn in layers: felt, seats, claim, bar, banner."""

    frame: DuelFrame  # the frame being drawn (set by draw; nothing else changes)

    def draw(self, surface: pygame.Surface, frame: DuelFrame) -> None:
        """The whole picture for this frame."""
        self.frame = frame
        surface.blit(art.felt(surface.get_size()), (0, 0))
        self.scoreboard(surface)
        for seat in (0, 1):
            self.seat(surface, seat)
        self.claim_panel(surface)
        self.log_panel(surface)
        draw_coach(surface, frame)
        draw_bar(surface, frame)
        if frame.phones is not None:
            draw_phone_seats(surface, frame.phones, PHONE_SEAT_RECTS, frame.time)
            draw_audience(surface, frame.phones.audience, AUDIENCE_RECT)
            if frame.phones.turn is not None:
                draw_phone_turn(surface, frame.phones.turn, frame.time, PHONE_TURN_RECT)
        self.banner(surface)
        words = draw_text(
            surface, t("duel.hint.pause"), (1256, 43), READ, Palette.CREAM_DIM, anchor="midright"
        )
        draw_keycap(surface, "Esc", (words.x - 8, 44), 16, anchor="midright")

    # -- top ---------------------------------------------------------------------------

    def scoreboard(self, surface: pygame.Surface) -> None:
        """Round, score and the points to win, at the top centre."""
        frame = self.frame
        box = pygame.Rect(0, 6, 340, 72)
        box.centerx = 640
        draw_panel(surface, box, (6, 28, 18, 215), (*Palette.GOLD, 160), 20)
        show = frame.stage.show
        top = t("duel.round", n=frame.round_number, points=frame.points_to_win)
        draw_fitted(surface, top, (640, box.y + 16), box.w - 24, READ, Palette.GOLD_LIGHT, True, "center")
        for seat, x in ((0, 600), (1, 680)):
            colour = Palette.SEAT_COLOURS[seat]
            draw_text(surface, str(show.seats[seat].score), (x, box.y + 48), 34, colour, True, "center")
        draw_text(surface, ":", (640, box.y + 46), 30, Palette.CREAM_DIM, True, "center")

    # -- a seat's side of the table ----------------------------------------------------

    def seat(self, surface: pygame.Surface, seat: int) -> None:
        """Badge, name, pips, speech, cup and dice of one player."""
        frame, duel = self.frame, self.frame.duel
        rect = L.zone(seat)
        to_act = duel.phase is not Phase.OVER and duel.turn == seat and not frame.stage.busy
        glow = pulse(frame.time, 1.4) if to_act else 0.0
        border = (*Palette.GOLD_LIGHT, round(150 + 100 * glow)) if to_act else (*Palette.GOLD, 70)
        draw_panel(surface, rect, (4, 24, 14, 150), border, 22, 3 if to_act else 1)
        self.header(surface, seat, rect, to_act)
        self.tray(surface, seat)
        verdict = frame.stage.show.verdict
        if verdict and verdict["claimant"] == seat:
            self.stamp(surface, seat, verdict)
        show = frame.stage.show.seats[seat]
        if show.bubble and not (coach_rect(frame) and frame.acting == seat):  # the coach speaks there
            age = frame.stage.time - show.bubble_at
            pop = out_back(clamp01(age / 0.28)) if age < 0.28 and not Motion.reduced else 1.0
            speaker = (rect.centerx - 70, L.BUBBLE_TOP - 60)  # up towards the name and badge
            draw_bubble(
                surface,
                show.bubble,
                (rect.centerx, L.BUBBLE_TOP),
                speaker,
                anchor="midtop",
                max_width=BUBBLE_MAX,
                scale=pop,
                **bubble_look(show.bubble_kind),
            )

    def stamp(self, surface: pygame.Surface, seat: int, verdict: MappingProxyType) -> None:
        """A rubber stamp over the lifted dice: the claim held, or it was a bluff."""
        held = verdict["met"]
        text = t("duel.stamp.held") if held else t("duel.stamp.bluff")
        colour = (44, 150, 80) if held else (200, 40, 40)
        age = self.frame.stage.time - verdict["at"]
        k = clamp01(age / 0.3)
        face = render_stamp(text, colour)
        scale = 1.8 - 0.8 * out_cubic(k)
        image = pygame.transform.rotozoom(face, 8 if seat == 0 else -8, scale)
        image.set_alpha(round(255 * k))
        surface.blit(image, image.get_rect(center=(L.SEAT_X[seat] + (50 if seat == 0 else -50), 268)))

    def header(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, to_act: bool) -> None:
        """Badge, name, points and what the seat is doing."""
        frame = self.frame
        name = frame.names[seat]
        badge = art.seat_badge(seat, badge_letters(name), 46, to_act)
        surface.blit(badge, badge.get_rect(midleft=(rect.x + 16, L.HEADER_Y)))
        need = frame.points_to_win
        score = frame.stage.show.seats[seat].score
        size = 14 if need <= 5 else 10
        room = rect.right - 20 - (need - 1) * (size + 6) - size - 10 - (rect.x + 72)  # up to the pips
        face, name = fit_line(name, room, 26, READ, True)
        draw_text(surface, name, (rect.x + 72, L.HEADER_Y - 12), face, Palette.CREAM, True, "midleft")
        doing = draw_text(
            surface,
            self.doing(seat),
            (rect.x + 72, L.HEADER_Y + 16),
            READ,
            Palette.GOLD_LIGHT if to_act else Palette.CREAM_DIM,
            anchor="midleft",
        )
        if frame.thinking == seat:  # the dots of a computer player thinking, after its word
            dots = "." * (int(frame.time * 3) % 3 + 1)
            draw_text(surface, dots, (doing.right, doing.centery), READ, Palette.CREAM_DIM, anchor="midleft")
        for i in range(need):
            x = rect.right - 20 - (need - 1 - i) * (size + 6)
            centre = (x, L.HEADER_Y)
            if i < score:
                pygame.draw.circle(surface, Palette.GOLD, centre, size // 2 + 1)
                pygame.draw.circle(surface, Palette.GOLD_LIGHT, (x - 2, L.HEADER_Y - 2), size // 5)
            else:
                pygame.draw.circle(surface, Palette.GOLD_DARK, centre, size // 2 + 1, 2)

    def doing(self, seat: int) -> str:
        """A few words under the name: whose turn, thinking, keys."""
        frame, duel = self.frame, self.frame.duel
        spec = frame.seats[seat]
        if frame.thinking == seat:
            return t("duel.doing.thinking")  # (its dots are drawn apart: they are not words)
        if duel.phase is Phase.OVER:
            winner = frame.stage.show.verdict.get("winner") if frame.stage.show.verdict else None
            return t("duel.doing.won") if winner == seat and frame.stage.show.over else ""
        if duel.turn == seat and not frame.stage.busy:
            mine = spec.human and not frame.two_people and not frame.demo
            return t("duel.doing.your_turn") if mine else t("duel.doing.turn")
        if seat == duel.proposer and duel.claim is None and frame.stage.show.seats[seat].rolled:
            return t("duel.doing.proposer")
        if (
            spec.human and spec.challenge_key and not frame.demo and duel.may_challenge and duel.turn == seat
        ):  # the engine: a proposition theirs to doubt
            return t("duel.doing.keys", button=spec.challenge_key)
        return ""

    def tray(self, surface: pygame.Surface, seat: int) -> None:
        """The cup, resting, shaking or lifted, and the dice when they may be seen."""
        frame = self.frame
        stage = frame.stage
        show = stage.show
        beat = stage.current
        cx = L.SEAT_X[seat]
        shadow = pygame.Surface((190, 34), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 60), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(cx, L.CUP_REST_Y - 6)))
        first_beat = beat is not None and beat.kind in ("first_roll", "banner")
        if show.first is not None and not show.seats[seat].rolled and beat is not None and first_beat:
            self.first_die(surface, seat, beat, show.first)
            return
        seat_show = show.seats[seat]
        shaking = beat is not None and beat.kind == "shake" and seat in beat.data["seats"]
        lifting = beat is not None and beat.kind == "lift" and beat.data["seat"] == seat
        if seat_show.dice is not None:  # the frame holds a cup's dice only when they may be seen
            tumbling = (
                frozenset(beat.data["positions"].get(seat, ()))
                if beat is not None and shaking
                else frozenset()
            )
            controls = frame.bar
            acting = frame.acting == seat and frame.duel.may_reroll
            held = frozenset(controls.keep) if acting else frozenset()
            focus = int(controls.focus[3:]) if acting and controls.focus.startswith("die") else None
            self.seat_dice(surface, seat, seat_show.dice, tumbling, held, focus)
            if acting:  # the keys that keep a die, under each die
                for i in range(5):
                    r = L.die_rect(seat, i)
                    cap = (r.centerx, r.bottom - 8)  # on the die's foot, clear of its pips
                    draw_keycap(surface, str(i + 1), cap, SMALL, "midtop", lit=i in held, flat=True)
            words = claim_words(seat_show.dice)
            if not tumbling and fits_lines(words, L.ZONE_W - 24, READ, False, 2):
                # and, with them, what one's own dice are worth (a help: left out where too long)
                draw_fitted(
                    surface,
                    words,
                    (cx, L.ZONE_BOTTOM - 26),
                    L.ZONE_W - 24,
                    READ,
                    Palette.CREAM_DIM,
                    anchor="center",
                    max_lines=2,
                )
            lift = out_cubic(beat.progress) if beat is not None and lifting else 1.0
            self.cup(surface, seat, lift, shaking)
        else:
            self.cup(surface, seat, 0.0, shaking)
            if seat_show.status:
                draw_fitted(
                    surface,
                    seat_show.status,
                    (cx, L.ZONE_BOTTOM - 22),
                    L.ZONE_W - 24,
                    READ,
                    Palette.GOLD_LIGHT,
                    anchor="center",
                )

    def cup(self, surface: pygame.Surface, seat: int, lift: float, shaking: bool) -> None:
        """The leather cup: resting over the dice (lift 0) or raised behind them (lift 1)."""
        cx = L.SEAT_X[seat]
        image = art.cup(L.CUP)  # one size of art, scaled here: a lift must not render new cups
        zoom = (L.CUP - 66 * lift) / L.CUP
        angle, dx = 0.0, 0.0
        if shaking and not Motion.reduced:
            wobble = math.sin(self.frame.stage.time * 38)
            angle, dx = wobble * 9, wobble * 10
        if lift:
            angle += (-12 if seat == 0 else 12) * lift
            dx += (-128 if seat == 0 else 128) * lift
        if angle or zoom != 1:
            image = pygame.transform.rotozoom(image, angle, zoom)
        bottom = L.CUP_REST_Y + (L.CUP_LIFT_Y - L.CUP_REST_Y) * lift
        surface.blit(image, image.get_rect(midbottom=(round(cx + dx), round(bottom))))

    def first_die(self, surface: pygame.Surface, seat: int, beat: BeatLook, first: tuple[int, int]) -> None:
        """Each side rolls one die in the open to see who proposes first (first: the faces)."""
        frame = self.frame
        face = first[seat]
        rolling = beat.kind == "first_roll" and beat.progress < 0.55 and not Motion.reduced
        cx, cy = L.SEAT_X[seat], L.DICE_Y - 30
        if rolling:
            k = beat.progress / 0.55
            shown = tumble_face(frame.stage.time, seat, 0)
            spin = (1 - k) * 540 * (1 if seat else -1)
            image = pygame.transform.rotozoom(art.die_face(shown, 92), spin, 1.0)
            hop = abs(math.sin(k * math.pi * 2.5)) * 60 * (1 - k)
            surface.blit(image, image.get_rect(center=(cx, cy - hop)))
            return
        image = art.die_face(face, 92)
        surface.blit(image, image.get_rect(center=(cx, cy)))
        other = first[1 - seat]
        won = face > other  # pips: a six is highest in this roll (RULES.md section 3)
        colour = Palette.GOLD_LIGHT if won else Palette.CREAM_DIM
        text = t("duel.first.rolled", face=t(f"duel.face.{face}.one"))
        draw_text(surface, text, (cx, cy + 68), 20, colour, won, "center")

    # -- the middle ----------------------------------------------------------------------

    def claim_panel(self, surface: pygame.Surface) -> None:
        """The claim to beat, in words and as dice; the opening's question before it."""
        frame = self.frame
        show, duel = frame.stage.show, frame.duel
        rect = pygame.Rect(L.CENTER.x, L.CENTER.y, L.CENTER.w, L.CLAIM_H)
        draw_panel(surface, rect, (6, 28, 18, 200), (*Palette.GOLD, 120), 20)
        head = pygame.Rect(rect.x + 20, rect.y + 14, rect.w - 40, 24)
        if show.claim is not None and show.claimant is not None:  # (a claim is always somebody's)
            who = frame.names[show.claimant]
            # "to beat" only while it may be beaten: once challenged, it is what was claimed
            key = "duel.claim.head_over" if duel.phase is Phase.OVER else "duel.claim.head"
            title = t(key, name=who).upper()
            top = draw_fitted(
                surface, title, head.midtop, head.w, READ, Palette.GOLD_LIGHT, True, "midtop", max_lines=2
            ).bottom
            draw_fitted(
                surface,
                claim_words(show.claim),
                (rect.centerx, top + 6),
                rect.w - 36,
                24,
                Palette.CREAM,
                True,
                "midtop",
                smallest=20,
                max_lines=3,
            )
            places = L.row_rects((rect.centerx, rect.bottom - 34), 44)
            for face, r in zip(show.claim, places, strict=True):
                self.claim_die(surface, face, r)
            return
        key = "duel.claim.opening" if duel.phase is Phase.OPENING else "duel.claim.none"
        title = t(key + ".head")
        if duel.phase is Phase.OPENING and duel.replays:
            title = t("duel.claim.opening.again", n=duel.replays + 1)
        top = draw_fitted(
            surface, title.upper(), head.midtop, head.w, READ, Palette.GOLD_LIGHT, True, "midtop", max_lines=2
        ).bottom
        body = pygame.Rect(rect.x + 16, top + 8, rect.w - 32, rect.bottom - 8 - (top + 8))
        if duel.phase is Phase.OPENING:  # the log is short yet: the rule's words may use its room
            body.h = L.CENTER.bottom - 12 - body.y
        draw_fitted(
            surface,
            t(key + f".body.{frame.opening}"),
            body.midtop,
            body.w,
            19,
            Palette.CREAM,
            anchor="midtop",
            max_lines=body.h // 21,
            height=body.h,
        )

    def claim_die(self, surface: pygame.Surface, face: int, rect: pygame.Rect) -> None:
        """A die of a proposition (what was said, not what is under a cup)."""
        surface.blit(art.die_face(face, rect.w), rect)

    def log_panel(self, surface: pygame.Surface) -> None:
        """What happened this round, newest last; on one's own proposing turn, the claim being built."""
        frame = self.frame
        rect = L.PREVIEW
        if frame.acting is not None and frame.duel.phase is Phase.BIDDING and frame.bar.builder is not None:
            draw_preview(surface, frame, rect)
            return
        if frame.duel.phase is Phase.OPENING:
            return  # the opening's rule has the column (who proposes first is said on their side)
        draw_panel(surface, rect, (6, 28, 18, 150), (*Palette.GOLD, 60), 16, 1)
        bottom = rect.bottom - 10
        for line, colour, y in log_lines(frame.stage.show.log, rect.w - 32, rect.y + 8, bottom):
            draw_text(surface, line, (rect.x + 16, y), LOG_SIZE, colour, anchor="bottomleft")

    # -- over everything -------------------------------------------------------------------

    def banner(self, surface: pygame.Surface) -> None:
        """A ribbon across the table for the big moments."""
        beat = self.frame.stage.current
        if beat is None or beat.kind not in ("banner", "challenge"):
            return
        text = said(beat.data["text"]) if beat.data.get("text") is not None else None
        if text is None:
            seat = beat.data["seat"]
            text = you_text("duel.banner.challenge", seat == self.frame.you, name=self.frame.names[seat])
        k = beat.progress
        alpha = clamp01(k / 0.15) * clamp01((1 - k) / 0.15)
        band = pygame.Surface(L.RIBBON.size, pygame.SRCALPHA)
        band.fill((8, 12, 10, round(215 * alpha)))
        gold = (*Palette.GOLD, round(230 * alpha))
        pygame.draw.line(band, gold, (0, 2), (L.W, 2), 2)
        pygame.draw.line(band, gold, (0, 81), (L.W, 81), 2)
        red = beat.kind == "challenge"
        colour = Palette.RED_LIGHT if red else Palette.GOLD_LIGHT
        slide = 0 if Motion.reduced else round((1 - out_cubic(clamp01(k / 0.2))) * 80)
        draw_fitted(
            band,
            text,
            (L.W // 2 + slide, 42),
            L.W - 200,
            34,
            colour,
            True,
            "center",
            smallest=20,
            max_lines=2,
        )
        band.set_alpha(round(255 * alpha))
        surface.blit(band, L.RIBBON)

    # -- dice under a cup ----------------------------------------------------------------

    def seat_dice(self, surface: pygame.Surface, seat: int, dice, tumbling, held, focus) -> None:
        """The faces of a seat's dice in front of its cup (tumbling ones spin).

        Only dice the frame holds are drawn: the privacy model decided (and audited) them when
        the frame was built (scenes.duel.frame.StageLook).
        """
        frame = self.frame
        time = frame.stage.time
        for i, face in enumerate(dice):
            rect = L.die_rect(seat, i)
            if i in tumbling and not Motion.reduced:  # (reduced motion: the dice just land)
                image = art.die_face(tumble_face(time, seat, i), L.DIE)
                image = pygame.transform.rotozoom(image, math.sin(time * 21 + i) * 25, 1.0)
                hop = abs(math.sin(time * 17 + i * 1.3)) * 16
                surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery - hop)))
                continue
            lift = 8 if i in held else 0
            surface.blit(art.die_face(face, L.DIE, held=i in held), rect.move(0, -lift))
            if focus == i:
                ring = rect.inflate(12, 12).move(0, -lift)
                glow = pulse(self.frame.time, 1.2)
                pygame.draw.rect(surface, (*Palette.GOLD_LIGHT,), ring, 3 + round(glow), border_radius=14)
