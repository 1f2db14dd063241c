"""Fields declared once: copies and equality derived from one declaration per class.

A class that holds a position (a game state, a player's zoo) lists its fields once, each
with how a copy treats it::

    class Zoo:
        FIELDS: ClassVar[Fields] = fields(spaces=SHARED, depot=LIST, pens=NESTED)

    class Game(State):
        FIELDS: ClassVar[Fields] = State.FIELDS + fields(zoos=Zoo, bank=SHARED)

- ``SHARED``: an immutable value (a number, a tuple, a game, a deck): the copy shares it;
- ``LIST``: a list of immutable values: the copy gets its own list;
- ``NESTED``: a list of lists of immutable values: the copy gets its own lists;
- a class with its own ``FIELDS``: a list of such objects (a zoo per seat), each copied
  by its own declaration.

:func:`copy_of` copies an object field by field and :func:`same_fields` compares two, so
neither can forget a field the declaration has; ``tests/test_fields.py`` checks that
every class declares every attribute its objects hold. The copy is generated once per
class as plain Python source, the way :mod:`dataclasses` generates ``__init__``: as fast
as a hand-written copy, on the hot path of every search bot. The games' classes do not
wait for that: ``scripts/gen_copies.py`` writes the same copies into each game's
``copies.py``, compiled with the engine, which :func:`register` them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Final, TypeVar

T = TypeVar("T")

SHARED: Final = 0
LIST: Final = 1
NESTED: Final = 2

Kind = int | type
"""How a field is copied: ``SHARED``, ``LIST``, ``NESTED``, or the class of its items."""

Fields = tuple[tuple[str, Kind], ...]
"""A declaration: ``(name, kind)`` per field, in order."""

_EXPRESSIONS: Final = {
    SHARED: "src.{0}",
    LIST: "src.{0}[:]",
    NESTED: "[x[:] for x in src.{0}]",
}

Maker = Callable[[Any], Any]

_MAKERS: dict[type, Maker] = {}
"""Per class, the copy function generated from its ``FIELDS``."""


def fields(**kinds: Kind) -> Fields:
    """A declaration from ``name=kind`` pairs, in the order given."""
    for name, kind in kinds.items():
        if not isinstance(kind, type) and kind not in _EXPRESSIONS:
            raise ValueError(f"field {name!r}: unknown kind {kind!r}")
    return tuple(kinds.items())


def declared(cls: type) -> Fields:
    """The fields a class declares (its ``FIELDS``, which includes its bases' fields)."""
    found: Fields = getattr(cls, "FIELDS")  # noqa: B009 (a class attribute, read by name)
    return found


def names_of(declaration: Fields) -> tuple[str, ...]:
    """The field names of a declaration, in order (a class's ``__slots__``, say)."""
    return tuple(name for name, _ in declaration)


def _maker(cls: type) -> Maker:
    """The copy function of ``cls``, generated from its declaration on first use."""
    namespace: dict[str, Any] = {"cls": cls, "new": cls.__new__}
    lines = ["def copy_of(src):", "    dst = new(cls)"]
    for name, kind in declared(cls):
        if not name.isidentifier():
            raise ValueError(f"{name!r} is not a field name")
        if isinstance(kind, type):
            namespace[f"copy_{name}"] = maker(kind)
            expression = f"[copy_{name}(x) for x in src.{name}]"
        else:
            expression = _EXPRESSIONS[kind].format(name)
        lines.append(f"    dst.{name} = {expression}")
    lines.append("    return dst")
    exec("\n".join(lines), namespace)  # source built from checked identifiers only
    made: Maker = namespace["copy_of"]
    _MAKERS[cls] = made
    return made


def maker(cls: type) -> Maker:
    """The function that copies an object of ``cls`` as its declaration says."""
    made = _MAKERS.get(cls)
    return made if made is not None else _maker(cls)


def register(cls: type[T], made: Callable[[T], T]) -> None:
    """Use ``made`` as the copy of ``cls`` instead of generating one.

    Each game's ``copies.py`` registers the copies ``scripts/gen_copies.py`` wrote from
    the same declarations: compiled with the engine, they run several times faster there
    than code made by ``exec``, which always runs interpreted.
    """
    _MAKERS[cls] = made


_SEAT_MAKERS: dict[type, Callable[[Any, int], Any]] = {}
"""Per class, its copy for one seat (:func:`copy_for_seat`), where a game registered one."""


def register_for_seat(cls: type[T], made: Callable[[T, int], T]) -> None:
    """Use ``made`` as the copy of ``cls`` for one seat (:func:`copy_for_seat`)."""
    _SEAT_MAKERS[cls] = made


def copy_for_seat(obj: T, seat: int) -> T:
    """A copy of ``obj`` whose objects held per seat are copied for ``seat`` only.

    The other seats' objects (the fields whose kind is a class: a zoo per seat) are
    shared with ``obj``, so the copy may change nothing of theirs. A class without a
    registered copy for one seat is copied whole (:func:`copy_of`).
    """
    made = _SEAT_MAKERS.get(type(obj))
    if made is None:
        return copy_of(obj)
    copy: T = made(obj, seat)
    return copy


def copy_of(obj: T) -> T:
    """A new object of ``obj``'s class with every declared field copied as declared."""
    made = _MAKERS.get(type(obj))
    if made is None:
        made = _maker(type(obj))
    copy: T = made(obj)
    return copy


def rebuilt(obj: Any) -> tuple[Any, ...]:
    """``__reduce__`` of a frozen dataclass: rebuilt by its constructor from its fields.

    Pickle and :mod:`copy` would otherwise set the fields one by one, which a compiled
    (mypyc) frozen dataclass refuses.
    """
    return type(obj), tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))


def same_fields(a: Any, b: Any) -> bool:
    """True if ``a`` and ``b`` are of one class and equal in every field it declares."""
    if type(a) is not type(b):
        return False
    return all(getattr(a, name) == getattr(b, name) for name, _ in declared(type(a)))
