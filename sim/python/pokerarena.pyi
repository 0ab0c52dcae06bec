"""pokerarena: the hand evaluator and equity of the pokerarena poker simulator (docs/python.md)."""
from typing import Sequence, TypedDict, Union

import numpy
import numpy.typing

# Text such as "AsKd" / "As Kd" or a sequence of card codes 0..51 (4 * rank + suit).
Cards = Union[str, Sequence[int], numpy.typing.NDArray[numpy.integer]]

class PlayerEquity(TypedDict):
    win: float
    tie: float
    equity: float
    wins: int
    ties: int

class EquityResult(TypedDict):
    equity: float
    players: list[PlayerEquity]
    outcomes: int
    exact: bool
    std_error: float

def parse_cards(text: str) -> list[int]: ...
def card_str(code: int) -> str: ...
def cards_str(cards: Cards) -> str: ...
def evaluate(cards: Cards) -> int: ...
def evaluate_batch(hands: numpy.typing.ArrayLike, kernel: str = "best") -> numpy.typing.NDArray[numpy.uint16]: ...
def category(value: int) -> int: ...
def category_name(value: int) -> str: ...
def describe(value: int) -> str: ...
def kernels() -> list[str]: ...
def best_kernel() -> str: ...
def equity(
    hero: Cards,
    villains: Sequence[Cards] | None = None,
    random_opponents: int = 0,
    board: Cards = "",
    dead: Cards = "",
    method: str = "auto",
    samples: int = 1000000,
    seed: int = 0,
    threads: int = 1,
    exact_limit: int = 2000000,
    kernel: str = "best",
) -> EquityResult: ...
