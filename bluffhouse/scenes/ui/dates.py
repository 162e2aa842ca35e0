"""Dates, times and durations in each language's own format, from the translation tables.

One template per shape (today, yesterday, this year, another year, a whole date) and the
month names live in assets/lang/<code>/app.json, so each language orders and writes them as it
does ("14 Nov, 22:13", "14 nov., 22:13", "nov. 14. 22:13", "1er novembre"); a table is data,
and a new language needs no code. (Babel would know every locale, but it is a dependency of
megabytes loaded for four languages whose formats fit in a dozen lines each: the tables keep
the words where translators already write them.) Only the story screens import this module,
never the menu's first frame.

Durations are said as a person says them: "under a minute", whole minutes rounded half up,
then hours and minutes rounded to five ("1 h 25 min").
"""

from __future__ import annotations

import math
import time
from datetime import date

from bluffhouse.scenes.ui.lang import t

UNDER_A_MINUTE = 45  # seconds: less is "under a minute", more rounds to one minute at least


def clock_time(moment: time.struct_time) -> str:
    """The time of day as the language writes it: "22:13", "9:05"."""
    return t("app.time", hour=moment.tm_hour, mm=f"{moment.tm_min:02d}")


def _day(moment: time.struct_time) -> str:
    return t("app.date.day", n=moment.tm_mday)  # "14", or French "1er"


def when(started: float, now: float | None = None) -> str:
    """When a game was played, short, as a list shows it: "today, 22:13", "yesterday, 21:04",
    "14 Nov, 22:13" this year, "14 Nov 2023" before (local time)."""
    moment = time.localtime(started)
    today = time.localtime(time.time() if now is None else now)
    days = _days_apart(moment, today)
    clock = clock_time(moment)
    if days == 0:
        return t("app.date.today", time=clock)
    if days == 1:
        return t("app.date.yesterday", time=clock)
    month = t(f"app.month.short.{moment.tm_mon}")
    if moment.tm_year == today.tm_year:
        return t("app.date.this_year", day=_day(moment), month=month, time=clock)
    return t("app.date.other_year", day=_day(moment), month=month, year=moment.tm_year)


def full_date(started: float) -> str:
    """A whole date and time, for a sentence: "14 November 2023 at 22:13", "14 de noviembre de
    2023, 22:13", "2023. november 14. 22:13"."""
    moment = time.localtime(started)
    return t(
        "app.date.full",
        day=_day(moment),
        month=t(f"app.month.{moment.tm_mon}"),
        year=moment.tm_year,
        time=clock_time(moment),
    )


def duration(seconds: float) -> str:
    """How long something lasted, as a person would say it: "under a minute", "3 minutes",
    "1 h 25 min", "2 hours"."""
    seconds = max(0.0, float(seconds)) if math.isfinite(seconds) else 0.0
    if seconds < UNDER_A_MINUTE:
        return t("app.duration.under_minute")
    minutes = max(1, math.floor(seconds / 60 + 0.5))  # half up: 2 min 30 s is "3 minutes"
    if minutes < 60:
        return t("app.duration.minutes", n=minutes)
    hours, rest = divmod(5 * math.floor(minutes / 5 + 0.5), 60)  # past an hour, to five minutes
    if rest == 0:
        return t("app.duration.hours", n=hours)
    return t("app.duration.hours_minutes", h=hours, m=rest)


def _days_apart(earlier: time.struct_time, later: time.struct_time) -> int:
    """Calendar days from one local date to another (0: the same day)."""
    return (
        date(later.tm_year, later.tm_mon, later.tm_mday).toordinal()
        - date(earlier.tm_year, earlier.tm_mon, earlier.tm_mday).toordinal()
    )
