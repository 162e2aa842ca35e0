"""The duel's action bar at the bottom: answer, keep and reroll, pick a claim, propose, challenge."""

from __future__ import annotations

import pygame

from game.duel import MAX_REROLLS, Phase
from game.duel_events import Mood
from scenes.duel import layout as L
from scenes.duel.build_paint import draw_builder, notice_now
from scenes.duel.frame import DuelFrame
from scenes.duel.words import claim_words, mood_words
from scenes.ui.lang import t, you_text
from scenes.ui.palette import Palette
from scenes.ui.text import (
    draw_fitted,
    draw_text,
    draw_wrapped,
    fit_line,
)
from scenes.ui.widgets import draw_button, draw_keycap, draw_panel

VELVET = (70, 12, 22, 238)


def draw_bar(surface: pygame.Surface, frame: DuelFrame) -> None:
    """Whatever the bottom of the screen offers now."""
    duel = frame.duel
    if frame.curtain_for is not None:
        _curtain(surface, frame, frame.curtain_for)
        return
    draw_panel(surface, L.BAR, (5, 24, 15, 226), (*Palette.GOLD, 130), 24)
    if frame.stage.busy:
        _narrate(surface, frame)
    elif duel.phase is Phase.OVER:
        _verdict(surface, frame)
    elif frame.acting is not None and duel.phase is Phase.OPENING:
        _opening(surface, frame, frame.acting)
    elif frame.acting is not None:
        _bidding(surface, frame, frame.acting)
    else:
        _waiting(surface, frame)


def _narrate(surface: pygame.Surface, frame: DuelFrame) -> None:
    log = frame.stage.show.log
    beat = frame.stage.current
    if beat is not None and beat.kind == "first_roll":
        draw_text(surface, t("duel.bar.first_roll"), (640, L.BAR.centery - 14), 26, Palette.CREAM, True,
                  "center")  # fmt: skip
    elif log:
        draw_text(surface, log[-1], (640, L.BAR.centery - 14), 26, Palette.CREAM, True, "center")
    skip = t("duel.bar.skip")
    draw_text(surface, skip, (640, L.BAR.bottom - 30), 16, Palette.CREAM_DIM, anchor="center")


def _waiting(surface: pygame.Surface, frame: DuelFrame) -> None:
    seat = frame.duel.turn
    name = frame.names[seat]
    key = "duel.bar.thinking" if frame.thinking == seat else "duel.bar.turn_of"
    below = L.BAR.centery + 34
    if frame.phones is not None and frame.phones.turn is not None:
        below = L.BAR.bottom - 22  # the phone's panel says whose turn it is, in the middle of the bar
    else:
        draw_text(surface, t(key, name=name), (640, L.BAR.centery - 20), 30, Palette.CREAM, True, "center")
    if frame.demo:
        demo = t("duel.bar.demo")
        draw_text(surface, demo, (640, below), 18, Palette.CREAM_DIM, anchor="center")
    if frame.duel.must_challenge:  # five aces: nothing left but to challenge
        line = t("duel.bar.must_challenge", name=name)
        draw_text(surface, line, (640, below), 20, Palette.GOLD_LIGHT, True, "center")
        return
    human = frame.humans[0] if frame.humans else None
    key = frame.seats[human].challenge_key if human is not None else None
    if key and frame.duel.claim is not None:  # nothing to challenge before the first claim
        rect = draw_text(surface, t("duel.bar.your_key"), (620, below), 18,
                         Palette.CREAM_DIM, anchor="midright")  # fmt: skip
        draw_keycap(surface, key, (rect.right + 14, rect.centery), 16, "midleft")


def _curtain(surface: pygame.Surface, frame: DuelFrame, seat: int) -> None:
    draw_panel(surface, L.BAR, VELVET, (*Palette.GOLD, 230), 24, 3)
    for x in range(L.BAR.x + 30, L.BAR.right - 20, 46):  # the curtain's folds
        pygame.draw.line(surface, (96, 20, 32), (x, L.BAR.y + 10), (x, L.BAR.bottom - 10), 6)
    inner = L.BAR.inflate(-120, -40)
    draw_panel(surface, inner, (40, 6, 12, 235), (*Palette.GOLD, 160), 20)
    name, other = frame.names[seat], frame.names[1 - seat]
    spec = frame.seats[seat]
    title = t("duel.curtain.again" if frame.curtain_again else "duel.curtain.pass", name=name)
    draw_fitted(surface, title, (640, inner.y + 40), inner.w - 40, 36, Palette.GOLD_LIGHT, True, "center",
                smallest=24)  # fmt: skip
    line = t("duel.curtain.peek", name=name)
    rect = draw_text(surface, line, (640 - 30, inner.y + 96), 22, Palette.CREAM, anchor="center")
    peek = spec.peek_key or "?"
    draw_keycap(surface, peek, (rect.right + 12, rect.centery), 17, "midleft", lit=True)
    draw_text(surface, t("duel.curtain.look_away", other=other, name=name), (640, inner.y + 136), 18,
              Palette.CREAM_DIM, anchor="center")  # fmt: skip
    if frame.duel.may_challenge and spec.challenge_key:
        rect = draw_text(surface, t("duel.curtain.challenge", name=name), (640 - 20, inner.bottom - 22),
                         17, Palette.CREAM_DIM, anchor="center")  # fmt: skip
        draw_keycap(surface, spec.challenge_key, (rect.right + 10, rect.centery), 14, "midleft")


def _verdict(surface: pygame.Surface, frame: DuelFrame) -> None:
    verdict = frame.stage.show.verdict or {}
    if not verdict:
        return
    winner = verdict["winner"]
    key = "duel.verdict.holds" if verdict["met"] else "duel.verdict.bluff"
    colour = Palette.TRUE if verdict["met"] else Palette.RED_LIGHT
    left = L.BAR.x + 36
    claimant = verdict["claimant"]
    said = you_text(key, claimant == frame.you, name=frame.names[claimant])
    draw_text(surface, said, (left, L.BAR.y + 40), 30, colour, True, "midleft")
    claim = claim_words(verdict["claim"]) if verdict.get("claim") else "—"
    had = claim_words(verdict["had"])
    lines = [t("duel.verdict.claimed", claim=claim), t("duel.verdict.had", had=had)]
    box = pygame.Rect(left, L.BAR.y + 70, L.NEXT_BUTTON.x - left - 24, 80)
    for line in lines:
        box.y = draw_wrapped(surface, line, box, 20, Palette.CREAM) + 2
    scores = frame.scores
    need = frame.points_to_win
    if frame.match_over:
        champion = frame.names[frame.match_winner]
        result = you_text("duel.verdict.match", frame.match_winner == frame.you, name=champion, a=max(scores),
                          b=min(scores))  # fmt: skip
    else:
        result = you_text("duel.verdict.round", winner == frame.you, name=frame.names[winner], a=scores[0],
                          b=scores[1], points=need)  # fmt: skip
    draw_text(surface, result, (left, L.BAR.bottom - 32), 22, Palette.GOLD_LIGHT, True, "midleft")
    label = t("duel.bar.results") if frame.match_over else t("duel.bar.next_round")
    draw_button(surface, L.NEXT_BUTTON, label, "gold", focused=True, live=True, key="Enter", time=frame.time,
                size=24)  # fmt: skip


def _opening(surface: pygame.Surface, frame: DuelFrame, seat: int) -> None:
    duel = frame.duel
    name = frame.names[seat]
    question = t("duel.opening.ask_you") if not frame.two_people else t("duel.opening.ask", name=name)
    draw_text(surface, question, (640, L.BAR.y + 40), 30, Palette.CREAM, True, "center")
    hint = _opening_hint(frame, seat)
    draw_fitted(surface, hint, (640, L.BAR.y + 80), L.BAR.w - 40, 18, Palette.CREAM_DIM, anchor="center",
                max_lines=2, smallest=13)  # fmt: skip
    moods = duel.allowed_moods
    styles = {Mood.SATISFIED: "dark", Mood.NOT_SATISFIED: "dark", Mood.INDIFFERENT: "dark"}
    for i, (mood, rect) in enumerate(zip(moods, L.mood_rects(len(moods)), strict=True)):
        focused = frame.bar.focus == f"mood{i}"
        draw_button(surface, rect, mood_words(mood), styles[mood], focused=focused, key=str(i + 1),
                    time=frame.time, size=22)  # fmt: skip
    keys = t("duel.opening.keys", last=len(moods))  # two answers or three: "Press 1–2", "Press 1–3"
    draw_text(surface, keys, (640, L.BAR.bottom - 22), 16, Palette.CREAM_DIM, anchor="center")


def _opening_hint(frame: DuelFrame, seat: int) -> str:
    duel = frame.duel
    option = frame.opening
    if seat == duel.proposer:
        return t(f"duel.opening.hint.proposer.{option}", other=frame.names[1 - seat])
    name = frame.names[duel.proposer]
    if option == "proposer_decides":
        return t("duel.opening.hint.other.yours", name=name)
    if duel.moods[duel.proposer] is Mood.SATISFIED:
        return t("duel.opening.hint.other.stand", name=name)
    return t("duel.opening.hint.other.replay", name=name)


def _bidding(surface: pygame.Surface, frame: DuelFrame, seat: int) -> None:
    duel, controls = frame.duel, frame.bar
    _rerolls(surface, frame, seat)
    draw_builder(surface, frame)
    focus = controls.focus
    draw_button(surface, L.PROPOSE_BUTTON, t("duel.bar.propose"), "gold", focused=focus == "propose",
                enabled="propose" in controls.enabled, key="Enter", time=frame.time, size=28)  # fmt: skip
    builder = controls.builder
    if builder is not None and not builder.empty and not builder.legal:  # never a silent no: say why
        _under(surface, t("duel.build.propose_off"), L.PROPOSE_BUTTON, Palette.RED_LIGHT)
    key = frame.seats[seat].challenge_key
    draw_button(surface, L.CHALLENGE_BUTTON, t("duel.bar.challenge"), "red", focused=focus == "challenge",
                enabled="challenge" in controls.enabled, key=key, time=frame.time, size=28)  # fmt: skip
    if not duel.may_challenge:
        reason = "duel.bar.no_challenge_first" if duel.claim is None else "duel.bar.no_challenge_reroll"
        _under(surface, t(reason), L.CHALLENGE_BUTTON, Palette.CREAM_DIM)


def _under(surface: pygame.Surface, text: str, button: pygame.Rect, colour) -> None:
    """A short line right under a button: why it cannot be used now."""
    size, line = fit_line(text, button.w + 16, 15, 11, True)
    draw_text(surface, line, (button.centerx, button.bottom + 14), size, colour, True, "center")


def _rerolls(surface: pygame.Surface, frame: DuelFrame, seat: int) -> None:
    duel, controls = frame.duel, frame.bar
    block = L.REROLL_BLOCK
    draw_panel(surface, block, (10, 40, 26, 160), (*Palette.GOLD, 60), 18, 1, shadow=False)
    if duel.must_challenge:  # nothing to roll for: say so and nothing else
        box = pygame.Rect(block.x + 24, block.centery - 50, block.w - 48, 110)
        line = t("duel.bar.must_challenge_you") if not frame.two_people else t(
            "duel.bar.must_challenge", name=frame.names[seat])
        draw_wrapped(surface, line, box, 22, Palette.GOLD_LIGHT, True, align="center")
        return
    counter = t("duel.bar.rerolls", used=duel.rerolls_used, most=MAX_REROLLS)
    size, counter = fit_line(counter, block.w - 24, 24, 16, True)
    draw_text(surface, counter, (block.centerx, block.y + 30), size, Palette.CREAM, True, "center")
    for i in range(MAX_REROLLS):  # one pip per reroll used
        x = block.centerx - 12 + i * 24
        colour = Palette.GOLD if i < duel.rerolls_used else Palette.GOLD_DARK
        pygame.draw.circle(surface, colour, (x, block.y + 56), 7, 0 if i < duel.rerolls_used else 2)
    rolled = 5 - len(controls.keep)
    if duel.may_reroll:
        label = t("duel.bar.reroll_all") if rolled == 5 else t("duel.bar.reroll", n=rolled)
        if rolled == 0:
            label = t("duel.bar.reroll_none")
    else:
        label = t("duel.bar.reroll_off")
    draw_button(surface, L.REROLL_BUTTON, label, "dark", focused=controls.focus == "reroll",
                enabled="reroll" in controls.enabled, key="Space", time=frame.time, size=21)  # fmt: skip
    if duel.claim is None:
        hint = t("duel.bar.hint_first")
    elif not duel.may_reroll:
        hint = t("duel.bar.hint_no_more") if not duel.claim_is_highest else t("duel.bar.hint_must")
    else:
        hint = t("duel.bar.hint_keep")
    box = pygame.Rect(block.x + 12, L.REROLL_BUTTON.bottom + 10, block.w - 24, 70)
    refusal = notice_now(frame, "reroll")
    if refusal is not None:  # a refused reroll, said here
        draw_wrapped(surface, refusal, box, 16, Palette.RED_LIGHT, True, align="center")
        return
    draw_wrapped(surface, hint, box, 15, Palette.CREAM_DIM, align="center")
