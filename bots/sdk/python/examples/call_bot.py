#!/usr/bin/env python3
"""The simplest pokerarena process bot: always checks or calls.

Run it in a tournament:
    pokerarena run --bots 'calls=proc:python3 bots/sdk/python/examples/call_bot.py,tag' --deals 20000

It asks for the "legal" view (only the legal actions are sent) and never reads it, so the
SDK does not even parse the view: this is the fastest a Python bot gets.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pokerarena_bot import Bot, call, run  # noqa: E402


class CallBot(Bot):
    name = "py-call"
    view = "legal"

    def decide(self, view):
        return call()


if __name__ == "__main__":
    run(CallBot)
