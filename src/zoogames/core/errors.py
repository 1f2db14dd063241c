"""Errors every game and tool shares."""

from __future__ import annotations


class ZoogamesError(Exception):
    """Base class of the errors zoogames raises on purpose."""


class IllegalAction(ZoogamesError, ValueError):
    """An action that the rules do not allow here, or text that is no action.

    The message says why. The state it was applied to is left exactly as it was.
    ``index`` is set by :func:`zoogames.core.record.replay` to the position of the
    failing action in a record.
    """

    def __init__(self, reason: str, *, index: int | None = None, text: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.index = index
        self.text = text

    def __str__(self) -> str:
        if self.index is None:
            return self.reason
        return f"action {self.index} ({self.text!r}): {self.reason}"


class InvalidRecord(ZoogamesError, ValueError):
    """A game record that is malformed: not JSON, a missing field, an unknown game.

    ``options_error`` is the :class:`InvalidOptions` that kept the record's options from
    starting a game, when that was the reason. It is kept explicitly, not only as
    ``__cause__``: the compiled engine (mypyc) does not chain exceptions.
    """

    def __init__(self, message: str, *, options_error: InvalidOptions | None = None) -> None:
        super().__init__(message)
        self.options_error = options_error


class InvalidOptions(ZoogamesError, ValueError):
    """Options to ``new_game`` that no game can start from; the message says which and why.

    ``summary``, when set, says the same without quoting the input (a deck file's lines may
    hold anything): what a tool shows about a file it does not trust.
    """

    def __init__(self, message: str, *, summary: str | None = None) -> None:
        super().__init__(message)
        self.summary = summary
