"""Typed dispatch tables: an action's handler found by its class in one dict lookup.

A game checks and applies each kind of action with its own method. Instead of a chain of
``if type(action) is Load: assert isinstance(action, Load) ...`` tests, it registers each
method once under the action class it takes::

    CHECKS: Dispatch[TruckState, str | None] = Dispatch()
    CHECKS.add(Load, TruckState._check_load)      # mypy checks: _check_load takes a Load

    handler = CHECKS.get(type(action))             # then handler(state, action)

:meth:`Dispatch.add` ties the action class to the handler's parameter type, so a handler can
never be reached with the wrong kind of action. A game built on another extends its
table (``Dispatch(TruckState.CHECKS)``) and may replace entries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from zoogames.core.game import Action

S = TypeVar("S")
R = TypeVar("R")
A = TypeVar("A", bound=Action)


class Dispatch(Generic[S, R]):
    """Handlers by action class; ``S`` is the state they take, ``R`` what they return."""

    __slots__ = ("handlers",)

    def __init__(self, *bases: Dispatch[Any, R]) -> None:
        self.handlers: dict[type, Callable[[S, Any], R]] = {}
        for base in bases:
            self.handlers.update(base.handlers)

    def add(self, kind: type[A], handler: Callable[[S, A], R]) -> None:
        """Register ``handler`` for the actions of class ``kind`` (replacing any before)."""
        self.handlers[kind] = handler

    def get(self, kind: type) -> Callable[[S, Any], R] | None:
        """The handler of action class ``kind``, or ``None``."""
        return self.handlers.get(kind)

    def __contains__(self, kind: object) -> bool:
        return kind in self.handlers
