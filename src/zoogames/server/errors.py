"""The server's one error type: an HTTP status and a catalogue message saying what is wrong."""

from __future__ import annotations

from typing import Any

from zoogames.core.message import Message, msg
from zoogames.i18n import english


class ApiError(Exception):
    """A refused request: ``status`` (400, 401, 403, 404, 409, 422, 429, 503) and a message.

    ``message`` is a catalogue message (``docs/i18n.md``): the answer carries it beside
    ``detail`` for the client to render in its reader's language. ``detail`` is its English
    sentence (``zoogames.i18n.english``), unless one is given: an engine's reason or the
    value refused, which the catalogue cannot hold. It never reveals hidden information.
    Raising it means nothing was changed.
    """

    def __init__(self, status: int, message: Message, detail: str | None = None) -> None:
        if not isinstance(message, Message):  # every refusal reaches players in their language
            raise TypeError(f"an ApiError takes a catalogue message, not {message!r}")
        detail = english(message) if detail is None else detail
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.message = message

    def to_json(self) -> dict[str, Any]:
        """``{"detail": …, "message": {"id": …, "params": …}}``."""
        return {"detail": self.detail, "message": self.message.to_json()}


def not_found() -> ApiError:
    """The answer for a game id that names no game."""
    return ApiError(404, msg("error.not_found"))
