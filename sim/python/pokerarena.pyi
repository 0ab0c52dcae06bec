"""pokerarena: the hand evaluator, equity and a vectorised hold'em environment (docs/python.md)."""
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

class VectorEnv:
    """N hold'em tables stepped by one call (docs/python.md, "A vectorised environment")."""

    def __init__(
        self,
        tables: int,
        seats: int = 2,
        stack: int = 200,
        small_blind: int = 1,
        big_blind: int = 2,
        seed: int = 0,
        betting: str = "no-limit",
    ) -> None: ...
    def reset(self) -> dict[str, numpy.typing.NDArray[numpy.generic]]: ...
    def step(
        self,
        kinds: numpy.typing.ArrayLike,
        amounts: numpy.typing.ArrayLike | None = None,
    ) -> tuple[
        dict[str, numpy.typing.NDArray[numpy.generic]],
        numpy.typing.NDArray[numpy.float64],
        numpy.typing.NDArray[numpy.bool_],
    ]: ...
    @property
    def tables(self) -> int: ...
    @property
    def seats(self) -> int: ...
