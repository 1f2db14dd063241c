"""The protocol every game follows: :class:`Game`, :class:`State`, :class:`Action`.

A game is a :class:`Game` object in the registry (``zoogames.games.get(id)``); it starts
states. A state is one position with everything the table holds, hidden parts included;
``view(seat)`` is what one seat may see of it. Actions are small immutable values whose
``str`` is their text notation, which :meth:`Game.parse_action` reads back.

>>> import zoogames
>>> state = zoogames.games.get("aquaretto").new_game(players=3, seed=1)
>>> while not state.is_terminal:
...     state.apply(state.legal_actions()[0])
>>> len(state.result().winners) >= 1
True
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Hashable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

from zoogames.core.errors import IllegalAction, ZoogamesError
from zoogames.core.fields import (
    LIST,
    SHARED,
    Fields,
    copy_for_seat,
    copy_of,
    fields,
    rebuilt,
    same_fields,
)
from zoogames.core.message import N_, Message, msg
from zoogames.core.rng import SPLITMIX64, generator_of

if TYPE_CHECKING:  # (the views' types are for mypy and make views: nothing of them runs)
    from zoogames.core.view_types import BaseView

JSON = Any
"""A value that :func:`json.dumps` accepts."""


class Shuffler(Protocol):
    """What :meth:`State.determinize` needs of a random generator (``Rng`` or ``random.Random``)."""

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        """Shuffle a list in place."""


class Action:
    """Base class of every game's actions: immutable, hashable, ``str`` gives the notation.

    Each game's actions are frozen dataclasses.
    """

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt(self)


@dataclass(frozen=True, slots=True)
class Score:
    """One seat's points: the total and how it is made up (category → points)."""

    total: int
    parts: Mapping[str, int] = field(default_factory=dict)

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt(self)

    def to_json(self) -> dict[str, int]:
        """``{"total": …, category: points, …}``."""
        return {"total": self.total, **self.parts}


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game.

    ``winners`` are the seats that won after tie-breaks (several for a shared win);
    ``totals`` are the points per seat and ``tiebreak`` the value each seat's tie is
    broken by (coins in the zoo games, animals in Aquarium Designer).
    """

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    tiebreak: tuple[int, ...]
    tiebreak_name: str = "coins"

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt(self)

    def to_json(self) -> dict[str, JSON]:
        """The form stored in records."""
        return {
            "winners": list(self.winners),
            "scores": list(self.totals),
            self.tiebreak_name: list(self.tiebreak),
        }


def forfeit_result(state: State, seat: int) -> dict[str, JSON]:
    """The result, JSON-ready, of a game ``seat`` forfeited (the server's clocks and leaving).

    The position is scored as it stands (``state.scores()``, the live scores): the
    forfeiting seat ranks last whatever its points, the others by points then tie-break,
    and ``winners`` are the best of the others. ``forfeited`` names the seat, which
    ``core.record.ranks`` (and so the ratings) reads.
    """
    totals = tuple(s.total for s in state.scores())
    ties = tuple(state.tiebreak(i) for i in range(state.players))
    others = [i for i in range(state.players) if i != seat]
    best = max(((totals[i], ties[i]) for i in others), default=None)  # (None: solo)
    winners = tuple(i for i in others if (totals[i], ties[i]) == best)
    result = Result(winners, totals, ties, state.tiebreak_name).to_json()
    result["forfeited"] = seat
    return result


def rank_winners(totals: Sequence[int], tiebreak: Sequence[int]) -> tuple[int, ...]:
    """Seats with the most points; among them those with the highest tie-break value."""
    best = max(zip(totals, tiebreak, strict=True))
    return tuple(i for i, key in enumerate(zip(totals, tiebreak, strict=True)) if key == best)


@dataclass(frozen=True, slots=True)
class Choices:
    """A group of names an option picks from: ``count[players]`` of ``names`` are chosen.

    ``label`` names the group when an option has several (e.g. each game's species in
    "Aquaretto with Zooloretto"); it is empty when there is only one. ``label_id`` is the
    label's catalogue id (docs/i18n.md), so that a form shows it in the reader's language.
    """

    names: tuple[str, ...]
    count: Mapping[int, int]
    label: str = ""
    label_id: str = ""

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt(self)

    def to_json(self) -> dict[str, JSON]:
        """``{label, label_id, names, count: {"2": 3, …}}`` (JSON object keys are strings)."""
        return {
            "label": self.label,
            "label_id": self.label_id,
            "names": list(self.names),
            "count": {str(k): v for k, v in self.count.items()},
        }


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of :meth:`Game.new_game`, described so that a form can offer it.

    ``kind`` says what the value is:

    - ``"bool"``: ``true`` or ``false``;
    - ``"seat"``: a seat number from 0 to players − 1;
    - ``"subset"``: a list of names, ``count[players]`` from each group of ``groups``;
    - ``"json"``: a JSON object (a file's content, e.g. a deck).

    ``default`` is the value used when the option is left out; ``None`` means the game
    draws it from its seed (or uses its standard setup). ``players`` lists the player
    counts the option makes sense for (empty: every count).
    """

    name: str
    kind: str
    label: str
    description: str
    default: JSON = None
    groups: tuple[Choices, ...] = ()
    players: tuple[int, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt(self)

    def to_json(self) -> dict[str, JSON]:
        """The JSON form served by the web API's catalog (``docs/api.md``)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "label": self.label,
            "description": self.description,
            "default": self.default,
            "groups": [g.to_json() for g in self.groups],
            "players": list(self.players),
        }


START_PLAYER = OptionSpec(
    "start_player",
    "seat",
    "Start player",
    "The seat that plays first; left out, it is drawn at random.",
)
"""The ``start_player`` option, the same in every game."""

START_PLAYER_IDS = (N_("option.start_player"), N_("option.start_player.help"))
"""Its label and help in the catalogue: a form looks an option up as ``option.<name>`` and
``option.<name>.help`` (docs/i18n.md); ``label`` and ``description`` are their English."""


# Not an ABC: compiled (mypyc) classes do not run ABCMeta.__new__, so every compiled
# subclass would share its base's isinstance cache, and an isinstance() asked from plain
# Python would return whatever was first answered for any class of the family. The
# @abstractmethod marks stay for mypy ("cannot instantiate abstract class").
class Game:
    """A game in the registry: its id, its player counts, and how to start and read it."""

    id: str
    name: str
    min_players: int
    max_players: int

    @abstractmethod
    def new_game(self, players: Any, seed: Any = None, **options: Any) -> State:
        """A new game at its first decision. Raises ``InvalidOptions`` for bad options.

        ``players`` (an int) and ``seed`` (a non-negative int or ``None``) are typed
        ``Any`` because anything may arrive here and is refused with a reason: the
        compiled engine would otherwise refuse a wrong type with a bare ``TypeError``.
        """

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written as ``text``; raises :class:`IllegalAction` if it is no action."""

    def two_player_rules(self) -> bool:
        """True if two players play by rules of their own.

        The truck games' three trucks hold 3, 2 and 1 tiles with two players; the catalog
        says so, and the new-game form with it.
        """
        return False

    def option_specs(self) -> list[OptionSpec]:
        """The options a player may choose when starting a game, e.g. in the web app's form.

        Options meant for tests and records (a fixed draw order, a deck's digest) are not
        listed.
        """
        return []

    def __eq__(self, other: object) -> bool:
        # by id: a state unpickled elsewhere holds a copy of its game object
        return isinstance(other, Game) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def check_players(self, players: Any) -> None:
        """Raise ``InvalidOptions`` unless the game is played by ``players`` players."""
        from zoogames.core.errors import InvalidOptions

        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                f"{self.name} is for {self.min_players} to {self.max_players} players,"
                f" not {players!r}"
            )


class State:  # not an ABC, as Game (above)
    """One position of a game, hidden information included.

    Subclasses implement :meth:`legal_actions`, :meth:`check`, :meth:`_apply`,
    :meth:`scores`, :meth:`view` and :meth:`determinize`, and declare their fields in
    ``FIELDS`` (these and their own, see :mod:`zoogames.core.fields`), from which
    :meth:`clone` and ``==`` are derived; this class adds validation, history and records
    on top.
    """

    FIELDS: ClassVar[Fields] = fields(
        game=SHARED, players=SHARED, seed=SHARED, options=SHARED, history=LIST, to_move=SHARED
    )
    """The fields every state has; ``options`` is shared, as no state changes it."""
    SHARED_FOR_SEAT: ClassVar[tuple[str, ...]] = ()
    """Fields that :meth:`clone_for` shares although they are lists: ones that no step of a
    seat's own turn changes (a truck game's hidden piles, which only a draw changes)."""

    game: Game
    players: int
    seed: int
    options: dict[str, JSON]
    history: list[Action]
    to_move: int | None

    @property
    def is_terminal(self) -> bool:
        """True once the game is over (``to_move`` is then ``None``)."""
        return self.to_move is None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move, in a stable order; empty when over."""

    @abstractmethod
    def check(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal here, else the reason it is not."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action (already checked)."""

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (or its notation) for the seat to move.

        Raises :class:`IllegalAction` with the reason if it is not legal here; the state
        is then left exactly as it was.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        elif not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        if self.to_move is None:
            raise IllegalAction("the game is over")
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._apply(action)
        self.history.append(action)

    def play(self, action: Action) -> None:
        """Play ``action``, one of :meth:`legal_actions` now, without checking it again.

        For search bots, which apply thousands of actions taken straight from
        :meth:`legal_actions`: the check :meth:`apply` makes (with its reason in words)
        would be repeated work. An action that is not legal here has no defined effect.
        """
        self._apply(action)
        self.history.append(action)

    def turn_in_progress(self) -> bool:
        """True while the seat to move is inside a turn of several actions.

        For example after ``draw`` (the tile must be loaded) or while placing a taken
        truck's tiles. Bots use it to value the first action of such a turn by the
        whole turn, and the web client to know when undo is possible.
        """
        return False

    def reveals(self, action: Action) -> bool:
        """True if playing ``action`` shows something hidden until now (a drawn tile, new cards).

        An undo never goes back past such an action: what was seen cannot be unseen. The
        default says yes, so a game that does not say otherwise allows no undo.
        """
        return True

    def revealed(self, action: Action) -> Hashable | None:
        """What chance showed the table by ``action``, which was just applied to this state.

        Search bots branch on it: two determinizations that played the same action from the
        same public position give equal values exactly when the table saw the same thing
        (the tile drawn, the cards dealt). ``None`` means the action cannot show anything.
        The default is the whole public view as JSON text, right for any game but slow; a
        game that knows what its chance actions show says so more cheaply.
        """
        return json.dumps(self.view(None), sort_keys=True)

    def is_legal(self, action: Action | str) -> bool:
        """True if ``action`` could be applied now."""
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except IllegalAction:
                return False
        return self.to_move is not None and self.check(action) is None

    @abstractmethod
    def scores(self) -> list[Score]:
        """Points per seat, with their breakdown, as if the game ended now."""

    def tiebreak(self, seat: int) -> int:
        """The value that breaks a tie on points (coins, unless a game says otherwise)."""
        raise NotImplementedError

    tiebreak_name: ClassVar[str] = "coins"

    def result(self) -> Result:
        """Winners after tie-breaks; raises ``ZoogamesError`` before the game is over."""
        if not self.is_terminal:
            raise ZoogamesError("the game is not over")
        totals = tuple(s.total for s in self.scores())
        ties = tuple(self.tiebreak(i) for i in range(self.players))
        return Result(rank_winners(totals, ties), totals, ties, self.tiebreak_name)

    @abstractmethod
    def view(self, seat: int | None) -> Mapping[str, JSON]:
        """What ``seat`` sees at the table (``None``: a spectator), JSON-ready.

        Each game returns a plain dict typed by its own ``TypedDict`` (declared in
        ``games/<game>/view_types.py``, from which the client's types are generated), so
        mypy checks every key the game writes; here it is only a mapping, as a
        ``TypedDict`` is not a ``dict[str, ...]`` to mypy.
        """

    def base_view(self, seat: int | None) -> BaseView:
        """The keys every view holds (``core/view_types.py``), for ``view`` to start from."""
        return {
            "players": self.players,
            "seat": seat,
            "to_move": self.to_move,
            "legal": [str(a) for a in self.legal_actions()] if seat == self.to_move else [],
            "scores": [s.to_json() for s in self.scores()],
        }

    def clone(self) -> Self:
        """An independent copy: every declared field, copied as its declaration says."""
        return copy_of(self)

    def clone_for(self, seat: int) -> Self:
        """A copy for a look-ahead at actions that change nothing of the other seats'.

        Like :meth:`clone`, but the objects held per seat (each seat's zoo or layout) are
        copied for ``seat`` only and shared with this state for the others, and so are
        the fields of ``SHARED_FOR_SEAT``: a search bot's trial of a step of ``seat``'s
        own turn (placing its tiles) copies one zoo, not all, and no pile. Playing on the
        copy an action that changes another seat's holdings (buying from its depot) or
        those fields (a draw) would change this state too.
        """
        return copy_for_seat(self, seat)

    def __eq__(self, other: object) -> bool:
        """The same game, seed, history and position, field by field (for replay tests)."""
        return same_fields(self, other)

    def __hash__(self) -> int:
        """Unhashable: a state changes as it is played (``==`` compares its fields).

        A method, not ``__hash__ = None``: compiled, that would be an attribute that
        unpickling a state tries, and fails, to set.
        """
        raise TypeError(f"unhashable type: {type(self).__name__!r}")

    @abstractmethod
    def determinize(self, rng: Shuffler) -> State:
        """A copy with the same public state and the unseen tiles or cards reshuffled.

        The result must depend only on public information and ``rng``, never on the
        hidden order itself (sort the unseen items before shuffling them).
        """

    def record(self) -> dict[str, JSON]:
        """The game so far as a record: ``{game, options, seed, actions, result}``."""
        record: dict[str, JSON] = {
            "game": self.game.id,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [str(a) for a in self.history],
            "result": self.result().to_json() if self.is_terminal else None,
        }
        if generator_of(self.seed) != SPLITMIX64:  # a record without it means SplitMix64
            record["generator"] = generator_of(self.seed)
        return record

    def render_text(self, lang: str = "en") -> str:
        """The table as text with its words in ``lang`` (``en``, ``cs``); games override it.

        ``str(state)`` is the English one. The default ignores ``lang``.
        """
        return str(self)

    def describe(self, action: Action, seat: int | None = None) -> Message:
        """``action`` as a move log message (``core.message``); games override it.

        Call it before applying the action. The default names the seat by number and the
        action by its notation; ``zoogames.i18n`` renders a message in a language.
        """
        if seat is None:
            return msg("log.action_someone", action=str(action))
        return msg("log.action_seat", seat=str(seat), action=str(action))
