"""Sound effects: small WAV files made by tools/make_sounds.py; silence when there is no audio."""

from __future__ import annotations

import logging
from collections.abc import MutableMapping
from typing import Any

import pygame

from scenes.ui.assets import ASSETS

log = logging.getLogger(__name__)

SOUND_DIR = ASSETS / "sounds"
# The mixer runs at the files' own rate: converting them to 44.1 kHz cost ~18 ms at start,
# and they hold nothing above 11 kHz. 256 frames keep the latency of 512 at 44.1 kHz.
MIXER = (22050, -16, 2, 256)
EFFECTS = ("slap", "deal", "flip", "doubt", "click", "bullet_lost", "bullet_back", "reveal_true",
           "reveal_lie", "win", "shake", "roll", "tick", "tock")  # fmt: skip
ALIASES = {"liar": "doubt", "kamu": "doubt", "true": "reveal_true", "lie": "reveal_lie",
           "ui": "tick", "back": "tock"}  # fmt: skip


class Sound:
    """app.sound.play("slap"): effects by name; silent and harmless without an audio device."""

    def __init__(self, settings: MutableMapping[str, Any] | None = None) -> None:
        """Open the mixer if possible; mute state lives in settings. A window that starts with
        sound on loads the effects now (loading them at the first play would stall that frame,
        ~18 ms); a muted one (every test's) at the first effect played after unmuting."""
        self.settings = settings if settings is not None else {}
        self._sounds: dict[str, pygame.mixer.Sound] | None = None  # None: not loaded yet
        self._muted_now = bool(self.settings.get("muted", False))
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(*MIXER)
            pygame.mixer.set_num_channels(16)
        except (pygame.error, TypeError, OSError) as error:
            log.info("sound is off: %s", error)
            self._sounds = {}
        if not self._muted_now and self._sounds is None:
            self._sounds = self._load()

    @property
    def sounds(self) -> dict[str, pygame.mixer.Sound]:
        """The effects by name (loaded at the first look); empty without a working mixer."""
        if self._sounds is None:
            self._sounds = self._load()
        return self._sounds

    @staticmethod
    def _load() -> dict[str, pygame.mixer.Sound]:
        sounds = {}
        try:
            for name in EFFECTS:
                path = SOUND_DIR / f"{name}.wav"
                if path.is_file():
                    sounds[name] = pygame.mixer.Sound(path)
                else:
                    log.info("no sound file %s", path)
        except (pygame.error, TypeError, OSError) as error:
            log.info("sound is off: %s", error)
            return {}
        return sounds

    @property
    def loaded(self) -> bool:
        """Whether the effects were loaded (or found missing) already."""
        return self._sounds is not None

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
        if self._muted_now or not self.sounds:
            return
        sound = self.sounds.get(ALIASES.get(name, name))
        if sound is None:
            return
        channel = sound.play()
        if channel is not None:
            master = float(self.settings.get("volume", 0.8))
            channel.set_volume(max(0.0, min(1.0, volume * master)))
