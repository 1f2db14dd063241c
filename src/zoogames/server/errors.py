"""The server's one error type: an HTTP status and a sentence saying what is wrong."""

from __future__ import annotations

from typing import Any

from zoogames.core.message import Message, msg


class ApiError(Exception):
    """A refused request: ``status`` (400, 401, 403, 404, 409, 422) and ``detail``.

    The detail is one of the server's fixed sentences or an engine's reason, which never
    reveals hidden information. Raising it means nothing was changed. ``message`` is the
    same sentence as a catalogue message (``docs/i18n.md``), for the errors a player can
    meet in the client; the answer carries it beside ``detail`` for the client to render
    in its reader's language.
    """

    def __init__(self, status: int, detail: str, message: Message | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.message = message

    def to_json(self) -> dict[str, Any]:
        """``{"detail": …}``, with ``"message"`` when the error has one."""
        body: dict[str, Any] = {"detail": self.detail}
        if self.message is not None:
            body["message"] = self.message.to_json()
        return body


def not_found() -> ApiError:
    """The answer for a game id that names no game."""
    return ApiError(404, "there is no game with this id", msg("error.not_found"))
