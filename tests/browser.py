"""A real phone for the browser tests: headless Chromium (Debian's chromium and chromium-driver)
driven by Selenium, as a phone of a given size held in the hand.

A test module that needs it starts with `need_chromium()`: the module is skipped where no Chromium
is installed (.ci/run installs it, so CI runs it).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
UPRIGHT = (390, 844)
SHOTS = os.environ.get("BLUFFHOUSE_SHOTS")  # a folder to keep the screenshots in, when set


def need_chromium() -> None:
    """Skip the calling module where Selenium or Chromium is missing."""
    pytest.importorskip("selenium.webdriver")
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        pytest.skip("no Chromium here (apt-get install chromium chromium-driver)", allow_module_level=True)


def browser(profile: Path, size: tuple[int, int] = UPRIGHT, ratio: float = 1.0):
    """Headless Chromium as a phone of size (width, height) in CSS pixels, with a fresh profile
    in the folder profile and no network of its own."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    flags = [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        f"--window-size={size[0]},{size[1]}",
    ]
    for flag in flags:
        options.add_argument(flag)
    options.add_experimental_option(
        "mobileEmulation",
        {"deviceMetrics": {"width": size[0], "height": size[1], "pixelRatio": ratio, "touch": True}},
    )
    os.environ.setdefault("SE_AVOID_STATS", "true")
    return webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))


def resize(driver, size: tuple[int, int]) -> None:
    """Turn (or change) the phone: the page is laid out anew at width × height CSS pixels."""
    width, height = size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {
            "width": width,
            "height": height,
            "deviceScaleFactor": 1,
            "mobile": True,
            "screenOrientation": {
                "type": "landscapePrimary" if width > height else "portraitPrimary",
                "angle": 90 if width > height else 0,
            },
        },
    )


def shot(driver, folder: Path, name: str) -> Path:
    """Save what the page shows as name.png (in $BLUFFHOUSE_SHOTS when set, else in folder)."""
    where = Path(SHOTS) if SHOTS else folder
    where.mkdir(parents=True, exist_ok=True)
    path = where / f"{name}.png"
    driver.save_screenshot(str(path))
    return path
