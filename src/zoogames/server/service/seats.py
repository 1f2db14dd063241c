"""Seats: accepting an invitation, leaving, a rematch, an unjoined seat given to a bot.

Also the rules every part that seats a player shares: a player's name (``clean_name``)
and one seat per account in a rated game (``holds_a_seat``). Taking an open seat is the
lobby's (``lobby.py``), binding guest seats to an account the accounts' (``accounts.py``).
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from zoogames.core.game import JSON
from zoogames.core.message import msg
from zoogames.server import catalog, contract, tokens
from zoogames.server.accounts import Account
from zoogames.server.errors import ApiError
from zoogames.server.service.env import Env
from zoogames.server.store import Conflict, Seat
from zoogames.server.table import Table

if TYPE_CHECKING:
    from zoogames.server.service.round import Round

NAME_LENGTH = 32


ONE_SEAT = msg("error.one_seat")
"""An account holds at most one seat of a rated game: two seats would let it forfeit to
itself and forge its rating."""


def holds_a_seat(table: Table, account: Account | None) -> None:
    """409 if ``account`` already holds a seat of ``table``, a rated game (``ONE_SEAT``)."""
    if (
        table.setup.rated
        and account is not None
        and any(s.account == account.id for s in table.seats)
    ):
        raise ApiError(409, ONE_SEAT)


def clean_name(name: str | None, required: bool) -> str | None:
    """A player's name with its spaces tidied; 422 if empty (when required) or too long."""
    if name is None:
        if required:
            raise ApiError(422, msg("error.give_name"))
        return None
    tidy = " ".join(name.split())
    if not tidy:
        if required:
            raise ApiError(422, msg("error.give_name"))
        return None
    if len(tidy) > NAME_LENGTH or not tidy.isprintable():
        raise ApiError(
            422,
            msg("error.name_length", count=NAME_LENGTH),
            f"a name is at most {NAME_LENGTH} printable characters",
        )
    return tidy


class Seats:
    """Changes of a game's seats by their players (see the module docstring)."""

    def __init__(self, env: Env, round_: Round) -> None:
        self.env = env
        self.round = round_

    async def join(
        self,
        game_id: str,
        token: str | None,
        name: str | None,
        account: Account | None = None,
    ) -> contract.Joined:
        """Accept an invitation, or rename a seat; the seat's snapshot.

        With an invitation, the seat gets a fresh token, returned here alone (``token``):
        the invitation stops working, so whoever else saw it (the game's creator) cannot
        act for the player. With a seat's token, the seat is renamed. A seat accepted
        while signed in follows the account.
        """
        table = await self.round.table(game_id)
        if token is None:
            raise ApiError(401, msg("error.token_or_invitation"))
        tidy = clean_name(name, True)
        assert tidy is not None
        async with table.lock:
            seat, invited = table.identify(token)
            if invited is None:
                assert seat is not None
                renamed = table.seats[seat].named(tidy)
                await self.env.db(self.env.store.join, table.id, table.seats[seat], renamed)
                table.seats[seat] = renamed
                self.round.seats_changed(table)
                return cast(contract.Joined, table.snapshot(seat))  # (a rename: no new token)
            if table.setup.rated and account is None:
                raise ApiError(403, msg("error.rated_sign_in"))
            holds_a_seat(table, account)
            fresh = tokens.new_token()
            before = table.seats[invited]
            assert before.invite_sha256 is not None  # (the store's guard: this invitation)
            after = before.held(tokens.digest(fresh), tidy, account.id if account else None)
            try:
                joined = await self.env.db(self.env.store.accept, table.id, before, after)
            except Conflict:
                await self.round.reload(table)
                raise ApiError(
                    409,
                    msg("error.invitation_used"),
                ) from None
            table.events.append(joined)
            table.seats[invited] = after
            self.round.seats_changed(table)
            return {**table.snapshot(invited), "token": fresh}

    async def leave(self, game_id: str, token: str | None) -> contract.Snapshot:
        """The token's player leaves: the seat is played by the game's leave bot for good.

        Its token (and device tokens) stop working; the answer is a spectator's snapshot.
        If the creator chose ``on_leave: forfeit``, the seat forfeits the game instead
        (``forfeit``): it stays the player's, and the answer is its snapshot.
        """
        table, seat = await self.round.seat(game_id, token)
        async with table.lock:
            if table.over:
                raise ApiError(409, msg("error.over"))
            if table.open_seats:
                raise ApiError(409, msg("error.not_started_leave"))
            if table.setup.on_leave == "forfeit":
                await self.round.forfeit(table, seat)
                return table.snapshot(seat)
            target = table.seats[seat]
            bot = table.setup.leave_bot or ("greedy" if table.setup.rated else catalog.BOTS[0][0])
            label = catalog.bot_label(bot)
            after = target.left_to(bot, label)
            try:
                left = await self.env.db(self.env.store.leave, table.id, target, after)
            except Conflict:
                await self.round.reload(table)
                raise ApiError(409, msg("error.seat_changed")) from None
            table.events.append(left)
            table.seats[seat] = after  # (its account stays: the game still rates the leaver)
            table.device_tokens = {k: d for k, d in table.device_tokens.items() if d.seat != seat}
            for conn in self.env.hub.games.get(table.id, ()):
                if conn.seat == seat:
                    conn.seat = None  # its sockets watch from now on
            if table.state.to_move == seat and table.bot_task is None:
                self.round.start_bot(table)
            self.round.seats_changed(table)
            return table.snapshot(None)

    async def rematch(self, game_id: str, token: str | None) -> dict[str, JSON]:
        """A new deal with the same seats and options, once the game is over.

        The asker's seat is theirs at once (its token in the answer); every other human
        seat is offered to its player: their old seat's token is the new seat's
        invitation (``join`` the new game with it). Bots stay. One rematch per game: the
        next asker gets 409 naming it; the old game's snapshot names it in ``rematch``.
        """
        table, mine = await self.round.seat(game_id, token)
        async with table.lock:
            if not table.over:
                raise ApiError(409, msg("error.rematch_unfinished"))
            if table.setup.rematch is not None:
                raise ApiError(409, msg("error.rematch_made", game=str(table.setup.rematch)))
            fresh = tokens.new_token()
            seats: list[Seat] = []
            for s in table.seats:
                if s.kind == "bot":
                    seats.append(Seat(s.seat, "bot", s.bot, s.name, True, None))
                elif s.seat == mine:
                    seats.append(
                        Seat(
                            s.seat,
                            "human",
                            None,
                            s.name,
                            True,
                            tokens.digest(fresh),
                            None,
                            s.account,
                        )
                    )
                else:  # offered: the old seat's token (or invitation) invites to the new one
                    invite = s.token_sha256 or s.invite_sha256
                    seats.append(
                        Seat(s.seat, "human", None, s.name, False, None, invite, s.account)
                    )
            asked = table.setup.asked
            if asked is None:  # a game from before 0005: its options as resolved, those listed
                names = {o.name for o in catalog.game_or_422(table.game).option_specs()}
                asked = {k: v for k, v in table.options.items() if k in names and k != "deck"}
            chosen = dict(asked)
            if "deck" in table.options:
                chosen["deck"] = table.options["deck"]
            setup = replace(
                table.setup,
                host=mine,
                asked=asked,
                rematch=None,
                mutes=frozenset(),
                forfeited=None,
            )
            try:
                new = await self.round.start_table(
                    table.game, len(seats), chosen, seats, setup, rematch_of=table.id
                )
            except Conflict:
                await self.round.reload(table)
                raise ApiError(409, msg("error.rematch_meanwhile")) from None
            table.setup = replace(table.setup, rematch=new.id)
            with contextlib.suppress(ApiError):  # (the rematch stands without its line)
                table.events.append(
                    await self.env.db(
                        self.env.store.add_event, table.id, "rematch", None, None, new.id
                    )
                )
            self.round.seats_changed(table)
            return {
                "id": new.id,
                "seats": [s.to_json() for s in seats],
                "tokens": {str(mine): fresh},
                "invitations": {},
            }

    async def hand_to_bot(
        self, game_id: str, token: str | None, seat: int, spec: str | None
    ) -> contract.Snapshot:
        """Give an invited seat that never joined to a bot; the snapshot of ``token``'s seat.

        Any seated player of the game may do it (the game's creator holds a seat), so that
        a seat nobody takes does not stop the game for good.
        """
        table, mine = await self.round.seat(game_id, token)
        bot = catalog.check_bot(spec, table.game, len(table.seats))
        async with table.lock:
            if not 0 <= seat < len(table.seats):
                raise ApiError(422, msg("error.seat_range", last=len(table.seats) - 1, asked=seat))
            target = table.seats[seat]
            if target.kind != "human" or target.joined:
                raise ApiError(409, msg("error.bot_invited_only"))
            if target.open:
                raise ApiError(409, msg("error.open_to_bots"))
            if table.over:
                raise ApiError(409, msg("error.over"))
            label = catalog.bot_label(bot)
            after = target.to_bot(bot, label)
            try:
                await self.env.db(self.env.store.hand_to_bot, table.id, target, after)
            except Conflict:
                await self.round.reload(table)
                raise ApiError(
                    409,
                    msg("error.joined_meanwhile"),
                ) from None
            table.seats[seat] = after
            if table.state.to_move == seat and table.bot_task is None:
                self.round.start_bot(table)
            self.round.seats_changed(table)
            return table.snapshot(mine)
