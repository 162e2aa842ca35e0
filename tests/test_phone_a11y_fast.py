"""The fast sibling of test_phone_a11y.py (axe-core in Chromium on every page at three sizes):
without a browser, the pinned axe-core is the one the heavy test runs, and the phone page's
palette keeps every text it writes on the felt at 4.5:1 or more against every colour the felt
takes (its gradient sampled as the heavy test samples it), the seats' boxes included — an away
phone's red tag too, which no page of the heavy test shows."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from a11y import AXE, AXE_VERSION, axe_source

CSS = (Path(__file__).resolve().parent.parent / "bluffhouse" / "assets" / "phone" / "phone.css").read_text(
    encoding="utf-8"
)
SAMPLES = 9
Colour = tuple[float, float, float, float]


def block(selector: str, css: str = CSS) -> str:
    """The declarations of the rule whose selector is exactly selector (top level)."""
    found = re.search(rf"(?m)^{re.escape(selector)}\s*\{{([^}}]*)\}}", css)
    assert found, f"no rule {selector}"
    return found.group(1)


def variables(css: str = CSS) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+):\s*([^;]+);", block(":root", css)))


def colour(text: str, css: str = CSS) -> Colour:
    """A CSS colour (#hex, rgb(a) or var(--name)) as (r, g, b, alpha)."""
    text = text.strip()
    if text.startswith("var("):
        return colour(variables(css)[text[6:-1]], css)
    if text.startswith("#"):
        return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16), 1.0)
    parts = [float(x) for x in re.findall(r"[\d.]+", text)]
    return (parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0)


def prop(selector: str, name: str, css: str = CSS) -> str:
    found = re.search(rf"(?:^|[;\s]){name}:\s*([^;]+);", block(selector, css))
    assert found, f"{selector} has no {name}"
    return found.group(1)


def felt(css: str = CSS) -> list[Colour]:
    """The felt's colours, at SAMPLES points of its gradient from centre to edge."""
    image = prop("html", "background", css)
    stops = []
    for value, at in re.findall(r"(var\(--[\w-]+\)|#[0-9a-f]{6})\s+([\d.]+)%", image):
        stops.append((float(at) / 100, colour(value, css)))
    assert len(stops) >= 2 and stops[0][0] == 0 and stops[-1][0] == 1, image
    out = []
    for n in range(SAMPLES):
        f = n / (SAMPLES - 1)
        (a, ca), (b, cb) = next((s, e) for s, e in itertools.pairwise(stops) if s[0] <= f <= e[0])
        k = (f - a) / (b - a) if b > a else 0.0
        out.append(tuple(x + (y - x) * k for x, y in zip(ca, cb, strict=True)))
    return out


def over(top: Colour, below: Colour) -> Colour:
    alpha = top[3]
    return tuple(alpha * t + (1 - alpha) * b for t, b in zip(top[:3], below[:3], strict=False)) + (1.0,)


def luminance(c: Colour) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def contrast(a: Colour, b: Colour) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_vendored_axe_core_is_the_pinned_one():
    source = axe_source()  # raises unless the file's hash is the pinned one
    assert source.startswith(f"/*! axe v{AXE_VERSION}") and (AXE.parent / "LICENSE").exists()


BOX = "#players li"
# (what, its selector, the box it sits in over the felt, or None: straight on the felt)
ON_FELT = [
    ("the page's words", "body", None),
    ("a section's title", "h2", None),
    ("your turn, and the lobby's words", "#status.mine", None),
    ("the hint under the hand", "#hint, #dice-hint", None),
    ("the log", "#log", None),
    ("a seat's cards or score", "#players .what", BOX),
    ("a seat's kind", "#players .tag", BOX),
    ("your own seat's kind", "#players .tag", "#players li.me"),
    ("an away phone's tag", "#players .tag.away", BOX),
]


@pytest.mark.parametrize(("what", "selector", "box"), ON_FELT)
def test_every_text_on_the_felt_is_at_least_4_5_to_1_against_every_colour_of_it(what, selector, box):
    ink = colour(prop(selector, "color"))
    for backdrop in felt():
        if box is not None:
            backdrop = over(colour(prop(box, "background")), backdrop)
        assert contrast(ink, backdrop) >= 4.5, (what, backdrop, round(contrast(ink, backdrop), 2))


def test_the_check_sees_the_old_felt_fail():
    old = CSS.replace("var(--felt) 0%", "#2c8054 0%").replace("--cream-dim: #d2cdb6", "--cream-dim: #bebaa2")
    worst = min(contrast(colour(prop("#log", "color", old), old), c) for c in felt(old))
    assert round(worst, 2) == 2.48  # what axe measured on the old page's log at the felt's centre
