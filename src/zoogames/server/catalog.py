"""What the new-game form offers: the games, their options, the bots; and checking a request.

The server accepts only the options a game lists in ``Game.option_specs()`` (so never a
draw order, which would let the game's creator know the pile), and a ``json`` option
only as content: never a path, which the engine would read from the server's disk.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, cast

from zoogames import games
from zoogames.bots.levels import offered
from zoogames.core.game import JSON, Game, OptionSpec
from zoogames.core.message import N_, msg
from zoogames.server import contract
from zoogames.server.errors import ApiError
from zoogames.server.ratings import rated_games

BOTS: tuple[tuple[str, str], ...] = (
    ("beginner", "Beginner (makes a newcomer's mistakes)"),
    ("casual", "Casual (sees the obvious moves)"),
    ("strong", "Strong (rarely misses a good move)"),
    ("expert", "Expert (a deep search, up to 2 s a move)"),
    ("master", "Master (the strongest: a learned evaluation, up to 2 s a move)"),
    ("random", "Random (any legal move)"),
    ("greedy", "Greedy (the best move now)"),
    ("mcts:seconds=0.5", "MCTS, 0.5 s a move"),
    ("mcts:seconds=2", "MCTS, 2 s a move"),
    ("mcts:seconds=5", "MCTS, 5 s a move"),
)
"""The bot specs a seat may be given (``zoogames.bots.make``), with a label for the form:
the named levels first (``bots/levels.py``, docs/bots.md "Levels"), then the bots by
algorithm and time."""

LEVELS = frozenset(("beginner", "casual", "strong", "expert", "master"))
"""The named levels among :data:`BOTS` (the form shows them as a group of their own)."""

BOT_SPECS = frozenset(spec for spec, _ in BOTS)
BOT_LEVELS = {
    "beginner": N_("level.beginner"),
    "casual": N_("level.casual"),
    "strong": N_("level.strong"),
    "expert": N_("level.expert"),
    "master": N_("level.master"),
    "random": N_("level.random"),
    "greedy": N_("level.greedy"),
    "mcts:seconds=0.5": N_("level.mcts-0.5"),
    "mcts:seconds=2": N_("level.mcts-2"),
    "mcts:seconds=5": N_("level.mcts-5"),
}
"""Each bot's label as a catalogue id (docs/i18n.md), for a client that translates it."""


def catalog() -> contract.Catalog:
    """The answer of ``GET /api/catalog``."""
    return {
        "games": [
            {
                "id": g.id,
                "name": g.name,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "two_player_rules": g.two_player_rules(),
                # (``OptionSpec.to_json``: the engine's form, declared in the contract)
                "options": cast(list[contract.OptionSpec], [o.to_json() for o in g.option_specs()]),
            }
            for g in map(games.get, games.ids())
        ],
        "bots": [
            {
                "spec": spec,
                "label": label,
                "level": BOT_LEVELS[spec],
                "named": spec in LEVELS,
                "games": plays(spec),
                "rated_in": rated_games(spec),
            }
            for spec, label in BOTS
        ],
    }


def game_or_422(game_id: str) -> Game:
    """The catalog game ``game_id``, or a 422 naming the known ones."""
    if game_id not in games.ids():
        raise ApiError(
            422,
            msg("error.unknown_game", game=game_id, games=", ".join(games.ids())),
            f"unknown game {game_id!r}; games: {', '.join(games.ids())}",
        )
    return games.get(game_id)


def _fits(spec: OptionSpec, value: Any) -> bool:
    if spec.kind == "bool":
        return isinstance(value, bool)
    if spec.kind == "seat":
        return isinstance(value, int) and not isinstance(value, bool)
    if spec.kind == "subset":
        return isinstance(value, list) and all(isinstance(x, str) for x in value)
    if spec.kind == "json":
        return isinstance(value, dict)
    return False


_KIND_WORDS = {
    "bool": "true or false",
    "seat": "a seat number",
    "subset": "a list of names",
    "json": "a JSON object (a file's content)",
}


def check_options(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """The options to start ``game`` with: listed ones of the right kind, nulls left out."""
    specs = {o.name: o for o in game.option_specs()}
    chosen: dict[str, Any] = {}
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(specs) or "none"
            raise ApiError(
                422,
                msg("error.unknown_option", option=name, game=game.name, options=known),
                f"unknown option {name!r} for {game.name}; options: {known}",
            )
        if value is None:
            continue
        if not _fits(spec, value):
            raise ApiError(
                422,
                msg("error.option_kind", option=name, kind=_KIND_WORDS[spec.kind]),
                f"option {name!r} must be {_KIND_WORDS[spec.kind]}",
            )
        chosen[name] = check_deck(value) if game.id == DESIGNER and name == "deck" else value
    return chosen


DESIGNER = "aquarium-designer"
DECK_NAME_LENGTH = 64
"""The longest deck name accepted (shown on every snapshot of the game)."""
DECK_KEYS = frozenset({"format", "version", "name", "entrance", "layout", "comment"})
MAX_CARD_TEXT = 32
"""A card's text is a dozen characters (``"A* S / D P*"``); longer is refused unread."""
MAX_COMMENT = 1000


def check_deck(value: dict[str, Any]) -> dict[str, JSON]:
    """An Aquarium Designer deck (a deck file's content), checked and made canonical.

    Only what a deck file holds is accepted: its format and version, a printable name of
    at most :data:`DECK_NAME_LENGTH` characters, the cards in the card grammar (each
    read by the engine's ``parse_deck``) and a comment, which is dropped. The answer is the
    deck as the engine writes it (``Deck.to_json``): what the server stores, once per
    content (``deck_sha256``).
    """
    from zoogames.games.aquarium_designer.cards import (
        ENTRANCE_CARDS,
        LAYOUT_CARDS,
        DeckError,
        parse_deck,
    )

    unknown = set(value) - DECK_KEYS
    if unknown:
        raise ApiError(
            422,
            msg("error.deck_keys", keys=", ".join(sorted(DECK_KEYS))),
            f"a deck has only the keys {', '.join(sorted(DECK_KEYS))}; not {sorted(unknown)}",
        )
    name = value.get("name", "unnamed deck")
    named = isinstance(name, str) and 1 <= len(name) <= DECK_NAME_LENGTH
    if not named or not name.isprintable():
        raise ApiError(422, msg("error.deck_name", most=DECK_NAME_LENGTH))
    comment = value.get("comment", "")
    if not isinstance(comment, str) or len(comment) > MAX_COMMENT:
        raise ApiError(422, msg("error.deck_comment", most=MAX_COMMENT))
    for key, count in (("entrance", ENTRANCE_CARDS), ("layout", LAYOUT_CARDS)):
        cards = value.get(key)
        if not isinstance(cards, list) or len(cards) != count:
            raise ApiError(
                422,
                msg("error.deck_list", key=key, cards=count),
                f"a deck's {key!r} is a list of {count} cards",
            )
        if not all(isinstance(c, str) and len(c) <= MAX_CARD_TEXT for c in cards):
            raise ApiError(422, msg("error.deck_cards", most=MAX_CARD_TEXT))
    try:
        deck = parse_deck(value, "the deck")
    except DeckError as e:
        raise ApiError(422, msg("error.options", reason=str(e)), str(e)) from None
    canonical: dict[str, JSON] = deck.to_json()
    return canonical


def deck_sha256(content: dict[str, Any]) -> str:
    """The SHA-256 of a canonical deck: a deck is stored once per content (name included)."""
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def bot_label(spec: str) -> str:
    """The name a seat handed to bot ``spec`` gets (its label's first words)."""
    label = dict(BOTS).get(spec, spec)
    return label.split(" (")[0].split(",")[0]


def plays(spec: str) -> dict[str, list[int]]:
    """The catalog games bot ``spec`` plays, each with its numbers of players.

    Every game at every count, but a level only where offered (``levels.ONLY_IN``).
    """
    out = {}
    for game in map(games.get, games.ids()):
        counts = range(game.min_players, game.max_players + 1)
        if here := [n for n in counts if spec not in LEVELS or offered(spec, game.id, n)]:
            out[game.id] = here
    return out


def check_bot(spec: str | None, game: str, players: int) -> str:
    """A bot spec from the catalog that plays ``game`` at ``players``, or a 422 saying why."""
    if spec is None or spec not in BOT_SPECS:
        raise ApiError(
            422,
            msg("error.unknown_bot", bot=str(spec), bots=", ".join(s for s, _ in BOTS)),
            f"unknown bot {spec!r}; bots: {', '.join(s for s, _ in BOTS)}",
        )
    where = plays(spec)
    if players not in where.get(game, []):
        said = ", ".join(f"{g} ({', '.join(map(str, n))})" for g, n in where.items())
        raise ApiError(
            422,
            msg("error.bot_game", bot=spec, game=game, players=players, games=said),
            f"the bot {spec!r} does not play {game} with {players} players yet; it plays "
            f"{said} (the numbers of players in brackets)",
        )
    return spec
