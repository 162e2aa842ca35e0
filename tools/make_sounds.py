"""Make the sound effects under assets/sounds/: synthesized here, shipped as small WAV files.

    .venv/bin/python tools/make_sounds.py          # write assets/sounds/*.wav
    .venv/bin/python tools/make_sounds.py --check  # exit 1 if the shipped files differ

The game only loads the files (synthesizing sample by sample in Python took most of a
second at every start). Change a recipe here, run the script, commit the WAVs with it; a
test re-renders everything and compares. Effects are rendered at 44.1 kHz, normalised to
their level and halved to 22.05 kHz mono 16-bit (a [1, 2, 1] low-pass before dropping every
other sample), which the mixer converts once when it loads them.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

SOUND_DIR = Path(__file__).resolve().parent.parent / "bluffhouse" / "assets" / "sounds"
SYNTH_RATE = 44100
FILE_RATE = 22050

TABLE_SIZE = 2048
Buffer = list[float]


def _wavetable(harmonics: tuple[tuple[float, float], ...]) -> list[float]:
    """One cycle of a tone made of (harmonic number, amplitude) pairs, peak 1."""
    table = [
        sum(a * math.sin(2 * math.pi * h * i / TABLE_SIZE) for h, a in harmonics) for i in range(TABLE_SIZE)
    ]
    peak = max(abs(x) for x in table) or 1.0
    return [x / peak for x in table]


SINE = ((1, 1.0),)
BRASS = ((1, 1.0), (2, 0.55), (3, 0.4), (4, 0.25), (5, 0.15), (6, 0.08))
REED = ((1, 1.0), (3, 0.45), (5, 0.25), (7, 0.12))
BELL = ((1, 1.0), (2.0, 0.35), (3, 0.12), (4, 0.2))


class Synth:
    """Makes float buffers at one sample rate: tones from wavetables, noise, clicks."""

    def __init__(self, rate: int, seed: int = 7) -> None:
        """rate: samples per second of the mixer."""
        self.rate = rate
        self.rng = random.Random(seed)
        self.tables: dict[tuple, list[float]] = {}

    def silence(self, seconds: float) -> Buffer:
        """A buffer of zeros."""
        return [0.0] * int(seconds * self.rate)

    def tone(
        self,
        freq: float,
        seconds: float,
        timbre: tuple = SINE,
        attack: float = 0.005,
        decay: float | None = None,
        release: float = 0.04,
        bend: float = 0.0,
        vibrato: float = 0.0,
        gain: float = 0.5,
    ) -> Buffer:
        """A note: decay is an exponential time constant (None: held), bend in octaves."""
        table = self.tables.get(timbre)
        if table is None:  # built once per timbre, not once per note
            table = self.tables[timbre] = _wavetable(timbre)
        n = int(seconds * self.rate)
        out = [0.0] * n
        phase = 0.0
        for i in range(n):
            time = i / self.rate
            f = freq * 2 ** (bend * time / seconds)
            if vibrato:
                f *= 1 + vibrato * math.sin(2 * math.pi * 5.5 * time)
            phase = (phase + f / self.rate) % 1.0
            env = min(1.0, time / attack) if attack else 1.0
            if decay:
                env *= math.exp(-time / decay)
            left = seconds - time
            if left < release:
                env *= left / release
            out[i] = gain * env * table[int(phase * TABLE_SIZE)]
        return out

    def noise(
        self, seconds: float, decay: float, smooth: float = 0.0, gain: float = 0.5, attack: float = 0.0
    ) -> Buffer:
        """White noise with an exponential decay; smooth 0..1 darkens it (one-pole filter)."""
        n = int(seconds * self.rate)
        out = [0.0] * n
        last = 0.0
        rand = self.rng.uniform
        for i in range(n):
            time = i / self.rate
            last = smooth * last + (1 - smooth) * rand(-1, 1)
            env = math.exp(-time / decay) * (min(1.0, time / attack) if attack else 1.0)
            out[i] = gain * env * last
        return out

    def partials(self, freqs: tuple[float, ...], seconds: float, decay: float, gain: float = 0.4) -> Buffer:
        """Inharmonic decaying partials: metal, glass, a bell's ping."""
        n = int(seconds * self.rate)
        out = [0.0] * n
        for k, f in enumerate(freqs):
            w = 2 * math.pi * f / self.rate
            tau = decay / (1 + 0.4 * k)
            for i in range(n):
                out[i] += gain / len(freqs) * math.sin(w * i) * math.exp(-i / self.rate / tau)
        return out

    def mix(self, *parts: tuple[float, Buffer]) -> Buffer:
        """Lay (start seconds, buffer) parts over each other."""
        length = max(int(at * self.rate) + len(b) for at, b in parts)
        out = [0.0] * length
        for at, buffer in parts:
            start = int(at * self.rate)
            for i, x in enumerate(buffer):
                out[start + i] += x
        return out


def _slap(s: Synth) -> Buffer:
    thump = s.tone(120, 0.12, decay=0.035, bend=-0.8, gain=0.55)
    return s.mix((0, s.noise(0.14, 0.016, smooth=0.55, gain=0.9)), (0, thump))


def _deal(s: Synth) -> Buffer:
    tap = s.tone(160, 0.06, decay=0.02, gain=0.25)
    return s.mix((0, s.noise(0.08, 0.01, smooth=0.35, gain=0.55)), (0, tap))


def _flip(s: Synth) -> Buffer:
    swish = s.noise(0.1, 0.035, smooth=0.2, gain=0.45, attack=0.04)
    return s.mix((0, swish), (0.085, s.noise(0.03, 0.006, smooth=0.5, gain=0.6)))


def _doubt(s: Synth) -> Buffer:
    hit1 = s.mix(
        (0, s.tone(146.8, 0.16, BRASS, decay=0.2, gain=0.32)),
        (0, s.tone(207.7, 0.16, BRASS, decay=0.2, gain=0.28)),
    )
    hit2 = s.mix(
        (0, s.tone(138.6, 0.5, BRASS, decay=0.35, vibrato=0.006, gain=0.34)),
        (0, s.tone(196.0, 0.5, BRASS, decay=0.35, vibrato=0.006, gain=0.3)),
        (0, s.noise(0.2, 0.05, smooth=0.7, gain=0.35)),
    )
    return s.mix((0, hit1), (0.17, hit2))


def _click(s: Synth) -> Buffer:
    first = s.mix(
        (0, s.partials((2200, 3700, 5300, 7100), 0.05, 0.006, 0.7)), (0, s.noise(0.01, 0.002, gain=0.5))
    )
    second = s.mix(
        (0, s.partials((1500, 2900, 4600), 0.08, 0.011, 0.9)),
        (0, s.noise(0.015, 0.003, smooth=0.3, gain=0.6)),
    )
    return s.mix((0, first), (0.07, second))


def _bullet_lost(s: Synth) -> Buffer:
    fall = s.tone(900, 0.5, SINE, decay=0.3, bend=-2.9, gain=0.35)
    thud = s.mix(
        (0, s.tone(75, 0.25, decay=0.08, bend=-0.5, gain=0.6)), (0, s.noise(0.1, 0.02, smooth=0.8, gain=0.5))
    )
    return s.mix((0, _click(s)), (0.12, fall), (0.55, thud))


def _bullet_back(s: Synth) -> Buffer:
    return s.mix(
        (0, s.partials((1320, 3640, 7100), 0.3, 0.12, 0.5)),
        (0.09, s.partials((1760, 4850, 9400), 0.4, 0.16, 0.5)),
    )


def _reveal_true(s: Synth) -> Buffer:
    notes = (523.3, 659.3, 784.0, 1046.5)
    return s.mix(
        *((0.075 * k, s.tone(f, 0.7 - 0.075 * k, BELL, decay=0.22, gain=0.28)) for k, f in enumerate(notes))
    )


def _reveal_lie(s: Synth) -> Buffer:
    fall = s.tone(233.1, 0.5, REED, decay=0.45, bend=-0.08, vibrato=0.01, gain=0.32)
    return s.mix((0, s.tone(311.1, 0.2, REED, decay=0.4, gain=0.3)), (0.2, fall))


def _win(s: Synth) -> Buffer:
    lead = ((0, 392.0, 0.13), (0.13, 523.3, 0.13), (0.26, 659.3, 0.13), (0.39, 784.0, 0.9))
    parts = [
        (
            at,
            s.tone(
                f,
                d,
                BRASS,
                attack=0.015,
                decay=0.5 if d > 0.5 else None,
                vibrato=0.004 if d > 0.5 else 0,
                gain=0.3,
            ),
        )
        for at, f, d in lead
    ]
    parts += [(0.39, s.tone(f, 0.9, BRASS, attack=0.03, decay=0.45, gain=0.14)) for f in (523.3, 659.3)]
    return s.mix(*parts)


def _rattle(s: Synth, at: float, gain: float) -> tuple[float, Buffer]:
    pitch = s.rng.uniform(1800, 3600)
    click = s.mix(
        (0, s.partials((pitch, pitch * 1.53), 0.025, 0.004, gain)),
        (0, s.noise(0.01, 0.002, smooth=0.2, gain=gain * 0.6)),
    )
    return at, click


def _shake(s: Synth) -> Buffer:
    parts = [(0.0, s.noise(0.55, 0.3, smooth=0.85, gain=0.25, attack=0.05))]
    parts += [_rattle(s, s.rng.uniform(0, 0.5), s.rng.uniform(0.3, 0.7)) for _ in range(16)]
    return s.mix(*parts)


def _roll(s: Synth) -> Buffer:
    parts, at, gap, gain = [], 0.0, 0.03, 0.75
    while at < 0.7:
        parts.append(_rattle(s, at, gain))
        at, gap, gain = at + gap * s.rng.uniform(0.7, 1.3), gap * 1.18, gain * 0.9
    parts.append((at, s.tone(95, 0.1, decay=0.03, gain=0.4)))
    return s.mix(*parts)


def _tick(s: Synth) -> Buffer:
    return s.tone(1800, 0.03, attack=0.001, decay=0.006, release=0.005, gain=0.35)


def _tock(s: Synth) -> Buffer:
    return s.tone(1100, 0.04, attack=0.001, decay=0.008, release=0.005, gain=0.35)


RECIPES: dict[str, Callable[[Synth], Buffer]] = {
    "slap": _slap,
    "deal": _deal,
    "flip": _flip,
    "doubt": _doubt,
    "click": _click,
    "bullet_lost": _bullet_lost,
    "bullet_back": _bullet_back,
    "reveal_true": _reveal_true,
    "reveal_lie": _reveal_lie,
    "win": _win,
    "shake": _shake,
    "roll": _roll,
    "tick": _tick,
    "tock": _tock,
}

#: peak level of each effect after normalising, so loud and quiet ones sit well together
LEVELS = {
    "slap": 0.8,
    "deal": 0.5,
    "flip": 0.45,
    "doubt": 0.75,
    "click": 0.7,
    "bullet_lost": 0.75,
    "bullet_back": 0.6,
    "reveal_true": 0.6,
    "reveal_lie": 0.6,
    "win": 0.7,
    "shake": 0.55,
    "roll": 0.6,
    "tick": 0.25,
    "tock": 0.25,
}


def _halve(samples: Buffer) -> Buffer:
    """Every other sample after a [1, 2, 1] / 4 low-pass: 44.1 kHz to 22.05 kHz."""
    padded = [0.0, *samples, 0.0]
    return [(padded[i] + 2 * padded[i + 1] + padded[i + 2]) * 0.25 for i in range(0, len(samples), 2)]


def render_all() -> dict[str, bytes]:
    """Every effect as mono signed 16-bit samples at FILE_RATE, in RECIPES order (one rng)."""
    synth = Synth(SYNTH_RATE)
    out: dict[str, bytes] = {}
    for name, recipe in RECIPES.items():
        samples = _halve(recipe(synth))
        scale = LEVELS.get(name, 0.6) * 32767 / (max(map(abs, samples)) or 1.0)
        pcm = array("h", [int(x * scale) for x in samples])
        if sys.byteorder == "big":
            pcm.byteswap()  # WAV is little-endian
        out[name] = pcm.tobytes()
    return out


def wav_bytes(pcm: bytes) -> bytes:
    """A whole .wav file holding mono 16-bit samples at FILE_RATE."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(FILE_RATE)
        file.writeframes(pcm)
    return buffer.getvalue()


def stale(folder: Path = SOUND_DIR) -> list[str]:
    """Names of the effects whose shipped file is missing or differs from a fresh render."""
    stale_names = []
    for name, pcm in render_all().items():
        path = folder / f"{name}.wav"
        if not path.is_file() or path.read_bytes() != wav_bytes(pcm):
            stale_names.append(name)
    return stale_names


def write_all(folder: Path = SOUND_DIR) -> int:
    """Render every effect into folder; the total size in bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, pcm in render_all().items():
        data = wav_bytes(pcm)
        (folder / f"{name}.wav").write_bytes(data)
        total += len(data)
    return total


def main(argv: list[str] | None = None) -> int:
    """Write the files, or with --check say which ones are stale."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    if args.check:
        names = stale()
        print("sounds up to date" if not names else "stale: " + ", ".join(names))
        return 1 if names else 0
    total = write_all()
    print(f"wrote {len(RECIPES)} sounds to {SOUND_DIR} ({total / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
