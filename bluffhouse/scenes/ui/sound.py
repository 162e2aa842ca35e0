"""Sound effects: small WAV files made by tools/make_sounds.py; silence when there is no audio."""

from __future__ import annotations

import logging
from collections.abc import Callable, MutableMapping
from functools import partial
from typing import Any

import pygame

from bluffhouse.scenes.ui.assets import ASSETS

log = logging.getLogger(__name__)

SOUND_DIR = ASSETS / "sounds"
# The mixer runs at the files' own rate: converting them to 44.1 kHz cost ~18 ms at start,
# and they hold nothing above 11 kHz. 256 frames keep the latency of 512 at 44.1 kHz.
MIXER = (22050, -16, 2, 256)
EFFECTS = (
    "slap",
    "deal",
    "flip",
    "doubt",
    "click",
    "bullet_lost",
    "bullet_back",
    "reveal_true",
    "reveal_lie",
    "win",
    "shake",
    "roll",
    "tick",
    "tock",
)
ALIASES = {
    "liar": "doubt",
    "kamu": "doubt",
    "true": "reveal_true",
    "lie": "reveal_lie",
    "ui": "tick",
    "back": "tock",
}


class Sound:
    """app.sound.play("slap"): effects by name; silent and harmless without an audio device."""

    def __init__(self, settings: MutableMapping[str, Any] | None = None) -> None:
        """Open the mixer if possible; mute state lives in settings. No effect is loaded yet: a
        window with sound on has the warm-up load them after its first frame (warm_jobs), and
        an effect played before that loads itself alone (~1 ms, where loading them all stalled
        a frame ~18 ms); a muted one (every test's) loads none until one is played unmuted."""
        self.settings = settings if settings is not None else {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}  # the effects loaded so far
        self._tried: set[str] = set()  # effects loaded or found missing
        self._off = False  # no working mixer: nothing is ever loaded
        self._muted_now = bool(self.settings.get("muted", False))
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(*MIXER)
            pygame.mixer.set_num_channels(16)
        except (pygame.error, TypeError, OSError) as error:
            log.info("sound is off: %s", error)
            self._off = True

    @property
    def sounds(self) -> dict[str, pygame.mixer.Sound]:
        """The effects by name (the rest loaded at this first look); empty without a working mixer."""
        for name in EFFECTS:
            self._effect(name)
        return self._sounds

    def _effect(self, name: str) -> pygame.mixer.Sound | None:
        """One effect, loaded the first time it is asked for; None if it cannot be (or is none)."""
        if name not in self._tried and not self._off and name in EFFECTS:
            self._tried.add(name)
            path = SOUND_DIR / f"{name}.wav"
            try:
                if path.is_file():
                    self._sounds[name] = pygame.mixer.Sound(path)
                else:
                    log.info("no sound file %s", path)
            except (pygame.error, TypeError, OSError) as error:
                log.info("sound is off: %s", error)
                self._off = True
                self._sounds.clear()
        return self._sounds.get(name)

    def warm_jobs(self) -> list[tuple[tuple[str, str], str, Callable[[], object]]]:
        """(key, kind, build) jobs loading each effect, for the warm-up queue: none when muted
        (nothing will play) or without a mixer."""
        if self._muted_now or self._off:
            return []
        return [(("sound", name), "sound", partial(self._effect, name)) for name in EFFECTS]

    @property
    def ready(self) -> frozenset[str]:
        """The effects loaded so far (none before the warm-up or a play asks for one)."""
        return frozenset(self._sounds)

    @property
    def has_mixer(self) -> bool:
        """Whether the mixer opened (and no effect has failed to load in it)."""
        return not self._off

    @property
    def loaded(self) -> bool:
        """Whether every effect was loaded (or found missing) already, or there is no mixer."""
        return self._off or len(self._tried) == len(EFFECTS)

    @property
    def enabled(self) -> bool:
        """Whether there is a working mixer."""
        return bool(self.sounds)

    @property
    def muted(self) -> bool:
        """Whether effects are silenced."""
        return self._muted_now

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted_now = value
        if value and self._sounds:  # effects never loaded were never played: nothing to stop
            pygame.mixer.stop()

    def toggle_mute(self) -> None:
        """Mute or unmute, and remember it in the settings."""
        self.muted = not self.muted
        self.settings["muted"] = self.muted

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect: slap, deal, flip, doubt, click, bullet_lost, bullet_back,
        reveal_true, reveal_lie, win, shake, roll, tick, tock (unknown names are ignored)."""
        if self._muted_now:
            return
        sound = self._effect(ALIASES.get(name, name))
        if sound is None:
            return
        channel = sound.play()
        if channel is not None:
            master = float(self.settings.get("volume", 0.8))
            channel.set_volume(max(0.0, min(1.0, volume * master)))
