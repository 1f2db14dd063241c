"""Aquarium Designer's default deck: how it is made, its statistics and how it plays.

    python benchmarks/designer_deck.py [--games 200] [--deck PATH]   # one JSON line
    python benchmarks/designer_deck.py --generate PATH                # write the deck

**Generating** (deterministic; this is how ``deck.json`` was made):

- Entrance cards: the 6 ways to lay 4 different colours on a card (up to turning it),
  each with 2 animals on two sections that share an edge, chosen so that every colour
  has 3 entrance animals.
- Layout cards: 40 cards in seven colour patterns (``PATTERNS``: letters stand for
  different colours), each with a planned number of animals (``ANIMALS``). Colours and
  animal sections are drawn from a seeded generator, then improved one card at a time
  (a hill climb) until every colour covers exactly 40 sections and shows the same number
  of animals, each pattern spreads its colours evenly, no two cards are the same up to
  turning, and no card looks the same after a turn of 90° or 180° (so its 4 turns are 4
  different placements).

**Measuring**: the deck's statistics (colours, animals, patterns, distinctness), the
solo scores of ``random``, ``greedy`` (one ply) and ``greedy`` with look-ahead over the
preview card (the default in solo play: the "careful player") — mean, spread, range and
the share of each designer rank — and the greedy bot's win rate against ``random`` in
2-player games (seats alternating).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections import Counter
from itertools import permutations
from pathlib import Path
from typing import Any

import zoogames
from zoogames import bots
from zoogames.core.rng import Rng
from zoogames.games.aquarium_designer.cards import (
    COLOURS,
    LETTERS,
    Card,
    Deck,
    Section,
    default_deck,
    load_deck,
    parse_card,
)
from zoogames.games.aquarium_designer.state import rank

GAME = "aquarium-designer"

PATTERNS: list[tuple[str, str, int]] = [
    # (name, colour slots TL TR BL BR, number of cards)
    ("one colour", "aaaa", 4),
    ("three and one", "aaab", 8),
    ("two halves", "aabb", 8),
    ("two diagonals", "abba", 4),
    ("pair and two", "aabc", 8),
    ("pair across", "abca", 4),
    ("four colours", "abcd", 4),
]

ANIMALS: dict[str, list[int]] = {
    # animals on each card of a pattern, in order: 52 in all, 13 per colour
    "one colour": [1, 1, 2, 2],
    "three and one": [1, 1, 1, 1, 1, 1, 1, 2],
    "two halves": [1, 1, 1, 1, 1, 2, 2, 2],
    "two diagonals": [1, 1, 1, 2],
    "pair and two": [0, 1, 1, 1, 1, 1, 2, 2],
    "pair across": [1, 1, 1, 2],
    "four colours": [1, 1, 2, 3],
}

SEED = 2017


# ----- generating ------------------------------------------------------------------------


def text_of(colours: list[int], animals: list[bool]) -> str:
    """Deck text of four sections TL, TR, BL, BR."""
    w = [LETTERS[c] + ("*" if a else "") for c, a in zip(colours, animals, strict=True)]
    return f"{w[0]} {w[1]} / {w[2]} {w[3]}"


def card_of(text: str) -> Card:
    """A card from its text (the generator's texts are always valid)."""
    card, why = parse_card(text)
    assert card is not None, why
    return card


def entrance_cards() -> list[str]:
    """The 6 entrance cards: every arrangement of 4 colours, 2 adjacent animals each."""
    arrangements = [[0, *p] for p in permutations((1, 2, 3))]  # angelfish top-left
    adjacent = [(0, 1), (1, 3), (2, 3), (0, 2)]  # TL-TR, TR-BR, BL-BR, TL-BL
    for choice in _product(len(adjacent), len(arrangements)):
        count: Counter[int] = Counter()
        for arr, k in zip(arrangements, choice, strict=True):
            for s in adjacent[k]:
                count[arr[s]] += 1
        if all(count[c] == 3 for c in range(4)):
            out = []
            for arr, k in zip(arrangements, choice, strict=True):
                out.append(text_of(arr, [s in adjacent[k] for s in range(4)]))
            return out
    raise AssertionError("no balanced choice of entrance animals")


def _turns(s: tuple[Section, ...]) -> list[tuple[Section, ...]]:
    """A card's sections in its 4 turns (as :meth:`Card.rotated`)."""
    out = [s]
    for _ in range(3):
        s = (s[2], s[0], s[3], s[1])
        out.append(s)
    return out


def _product(base: int, digits: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for _ in range(digits):
        out = [(*t, d) for t in out for d in range(base)]
    return out


class Draft:
    """A layout deck under construction: per card its pattern, colours and animals."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.cards: list[tuple[str, str, list[int], list[bool]]] = []
        for name, slots, n in PATTERNS:
            for k in ANIMALS[name][:n]:
                self.cards.append((name, slots, *self.fresh(slots, k)))

    def fresh(self, slots: str, k: int) -> tuple[list[int], list[bool]]:
        """Random colours for the slots and ``k`` random animal sections."""
        letters = sorted(set(slots))
        colours = self.rng.sample(range(4), len(letters))
        cmap = dict(zip(letters, colours, strict=True))
        marked = set(self.rng.sample(range(4), k))
        return [cmap[s] for s in slots], [i in marked for i in range(4)]

    def cost(self) -> float:
        """0 for a deck that meets every goal of the module docstring."""
        animals: Counter[int] = Counter()
        per_pattern: dict[str, Counter[int]] = {}
        seen: Counter[tuple[Section, ...]] = Counter()
        bad = 0
        for name, _, colours, marks in self.cards:
            animals.update(c for c, a in zip(colours, marks, strict=True) if a)
            per_pattern.setdefault(name, Counter()).update(colours)
            turns = _turns(tuple(zip(colours, marks, strict=True)))
            seen[min(turns)] += 1
            bad += turns[0] in (turns[1], turns[2])
        total = sum(animals.values())
        cost = sum((4 * animals[c] - total) ** 2 for c in range(4)) / 16
        for count in per_pattern.values():
            cost += max(count[c] for c in range(4)) - min(count[c] for c in range(4))
        return cost + 10 * sum(n - 1 for n in seen.values()) + 10 * bad

    def improve(self, steps: int = 20000) -> None:
        """Hill climb: redraw one card at a time, keep the change unless it is worse."""
        cost = self.cost()
        for _ in range(steps):
            if cost == 0:
                return
            i = self.rng.below(len(self.cards))
            name, slots, colours, marks = self.cards[i]
            self.cards[i] = (name, slots, *self.fresh(slots, sum(marks)))
            new = self.cost()
            if new <= cost:
                cost = new
            else:
                self.cards[i] = (name, slots, colours, marks)
        raise AssertionError(f"the hill climb stopped at cost {cost}")

    def texts(self) -> list[str]:
        """The cards' texts, in pattern order."""
        return [text_of(c, m) for _, _, c, m in self.cards]


def generate(seed: int = SEED) -> dict[str, Any]:
    """The default deck's file content."""
    draft = Draft(Rng(seed, "deck"))
    draft.improve()
    return {
        "format": "aquarium-designer-deck",
        "version": 1,
        "name": "zoogames default deck",
        "comment": (
            "Made by benchmarks/designer_deck.py --generate; the printed cards are not"
            " public (ruling D-D1). A card is 'TL TR / BL BR': a colour letter per"
            " section (A angelfish, S sea lion, D dolphin, P penguin), * for an animal."
        ),
        "entrance": entrance_cards(),
        "layout": draft.texts(),
    }


# ----- measuring -------------------------------------------------------------------------


def pattern_of(card: Card) -> str:
    """The colour pattern of a card, as in ``PATTERNS``."""
    cols = [c for c, _ in card.sections]
    counts = sorted(Counter(cols).values(), reverse=True)
    if counts == [4]:
        return "one colour"
    if counts == [3, 1]:
        return "three and one"
    if counts == [1, 1, 1, 1]:
        return "four colours"
    pair = next(c for c in cols if cols.count(c) == 2)
    crossed = cols[0] == cols[3] or cols[1] == cols[2]
    diagonal_pair = (cols[0] == cols[3] == pair) or (cols[1] == cols[2] == pair)
    if counts == [2, 2]:
        return "two diagonals" if crossed else "two halves"
    return "pair across" if diagonal_pair else "pair and two"


def deck_stats(deck: Deck) -> dict[str, Any]:
    """Colours, animals, patterns and distinctness of a deck."""
    layout = deck.layout
    sections = Counter(c for card in layout for c, _ in card.sections)
    animals = Counter(c for card in layout for c, a in card.sections if a)
    per_card = Counter(card.animals for card in layout)
    patterns = Counter(pattern_of(card) for card in layout)
    entrance_animals = Counter(c for card in deck.entrance for c, a in card.sections if a)
    return {
        "name": deck.name,
        "digest": deck.digest,
        "layout_cards": len(layout),
        "sections_per_colour": {COLOURS[c]: sections[c] for c in range(4)},
        "animals_per_colour": {COLOURS[c]: animals[c] for c in range(4)},
        "animals": sum(animals.values()),
        "cards_by_animals": {str(k): per_card[k] for k in sorted(per_card)},
        "cards_by_pattern": dict(patterns),
        "distinct_up_to_turning": len({card.canonical() for card in layout}),
        "symmetric_cards": sum(card.symmetric() for card in layout),
        "entrance_animals_per_colour": {COLOURS[c]: entrance_animals[c] for c in range(4)},
    }


def solo(spec: str, games: int, options: dict[str, Any]) -> dict[str, Any]:
    """Solo scores of a bot over ``games`` seeds: mean, spread, range, rank shares."""
    game = zoogames.games.get(GAME)
    scores = []
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_game(players=1, seed=seed, **options)
        bot = bots.make(spec, seed=seed, game=GAME)
        while not state.is_terminal:
            state.apply(bot.choose(state))
        scores.append(state.scores()[0].total)
    ranks = Counter(rank(s) for s in scores)
    bands = Counter(min(s // 5, 10) for s in scores)
    return {
        "mean": round(statistics.mean(scores), 2),
        "sd": round(statistics.pstdev(scores), 2),
        "min": min(scores),
        "median": statistics.median(scores),
        "max": max(scores),
        "ranks": {r: round(ranks[r] / games, 3) for r in "SABCD"},
        "histogram": {
            (f"{5 * b}-{5 * b + 4}" if b < 10 else "50+"): bands[b] for b in range(11) if bands[b]
        },
        "seconds": round(time.perf_counter() - start, 1),
    }


def duel(games: int, options: dict[str, Any]) -> dict[str, Any]:
    """Greedy against random in 2-player games, seats alternating."""
    game = zoogames.games.get(GAME)
    wins = 0.0
    margin = 0
    for seed in range(games):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state = game.new_game(players=2, seed=seed, **options)
        players = [bots.make(s, seed=seed * 7 + i, game=GAME) for i, s in enumerate(specs)]
        while not state.is_terminal:
            assert state.to_move is not None
            state.apply(players[state.to_move].choose(state))
        result = state.result()
        g = specs.index("greedy")
        if g in result.winners:
            wins += 1 / len(result.winners)
        margin += result.totals[g] - result.totals[1 - g]
    return {
        "games": games,
        "greedy_win_rate": round(wins / games, 3),
        "mean_margin": round(margin / games, 2),
    }


def table(games: int, options: dict[str, Any]) -> dict[str, float]:
    """Mean score per player count when every seat is the greedy bot."""
    game = zoogames.games.get(GAME)
    out = {}
    for players in range(2, 6):
        total = 0
        for seed in range(games):
            state = game.new_game(players=players, seed=seed, **options)
            seats = [bots.make("greedy", seed=seed * 7 + i, game=GAME) for i in range(players)]
            while not state.is_terminal:
                assert state.to_move is not None
                state.apply(seats[state.to_move].choose(state))
            total += sum(s.total for s in state.scores())
        out[str(players)] = round(total / games / players, 2)
    return out


def main() -> None:
    """Generate the deck, or measure one and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generate", metavar="PATH", help="write the generated deck here")
    parser.add_argument("--deck", help="measure this deck file (default: the shipped deck)")
    parser.add_argument("--games", type=int, default=200, help="solo games per bot")
    parser.add_argument("--duels", type=int, default=200, help="2-player games greedy v random")
    args = parser.parse_args()
    if args.generate:
        Path(args.generate).write_text(json.dumps(generate(), indent=2) + "\n", encoding="utf-8")
        return
    deck = load_deck(args.deck) if args.deck else default_deck()
    options: dict[str, Any] = {"deck": args.deck} if args.deck else {}
    out: dict[str, Any] = {
        "benchmark": "designer_deck",
        "python": platform.python_version(),
        "deck": deck_stats(deck),
        "solo_games": args.games,
        "solo": {
            spec: solo(spec, args.games, options)
            for spec in ("random", "greedy:lookahead=0", "greedy")
        },
        "solo_advanced": {
            spec: solo(spec, args.games, {**options, "advanced": True})
            for spec in ("random", "greedy")
        },
        "two_players_greedy_v_random": duel(args.duels, options),
        "greedy_mean_score_by_players": table(max(1, args.games // 10), options),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
