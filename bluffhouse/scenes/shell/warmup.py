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
the weight of a whole screen's tree; what a module's import will cost is read from its compiled
code before it is taken (`import_cost()`). A job may leave more to do: its build returns
`Next(jobs)`, queued at once, before the jobs waiting (`later()` plans pieces that need such
imports first). What a person is about to open goes before everything (`rush()`): the menu has
the screen of the item with the focus made first, and one chosen early opens once its rush is done.

Privacy: whole decks are warmed in deck order, whoever holds the cards, through the art
modules' own builders. Nothing is drawn, and the privacy audit, which watches the
painters' `scenes.art.card_face`, sees only what is drawn.
"""

from __future__ import annotations

import dis
import importlib
import importlib.util
import marshal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from types import CodeType
from typing import TYPE_CHECKING, NamedTuple

from bluffhouse.scenes.art.kinds import AT_ENTRY, Key, Wanted

if TYPE_CHECKING:
    from bluffhouse.scenes.shell.scene import Scene

BUDGET = 0.012  # seconds of a 16.7 ms frame the frame and its warm-up may use together
WAITED_BUDGET = 0.014  # the same while a person waits for what a rush makes (nothing else moves)
EAGER_UNDER = 0.003  # a frame that took less than this always builds one piece
FIRST_GUESS = 0.006  # seconds a piece of unknown kind is expected to take
CACHED = 0.0002  # a piece that took less than this was already made

IMPORT = "import"  # the kind of a module's import: each costs what its own body does
PLAN = "plan"  # the kind of a job that only says what to queue next
PACKAGES = frozenset({"bluffhouse.game", "bluffhouse.scenes"})  # this project's own: a module at a time

# (key, kind, build, lasting): the kind names a cost class; lasting, the whole app wants it
Job = tuple[Key, str, Callable[[], object], bool]


class Next(tuple[Wanted, ...]):
    """What a job's build returns when it leaves more to do: these (key, kind, build) jobs,
    queued next, in order."""


def imports(modules: Iterable[str]) -> Iterator[Wanted]:
    """Jobs importing modules (dotted names, most wanted first), a module of this project at a time."""
    for name in modules:
        yield _import_job(name)


def later(
    key: Key, plan: Callable[[], Iterable[Wanted]], needs: tuple[str, ...] = (), kind: str = PLAN
) -> Wanted:
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


def import_cost(name: str) -> float:
    """Seconds the next step of importing name is expected to take: the module it imports next,
    by what its compiled code does at its top level (each class, dataclasses above all, costs
    ~0.4 ms; every 1,000 bytes of code ~0.2; an outside module not imported yet, socket or
    sqlite3, ~3 ms), a little over what was measured (most modules take 0.2 ms, a few 5–7)."""
    if name in sys.modules:
        return 0.0
    shape = _shape(_first_missing(name, set()))
    outside = sum(1 for module in shape.outside if module not in sys.modules)
    return (0.3 + 0.5 * shape.classes + 0.2 * shape.size / 1000 + 3.0 * outside) / 1000


class Shape(NamedTuple):
    """What a module's compiled top level does, as far as the warm-up cares."""

    imports: tuple[tuple[str, tuple[str, ...]], ...]  # (module, names taken from it) of this project
    outside: tuple[str, ...]  # the other packages it imports
    classes: int
    size: int  # bytes of compiled code (as a .pyc file holds it)


def own_imports(name: str) -> list[str]:
    """The modules of this project that name's top level imports, read from its compiled code
    (nothing is run), a package before its modules; imports made only for type checking (under
    `if TYPE_CHECKING:`) are left out. None found when the code is not there to read (then name
    is imported with whatever it needs at once)."""
    found: list[str] = []
    for module, names in _shape(name).imports:
        parts = module.split(".")
        depth = len((_package_of(module, PACKAGES) or module).split("."))
        found += [".".join(parts[:n]) for n in range(depth + 1, len(parts) + 1)]  # below the package
        if names and _is_package(module):  # "from package import module" (read as it is now)
            found += [f"{module}.{taken}" for taken in names if _is_module(f"{module}.{taken}")]
    return found


def _package_of(name: str, packages: frozenset[str]) -> str | None:
    """Which of these packages (dotted names: bluffhouse.game) name is, or is inside; None for another's."""
    return next((p for p in packages if name == p or name.startswith(p + ".")), None)


def _shape(name: str) -> Shape:
    """name's Shape, read once (a module's code does not change while the game runs; what is a
    package's module is seen at each own_imports)."""
    return _shape_of(name, PACKAGES)


@lru_cache(maxsize=1024)
def _shape_of(name: str, packages: frozenset[str]) -> Shape:
    """name's Shape, its own imports those of these packages."""
    try:
        spec = importlib.util.find_spec(name)
        # a source or bytecode loader reads the code; a namespace package's or a built-in's has none
        get_code: Callable[[str], CodeType | None] | None = getattr(spec and spec.loader, "get_code", None)
        code = get_code(name) if get_code is not None else None
    except (ImportError, AttributeError, OSError, SyntaxError):
        code = None
    if code is None:
        return Shape((), (), 0, 0)
    imports: list[tuple[str, list[str]]] = []
    outside: list[str] = []
    classes, ours = 0, False
    for opname, name_or_none in top_level(code):
        if opname == "LOAD_BUILD_CLASS":
            classes += 1
        elif opname == "IMPORT_NAME":
            top = str(name_or_none).split(".")[0]
            ours = _package_of(str(name_or_none), packages) is not None
            if ours:
                imports.append((str(name_or_none), []))
            elif top:
                outside.append(top)
        elif opname == "IMPORT_FROM" and ours:
            imports[-1][1].append(str(name_or_none))
    return Shape(
        tuple((module, tuple(names)) for module, names in imports),
        tuple(outside),
        classes,
        len(marshal.dumps(code)),
    )


_WANTED_OPS = {dis.opmap[name]: name for name in ("IMPORT_NAME", "IMPORT_FROM", "LOAD_BUILD_CLASS")}
_EXTENDED_ARG = dis.opmap["EXTENDED_ARG"]


def top_level(code: CodeType) -> Iterator[tuple[str, str | None]]:
    """The imports (with the name each takes) and class statements of a module's top level, in
    order, without those under `if TYPE_CHECKING:`. Read straight from the bytecode (dis's
    instruction objects, for all of a module's, cost ~0.6 ms a module: most of the warm-up's own
    time); with dis only for a module that names TYPE_CHECKING, to find where its block ends."""
    if "TYPE_CHECKING" in code.co_names:
        skip_to, checking = -1, False
        for op in dis.get_instructions(code):
            if op.offset < skip_to:
                continue
            if op.opname in ("LOAD_NAME", "LOAD_GLOBAL") and op.argval == "TYPE_CHECKING":
                checking = True
                continue
            if checking and op.opname.startswith("POP_JUMP") and "FALSE" in op.opname:
                skip_to = op.argval  # past the block: what it imports is never imported at run time
            checking = False
            if op.opname in _WANTED_OPS.values():
                yield op.opname, op.argval if op.opname != "LOAD_BUILD_CLASS" else None
        return
    raw, extended = code.co_code, 0
    for at in range(0, len(raw), 2):
        opcode, arg = raw[at], raw[at + 1] | extended
        extended = arg << 8 if opcode == _EXTENDED_ARG else 0
        if opcode in _WANTED_OPS:
            opname = _WANTED_OPS[opcode]
            yield opname, code.co_names[arg] if opname != "LOAD_BUILD_CLASS" else None


def _is_package(name: str) -> bool:
    module = sys.modules.get(name)
    return module is not None and hasattr(module, "__path__")


@lru_cache(maxsize=4096)
def _is_module(name: str) -> bool:
    """Whether name is a module of an imported package (a name it only gives is not)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


class Rush:
    """Jobs put before all others (what a person is likely to choose next): done once each of
    them, and each job they left to do (Next), is built. Waited for (a person chose it and the
    screen shows nothing moving meanwhile), its frames may take up to WAITED_BUDGET."""

    def __init__(self, keys: Iterable[Key]) -> None:
        """Waiting for the jobs of these keys."""
        self.waiting = set(keys)
        self.waited_for = False

    @property
    def done(self) -> bool:
        """Whether every job of the rush is built."""
        return not self.waiting


class Warmup:
    """A queue of pieces to build, run in the time a frame leaves over."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        """An empty queue; clock gives seconds (wall time: what a frame's budget is in)."""
        self.clock = clock
        self.queue: deque[Job] = deque()
        self.queued: set[Key] = set()
        self.cost: dict[str, float] = {}  # kind -> seconds, a running mean
        self.built = 0
        self.rushes: list[Rush] = []  # not done yet

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
        if any(rush.waited_for for rush in self.rushes):
            budget = max(budget, WAITED_BUDGET)
        done = 0
        while self.queue:
            key, kind, build, lasting = self.queue[0]
            now = self.clock()
            # Capped, so one slow piece (a busy machine) never stalls the queue for good. Modules
            # differ too much for a mean to say what the next one costs: each is read first.
            if kind == IMPORT:
                module = key[1] if key[0] == IMPORT else None  # (IMPORT, name); else a plan: it queues
                expected = min(import_cost(module), budget) if isinstance(module, str) else 0.001
            else:
                expected = min(self.cost.get(kind, FIRST_GUESS), budget / 2)
            eager = done == 0 and now - frame_start < EAGER_UNDER
            if not eager and (kind in AT_ENTRY or now + expected > frame_start + budget):
                break  # a piece too big for spare time waits for a frame that is nearly all spare
            self.queue.popleft()
            more = build()
            took = self.clock() - now
            if isinstance(more, Next):
                self._first(more, lasting)
            if self.rushes:
                self._rushed(key, more)
            if took > CACHED:  # a piece already made says nothing about the cost of its kind
                self.cost[kind] = took if kind not in self.cost else 0.7 * self.cost[kind] + 0.3 * took
            done += 1
        self.built += done
        if not self.queue:
            self.queued.clear()
        return done

    def rush(self, jobs: Iterable[Wanted]) -> Rush:
        """Put jobs before all those waiting, in their order (one already queued is moved up, and
        stays lasting if it was); the Rush says when they are built, and what they left to do."""
        jobs = list(jobs)
        keys = {key for key, _, _ in jobs}
        lasting = {job[0]: job[3] for job in self.queue if job[0] in keys}
        front = [(key, kind, build, lasting.get(key, False) or kind == IMPORT) for key, kind, build in jobs]
        self.queue = deque(front + [job for job in self.queue if job[0] not in keys])
        self.queued = {job[0] for job in self.queue}
        rush = Rush(keys)
        if not rush.done:
            self.rushes.append(rush)
        return rush

    def _rushed(self, key: Key, more: object) -> None:
        """A job is built: the rushes waiting for it now wait for what it left to do instead."""
        for rush in self.rushes:
            if key in rush.waiting:
                rush.waiting.discard(key)
                if isinstance(more, Next):
                    rush.waiting.update(job[0] for job in more)
        self.rushes = [rush for rush in self.rushes if not rush.done]

    def _first(self, jobs: Iterable[Wanted], lasting: bool) -> None:
        """Queue jobs before all those waiting, in their order (one queued twice finds its
        work done the second time: a module in, a piece in its cache)."""
        self.queued.update(key for key, _, _ in jobs)
        queued = [(key, kind, build, lasting or kind == IMPORT) for key, kind, build in jobs]
        self.queue.extendleft(reversed(queued))

    def ahead(self, scene: Scene) -> None:
        """Queue what `scene` (just entered) and the screen likely after it will draw, before
        anything an earlier screen wanted (what the whole app wants stays queued, after them:
        modules, sounds; one the screen wants too is taken at its place in the screen's list);
        overlays (pause, help) want nothing and keep it."""
        jobs = list(scene.art_wanted())
        if jobs:
            wanted = {key for key, _, _ in jobs}
            kept = [job for job in self.queue if job[3] and job[0] not in wanted]
            self.queue.clear()
            self.queued = {job[0] for job in kept}
            for _, kind, build in jobs:
                if kind in AT_ENTRY:
                    build()
            self.want(job for job in jobs if job[1] not in AT_ENTRY)
            self.queue.extend(kept)
            queued = {job[0] for job in self.queue}
            for rush in self.rushes:  # (what was dropped is no longer waited for)
                rush.waiting &= queued
            self.rushes = [rush for rush in self.rushes if not rush.done]
