"""The shipped sound effects: what tools/make_sounds.py makes, loaded by the mixer, licensed."""

import importlib.util
import wave
from pathlib import Path

import pygame

from scenes.ui.sound import ALIASES, EFFECTS, MIXER, SOUND_DIR, Sound

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_files_are_what_the_script_makes_now():
    # A full re-render: about a second. Run `tools/make_sounds.py` after changing a recipe.
    assert _tool().stale() == []


def test_every_effect_has_a_recipe_and_a_small_mono_file():
    tool = _tool()
    assert tuple(tool.RECIPES) == EFFECTS
    assert tool.FILE_RATE == MIXER[0]  # the mixer plays them as they are: no resampling at start
    assert set(ALIASES.values()) <= set(EFFECTS)
    total = 0
    for name in EFFECTS:
        path = SOUND_DIR / f"{name}.wav"
        with wave.open(str(path)) as file:
            assert (file.getnchannels(), file.getsampwidth(), file.getframerate()) == (1, 2, 22050)
            assert 0.02 < file.getnframes() / 22050 < 1.5
        total += path.stat().st_size
    assert total < 400 * 1024


def test_the_mixer_loads_every_effect():
    pygame.mixer.pre_init(*MIXER)
    pygame.init()
    sound = Sound({"muted": False})
    if sound.enabled:
        assert set(sound.sounds) == set(EFFECTS)
        assert abs(sound.sounds["win"].get_length() - 1.29) < 0.01


def test_the_sounds_are_ours_and_say_so():
    note = (SOUND_DIR / "LICENSE.txt").read_text(encoding="utf-8")
    assert "make_sounds.py" in note and "Bluffhouse" in note


def test_the_effects_are_loaded_only_when_one_is_played():
    pygame.mixer.pre_init(*MIXER)
    pygame.init()
    sound = Sound({"muted": True})
    sound.play("slap")
    sound.muted = True
    assert not sound.loaded  # a muted window (every test's) never loads them
    sound.muted = False
    sound.play("slap")
    assert sound.loaded
    if sound.enabled:
        assert set(sound.sounds) == set(EFFECTS)


def test_a_window_with_sound_on_loads_the_effects_before_the_first_one_plays():
    pygame.mixer.pre_init(*MIXER)
    pygame.init()
    assert Sound({"muted": False}).loaded  # the first effect played stalls no frame
