"""Ahead of need: the modules and the art the screens will use, made in the spare time at the
end of frames.

Art made in code costs milliseconds a piece (a card face 2–9 ms, a card back 5 ms), so a
face drawn for the first time in the middle of play drops a frame. When a screen enters,
the app asks it what it (and the screen likely after it) will draw — `Scene.art_wanted()`,
a list of (key, kind, build) pieces, most urgent first — and builds them a piece at a time
after each frame is drawn, while the frame's time allows. The queue knows no screen and no
game: each screen says what it wants (scenes/table/art_wanted.py, scenes/duel/art_wanted.py).

Modules too: the window's first frame imports only what the menu draws, and everything else
(the game screens, the computer players, the card and dice art) is imported here, a module at a
time, each after the modules of this project it imports (`imports()`), so that no frame takes
the weight of a whole screen's tree. A job may leave more to do: its build returns `Next(jobs)`,
queued at once, before the jobs waiting (`later()` plans pieces that need such imports first).

Privacy: whole decks are warmed in deck order, whoever holds the cards, through the art
modules' own builders. Nothing is drawn, and the privacy audit, which watches the
painters' `scenes.art.card_face`, sees only what is drawn.
"""

from __future__ import annotations

import dis
import importlib
import importlib.util
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from scenes.art.kinds import AT_ENTRY, Wanted

if TYPE_CHECKING:
    from scenes.shell.scene import Scene

BUDGET = 0.012  # seconds of a 16.7 ms frame the frame and its warm-up may use together
EAGER_UNDER = 0.003  # a frame that took less than this always builds one piece
FIRST_GUESS = 0.006  # seconds a piece of unknown kind is expected to take
CACHED = 0.0002  # a piece that took less than this was already made

IMPORT = "import"  # the kind of a module's import: each costs what its own body does
PLAN = "plan"  # the kind of a job that only says what to queue next
PACKAGES = frozenset({"game", "scenes"})  # this project's own: imported a module at a time

# (key, kind, build, lasting): the kind names a cost class; lasting, the whole app wants it
Job = tuple[tuple, str, Callable[[], object], bool]


class Next(tuple):
    """What a job's build returns when it leaves more to do: these (key, kind, build) jobs,
    queued next, in order."""


def imports(modules: Iterable[str]) -> Iterator[Wanted]:
    """Jobs importing modules (dotted names, most wanted first), a module of this project at a time."""
    for name in modules:
        yield _import_job(name)


def later(key: tuple, plan: Callable[[], Iterable[Wanted]], needs: tuple[str, ...] = (),
          kind: str = PLAN) -> Wanted:  # fmt: skip
    """A job queuing the pieces plan() returns when its turn comes, once the modules it needs
    are imported (a module at a time, before it): a screen's art builders, the computer players'
    modules named by their registry. kind IMPORT keeps it queued when another screen enters."""
    job: Wanted

    def build() -> Next:
        missing = [name for name in needs if name not in sys.modules]
        return Next((*imports(missing), job)) if missing else Next(plan())

    job = ("plan", *key), kind, build
    return job


def _import_job(name: str) -> Wanted:
    return (IMPORT, name), IMPORT, lambda: _import_step(name)


def _import_step(name: str) -> Next | None:
    """Import one module: name if every module of this project it imports is in, else the first
    one missing down its imports (deepest first), and come back to name next."""
    if name in sys.modules:
        return None
    missing = _first_missing(name, set())
    importlib.import_module(missing)
    return None if missing == name else Next((_import_job(name),))


def _first_missing(name: str, seen: set[str]) -> str:
    """The first module down name's imports that is not imported yet and whose own imports all
    are (name itself when they all are); modules already on the way (seen) count as in, so a
    loop through imports made only for type checking ends."""
    seen.add(name)
    for module in own_imports(name):
        if module not in sys.modules and module not in seen:
            return _first_missing(module, seen)
    return name


def own_imports(name: str) -> list[str]:
    """The modules of this project that name's top level imports, read from its compiled code
    (nothing is run), a package before its modules; imports made only for type checking (under
    `if TYPE_CHECKING:`) are left out. None found when the code is not there to read (then name
    is imported with whatever it needs at once)."""
    try:
        spec = importlib.util.find_spec(name)
        code = spec.loader.get_code(name) if spec is not None and spec.loader is not None else None
    except (ImportError, AttributeError, OSError, SyntaxError):
        return []
    if code is None:
        return []
    found: list[str] = []
    base, skip_to, checking = "", -1, False
    for op in dis.get_instructions(code):
        if op.offset < skip_to:
            continue
        if op.opname in ("LOAD_NAME", "LOAD_GLOBAL") and op.argval == "TYPE_CHECKING":
            checking = True
            continue
        if checking and op.opname.startswith("POP_JUMP") and "FALSE" in op.opname:
            skip_to = op.argval  # past the block: what it imports is never imported at run time
        checking = False
        if op.opname == "IMPORT_NAME":
            parts = str(op.argval).split(".")
            base = str(op.argval) if parts[0] in PACKAGES else ""
            found += [".".join(parts[:n]) for n in range(2, len(parts) + 1)] if base else []
        elif op.opname == "IMPORT_FROM" and base and _is_package(base):
            found += [f"{base}.{op.argval}"] if _is_module(f"{base}.{op.argval}") else []
    return found


def _is_package(name: str) -> bool:
    module = sys.modules.get(name)
    return module is not None and hasattr(module, "__path__")


def _is_module(name: str) -> bool:
    """Whether name is a module of an imported package (a name it only gives is not)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


class Warmup:
    """A queue of pieces to build, run in the time a frame leaves over."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        """An empty queue; clock gives seconds (wall time: what a frame's budget is in)."""
        self.clock = clock
        self.queue: deque[Job] = deque()
        self.queued: set[tuple] = set()
        self.cost: dict[str, float] = {}  # kind -> seconds, a running mean
        self.built = 0

    def want(self, jobs: Iterable[Wanted], lasting: bool = False) -> None:
        """Queue (key, kind, build) jobs not already queued, after those waiting; lasting: the
        whole app wants them (sounds, modules: every import is), and a screen that enters keeps
        them queued after its own."""
        for key, kind, build in jobs:
            if key not in self.queued:
                self.queued.add(key)
                self.queue.append((key, kind, build, lasting or kind == IMPORT))

    def run(self, frame_start: float, budget: float = BUDGET) -> int:
        """Build pieces while the next is expected to end within budget; how many were built."""
        done = 0
        while self.queue:
            _, kind, build, lasting = self.queue[0]
            now = self.clock()
            # Capped, so one slow piece (a busy machine) never stalls the queue for good. Modules
            # differ too much for a mean to say what the next one costs: each is guessed at the cap.
            expected = budget / 2 if kind == IMPORT else min(self.cost.get(kind, FIRST_GUESS), budget / 2)
            eager = done == 0 and now - frame_start < EAGER_UNDER
            if not eager and (kind in AT_ENTRY or now + expected > frame_start + budget):
                break  # a piece too big for spare time waits for a frame that is nearly all spare
            self.queue.popleft()
            more = build()
            took = self.clock() - now
            if isinstance(more, Next):
                self._first(more, lasting)
            if took > CACHED:  # a piece already made says nothing about the cost of its kind
                self.cost[kind] = took if kind not in self.cost else 0.7 * self.cost[kind] + 0.3 * took
            done += 1
        self.built += done
        if not self.queue:
            self.queued.clear()
        return done

    def _first(self, jobs: Iterable[Wanted], lasting: bool) -> None:
        """Queue jobs before all those waiting, in their order (one queued twice finds its
        work done the second time: a module in, a piece in its cache)."""
        self.queued.update(key for key, _, _ in jobs)
        queued = [(key, kind, build, lasting or kind == IMPORT) for key, kind, build in jobs]
        self.queue.extendleft(reversed(queued))

    def ahead(self, scene: Scene) -> None:
        """Queue what `scene` (just entered) and the screen likely after it will draw, before
        anything an earlier screen wanted (what the whole app wants stays queued, after them:
        modules, sounds); overlays (pause, help) want nothing and keep it."""
        jobs = list(scene.art_wanted())
        if jobs:
            kept = [job for job in self.queue if job[3]]
            self.queue.clear()
            self.queued = {job[0] for job in kept}
            for _, kind, build in jobs:
                if kind in AT_ENTRY:
                    build()
            self.want(job for job in jobs if job[1] not in AT_ENTRY)
            self.queue.extend(kept)
