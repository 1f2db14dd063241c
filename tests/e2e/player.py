"""A player that clicks: it reads the legal actions the page holds and plays one by the
clicks a person would make (a tile, then a space; a money action's button, then the board).
It never calls the API to act.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict

from playwright.sync_api import Locator, Page

PLACE = re.compile(
    r"^(-?\d+,-?\d+|depot|cashier|keeper|manager|barn|e\d|x\d|s4a|s4b|s5|s6|sx1|sx2)$"
)
"""Words naming a place on the player's own boards (the rest name tiles or seats)."""

DIRECT = {"draw", "draw aquaretto", "draw zooloretto", "pass", "discard", "expand"}
"""Actions with a button of their own."""


def legal(page: Page) -> list[str]:
    """The legal actions the page offers now (the view's list, which the page shows)."""
    text = page.locator("main.play").get_attribute("data-legal") or "[]"
    actions: list[str] = json.loads(text)
    return actions


def number(page: Page) -> int:
    """The number of actions played, as the page last heard it."""
    return int(page.locator("main.play").get_attribute("data-number") or "0")


def status(page: Page) -> str:
    """``playing`` or ``over``."""
    return page.locator("main.play").get_attribute("data-status") or ""


class ClickingPlayer:
    """Plays the page's seat by clicks; ``pick`` chooses which legal action (seeded)."""

    def __init__(self, page: Page, seed: int) -> None:
        self.page = page
        self.rng = random.Random(seed)
        self.played: list[str] = []

    @property
    def seat(self) -> str:
        """The seat the page plays, as the data-seat attributes write it."""
        return self.page.locator("main.play").get_attribute("data-you") or ""

    def pick(self, actions: list[str]) -> str:
        """A kind of action (its first word) uniformly, then an action of that kind.

        Money actions are then as common as drawing or taking, so every kind is clicked
        in a game while the game still ends (coins run out).
        """
        kinds: dict[str, list[str]] = defaultdict(list)
        for a in actions:
            kinds[" ".join(a.split()[:2]) if a.startswith("expand ") else a.split()[0]].append(a)
        kind = self.rng.choice(sorted(kinds))
        return self.rng.choice(kinds[kind])

    def wait_for_turn(self, timeout: float = 60_000) -> None:
        """Until the page offers actions or shows the game over (bots play meanwhile)."""
        self.page.wait_for_function(
            """() => { const m = document.querySelector('main.play');
                       return m && (m.dataset.status === 'over' || m.dataset.legal !== '[]'); }""",
            timeout=timeout,
        )

    def play_one(self) -> str:
        """Pick a legal action, click it, and wait until the server has played it."""
        return self.play(self.pick(legal(self.page)))

    def play(self, action: str) -> str:
        """Click ``action`` and wait until the server has played it."""
        before = number(self.page)
        self.click(action)
        self.page.wait_for_function(
            "n => Number(document.querySelector('main.play').dataset.number) > n", arg=before
        )
        self.played.append(action)
        return action

    def play_to_end(self, limit: int = 600) -> None:
        """Play this seat's turns until the game is over."""
        for _ in range(limit):
            self.wait_for_turn()
            if status(self.page) == "over":
                return
            self.play_one()
        raise AssertionError(f"the game did not end within {limit} actions of this seat")

    # ----- clicks ---------------------------------------------------------------------

    def click(self, action: str) -> None:
        """The clicks that play ``action`` (docs/notation.md) on the page."""
        words = action.split()
        if action in DIRECT:
            self.activate(self.button(f'[data-action="{action}"]'))
        elif words[0] in ("load", "take"):
            self.activate(self.button(f'[data-truck="{words[1]}"]'))
        elif words[0] == "place":
            self.activate(self.button(f'[data-role="unloading"][data-tile="{words[1]}"]'))
            self.place(words[2])
        elif words[0] in ("offspring", "worker"):
            self.place(words[1])
        elif words[0] == "expand":
            self.expand(words[1], words[2:])
        elif words[0] == "draw":  # Aquarium Designer: a card, a position, a turn
            self.designer(words[1], words[2], words[3])
        else:  # move, buy, exchange, discard: a money action's button, then the board
            self.activate(self.button(f'[data-mode="{words[0]}"]'))
            self.money(words)

    def activate(self, target: Locator) -> None:
        """Use ``target`` as a person would: a click (a keyboard player presses keys)."""
        target.click()

    def button(self, selector: str) -> Locator:
        """The first enabled thing matching ``selector``: a player clicks what is offered."""
        return self.page.locator(f"{selector}:not([disabled])").first

    def place(self, word: str) -> None:
        """A place on this seat's boards: a space, a slot, an enclosure, the barn."""
        if "," in word:  # a space of the water zoo: an SVG square, offered when highlighted
            self.activate(
                self.page.locator(f'rect.choice[data-cell="{word}"][data-seat="{self.seat}"]').first
            )
        else:
            self.activate(self.button(f'[data-place="{word}"][data-seat="{self.seat}"]'))

    def barn_tile(self, seat: str, tile: str, species_only: bool = False) -> None:
        """A tile of a barn: the exact tile, or any tile of a species."""
        match = f'[data-tile^="{tile}"]' if species_only else f'[data-tile="{tile}"]'
        self.activate(self.button(f'[data-role="barn"][data-seat="{seat}"]{match}'))

    def money(self, words: list[str]) -> None:
        verb, rest = words[0], words[1:]
        if verb == "buy":
            seat = rest[0]
            if len(rest) == 2:  # Aquaretto: the top of seat's depot, then a space
                self.activate(self.button(f'[data-place="depot"][data-seat="{seat}"]'))
            else:  # Zooloretto: a tile of seat's barn, then a place
                self.barn_tile(seat, rest[1])
            self.place(rest[-1])
            return
        if verb == "exchange" and len(rest) == 3:  # an enclosure with a species of the barn
            self.place(rest[0])
            self.barn_tile(self.seat, rest[2], species_only=True)
            return
        for word in rest:
            if PLACE.match(word):
                self.place(word)
            else:
                self.barn_tile(self.seat, word)

    def expand(self, size: str, cells: list[str]) -> None:
        """Start the expansion, click a space it covers, turn it until it fits, place it."""
        self.activate(self.button(f'[data-mode="expand {size}"]'))
        self.activate(self.page.locator(f'rect.ghost[data-cell="{cells[0]}"]').first)
        self.turn_until("[data-preview]", "data-preview", " ".join(cells))

    def designer(self, card: str, position: str, turn: str) -> None:
        """A card of the offer, a free position, turned until it shows ``turn``; place it."""
        self.activate(self.button(f'[data-card="{card}"]'))
        self.activate(
            self.page.locator(f'rect.choice[data-pos="{position}"][data-seat="{self.seat}"]')
        )
        self.turn_until("[data-turn]", "data-turn", turn)

    def turn_until(self, selector: str, attribute: str, wanted: str) -> None:
        for _ in range(12):
            if self.page.locator(selector).first.get_attribute(attribute) == wanted:
                self.activate(self.button('[data-action="confirm"]'))
                return
            self.activate(self.button('[data-action="rotate"]'))
        raise AssertionError(f"turning never showed {wanted!r} ({selector})")


class KeyboardPlayer(ClickingPlayer):
    """Plays by the keyboard alone: Tab to each thing (as a person would, in page order),
    then Enter. A thing that Tab never reaches fails the test: it cannot be played so."""

    TABS = 600

    def activate(self, target: Locator) -> None:
        """Tab until ``target`` has the focus, then press Enter."""
        target.wait_for()
        for _ in range(self.TABS):
            if target.evaluate("el => el === document.activeElement"):
                self.page.keyboard.press("Enter")
                return
            self.page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {target}")
