#!/usr/bin/env python3
"""PHH interoperability with PokerKit, the reference Python poker engine, in both directions.

Usage:
  tests/engine/pokerkit_check.py check FILE_OR_DIR...
  tests/engine/pokerkit_check.py generate OUT_DIR [--hands N] [--seed S]

PokerKit (https://github.com/uoftcprg/pokerkit, pure Python, 3.11 or later) is not part of
pokerarena: put a checkout of it on PYTHONPATH.

check     loads every hand of the .phh and .phhs files (folders are searched) in PokerKit and
          applies its actions strictly, one by one: an action PokerKit refuses (an extra check,
          a player it does not ask) is a refusal, and so is an action it asks for that the file
          leaves out (PokerKit's own reader would insert a missing check or fold; this does
          not). Between actions only the steps that no player takes are run: antes, blinds,
          collecting bets, burning cards, showing at showdown, pushing and pulling chips. The
          stacks PokerKit ends with are compared with `finishing_stacks`. Prints each refusal
          and mismatch, then `N hands, N loaded, N refused, N mismatched`; exits 1 if any hand
          was refused or mismatched.
generate  plays hands in PokerKit with random legal actions and writes them as PokerKit writes
          them (HandHistory.dumps_all): no-limit and fixed-limit, 2 to 9 players, with and
          without antes (uniform, and big-blind antes), ante_trimming_status true and false,
          and short stacks, so that all-ins for less than a blind or an ante are common. The
          files of tests/data/phh/pokerkit/ were made with it; pokerarena replays them
          (tests/engine/test_pokerkit.cpp).
"""

import argparse
import os
import random
import sys
from decimal import Decimal

try:
    from pokerkit import (Automation, FixedLimitTexasHoldem, HandHistory, NoLimitTexasHoldem)
    from pokerkit.notation import parse_action
except ImportError:
    sys.exit("pokerkit_check: PokerKit not found; put a checkout of it on PYTHONPATH")


# PokerKit runs these itself; dealing, betting and showing come from the file.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class Refused(Exception):
    pass


def step_without_a_player(state):
    """Runs one step that no player takes; False when the next step is a player's (or none)."""
    if state.can_burn_card():
        state.burn_card("??")
    elif state.can_show_or_muck_hole_cards(()) and state.showdown_index is not None:
        state.show_or_muck_hole_cards(())
    elif state.can_kill_hand():
        state.kill_hand()
    elif state.can_push_chips():
        state.push_chips()
    elif state.can_pull_chips():
        state.pull_chips()
    else:
        return False
    return True


def play_strictly(history):
    """The state after every action of the file, each applied as written; raises Refused."""
    state = history.create_state()
    for index, action in enumerate(history.actions):
        if action.split("#")[0].strip() == "":
            continue
        while True:
            try:
                parse_action(state, action, history.parse_value)
                break
            except ValueError as error:
                if not step_without_a_player(state):
                    asked = state.actor_index
                    who = f"p{asked + 1} is to act" if asked is not None else "nobody is to act"
                    raise Refused(f"actions[{index}] '{action}': {error} ({who})")
    while state.status and step_without_a_player(state):
        pass
    if state.status and state.actor_index is not None:
        raise Refused(f"the actions end while p{state.actor_index + 1} is still to act")
    return state


def hand_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in sorted(os.walk(path)):
                for name in sorted(names):
                    if name.endswith((".phh", ".phhs")):
                        yield os.path.join(folder, name)
        else:
            yield path


def check(paths):
    hands = loaded = refused = mismatched = 0
    for path in hand_files(paths):
        with open(path, "rb") as f:
            text = f.read().decode()
        if path.endswith(".phhs"):
            histories = list(HandHistory.loads_all(text))
            labels = [f"{path} [{k + 1}]" for k in range(len(histories))]
        else:
            histories = [HandHistory.loads(text)]
            labels = [path]
        for label, history in zip(labels, histories):
            hands += 1
            if history.variant not in ("NT", "FT"):
                continue
            history.automations = AUTOMATIONS
            try:
                state = play_strictly(history)
            except Refused as why:
                refused += 1
                print(f"REFUSED {label}: {why}")
                continue
            loaded += 1
            if history.finishing_stacks is not None and \
                    list(state.stacks) != list(history.finishing_stacks):
                mismatched += 1
                print(f"MISMATCH {label}: PokerKit {list(state.stacks)}, file "
                      f"{list(history.finishing_stacks)}")
    print(f"{hands} hands, {loaded} loaded, {refused} refused, {mismatched} mismatched")
    return 0 if refused == 0 and mismatched == 0 else 1


def random_game(rng):
    """A game and starting stacks: short stacks often, so that all-ins under a blind happen."""
    players = rng.choice([2, 2, 2, 3, 3, 4, 6, 9])
    fixed_limit = rng.random() < 0.3
    ante_kind = rng.choice(["none", "none", "uniform", "big blind"])
    ante = rng.choice([1, 2, 5, 10]) if ante_kind != "none" else 0
    if ante_kind == "big blind":
        antes = [0] * players
        antes[1 if players > 2 else 0] = ante  # PokerKit's big blind: p2, heads-up p1
        trimming = False  # non-uniform antes: PokerKit asks for false
    else:
        antes = [ante] * players
        trimming = rng.random() < 0.5
    small, big = rng.choice([(1, 2), (5, 10), (25, 50)])
    stacks = []
    for _ in range(players):
        if rng.random() < 0.35:
            stacks.append(rng.randint(1, 3 * big + ante))
        else:
            stacks.append(rng.randint(10 * big, 200 * big))
    game_type = FixedLimitTexasHoldem if fixed_limit else NoLimitTexasHoldem
    if fixed_limit:
        game = game_type(AUTOMATIONS + (Automation.CARD_BURNING, Automation.HOLE_DEALING,
                                        Automation.BOARD_DEALING,
                                        Automation.HOLE_CARDS_SHOWING_OR_MUCKING),
                         trimming, antes, (small, big), big, 2 * big)
    else:
        game = game_type(AUTOMATIONS + (Automation.CARD_BURNING, Automation.HOLE_DEALING,
                                        Automation.BOARD_DEALING,
                                        Automation.HOLE_CARDS_SHOWING_OR_MUCKING),
                         trimming, antes, (small, big), big)
    return game, stacks


def random_action(state, rng):
    choices = []
    if state.can_fold():
        choices.append("f")
    if state.can_check_or_call():
        choices += ["cc", "cc"]
    if state.can_complete_bet_or_raise_to():
        choices.append("cbr")
    choice = rng.choice(choices)
    if choice == "f":
        state.fold()
    elif choice == "cc":
        state.check_or_call()
    else:
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        amount = rng.choice([low, high, rng.randint(low, high)])
        state.complete_bet_or_raise_to(amount)


def generate(folder, hands, seed):
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles its deck with the random module
    os.makedirs(folder, exist_ok=True)
    histories = []
    for number in range(hands):
        game, stacks = random_game(rng)
        state = game(stacks, len(stacks))
        while state.status:
            random_action(state, rng)
        # from_game_state copies only the required fields: ante_trimming_status would be
        # written as its default, false, whatever the game played.
        history = HandHistory.from_game_state(
            game, state, ante_trimming_status=game.ante_trimming_status)
        history.finishing_stacks = list(state.stacks)
        history.hand = number + 1
        histories.append(history)
    path = os.path.join(folder, f"pokerkit-random-{seed}.phhs")
    with open(path, "w") as f:
        f.write(HandHistory.dumps_all(histories) + "\n")
    print(f"{path}: {hands} hands")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check")
    checking.add_argument("paths", nargs="+")
    generating = commands.add_parser("generate")
    generating.add_argument("folder")
    generating.add_argument("--hands", type=int, default=200)
    generating.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    if options.command == "check":
        sys.exit(check(options.paths))
    generate(options.folder, options.hands, options.seed)


if __name__ == "__main__":
    main()
