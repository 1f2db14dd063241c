"""Each change of a seat is written once, as a method of the record, and stored as such.

The store writes the columns a change changed (``seat_changes``), never the others, so a
column another process changed meanwhile (a claim, say) is not written back from an older
copy; the table holds the same new record. A change that wrote one more or one fewer
column than its method says fails here.
"""

from __future__ import annotations

from zoogames.server.store.engine import seat_changes
from zoogames.server.store.records import Seat

INVITED = Seat(1, "human", None, None, False, None, "invite-digest", None)
HELD = Seat(0, "human", None, "Ann", True, "token-digest", None, 7)


def test_taking_a_seat_writes_the_name_the_token_and_the_account() -> None:
    after = INVITED.held("new-digest", "Bob", 9)
    assert seat_changes(INVITED, after) == {
        "name": "Bob",
        "joined": True,
        "token_sha256": "new-digest",
        "invite_sha256": None,
        "account_id": 9,
    }
    assert after.open is False and after.kind == "human"


def test_a_rename_writes_the_name_alone() -> None:
    assert seat_changes(HELD, HELD.named("Anna")) == {"name": "Anna"}


def test_leaving_keeps_the_account_and_spends_the_token() -> None:
    after = HELD.left_to("greedy", "Greedy bot")
    assert seat_changes(HELD, after) == {
        "kind": "bot",
        "bot": "greedy",
        "name": "Greedy bot",
        "token_sha256": None,
        "left": True,
    }
    assert after.account == 7  # a rated game still rates the leaver


def test_a_bot_given_a_seat_nobody_joined_plays_it_from_the_start() -> None:
    after = INVITED.to_bot("beginner", "Beginner bot")
    assert seat_changes(INVITED, after) == {
        "kind": "bot",
        "bot": "beginner",
        "name": "Beginner bot",
        "joined": True,
        "invite_sha256": None,
    }
