"""The rule options of the set-up screen: a Stepper per option, with a line on what it does."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from bluffhouse.scenes.setup.deal import DealStepper
from bluffhouse.scenes.setup.model import OPTIONS, SetupDraft, options_for
from bluffhouse.scenes.setup.seats import DEAL_H, DEAL_TOP, SEAT_PANEL
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_fitted
from bluffhouse.scenes.ui.widgets import Stepper

RULES_PANEL = pygame.Rect(720, 78, 528, 474)
STEPPER_W, STEPPER_H, BLOCK = 492, 40, 44
STEPPERS_TOP = RULES_PANEL.y + 90  # under the title and the note (two lines where it is long)
# What the focused option does, in words read from a sofa, at the foot of the panel (one line
# under every option would not fit at 18 px: the focused one says it, the others show their value).
ABOUT = pygame.Rect(RULES_PANEL.x + 24, RULES_PANEL.bottom - 12 - 66, RULES_PANEL.w - 48, 66)


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

    VALUE_FROM_RIGHT, ARROW_OFFSET, SIZE, LABEL_X = 128, 94, 21, 22


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
            stepper = OptionStepper(
                t(f"setup.opt.{name}"),
                choices,
                index,
                on_change=partial(self._set, name, on_change=on_change),
                width=STEPPER_W,
                height=STEPPER_H,
            )
            stepper.rect.topleft = (RULES_PANEL.x + 18, STEPPERS_TOP + row * BLOCK)
            stepper.markers = False
            self.steppers[name] = stepper
        # The hand size sits on the seat panel, as its deck line: it is about the deal.
        self.deal = self.steppers["hand_size"] = DealStepper(draft, width=SEAT_PANEL.w - 36, height=DEAL_H)
        self.deal.rect.topleft = (SEAT_PANEL.x + 18, DEAL_TOP)

    def _set(self, name: str, value: Any, on_change) -> None:
        self.draft.options[name] = value
        if on_change is not None:
            on_change(name, value)

    def draw(
        self, surface: pygame.Surface, focused: str | None, time: float, idle: str | None = None
    ) -> None:
        """Every stepper, the focused one highlighted, and what it does at the foot of the panel
        (idle: what is said there while no option has the focus)."""
        for name in self.names:
            stepper = self.steppers[name]
            stepper.draw(surface, name == focused, time)
        about = explanation(focused, self.steppers[focused].value) if focused in self.names else idle
        if about:
            colour = Palette.GOLD_LIGHT if focused in self.names else Palette.CREAM_DIM
            draw_fitted(
                surface,
                about,
                ABOUT.center,
                ABOUT.w,
                READ,
                colour,
                anchor="center",
                max_lines=3,
                height=ABOUT.h,
            )
