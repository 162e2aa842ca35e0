"""The duel's action bar at the bottom: answer, keep and reroll, pick a claim, propose, challenge."""

from __future__ import annotations

import pygame

from bluffhouse.game.duel import MAX_REROLLS, Phase
from bluffhouse.game.duel_events import Mood
from bluffhouse.scenes.duel import layout as L
from bluffhouse.scenes.duel.build_paint import draw_builder, notice_now
from bluffhouse.scenes.duel.frame import DuelFrame
from bluffhouse.scenes.duel.words import claim_words, mood_words
from bluffhouse.scenes.ui.keycaps import draw_keycap, keycap_size
from bluffhouse.scenes.ui.lang import t, you_text
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_fitted, draw_text, fit_line, fit_lines, font, text_width
from bluffhouse.scenes.ui.widgets import draw_button, draw_panel

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
    room = L.BAR.w - 80
    if beat is not None and beat.kind == "first_roll":
        draw_fitted(
            surface,
            t("duel.bar.first_roll"),
            (640, L.BAR.centery - 14),
            room,
            28,
            Palette.CREAM,
            True,
            "center",
            max_lines=2,
        )
    elif log and (beat is None or beat.kind not in ("banner", "challenge")):  # (else the ribbon says it here)
        draw_fitted(
            surface, log[-1], (640, L.BAR.centery - 14), room, 28, Palette.CREAM, True, "center", max_lines=2
        )
    skip = t("duel.bar.skip")
    draw_fitted(surface, skip, (640, L.BAR.bottom - 30), room, READ, Palette.CREAM_DIM, anchor="center")


def _waiting(surface: pygame.Surface, frame: DuelFrame) -> None:
    seat = frame.duel.turn
    if seat is None:  # (only once the round is over: the verdict has the bar then)
        return
    name = frame.names[seat]
    key = "duel.bar.thinking" if frame.thinking == seat else "duel.bar.turn_of"
    below = L.BAR.centery + 40
    room = L.BAR.w - 80
    if frame.phones is not None and frame.phones.turn is not None:
        below = L.BAR.bottom - 24  # the phone's panel says whose turn it is, in the middle of the bar
    else:
        draw_fitted(
            surface, t(key, name=name), (640, L.BAR.centery - 20), room, 30, Palette.CREAM, True, "center"
        )
    if frame.demo:
        demo = t("duel.bar.demo")
        draw_fitted(surface, demo, (640, below), room, READ, Palette.CREAM_DIM, anchor="center")
    if frame.duel.must_challenge:  # five aces: nothing left but to challenge
        line = t("duel.bar.must_challenge", name=name)
        draw_fitted(surface, line, (640, below), room, 20, Palette.GOLD_LIGHT, True, "center")
        return
    human = frame.humans[0] if frame.humans else None
    challenge_key = frame.seats[human].challenge_key if human is not None else None
    if challenge_key and frame.duel.claim is not None:  # nothing to challenge before the first claim
        rect = draw_text(
            surface, t("duel.bar.your_key"), (620, below), READ, Palette.CREAM_DIM, anchor="midright"
        )
        draw_keycap(surface, challenge_key, (rect.right + 14, rect.centery), 16, "midleft")


def _curtain(surface: pygame.Surface, frame: DuelFrame, seat: int) -> None:
    draw_panel(surface, L.BAR, VELVET, (*Palette.GOLD, 230), 24, 3)
    for x in range(L.BAR.x + 30, L.BAR.right - 20, 46):  # the curtain's folds
        pygame.draw.line(surface, (96, 20, 32), (x, L.BAR.y + 10), (x, L.BAR.bottom - 10), 6)
    inner = L.BAR.inflate(-120, -40)
    draw_panel(surface, inner, (40, 6, 12, 235), (*Palette.GOLD, 160), 20)
    name, other = frame.names[seat], frame.names[1 - seat]
    spec = frame.seats[seat]
    room = inner.w - 60
    title = t("duel.curtain.again" if frame.curtain_again else "duel.curtain.pass", name=name)
    draw_fitted(
        surface, title, (640, inner.y + 42), room, 36, Palette.GOLD_LIGHT, True, "center", smallest=24
    )
    peek = spec.peek_key or "?"
    _with_key(
        surface,
        t("duel.curtain.peek", name=name),
        peek,
        (640, inner.y + 102),
        room,
        24,
        Palette.CREAM,
        lit=True,
    )
    # (the other seat a computer player: a phone seat played here hides from the room around the TV)
    away = (
        t("duel.curtain.look_away", other=other, name=name)
        if frame.seats[1 - seat].human
        else t("duel.curtain.look_away_all", name=name)
    )
    draw_fitted(
        surface, away, (640, inner.y + 156), room, 22, Palette.CREAM_DIM, anchor="center", max_lines=2
    )
    if frame.duel.may_challenge and spec.challenge_key:
        _with_key(
            surface,
            t("duel.curtain.challenge", name=name),
            spec.challenge_key,
            (640, inner.bottom - 30),
            room,
            20,
            Palette.CREAM_DIM,
        )


def _with_key(
    surface: pygame.Surface,
    words: str,
    key: str,
    centre: tuple[int, int],
    room: int,
    size: int,
    colour,
    lit: bool = False,
) -> None:
    """A line of words and the key cap after it, centred together on centre."""
    cap_w = keycap_size(key, 18)[0] + 12
    size, line = fit_line(words, room - cap_w, size, READ)
    width = text_width(line, size) + cap_w
    rect = draw_text(surface, line, (centre[0] - width // 2, centre[1]), size, colour, anchor="midleft")
    draw_keycap(surface, key, (rect.right + 12, rect.centery), 18, "midleft", lit=lit)


def _verdict(surface: pygame.Surface, frame: DuelFrame) -> None:
    verdict = frame.stage.show.verdict
    if not verdict:
        return
    winner = verdict["winner"]
    key = "duel.verdict.holds" if verdict["met"] else "duel.verdict.bluff"
    colour = Palette.TRUE if verdict["met"] else Palette.RED_LIGHT
    left = L.BAR.x + 36
    claimant = verdict["claimant"]
    said = you_text(key, claimant == frame.you, name=frame.names[claimant])
    room = L.NEXT_BUTTON.x - left - 24
    draw_fitted(surface, said, (left, L.BAR.y + 42), room, 30, colour, True, "midleft")
    claim = claim_words(verdict["claim"]) if verdict.get("claim") else "—"
    had = claim_words(verdict["had"])
    lines = [t("duel.verdict.claimed", claim=claim), t("duel.verdict.had", had=had)]
    y = L.BAR.y + 76
    for line in lines:
        y = draw_fitted(surface, line, (left, y), room, 21, Palette.CREAM, max_lines=2).bottom + 6
    scores = frame.scores
    need = frame.points_to_win
    champion = frame.match_winner
    if frame.match_over and champion is not None:  # (a match over has its winner)
        result = you_text(
            "duel.verdict.match",
            champion == frame.you,
            name=frame.names[champion],
            a=max(scores),
            b=min(scores),
        )
    else:
        result = you_text(
            "duel.verdict.round",
            winner == frame.you,
            name=frame.names[winner],
            a=scores[0],
            b=scores[1],
            points=need,
        )
    draw_fitted(surface, result, (left, L.BAR.bottom - 34), room, 22, Palette.GOLD_LIGHT, True, "midleft")
    label = t("duel.bar.results") if frame.match_over else t("duel.bar.next_round")
    draw_button(
        surface, L.NEXT_BUTTON, label, "gold", focused=True, live=True, key="Enter", time=frame.time, size=24
    )


def _opening(surface: pygame.Surface, frame: DuelFrame, seat: int) -> None:
    duel = frame.duel
    name = frame.names[seat]
    question = t("duel.opening.ask_you") if not frame.two_people else t("duel.opening.ask", name=name)
    room = L.BAR.w - 60
    draw_fitted(surface, question, (640, L.BAR.y + 42), room, 30, Palette.CREAM, True, "center")
    hint = _opening_hint(frame, seat)
    draw_fitted(
        surface, hint, (640, L.BAR.y + 100), room, 20, Palette.CREAM_DIM, anchor="center", max_lines=2
    )
    moods = duel.allowed_moods
    styles = {Mood.SATISFIED: "dark", Mood.NOT_SATISFIED: "dark", Mood.INDIFFERENT: "dark"}
    for i, (mood, rect) in enumerate(zip(moods, L.mood_rects(len(moods)), strict=True)):
        focused = frame.bar.focus == f"mood{i}"
        draw_button(
            surface,
            rect,
            mood_words(mood),
            styles[mood],
            focused=focused,
            key=str(i + 1),
            time=frame.time,
            size=22,
        )
    keys = t("duel.opening.keys", last=len(moods))  # two answers or three: "Press 1–2", "Press 1–3"
    draw_fitted(surface, keys, (640, L.BAR.bottom - 26), room, READ, Palette.CREAM_DIM, anchor="center")


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
    draw_button(
        surface,
        L.PROPOSE_BUTTON,
        t("duel.bar.propose"),
        "gold",
        focused=focus == "propose",
        enabled="propose" in controls.enabled,
        key="Enter",
        time=frame.time,
        size=26,
    )
    # (a claim too low to propose says why in the middle, where it is built: "not higher than …")
    key = frame.seats[seat].challenge_key
    draw_button(
        surface,
        L.CHALLENGE_BUTTON,
        t("duel.bar.challenge"),
        "red",
        focused=focus == "challenge",
        enabled="challenge" in controls.enabled,
        key=key,
        time=frame.time,
        size=26,
    )
    if not duel.may_challenge:
        reason = "duel.bar.no_challenge_first" if duel.claim is None else "duel.bar.no_challenge_reroll"
        _under(surface, t(reason), L.CHALLENGE_BUTTON, Palette.CREAM_DIM)


def _under(surface: pygame.Surface, text: str, button: pygame.Rect, colour) -> None:
    """A short line right under a button (two where it is long): why it cannot be used now."""
    draw_fitted(
        surface,
        text,
        (button.centerx, button.bottom + 6),
        button.w + 16,
        READ,
        colour,
        True,
        "midtop",
        max_lines=3,
        height=L.UNDER_H,
    )


def _rerolls(surface: pygame.Surface, frame: DuelFrame, seat: int) -> None:
    duel, controls = frame.duel, frame.bar
    block = L.REROLL_BLOCK
    draw_panel(surface, block, (10, 40, 26, 160), (*Palette.GOLD, 60), 18, 1, shadow=False)
    room = block.w - 20
    if duel.must_challenge:  # nothing to roll for: say so and nothing else
        line = (
            t("duel.bar.must_challenge_you")
            if not frame.two_people
            else t("duel.bar.must_challenge", name=frame.names[seat])
        )
        draw_fitted(surface, line, block.center, room, 22, Palette.GOLD_LIGHT, True, "center", max_lines=6)
        return
    rolled = 5 - len(controls.keep)
    if duel.may_reroll:
        label = t("duel.bar.reroll_all") if rolled == 5 else t("duel.bar.reroll", n=rolled)
        if rolled == 0:
            label = t("duel.bar.reroll_none")
    else:
        label = t("duel.bar.reroll_off")
    draw_button(
        surface,
        L.REROLL_BUTTON,
        label,
        "dark",
        focused=controls.focus == "reroll",
        enabled="reroll" in controls.enabled,
        key="Space",
        time=frame.time,
        size=21,
    )
    # the counter under it: words and the number together, on two lines where the language is long
    counter = t("duel.bar.rerolls", used=duel.rerolls_used, most=MAX_REROLLS)
    top = pygame.Rect(block.x + 10, L.REROLL_BUTTON.bottom + 8, room, 46)
    size, lines = fit_lines(counter, room, 20, READ, True, 2)
    if len(lines) == 1:  # and one pip per reroll used, where there is room for them
        draw_text(surface, lines[0], (block.centerx, top.y + 12), size, Palette.CREAM, True, "center")
        for i in range(MAX_REROLLS):
            x = block.centerx - 12 * (MAX_REROLLS - 1) + i * 24
            colour = Palette.GOLD if i < duel.rerolls_used else Palette.GOLD_DARK
            pygame.draw.circle(surface, colour, (x, top.y + 36), 7, 0 if i < duel.rerolls_used else 2)
    else:
        draw_fitted(
            surface, counter, top.center, room, 20, Palette.CREAM, True, "center", max_lines=2, height=top.h
        )
    if duel.claim is None:
        hint = t("duel.bar.hint_first")
    elif not duel.may_reroll:
        hint = t("duel.bar.hint_no_more") if not duel.claim_is_highest else t("duel.bar.hint_must")
    else:
        hint = t("duel.bar.hint_keep")
    box = pygame.Rect(block.x + 8, top.bottom + 6, block.w - 16, block.bottom - 6 - (top.bottom + 6))
    refusal = notice_now(frame, "reroll")  # a refused reroll is said here, in place of the hint
    words, colour, bold = (
        (hint, Palette.CREAM_DIM, False) if refusal is None else (refusal, Palette.RED_LIGHT, True)
    )
    most = box.h // (font(READ, bold).get_linesize() - 2)
    draw_fitted(surface, words, box.center, box.w, READ, colour, bold, "center", max_lines=most, height=box.h)
