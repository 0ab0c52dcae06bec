"""pokerarena: the hand evaluator, equity, a vectorised hold'em environment and tournaments
(docs/python.md)."""
from typing import Any, Mapping, Sequence, TypedDict, Union

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
# hands: an integer array (N, 7) of codes 0..51, checked in its own dtype (a float array is
# refused, not truncated).
def evaluate_batch(hands: numpy.typing.ArrayLike, kernel: str = "best") -> numpy.typing.NDArray[numpy.uint16]: ...
# category, category_name and describe take the 7,462 values evaluate() returns (0x1000 to
# 0x900C, not contiguous); ValueError for any other int.
def category(value: int) -> int: ...
def category_name(value: int) -> str: ...  # "Two Pair" (Title Case)
def describe(value: int) -> str: ...  # "Two Pair, Kings and Sevens", "Royal Flush"
def kernels() -> list[str]: ...
def best_kernel() -> str: ...
# method "auto": exact whenever every opponent is known (exact_limit and samples aside), else
# exact up to exact_limit deals and Monte Carlo above.
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
    """N tables of one game (hold'em, Omaha, short-deck, Kuhn or Leduc) stepped by one call (docs/python.md, "A vectorised
    environment")."""

    def __init__(
        self,
        tables: int,
        seats: int = 2,
        stack: int = 200,
        small_blind: int = 1,
        big_blind: int = 2,
        seed: int = 0,
        betting: str = "",
        game: str = "holdem",
    ) -> None: ...
    # New hands at every table (the hand in play abandoned), to their first decision.
    def reset(self) -> dict[str, numpy.typing.NDArray[numpy.generic]]: ...
    # (observations, rewards, done): the observations' arrays are rewritten in place by the
    # next step() or reset() (copy what you keep); rewards and done are new arrays every step.
    # One call at a time: RuntimeError for a step() or reset() while another runs.
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

class Table:
    """One table of the engine (any game of run --game), driven step by step (docs/python.md,
    "One table")."""

    def __init__(
        self,
        seats: int = 2,
        stack: int = 200,
        small_blind: int = 1,
        big_blind: int = 2,
        seed: int = 0,
        table_id: int = 0,
        betting: str = "",
        reset_stacks: bool = True,
        events: bool = False,
        game: str = "holdem",
    ) -> None: ...
    def advance(self) -> dict[str, Any]: ...
    def act(self, kind: str, amount: int = 0) -> None: ...
    def legal_actions(self) -> dict[str, Any]: ...
    def view(self, seat: int) -> dict[str, Any]: ...
    def last_hand(self) -> dict[str, Any]: ...
    def last_hand_phh(self) -> str: ...
    def __copy__(self) -> "Table": ...
    def __deepcopy__(self, memo: dict[int, Any]) -> "Table": ...
    @property
    def seat_to_act(self) -> int: ...
    @property
    def state(self) -> str: ...
    @property
    def hand(self) -> int: ...
    @property
    def button(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def pot(self) -> int: ...

def replay_phh(text: str, many_hands: bool = False, name: str = "<text>") -> list[dict[str, Any]]: ...

# A bot of run(): a spec ("tag", "proc:python3 bot.py"), a subclass of pokerarena_bot.Bot, or
# {"bot": spec or class, "name": str, "config": str}.
BotGiven = Union[str, type, Mapping[str, Any]]

def run(
    bots: Sequence[Union[BotGiven, tuple[str, BotGiven]]] | Mapping[str, BotGiven] | None = None,
    config: str | None = None,
    *,
    threads: int = 0,  # 0 (every core) .. 4096
    tables: int = 2048,  # 1 .. 1048576
    out: str | None = None,
    json: str | None = None,
    resume: str | None = None,
    stall_warning: float = 60.0,  # seconds, 0.001 .. 86400
    **options: Any,
) -> dict[str, Any]: ...
def report_frames(report: Mapping[str, Any]) -> dict[str, Any]: ...
