"""The duel's action bar: what the person to act may press, click or scroll, and what it asks.

The bar keeps its own focus, kept dice and claim builder. It reads the round from the
frame's DuelFacts (given by update() once per frame) and answers a press with a Command for
the screen to carry out; it never reaches into the screen or the engine.

The arrow keys and a pad's d-pad move the focus over the bar as it is laid out; Enter (✕/A)
uses the focused control. Page Down/Up (RB/LB, the wheel) go to the next or previous kind, Home
builds the lowest claim that beats the claim to beat, End five aces; the builder's letters
(scenes.duel.build_keys) choose a kind or a face at once and leave the focus on Propose.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from bluffhouse.game.duel import Phase
from bluffhouse.scenes.duel import layout as L
from bluffhouse.scenes.duel.build_keys import (
    builder_items,
    builder_keys,
    builder_rect,
    builder_usable,
    face_item,
    key_move,
    use,
)
from bluffhouse.scenes.duel.builder import ClaimBuilder
from bluffhouse.scenes.duel.frame import BarLook, DuelFacts
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.ui.keys import key_label
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.nav import nearest

DICE_ITEMS = tuple(f"die{i}" for i in range(5))
BUTTON_ITEMS = ("reroll", "propose", "challenge")
MOOD_ITEMS = ("mood0", "mood1", "mood2")


@dataclass(frozen=True, slots=True)
class Command:
    """What a press on the bar asks the screen to do, for whom, from whose key."""

    kind: str  # "declare" | "reroll" | "propose" | "challenge" | "next_round" | "curtain"
    seat: int | None = None
    value: object = None  # the mood, the kept dice, the claimed dice
    player: int | None = None  # the key's owner (None: a shared key or the mouse)


class Controls:
    """Focus, kept dice and the claim builder of the person whose turn it is."""

    def __init__(
        self,
        taken: set[int],
        sound: Callable[..., None],
        say: Callable[[str], None],
        may_act: Callable[[int, int | None], bool],
    ) -> None:
        """taken: key codes people own (the builder's letters avoid them); sound(name, volume),
        say(text) and may_act(seat, player) are the app's and the flow's services."""
        self.sound, self.say, self.may_act = sound, say, may_act
        self.keys: dict[str, int] = builder_keys(taken)
        self.builder: ClaimBuilder | None = None
        self.keep: set[int] = set()
        self.focus = "propose"
        self.notice: tuple[str, float, str] | None = None  # a refusal: its key, since when, where
        self.offer: tuple | None = None  # what may be done now; focus resets when it changes
        self.duel: DuelFacts | None = None
        self.acting: int | None = None
        self.curtain: int | None = None
        self.now = 0.0
        self.player: int | None = None  # whose key the press being handled came from

    # -- state -------------------------------------------------------------------------

    def update(self, duel: DuelFacts, acting: int | None, curtain: int | None, dice, now: float) -> None:
        """The round as the bar sees it this frame; dice: the acting person's own dice, or None."""
        self.duel, self.acting, self.curtain, self.now = duel, acting, curtain, now
        if acting is not None and duel.phase is Phase.BIDDING and dice is not None:
            to_beat = tuple(duel.claim) if duel.claim else None
            if self.builder is None or self.builder.to_beat != to_beat:
                self.builder = ClaimBuilder(duel.claim, dice)
            elif self.builder.own != dice:
                self.builder.set_own(dice)
        offer = (
            acting,
            duel.phase,
            duel.turn,
            duel.allowed_moods,
            duel.may_reroll,
            duel.may_propose,
            duel.may_challenge,
            duel.must_challenge,
        )
        if offer != self.offer:
            # Whenever the set of possible actions changes, the focus goes to a visible, legal one.
            self.offer = offer
            if self.focus not in self.items() or not self.enabled(self.focus):
                self.focus = self._default_focus()

    @property
    def facts(self) -> DuelFacts:
        """The round as the bar saw it at the last update (which comes before any press or look)."""
        if self.duel is None:
            raise RuntimeError("the action bar has no round before its first update")
        return self.duel

    def new_turn(self) -> None:
        """The turn passed (or a curtain lifted): a fresh builder, nothing kept."""
        self.builder = None
        self.keep = set()
        self.notice = None
        self.offer = None
        if self.duel is not None:
            self.focus = self._default_focus()

    def look(self) -> BarLook:
        """The bar's state for the painters of this frame."""
        items = self.items() if self.duel is not None else ()
        enabled = frozenset(item for item in items if self.enabled(item))
        keys = tuple((action, key_label(code)) for action, code in self.keys.items())
        notice = None if self.notice is None else (t(self.notice[0]), *self.notice[1:])
        return BarLook(self.focus, frozenset(self.keep), self.builder, notice, keys, enabled)

    def _default_focus(self) -> str:
        duel = self.facts
        if duel.phase is Phase.OPENING:
            return "mood0"
        if duel.must_challenge or not duel.may_propose:
            return "challenge"
        return "propose"

    def enabled(self, item: str) -> bool:
        """Whether a control of the bar may be used now."""
        duel = self.facts
        if item.startswith("mood"):
            return duel.phase is Phase.OPENING and int(item[4:]) < len(duel.allowed_moods)
        if item.startswith("die") or item == "reroll":
            if not duel.may_reroll:
                return False
            return item != "reroll" or len(self.keep) <= duel.most_kept  # the engine's limit
        if item == "propose":
            return duel.may_propose and self.builder is not None and self.builder.legal
        if item == "challenge":
            return duel.may_challenge
        return duel.may_propose and builder_usable(self.builder, item)

    def items(self) -> tuple[str, ...]:
        """The controls in reading order (Tab goes through them in this order)."""
        duel = self.facts
        if duel.phase is Phase.OPENING:
            return tuple(f"mood{i}" for i in range(len(duel.allowed_moods)))
        return (*DICE_ITEMS, "reroll", *builder_items(self.builder), "propose", "challenge")

    def rect_of(self, item: str) -> pygame.Rect | None:
        """Where a control is on screen (for the arrow keys and the mouse)."""
        if item.startswith("die"):
            return L.die_rect(self.acting, int(item[3:])) if self.acting is not None else None
        if item.startswith("mood"):
            rects = L.mood_rects(len(self.facts.allowed_moods))
            index = int(item[4:])
            return rects[index] if index < len(rects) else None
        buttons = {"reroll": L.REROLL_BUTTON, "propose": L.PROPOSE_BUTTON, "challenge": L.CHALLENGE_BUTTON}
        return buttons.get(item) or builder_rect(item)

    # -- intents -----------------------------------------------------------------------

    def handle(self, intent: Intent) -> tuple[bool, Command | None]:
        """Route an intent of the action bar: (used, what the screen should do, if anything)."""
        kind, duel = intent.kind, self.duel
        if duel is None:
            return False, None
        if duel.phase is Phase.OVER:
            clicked = kind == "click" and intent.pos and L.NEXT_BUTTON.collidepoint(intent.pos)
            if kind in ("confirm", "select") or clicked:
                return True, Command("next_round", player=intent.player)
            return False, None
        if self.curtain is not None:
            if kind in ("confirm", "select", "click"):
                return True, Command("curtain")  # shared keys and clicks never lift a curtain
            return False, None
        seat = self.acting
        if seat is None:
            return False, None
        if kind != "motion" and not self.may_act(seat, intent.player):
            return kind != "click", None  # another person's key, or too soon after the hand-over
        self.player = intent.player
        if kind in ("motion", "click") and intent.pos is not None:
            item = self.item_at(intent.pos)
            if item is not None and self.enabled(item):
                self.focus = item
            if kind == "motion":
                return item is not None, None
            return self.activate(seat, item)
        if kind in ("left", "right", "up", "down"):
            self._nav(kind)
            return True, None
        if kind == "tab":
            self._move(-1 if intent.value < 0 else 1)
            return True, None
        if duel.phase is Phase.OPENING:
            if kind == "digit" and 1 <= intent.value <= len(duel.allowed_moods):
                return True, Command("declare", seat, duel.allowed_moods[intent.value - 1], intent.player)
            if kind in ("confirm", "select") and self.focus.startswith("mood"):
                return self.activate(seat, self.focus)
            return False, None
        return self._bidding_key(seat, intent)

    def _bidding_key(self, seat: int, intent: Intent) -> tuple[bool, Command | None]:
        used = self._bidding_move(seat, intent)
        if self.focus not in self.items():  # a chip of a part the new kind of hand lacks
            self.focus = "propose" if self.enabled("propose") else self._default_focus()
        return used

    def _bidding_move(self, seat: int, intent: Intent) -> tuple[bool, Command | None]:
        kind, builder = intent.kind, self.builder
        if kind == "digit" and 1 <= intent.value <= 5:
            return self.activate(seat, f"die{intent.value - 1}")
        if kind == "select":
            return self.activate(seat, "reroll")
        if kind == "confirm":
            chip = self.focus if self.enabled(self.focus) else None
            used = self.activate(seat, self.focus)
            if chip is not None:
                self._follow(chip)
            return used
        if builder is None or builder.empty or not self.facts.may_propose:
            return False, None
        if kind in ("page_up", "page_down", "wheel"):
            # the kinds are laid out lowest first: Page Down, RB and the wheel down go on to the next
            on = intent.value < 0 if kind == "wheel" else kind == "page_down"
            self.key(builder, "kind_next" if on else "kind_back")
        elif kind in ("home", "end"):
            self.key(builder, "lowest" if kind == "home" else "highest")
        elif kind == "unbound_key" and intent.source is not None and intent.source.device == "key":
            action = next((a for a, code in self.keys.items() if code == intent.source.code), None)
            if action is None:
                return False, None
            self.key(builder, action)
        else:
            return False, None
        # A key that builds at once leaves Enter to propose (or to say why not); a pad's shoulder
        # buttons leave the d-pad on the first part's faces, where a pad goes next.
        self.focus = "propose"
        if intent.source is not None and intent.source.device == "pad" and builder.rows:
            builder.focus_row(0)
            self.focus = face_item(0, builder.parts[0].lit[-1])
        return True, None

    def key(self, builder: ClaimBuilder, move: str) -> None:
        """One of the builder's keys (a letter, Page Up/Down, Home, End); a refusal says why."""
        moved = key_move(builder, move)
        if moved is None:
            if move == "mine":
                words = "duel.toast.mine_too_low"
            else:
                words = "duel.build.no_faces" if not builder.rows else "duel.build.taken"
            self._refuse(words)
            return
        self._moved(moved)

    def _refuse(self, key: str, where: str = "builder") -> None:
        self.notice = (key, self.now, where)  # said in the language of the moment it is drawn
        self.sound("tock")

    def _moved(self, moved: bool) -> None:
        self.sound("tick" if moved else "tock", 0.6 if moved else 0.4)

    def _move(self, delta: int) -> None:
        """Tab: the next usable control in reading order."""
        items = self.items()
        if self.focus not in items:
            self.focus = items[0]
        start = items.index(self.focus)
        for step in range(1, len(items) + 1):
            item = items[(start + delta * step) % len(items)]
            if self.enabled(item):
                self._focus(item)
                return

    def _nav(self, direction: str) -> None:
        """An arrow or the d-pad: the nearest usable control that way, as the bar is laid out."""
        rects = {
            item: rect
            for item in self.items()
            if self.enabled(item) or item == self.focus
            for rect in [self.rect_of(item)]
            if rect is not None
        }
        if self.focus not in rects:
            self.focus = self._default_focus()
            self.sound("tick", 0.5)
            return
        target = nearest(rects, self.focus, direction)
        if target is None:
            self.sound("tock", 0.3)
            return
        self._focus(target)

    def _follow(self, item: str) -> None:
        """After Enter (✕/A) on a chip the focus moves on to what comes next, as the face keys
        do: from a kind to its first part, from a one-face part to the next part's face."""
        builder = self.builder
        if builder is None or builder.empty or not (item.startswith("kind") or item.startswith("face")):
            return
        rows = builder.rows
        if not rows:
            self.focus = "propose"
            return
        index = builder.active
        if item.startswith("face"):
            row = int(item[4 : item.index(".")])
            if rows[row].size > 1 or row + 1 >= len(rows):
                return  # kickers take several presses; the last part is where the focus stays
            index = row + 1
        builder.focus_row(index)
        self.focus = face_item(index, builder.parts[index].lit[-1])

    def _focus(self, item: str) -> None:
        self.focus = item
        if item.startswith("face") and self.builder is not None:
            self.builder.focus_row(int(item[4 : item.index(".")]))  # the letters follow the eyes
        self.sound("tick", 0.5)

    def activate(self, seat: int, item: str | None) -> tuple[bool, Command | None]:
        """Use one control: a die toggles, a chip builds, the buttons ask the screen to act."""
        duel, player, builder = self.facts, self.player, self.builder
        if item is None:
            return False, None
        if not self.enabled(item):
            if item.startswith("die") or item == "reroll":
                reason = "duel.toast.no_reroll_first" if duel.claim is None else "duel.toast.no_rerolls"
                if duel.may_reroll:
                    reason = "duel.toast.keep_fewer"
                self._refuse(reason, "reroll")  # said in the reroll panel, not over the builder
            elif item == "challenge":
                return True, Command("challenge", seat, player=player)  # the engine says why not
            elif item == "propose" and self.builder is not None and not self.builder.empty:
                self._refuse("duel.build.too_low_refused")
            elif item == "mine" and self.builder is not None:
                self._refuse("duel.toast.mine_too_low")
            elif item.startswith("face") and self.builder is not None and self.builder.rows:
                self._refuse("duel.build.taken")
            else:
                self.sound("tock")
            return True, None
        if item.startswith("mood"):
            return True, Command("declare", seat, duel.allowed_moods[int(item[4:])], player)
        if item.startswith("die"):
            self.keep ^= {int(item[3:])}
            self.sound("click", 0.6)
            return True, None
        if item == "reroll":
            return True, Command("reroll", seat, tuple(sorted(self.keep)), player)
        if item == "propose" and builder is not None:  # (enabled: a legal claim is built)
            return True, Command("propose", seat, builder.selected, player)
        if item == "challenge":
            return True, Command("challenge", seat, player=player)
        if builder is not None:  # (enabled: a chip of the builder)
            self._moved(use(builder, item))
        return True, None

    # -- the mouse ---------------------------------------------------------------------

    def item_at(self, pos: tuple[int, int]) -> str | None:
        """The control under the mouse, if any."""
        for item in self.items():
            rect = self.rect_of(item)
            if rect is not None and rect.collidepoint(pos):
                return item
        return None
