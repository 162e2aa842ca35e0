"""Issue 13 in the duel: the claim builder by keys, clicks and pad, and what stays in view."""

import pygame
import pytest
from kit import (
    DUEL,
    MOST_PRESSES,
    app_fixture,
    bar_words,
    click_moves,
    key_moves,
    settle_duel,
    to_bidding,
    versus_computer,
    walk,
)

from bluffhouse.game.dice import claim_values, hand_value
from bluffhouse.game.duel import Phase
from bluffhouse.scenes.duel import layout as L
from bluffhouse.scenes.duel.build_keys import LETTERS, builder_keys, builder_rect
from bluffhouse.scenes.duel.builder import FACES_HIGH_FIRST
from bluffhouse.scenes.duel.paint import LOG_SIZE, log_lines
from bluffhouse.scenes.duel.words import claim_words
from bluffhouse.scenes.howto import CHAPTERS, DUEL_KEYS
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.ui.keys import key_label
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.text import text_width

K = pygame
app = app_fixture(seed=3, first_frame=DUEL.dt, registry="fresh")
press, step, click = DUEL.press, DUEL.step, DUEL.click
SEED_EXAMPLE = "a pair of aces, a pair of threes and a five"


def answering(app):
    """The computer proposed first: Ana answers, with her rerolls still to use."""
    scene = versus_computer(app, first=1)
    for _ in range(12):
        settle_duel(app)
        if scene.frame.acting == 0 and scene.frame.duel.phase is Phase.BIDDING:
            break
        press(app, K.K_1)
    assert scene.frame.acting == 0 and scene.frame.duel.claim is not None and scene.frame.duel.may_reroll
    return scene


def test_four_letters_and_enter_propose_the_seeds_example(app):
    scene = versus_computer(app)
    to_bidding(app, scene)
    press(app, K.K_w, K.K_a, K.K_g, K.K_d)  # two pairs; aces; threes; a five
    assert claim_words(scene.controls.builder.dice) == SEED_EXAMPLE
    assert scene.controls.focus == "propose"
    press(app, K.K_RETURN)
    assert scene.frame.duel.claim == hand_value((1, 1, 3, 3, 5)).dice


def test_four_clicks_and_propose_build_it_with_the_mouse(app):
    scene = versus_computer(app)
    to_bidding(app, scene)
    for rect in (
        L.kind_rect(1),
        L.face_rect(0, 0),
        L.face_rect(1, FACES_HIGH_FIRST.index(3)),
        L.face_rect(2, FACES_HIGH_FIRST.index(5)),
    ):
        click(app, rect.center)
    assert claim_words(scene.controls.builder.dice) == SEED_EXAMPLE
    click(app, L.PROPOSE_BUTTON.center)
    assert scene.frame.duel.claim == hand_value((1, 1, 3, 3, 5)).dice


def pad(app, *moves):
    """A gamepad's d-pad and buttons (SDL's controller events): "up" … "right", "a", "lb", "rb"."""
    dpad = {"up": 11, "down": 12, "left": 13, "right": 14}
    buttons = {"a": 0, "lb": 9, "rb": 10}
    for move in moves:
        code = dpad.get(move, buttons.get(move))
        for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, instance_id=7, button=code))
        step(app, 2)


def test_a_gamepad_builds_and_proposes_with_the_dpad_and_buttons(app):
    scene = versus_computer(app)
    to_bidding(app, scene)
    controls = scene.controls
    pad(app, "left")  # from Propose into the builder
    assert controls.focus.startswith("face") or controls.focus.startswith("kind")
    for _ in range(8):  # over the faces to the list of kinds
        if not controls.focus.startswith("face"):
            break
        pad(app, "left")
    assert controls.focus.startswith("kind") or controls.focus in ("mine", "lowest")
    for _ in range(12):  # five of a kind: down the list (up from the shortcuts under it)
        if controls.focus == "kind7":
            break
        pad(app, "up" if controls.focus in ("mine", "lowest") else "down")
    pad(app, "a")
    assert controls.builder.category.name == "FIVE_OF_A_KIND" and controls.focus.startswith("face0.")
    while controls.focus != "face0.1":
        pad(app, "left")
    pad(app, "a")
    assert claim_words(controls.builder.dice) == "five aces"
    pad(app, "rb")  # the shoulder buttons change the kind: RB on (there is none above five), LB back
    assert controls.builder.category.name == "FIVE_OF_A_KIND"
    pad(app, "lb")
    assert controls.builder.category.name == "FOUR_OF_A_KIND"
    while controls.focus != "propose":
        pad(app, "right")
    pad(app, "a")
    assert (
        scene.frame.duel.claim is not None
        and hand_value(scene.frame.duel.claim).category.name == "FOUR_OF_A_KIND"
    )


def test_a_claim_not_higher_is_marked_and_propose_says_why(app, monkeypatch):
    scene = answering(app)
    controls = scene.controls
    assert scene.frame.duel.claim == (5, 5, 1, 3, 2)  # the computer's claim: a pair of fives
    press(app, K.K_q, K.K_h)  # one pair; of twos: lower whatever the kickers
    builder = controls.builder
    assert not builder.legal and not controls.enabled("propose")
    words = bar_words(scene, monkeypatch)
    name = scene.names[1]
    assert f"Not higher than {name}'s claim" in words  # where the claim is built, in the middle
    app.toasts.clear()
    before = scene.frame.duel.claim
    press(app, K.K_RETURN)  # refused, said in the builder: never a silent no
    assert scene.frame.duel.claim == before and scene.frame.duel.turn == 0
    assert controls.notice is not None and t(controls.notice[0]).startswith("Not higher")  # told when drawn


# The builder's keys that are not letters: Page Down/Up, Home, End.
PAGE_KEYS = {"kind_next": K.K_PAGEDOWN, "kind_back": K.K_PAGEUP, "lowest": K.K_HOME, "highest": K.K_END}


def replay(app, scene, path, device):
    """From the builder's start (as a turn begins), each move of `path` as a real key press or a
    real click on its chip, one frame apiece; returns the claim the screen's builder holds."""
    controls = scene.controls
    controls.new_turn()
    step(app)  # the frame's update gives the turn a fresh builder, at its start
    for move in path:
        if device == "keys":
            key = controls.keys.get(move, PAGE_KEYS.get(move))
            events = [pygame.event.Event(kind, key=key, mod=0) for kind in (pygame.KEYDOWN, pygame.KEYUP)]
        else:
            pos = builder_rect(move).center
            events = [
                pygame.event.Event(kind, pos=pos, button=1)
                for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            ]
        for event in events:
            pygame.event.post(event)
        step(app)
    return controls.builder.value


@pytest.mark.parametrize(
    "turn, device",
    [  # the fast tier: each device and each turn once
        ("first", "keys"),
        ("answering", "clicks"),
        pytest.param("first", "clicks", marks=pytest.mark.heavy),
        pytest.param("answering", "keys", marks=pytest.mark.heavy),
    ],
)
def test_every_claim_is_built_on_screen_by_at_most_four_real_presses_or_clicks(app, device, turn):
    """The walk of test_duel_builder, replayed on the duel screen: each legal claim's shortest
    sequence becomes that many key presses (the letters, Page Up/Down, Home, End) or clicks on
    the chips' places, and the screen's builder then holds exactly that claim, ready to propose."""
    scene = answering(app) if turn == "answering" else versus_computer(app)
    if turn == "first":
        to_bidding(app, scene)
    to_beat, own = scene.frame.duel.claim, scene.duel.dice(0)
    paths = walk(to_beat, own, key_moves if device == "keys" else click_moves)
    legal = [v for v in claim_values() if to_beat is None or v > hand_value(to_beat)]
    assert len(legal) == (248 if to_beat is None else 248 - 1 - claim_values().index(hand_value(to_beat)))
    assert set(legal) <= paths.keys()
    for value in legal:
        path = paths[value]
        assert len(path) <= MOST_PRESSES
        assert replay(app, scene, path, device) == value, (path, value)
        assert scene.controls.enabled("propose")
    if device == "keys":  # the last one built is proposed: Enter after a key, a click on Propose
        press(app, K.K_RETURN)
    else:
        click(app, L.PROPOSE_BUTTON.center)
    assert scene.frame.duel.claim == legal[-1].dice


def test_my_dice_is_one_press(app):
    scene = versus_computer(app)
    to_bidding(app, scene)
    press(app, K.K_i, K.K_z)  # five of a kind, then my dice
    own = scene.duel.dice(0)
    assert scene.controls.builder.dice == hand_value(own).dice


def test_the_own_hand_stays_named_beside_the_keep_keys_when_answering(app, monkeypatch):
    scene = answering(app)
    import bluffhouse.scenes.duel.paint as paint

    caps: list[str] = []
    real = paint.draw_keycap

    def spy(surface, label, *args, **kwargs):
        caps.append(label)
        return real(surface, label, *args, **kwargs)

    monkeypatch.setattr(paint, "draw_keycap", spy)
    words = bar_words(scene, monkeypatch)
    assert claim_words(scene.duel.dice(0)) in words
    assert [c for c in caps if c in "12345"] == ["1", "2", "3", "4", "5"]


def test_how_to_play_lists_the_duels_keys_as_the_builder_has_them():
    caps = dict(DUEL_KEYS)
    assert {"1–5", "Space", "Enter", "PgUp PgDn", "↑↓←→"} <= caps.keys()
    defaults = dict(LETTERS)
    first, last = key_label(defaults["kind0"]), key_label(defaults["kind7"])
    assert f"{first}–{last}" in caps
    assert f"{key_label(defaults['face.1'])}–{key_label(defaults['face.2'])}" in caps
    assert key_label(defaults["mine"]) in caps and key_label(defaults["lowest"]) in caps
    assert builder_keys(set()) == defaults  # nobody owns a letter: the defaults are the keys
    assert [page for page, _ in CHAPTERS["controls"]] == ["keys", "duel"]


def test_log_lines_wrap_whole_and_never_cut_a_claim():
    long = "Ben: " + SEED_EXAMPLE + " with a flourish and a wink across the table"
    log = ["Ana rolled higher and proposes first", "Ana: Satisfied", long]
    lines = log_lines(log, 300, 0, 400)
    assert all(text_width(line, LOG_SIZE) <= 300 for line, _, _ in lines)
    newest = " ".join(line for line, _, _ in reversed(lines[: len(lines)]) if line in long)
    assert newest == long and not any("…" in line for line, _, _ in lines)
    few = log_lines(log, 300, 330, 400)  # room for the newest entry only: older ones wait whole
    assert " ".join(line for line, _, _ in reversed(few)) == long


def test_to_beat_goes_once_the_round_is_over(app, monkeypatch):
    scene = answering(app)
    assert any(w.startswith("TO BEAT") for w in bar_words(scene, monkeypatch))
    click(app, L.CHALLENGE_BUTTON.center)
    settle_duel(app)
    assert scene.frame.duel.phase is Phase.OVER
    words = bar_words(scene, monkeypatch)
    assert not any("TO BEAT" in w for w in words)
    assert f"{scene.names[1]} claimed".upper() in words


def test_a_toast_never_covers_the_builder_or_the_claim_being_built(app):
    scene = versus_computer(app)
    to_bidding(app, scene)
    app.toast("A long message that wraps over more than one line of the screen, " * 3)
    app.toast("Pad 1 connected")
    for rect in app.toast_rects():
        assert not rect.colliderect(L.BUILDER) and not rect.colliderect(L.PREVIEW)
        assert not rect.colliderect(L.BAR)
    assert len(app.toast_rects()) == 2


def test_tab_and_arrows_reach_every_chip_and_a_stale_focus_goes_home(app):
    scene = versus_computer(app)
    to_bidding(app, scene)
    controls = scene.controls
    seen = set()
    for _ in range(60):
        controls.handle(Intent("tab"))
        seen.add(controls.focus)
    assert {"kind0", "kind7", "mine", "lowest", "propose"} <= seen
    assert any(item.startswith("face0.") for item in seen)
    press(app, K.K_e)  # three of a kind: two parts
    controls.focus = "face1.6"
    press(app, K.K_r)  # a straight has no parts: the focus goes back to Propose
    assert controls.focus == "propose"
    step(app)


@pytest.mark.draws
def test_a_squeezed_proposition_panel_keeps_its_words_off_its_dice(app, monkeypatch):
    """The panel of the claim being built (the coach's lines now go to one's own side, so it keeps
    its height): its words and its dice are stacked, never drawn over each other (a Spanish
    playtest saw that), down to a panel shorter than it is."""
    import bluffhouse.scenes.duel.build_paint as build_paint
    from bluffhouse.scenes.ui import text

    scene = answering(app)
    press(app, K.K_u, K.K_a)  # four of a kind: the builder holds a claim to show
    assert not scene.controls.builder.empty
    words: list[pygame.Rect] = []
    dice: list[pygame.Rect] = []
    real_rows = build_paint.L.row_rects

    def rows(center, size, count=5):
        dice.extend(real_rows(center, size, count))
        return dice[-count:]

    monkeypatch.setattr(build_paint.L, "row_rects", rows)
    spoken = claim_words(scene.controls.builder.dice)

    def watch(drawn):
        if drawn.words and drawn.words in spoken:
            words.append(drawn.rect)

    monkeypatch.setattr(text, "WATCHERS", [*text.WATCHERS, watch])
    for height in (L.PREVIEW.h - 20, L.PREVIEW.h - 10, L.PREVIEW.h):
        words.clear(), dice.clear()
        box = pygame.Rect(L.PREVIEW.x, L.PREVIEW.y, L.PREVIEW.w, height)
        build_paint.draw_preview(pygame.Surface((1280, 720)), scene.frame, box)
        assert words and len(dice) == 5
        assert not any(die.colliderect(line) for die in dice for line in words), height
        assert all(box.contains(die) for die in dice)


def test_a_reroll_tumbles_the_rerolled_dice_in_front_of_their_owner(app, monkeypatch):
    import bluffhouse.scenes.duel.paint as paint

    scene = answering(app)
    tumbled: set[tuple[int, int]] = set()
    real = paint.tumble_face
    monkeypatch.setattr(
        paint, "tumble_face", lambda time, seat, i: tumbled.add((seat, i)) or real(time, seat, i)
    )
    press(app, K.K_1)  # keep the first die, roll the other four again
    assert scene.controls.keep == {0}
    for kind in (pygame.KEYDOWN, pygame.KEYUP):  # Space rerolls: one frame, not settled after
        pygame.event.post(pygame.event.Event(kind, key=K.K_SPACE, mod=0, unicode=" "))
    app.step(1 / 20)
    assert scene.frame.duel.rerolls_used == 1 and scene.frame.stage.busy
    for _ in range(60):  # the shake painted: her own four dice spin where she can see them
        if not scene.frame.stage.busy:
            break
        app.step(1 / 20, draw=True)
    assert tumbled == {(0, 1), (0, 2), (0, 3), (0, 4)}
