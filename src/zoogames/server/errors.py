"""The server's one error type: an HTTP status and a sentence saying what is wrong."""

from __future__ import annotations


class ApiError(Exception):
    """A refused request: ``status`` (400, 401, 403, 404, 409, 422) and ``detail``.

    The detail is one of the server's fixed sentences or an engine's reason, which never
    reveals hidden information. Raising it means nothing was changed.
    """

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def not_found() -> ApiError:
    """The answer for a game id that names no game."""
    return ApiError(404, "there is no game with this id")
