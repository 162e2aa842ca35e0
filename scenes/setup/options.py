"""The rule options of the set-up screen: a Stepper per option, with a line on what it does."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.setup.deal import DealStepper
from scenes.setup.model import OPTIONS, SetupDraft, options_for
from scenes.setup.seats import DEAL_TOP, SEAT_PANEL
from scenes.ui.lang import t
from scenes.ui.palette import Palette
from scenes.ui.text import draw_fitted
from scenes.ui.widgets import Stepper

RULES_PANEL = pygame.Rect(720, 78, 528, 502)
STEPPER_W, STEPPER_H, BLOCK = 492, 40, 66
STEPPERS_TOP = RULES_PANEL.y + 70


def value_text(name: str, value: Any) -> str:
    """How an option's value is shown: "None", "3", "On", "2 s", "Anyone"."""
    if name == "bullets_per_player":
        return t("setup.opt.none") if value == 0 else str(value)
    if name == "jokers":
        return t("setup.opt.on") if value else t("setup.opt.off")
    if name == "rounds":
        return str(value)
    if name == "challenge_window":
        return t("setup.opt.seconds", n=int(value))
    return t(f"setup.opt.{name}.{value}")


def explanation(name: str, value: Any) -> str:
    """The one-line explanation of an option at its current value."""
    if name == "bullets_per_player":
        return t("setup.about.no_bullets") if value == 0 else t("setup.about.bullets", n=value)
    if name == "jokers":
        return t("setup.about.jokers_on") if value else t("setup.about.jokers_off")
    if name == "rounds":
        return t("setup.about.one_round") if value == 1 else t("setup.about.rounds", n=value)
    if name == "challenge_window":
        return t("setup.about.window", n=int(value))
    return t(f"setup.about.{name}.{value}")


class OptionStepper(Stepper):
    """A set-up option: a narrower Stepper."""

    VALUE_FROM_RIGHT, ARROW_OFFSET, SIZE, LABEL_X = 120, 84, 21, 22


class OptionSteppers:
    """The steppers of one game's options, laid out in the rules panel, writing into a draft."""

    def __init__(self, draft: SetupDraft, on_change=None) -> None:
        """One Stepper per option of draft.game, showing draft.options."""
        self.draft = draft
        self.names = options_for(draft.game)
        self.steppers: dict[str, Stepper] = {}
        for row, name in enumerate(self.names):
            values = OPTIONS[name][0]
            choices = [(v, value_text(name, v)) for v in values]
            index = values.index(draft.options[name])
            stepper = OptionStepper(t(f"setup.opt.{name}"), choices, index,
                              on_change=lambda v, name=name: self._set(name, v, on_change),
                              width=STEPPER_W, height=STEPPER_H)  # fmt: skip
            stepper.rect.topleft = (RULES_PANEL.x + 18, STEPPERS_TOP + row * BLOCK)
            stepper.markers = False
            self.steppers[name] = stepper
        # The hand size sits on the seat panel, as its deck line: it is about the deal.
        self.deal = self.steppers["hand_size"] = DealStepper(draft, width=SEAT_PANEL.w - 36)
        self.deal.rect.topleft = (SEAT_PANEL.x + 18, DEAL_TOP)

    def _set(self, name: str, value: Any, on_change) -> None:
        self.draft.options[name] = value
        if on_change is not None:
            on_change(name, value)

    def draw(self, surface: pygame.Surface, focused: str | None, time: float) -> None:
        """Every stepper with its explanation under it; the focused one highlighted."""
        for name in self.names:
            stepper = self.steppers[name]
            stepper.draw(surface, name == focused, time)
            color = Palette.GOLD_LIGHT if name == focused else Palette.CREAM_DIM
            at = (stepper.rect.x + 14, stepper.rect.bottom + 2)
            draw_fitted(surface, explanation(name, stepper.value), at, STEPPER_W - 20, 15, color, smallest=11,
                        max_lines=2, gap=-3, height=BLOCK - STEPPER_H - 2)  # fmt: skip
