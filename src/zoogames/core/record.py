"""Game records: load, save and replay.

A record is a JSON object ``{game, options, seed, actions, result}``, and ``generator``
when its seed is not SplitMix64's, ``forfeited`` when a seat forfeited the game on a
server (see ``docs/records.md``). Replaying it applies each
action in turn and stops at the first one that is not legal, naming its index.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from zoogames.core import registry
from zoogames.core.errors import IllegalAction, InvalidOptions, InvalidRecord
from zoogames.core.game import JSON, State
from zoogames.core.rng import BLAKE2B, GENERATORS, SPLITMIX64, generator_of


def validate(record: Any) -> dict[str, JSON]:
    """Check a record's shape; raise :class:`InvalidRecord` saying what is wrong."""
    if not isinstance(record, dict):
        raise InvalidRecord("a record is a JSON object with game, options, seed and actions")
    for key, kind in (("game", str), ("options", dict), ("seed", int), ("actions", list)):
        if key not in record:
            raise InvalidRecord(f"the record has no {key!r} field")
        value = record[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise InvalidRecord(f"the record's {key!r} must be a {kind.__name__}")
    if record["game"] not in registry.ids():
        raise InvalidRecord(
            f"unknown game {record['game']!r}; known games: {', '.join(registry.ids())}"
        )
    if "players" not in record["options"]:
        raise InvalidRecord("the record's options have no 'players'")
    generator = record.get("generator", SPLITMIX64)
    if generator not in GENERATORS:
        raise InvalidRecord(
            f"the record's generator must be one of {', '.join(GENERATORS)}, not {generator!r}"
        )
    if generator == BLAKE2B and generator_of(record["seed"]) != BLAKE2B:
        raise InvalidRecord(f"a {BLAKE2B} record's seed is from 2**128 to 2**129 - 1")
    for i, text in enumerate(record["actions"]):
        if not isinstance(text, str):
            raise InvalidRecord(f"action {i} is not a string: {text!r}")
    forfeited = record.get("forfeited")
    players = record["options"]["players"]
    if forfeited is not None and (
        not isinstance(forfeited, int)
        or isinstance(forfeited, bool)
        or not isinstance(players, int)
        or not 0 <= forfeited < players
    ):
        raise InvalidRecord(f"the record's 'forfeited' must be a seat, not {forfeited!r}")
    return record


def start(record: dict[str, JSON]) -> State:
    """The starting position of a (validated) record."""
    options = dict(record["options"])
    players = options.pop("players")
    seed = record["seed"]
    if record.get("generator", SPLITMIX64) == SPLITMIX64 and generator_of(seed) != SPLITMIX64:
        seed &= (1 << 64) - 1  # what SplitMix64 has always read of a seed: its low 64 bits
    try:
        return registry.get(record["game"]).new_game(players=players, seed=seed, **options)
    except InvalidOptions as e:
        raise InvalidRecord(
            f"the record's options cannot start a game: {e}", options_error=e
        ) from e
    except TypeError as e:
        raise InvalidRecord(f"the record's options cannot start a game: {e}") from e


def replay(record: Any) -> State:
    """The final state of a record (a dict, JSON text, or a path to a JSON file).

    ``record`` is typed ``Any``: anything else is refused with :class:`InvalidRecord`.

    Raises :class:`InvalidRecord` if it is not a record and :class:`IllegalAction`, with
    ``index`` and ``text`` set, at the first action that cannot be played.
    """
    rec = load(record) if isinstance(record, str | Path) else validate(record)
    state = start(rec)
    for i, text in enumerate(rec["actions"]):
        try:
            state.apply(text)
        except IllegalAction as e:
            raise IllegalAction(e.reason, index=i, text=text) from None
    return state


MAX_RECORD_BYTES = 64 << 20
"""The largest record file read (a long game's record is tens of kB)."""


def read_file(path: Path, limit: int = MAX_RECORD_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes; :class:`InvalidRecord` else.

    A device (``/dev/zero``), a FIFO (which would block) or a huge file is refused unread.
    """
    try:
        if not path.is_file():
            raise InvalidRecord(f"cannot read {path}: not a regular file")
        with path.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise InvalidRecord(f"cannot read {path}: {e.strerror or e}") from None
    if len(data) > limit:
        raise InvalidRecord(f"cannot read {path}: larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidRecord(f"cannot read {path}: not UTF-8 text") from None


def load(source: str | Path) -> dict[str, JSON]:
    """A validated record from JSON text or from a file path."""
    text = source
    looks_like_json = isinstance(source, str) and source.lstrip().startswith("{")
    if not looks_like_json:
        text = read_file(Path(source))
    try:
        data = json.loads(str(text))
    except json.JSONDecodeError as e:
        raise InvalidRecord(f"not JSON: {e}") from e
    except RecursionError:
        raise InvalidRecord("not a record: its JSON is nested too deeply") from None
    return validate(data)


def ranks(record: dict[str, Any]) -> list[float]:
    """Rank per seat (0 best) of a finished record, by points, then by the tie-break value.

    The tie-break is the first entry of ``result`` beside ``winners``, ``scores`` and
    ``forfeited`` that has a value per seat (none: ties stay ties). A seat that forfeited
    (``result["forfeited"]``, a server game) ranks last of all. The arena's ratings and
    the server's read the final order from here.

    >>> ranks({"result": {"scores": [10, 12, 10], "money": [3, 0, 1]}})
    [1.0, 0.0, 2.0]
    """
    result = record["result"]
    scores = result["scores"]
    ties = next((v for k, v in result.items() if k not in ("winners", "scores", "forfeited")), None)
    if not isinstance(ties, list) or len(ties) != len(scores):
        ties = [0] * len(scores)
    forfeited = result.get("forfeited")
    keys = [(i != forfeited, s, t) for i, (s, t) in enumerate(zip(scores, ties, strict=True))]
    return [float(sum(1 for other in keys if other > k)) for k in keys]


def dumps(record: dict[str, JSON]) -> str:
    """A record as JSON text, one action per line for readable diffs."""
    head = {k: v for k, v in record.items() if k != "actions"}
    lines = ",\n".join("    " + json.dumps(a) for a in record["actions"])
    body = json.dumps(head, indent=2)[:-2]
    return f'{body},\n  "actions": [\n{lines}\n  ]\n}}\n'


def save(record: dict[str, JSON], path: str | Path) -> None:
    """Write a record to ``path`` (see :func:`dumps`)."""
    Path(path).write_text(dumps(record), encoding="utf-8")
