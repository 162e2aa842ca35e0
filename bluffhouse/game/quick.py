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
from types import FunctionType, MemberDescriptorType
from typing import TypeVar, overload

T = TypeVar("T")
# A field's conversion as it is set (tuple, for a field given as a list): takes what came in.
Convert = Callable[..., object]


@overload
def quick_init(cls: type[T], /) -> type[T]: ...


@overload
def quick_init(cls: None = None, /, **convert: Convert) -> Callable[[type[T]], type[T]]: ...


def quick_init(cls: type[T] | None = None, /, **convert: Convert) -> type[T] | Callable[[type[T]], type[T]]:
    """Replace a frozen, slotted dataclass's __init__ by one that sets its slots directly;
    quick_init(cards=tuple) also passes the field cards through tuple() as it is set."""
    if cls is None:
        return lambda cls: _quick(cls, convert)
    return _quick(cls, convert)


def _quick(cls: type[T], convert: dict[str, Convert]) -> type[T]:
    params = getattr(cls, "__dataclass_params__", None)
    if (
        not dataclasses.is_dataclass(cls)
        or params is None
        or not params.frozen
        or "__slots__" not in cls.__dict__
    ):
        raise TypeError(f"quick_init: {cls.__name__} is not a frozen, slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"quick_init: {cls.__name__} has a __post_init__")
    made = getattr(getattr(cls.__init__, "__code__", None), "co_filename", None)
    if made != "<string>":  # where dataclasses compiles the __init__ it writes
        raise TypeError(f"quick_init: {cls.__name__} has an __init__ of its own")
    names: list[str] = []
    space: dict[str, object] = {}
    lines: list[str] = []
    for f in dataclasses.fields(cls):
        if not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"quick_init: {cls.__name__}.{f.name} is not a plain field")
        if f.default is dataclasses.MISSING:
            if any("=" in name for name in names):
                raise TypeError(f"quick_init: {cls.__name__}.{f.name} follows a default")
            names.append(f.name)
        else:
            space[f"_default_{f.name}"] = f.default
            names.append(f"{f.name}=_default_{f.name}")
        slot = next((k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__), None)
        if type(slot) is not MemberDescriptorType:
            raise TypeError(f"quick_init: {cls.__name__}.{f.name} is not a slot")
        space[f"_set_{f.name}"] = slot.__set__
        if f.name in convert:
            space[f"_convert_{f.name}"] = convert.pop(f.name)
            lines.append(f"    _set_{f.name}(self, _convert_{f.name}({f.name}))")
        else:
            lines.append(f"    _set_{f.name}(self, {f.name})")
    if convert:
        raise TypeError(f"quick_init: {cls.__name__} has no field {', '.join(convert)}")
    source = f"def __init__(self, {', '.join(names)}):\n" + ("\n".join(lines) or "    pass")
    exec(compile(source, f"<quick_init {cls.__qualname__}>", "exec"), space)
    init = space["__init__"]
    assert isinstance(init, FunctionType)  # the function the source above defines
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    # the class's own __init__ replaced, as dataclass made it (setattr: mypy refuses to assign a method)
    setattr(cls, "__init__", init)  # noqa: B010
    return cls
