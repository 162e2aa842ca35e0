"""quick_init: a cheaper __init__ for the hot frozen dataclasses, same fields, same objects.

A frozen dataclass's generated __init__ sets each field through object.__setattr__ (its own
__setattr__ refuses): a global look-up, an attribute look-up and a call per field, about 55 ns
each. The table builds a view of 16 fields for every seat after every play, and five records
per call; those __init__s were ~4% of the fast test tier. With slots each field is a member
descriptor, and its bound __set__ stores the value directly: the same object, still frozen
(assignment after construction still raises), for about half the cost.

Only plain classes take it: frozen, slotted, every field set by __init__ in order, plain
defaults, no __post_init__ and no __init__ of its own (whatever this cannot copy is refused when
the class is made); a field may be converted as it is set (Play's cards become a tuple).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from types import CodeType, FunctionType, MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T] | None = None, /, **convert: Callable[[Any], Any]):
    """Replace a frozen, slotted dataclass's __init__ by one that sets its slots directly;
    quick_init(cards=tuple) also passes the field cards through tuple() as it is set."""
    if cls is None:
        return lambda cls: _quick(cls, convert)
    return _quick(cls, convert)


def _quick(cls: type[T], convert: dict[str, Callable[[Any], Any]]) -> type[T]:
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"quick_init: {cls.__name__} is not a frozen, slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"quick_init: {cls.__name__} has a __post_init__")
    made = getattr(getattr(cls.__init__, "__code__", None), "co_filename", None)
    if made != "<string>":  # where dataclasses compiles the __init__ it writes
        raise TypeError(f"quick_init: {cls.__name__} has an __init__ of its own")
    names, defaults, space, converted = [], [], {}, []
    for i, f in enumerate(dataclasses.fields(cls)):
        if not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"quick_init: {cls.__name__}.{f.name} is not a plain field")
        if f.default is not dataclasses.MISSING:
            defaults.append(f.default)
        elif defaults:
            raise TypeError(f"quick_init: {cls.__name__}.{f.name} follows a default")
        slot = next((k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__), None)
        if type(slot) is not MemberDescriptorType:
            raise TypeError(f"quick_init: {cls.__name__}.{f.name} is not a slot")
        names.append(f.name)
        space[f"_s{i}"] = slot.__set__
        if f.name in convert:
            space[f"_c{i}"] = convert.pop(f.name)
            converted.append(i)
    if convert:
        raise TypeError(f"quick_init: {cls.__name__} has no field {', '.join(convert)}")
    # The code of an __init__ of this shape, with the fields' names given to its parameters
    # (keywords and error messages as the generated one's): nothing compiled per class.
    code = _template(len(names), tuple(converted)).replace(
        co_varnames=("self", *names), co_name="__init__",
        co_qualname=f"{cls.__qualname__}.__init__", co_filename=f"<quick_init {cls.__qualname__}>")
    init = FunctionType(code, space, "__init__", tuple(defaults) or None)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init
    return cls


@lru_cache(maxsize=None)
def _template(count: int, converted: tuple[int, ...]) -> CodeType:
    """The code of an __init__(self, p0, p1, ...) setting each through _s0, _s1, ... (those
    in converted through _c0, _c1, ... first)."""
    lines = [f"    _s{i}(self, _c{i}(p{i}))" if i in converted else f"    _s{i}(self, p{i})"
             for i in range(count)]  # fmt: skip
    params = "".join(f", p{i}" for i in range(count))
    source = f"def __init__(self{params}):\n" + ("\n".join(lines) or "    pass")
    space: dict = {}
    exec(compile(source, "<quick_init>", "exec"), space)  # noqa: S102 - names made here
    return space["__init__"].__code__
