"""The duel's action bar: what the person to act may press, click or scroll, and what it does."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.duel import Phase
from scenes import duel_layout as L
from scenes.duel_picker import ClaimPicker
from scenes.input import Intent, key_label
from scenes.text import t

if TYPE_CHECKING:
    from scenes.dice_duel import DuelScene

# The picker's letter shortcuts, each with spare letters in case a player owns the first.
SHORTCUT_KEYS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("next", (pygame.K_n, pygame.K_j, pygame.K_b)),
    ("higher", (pygame.K_h, pygame.K_u, pygame.K_g)),
    ("kind", (pygame.K_k, pygame.K_l, pygame.K_o)),
    ("mine", (pygame.K_d, pygame.K_y, pygame.K_i)),
)
DICE_ITEMS = tuple(f"die{i}" for i in range(5))
BID_ITEMS = (*DICE_ITEMS, "reroll", "propose", "challenge")


class Controls:
    """Focus, kept dice and the claim picker of the person whose turn it is."""

    def __init__(self, scene: DuelScene) -> None:
        """Pick shortcut letters nobody has taken as a challenge or peek key."""
        self.scene = scene
        taken = {s.code for s in scene.app.input.bindings if s.device == "key"}
        self.keys: dict[str, int] = {}
        for action, candidates in SHORTCUT_KEYS:
            free = [c for c in candidates if c not in taken and c not in self.keys.values()]
            if free:
                self.keys[action] = free[0]
        self.picker: ClaimPicker | None = None
        self.keep: set[int] = set()
        self.focus = "propose"
        self.notice: tuple[str, float] | None = None  # a refusal shown in the reroll panel, since when
        self.offer: tuple | None = None  # what may be done now; focus resets when it changes

    # -- state -------------------------------------------------------------------------

    def new_turn(self) -> None:
        """The turn passed (or a curtain lifted): fresh picker, nothing kept."""
        self.picker = None
        self.keep = set()
        self.notice = None
        self.focus = self._default_focus()
        self.offer = None

    def sync(self) -> None:
        """Keep the focus on a visible, legal control whenever the set of possible actions changes."""
        scene, duel = self.scene, self.scene.duel
        offer = (scene.acting, duel.phase, duel.turn, tuple(duel.allowed_moods), duel.may_reroll,
                 duel.may_propose, duel.may_challenge, duel.must_challenge)  # fmt: skip
        if offer == self.offer:
            return
        self.offer = offer
        items = self.items()
        if self.focus not in items or not self.enabled(self.focus):
            self.focus = self._default_focus()

    def _default_focus(self) -> str:
        duel = self.scene.duel
        if duel.phase is Phase.OPENING:
            return "mood0"
        if duel.must_challenge or not duel.may_propose:
            return "challenge"
        return "propose"

    def refresh(self) -> None:
        """Keep the picker in step with the claim to beat and the acting person's dice."""
        seat = self.scene.acting
        duel = self.scene.duel
        if seat is None or duel.phase is not Phase.BIDDING:
            return
        dice = duel.dice(seat)
        if self.picker is None or self.picker.to_beat != (tuple(duel.claim) if duel.claim else None):
            self.picker = ClaimPicker(duel.claim, dice)
        elif self.picker.own != dice:
            self.picker.set_own(dice)

    def shortcut_labels(self) -> list[tuple[str, str, str]]:
        """(action, key cap, words) for the picker's shortcut chips."""
        first = self.scene.duel.claim is None  # before any claim "next" is the lowest claim
        words = {a: t("duel.pick.lowest" if first and a == "next" else f"duel.pick.{a}") for a in self.keys}
        return [(action, key_label(code), words[action]) for action, code in self.keys.items()]

    def enabled(self, item: str) -> bool:
        """Whether a control of the bar may be used now."""
        duel = self.scene.duel
        if item.startswith("mood"):
            return int(item[4:]) < len(duel.allowed_moods)
        if item.startswith("die") or item == "reroll":
            if not duel.may_reroll:
                return False
            return item != "reroll" or len(self.keep) < 5
        if item == "propose":
            return duel.may_propose and self.picker is not None and not self.picker.empty
        if item == "challenge":
            return duel.may_challenge
        return False

    def items(self) -> tuple[str, ...]:
        """The controls in left-to-right order for the arrow keys."""
        duel = self.scene.duel
        if duel.phase is Phase.OPENING:
            return tuple(f"mood{i}" for i in range(len(duel.allowed_moods)))
        return BID_ITEMS

    # -- intents -----------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """Route an intent of the action bar; True when used."""
        scene, kind = self.scene, intent.kind
        duel = scene.duel
        if duel.phase is Phase.OVER:
            clicked = kind == "click" and intent.pos and L.NEXT_BUTTON.collidepoint(intent.pos)
            if kind in ("confirm", "select") or clicked:
                scene.next_round()
                return True
            return False
        if scene.curtain_for is not None:
            if kind in ("confirm", "select", "click"):
                scene.curtain_refusal()  # shared keys and clicks never lift a curtain
                return True
            return False
        seat = scene.acting
        if seat is None:
            return False
        if kind != "motion" and not scene.views.may_act(seat, scene.views.by(seat, intent.player)):
            return kind != "click"  # another person's key, or too soon after the hand-over
        self.sync()
        self.refresh()
        if kind in ("motion", "click") and intent.pos is not None:
            item = self.item_at(intent.pos)
            if item is not None and self.enabled(item):
                self.focus = item
            if kind == "motion":
                return item is not None
            return self._click(seat, intent.pos, item)
        if kind in ("left", "right", "tab"):
            self._move(-1 if kind == "left" or (kind == "tab" and intent.value < 0) else 1)
            return True
        if duel.phase is Phase.OPENING:
            if kind == "digit" and 1 <= intent.value <= len(duel.allowed_moods):
                return scene.declare(seat, duel.allowed_moods[intent.value - 1])
            if kind in ("confirm", "select") and self.focus.startswith("mood"):
                return self.activate(seat, self.focus)
            return False
        return self._bidding_key(seat, intent)

    def _bidding_key(self, seat: int, intent: Intent) -> bool:
        kind, picker = intent.kind, self.picker
        if kind in ("up", "down", "wheel") and picker is not None:
            delta = intent.value if kind == "wheel" else (1 if kind == "up" else -1)
            self._moved(picker.step(delta))
        elif kind in ("page_up", "page_down") and picker is not None:
            self._moved(picker.page(1 if kind == "page_up" else -1))
        elif kind == "home" and picker is not None:
            self._moved(picker.next_claim())
        elif kind == "digit" and 1 <= intent.value <= 5:
            self.activate(seat, f"die{intent.value - 1}")
        elif kind == "select":
            self.activate(seat, "reroll")
        elif kind == "confirm":
            self.activate(seat, self.focus)
        elif kind == "unbound_key" and intent.source is not None:
            action = next((a for a, code in self.keys.items() if code == intent.source.code), None)
            if action is None:
                return False
            self.shortcut(action)
        else:
            return False
        return True

    def shortcut(self, action: str) -> None:
        """Run one of the picker's shortcuts."""
        picker = self.picker
        if picker is None or picker.empty:
            return
        if action == "mine":
            if not picker.mine():
                self.scene.app.toast(t("duel.toast.mine_too_low"))
                self.scene.app.sound.play("tock")
                return
            self._moved(True)
        else:
            moves = {"next": picker.next_claim, "higher": picker.raise_main, "kind": picker.next_kind}
            self._moved(moves[action]())
        self.focus = "propose"

    def _moved(self, moved: bool) -> None:
        self.scene.app.sound.play("tick" if moved else "tock", 0.6 if moved else 0.4)

    def _move(self, delta: int) -> None:
        items = self.items()
        if self.focus not in items:
            self.focus = items[0]
        start = items.index(self.focus)
        for step in range(1, len(items) + 1):
            item = items[(start + delta * step) % len(items)]
            if self.enabled(item):
                self.focus = item
                self.scene.app.sound.play("tick", 0.5)
                return

    def activate(self, seat: int, item: str) -> bool:
        """Use one control: a die toggles, the buttons act."""
        scene, duel = self.scene, self.scene.duel
        if not self.enabled(item):
            if item.startswith("die") or item == "reroll":
                reason = "duel.toast.no_reroll_first" if duel.claim is None else "duel.toast.no_rerolls"
                if duel.may_reroll:
                    reason = "duel.toast.keep_fewer"
                self.notice = (t(reason), scene.time)  # said in the reroll panel, not over the picker
            elif item == "challenge":
                scene.challenge_key(seat)
                return True
            scene.app.sound.play("tock")
            return True
        if item.startswith("mood"):
            return scene.declare(seat, duel.allowed_moods[int(item[4:])])
        if item.startswith("die"):
            index = int(item[3:])
            self.keep ^= {index}
            scene.app.sound.play("click", 0.6)
            return True
        if item == "reroll":
            return scene.reroll(seat, self.keep)
        if item == "propose":
            assert self.picker is not None
            return scene.propose(seat, self.picker.selected)
        return scene.challenge(seat)

    # -- the mouse ---------------------------------------------------------------------

    def item_at(self, pos: tuple[int, int]) -> str | None:
        """The control under the mouse, if any."""
        scene, duel = self.scene, self.scene.duel
        if duel.phase is Phase.OPENING:
            for i, rect in enumerate(L.mood_rects(len(duel.allowed_moods))):
                if rect.collidepoint(pos):
                    return f"mood{i}"
            return None
        seat = scene.acting
        if seat is not None:
            for i in range(5):
                if L.die_rect(seat, i).collidepoint(pos):
                    return f"die{i}"
        for item, rect in (("reroll", L.REROLL_BUTTON), ("propose", L.PROPOSE_BUTTON),
                           ("challenge", L.CHALLENGE_BUTTON)):  # fmt: skip
            if rect.collidepoint(pos):
                return item
        return None

    def _click(self, seat: int, pos: tuple[int, int], item: str | None) -> bool:
        picker = self.picker
        if item is not None:
            return self.activate(seat, item)
        if picker is not None and self.scene.duel.phase is Phase.BIDDING:
            if L.PICK_UP.collidepoint(pos):
                self._moved(picker.step(1))
                return True
            if L.PICK_DOWN.collidepoint(pos):
                self._moved(picker.step(-1))
                return True
            labels = [(key, words) for _, key, words in self.shortcut_labels()]
            for (action, _, _), rect in zip(self.shortcut_labels(), L.shortcut_rects(labels),
                                            strict=True):  # fmt: skip
                if rect.collidepoint(pos):
                    self.shortcut(action)
                    return True
        return False
