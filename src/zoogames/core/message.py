"""A message: a catalogue id and its parameters, what ``State.describe`` returns.

The move log is not English sentences but messages, which each reader renders in their
own language (``zoogames.i18n`` in Python, ``web/src/i18n/message.ts`` in the client; the
catalogues and the template syntax are described in ``docs/i18n.md``). A message's JSON is
``{"id": "aquaretto.load", "params": {"tile": {...}, "truck": "B"}}``.

A parameter is a string or a number (shown as is; a number named ``count`` also picks the
plural form), a :class:`SeatRef` (the name of a seat, as the reader knows it) or a nested
message (a tile, a species, a place), rendered in the grammatical case its template asks
for. A message holds only what the English sentence held: never a hidden tile or card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Union

from zoogames.core.fields import rebuilt


@dataclass(frozen=True, slots=True)
class SeatRef:
    """A seat named in a message (``{"seat": n}``): the reader fills in its name."""

    seat: int

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt(self)


Param = Union[str, int, SeatRef, "Message"]
"""One parameter of a message."""


@dataclass(frozen=True, slots=True)
class Message:
    """A catalogue ``id`` (``<area>.<name>``) with its ``params``."""

    id: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt(self)

    def to_json(self) -> dict[str, Any]:
        """``{"id": …, "params": {…}}`` with seats as ``{"seat": n}``, nested messages alike."""
        params: dict[str, Any] = {}
        for name, value in self.params.items():
            if isinstance(value, Message):
                params[name] = value.to_json()
            elif isinstance(value, SeatRef):
                params[name] = {"seat": value.seat}
            else:
                params[name] = value
        return {"id": self.id, "params": params}

    @staticmethod
    def from_json(data: Any) -> Message:
        """The message of :meth:`to_json`'s form (a ``ValueError`` if it is not one)."""
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            raise ValueError(f"not a message: {data!r}")
        raw = data.get("params", {})
        if not isinstance(raw, dict):
            raise ValueError(f"a message's params are an object, not {raw!r}")
        params: dict[str, Param] = {}
        for name, value in raw.items():
            if isinstance(value, dict) and "seat" in value:
                params[name] = SeatRef(int(value["seat"]))
            elif isinstance(value, dict):
                params[name] = Message.from_json(value)
            elif isinstance(value, str | int) and not isinstance(value, bool):
                params[name] = value
            else:
                raise ValueError(f"a message's param {name!r} cannot be {value!r}")
        return Message(data["id"], params)


def msg(id: str, **params: Param) -> Message:
    """The message ``id`` with ``params``; ``pybabel extract`` collects its ids (babel.cfg)."""
    return Message(id, params)


def N_(id: str) -> str:
    """``id`` as is: marks a catalogue id in a table for ``pybabel extract`` (gettext_noop)."""
    return id
