"""pokerarena_bot: write a pokerarena process bot in Python (standard library only, 3.9+).

A process bot is a program that pokerarena starts and talks to over stdin/stdout with JSON
lines (the protocol is docs/bot-protocol.md). This module speaks the protocol for you: you
write a class, ``run()`` does the rest.

    import sys, os
    sys.path.insert(0, "/path/to/pokerarena/bots/sdk/python")
    from pokerarena_bot import Bot, run, fold, check, call, raise_to

    class MyBot(Bot):
        name = "my-bot 1.0"   # shown in reports
        view = "full"         # or "legal": only seat, num_seats, hand, button, round,
                              # big_blind and legal are sent (cheaper)
        events = False        # True: on_event() receives what happens at the table

        def decide(self, view):
            legal = view.legal
            if legal.can_raise and self.rng.random() < 0.1:
                return raise_to(legal.min_to)
            return call()           # check when nothing is owed, else call

    if __name__ == "__main__":
        run(MyBot)

Try it:  ``pokerarena check-bot 'proc:python3 my_bot.py'``

The bot class
-------------
* ``__init__(self, seed, config)``: one object per *instance* (a seat at one table); one
  process serves many. ``seed`` is the instance's seed (an unsigned 64-bit int), ``config``
  the configuration text of the run ("" when none). The base constructor stores both and
  sets ``self.rng = random.Random(seed)``: draw every random number from ``self.rng`` (or
  your own generator seeded from ``seed``), never from the global ``random`` module, the
  clock or ``os.urandom``, so that a run replays exactly from its seed. If you override
  ``__init__``, call ``super().__init__(seed, config)``.
* ``decide(self, view)`` returns an action (below). ``view`` is a ``View``: attribute access
  to the seat view (``view.legal.call``, ``view.stacks[view.seat]``, ``view.hole[view.seat]``
  as card strings such as ``["As", "Kd"]``). An exception raised by ``decide`` is answered
  as an error (``{"id":..,"error":"ValueError: ..."}``; the host counts a fault and plays
  check/fold) and the traceback goes to stderr; the process keeps running.
* ``on_event(self, event)`` (only if ``events = True``): an ``Event`` (a dict with attribute
  access: ``event.kind``, ``event.seat``, ...). Exceptions are logged to stderr.
* ``action_probabilities(self, view, candidates)`` (optional): the probability that
  ``decide(view)`` returns each of ``candidates`` (actions as ``decide`` returns them:
  ``"fold"``, ``"check"``, ``"call"``, ``("raise", total)``), as a list of numbers, one per
  candidate, each from 0 to 1, summing to at most 1. Only ``check-bot`` asks, to check them;
  a class that defines it offers them in its hello. An exception (or a list of the wrong
  length) is answered as an error. It is always called synchronously.
* ``new_match(self)``: forget what was learnt about opponents (the same deals are replayed
  with seats rotated). Keep ``self.rng`` going.
* ``check_config(cls, config)`` (a classmethod) runs once at start-up, before any instance:
  raise ``Refuse("reason")`` to refuse the configuration; the run then stops at start-up
  with that reason. Any other exception refuses too, with its type and message. It may set
  the class attributes below from the configuration (they are read after it returns).

Expensive bots: batches, coroutines, threads
--------------------------------------------
The host keeps many tables waiting at once and writes their requests together. A bot whose
decision is slow (a neural network, a call to a language model) answers them together too,
in one of three ways; each answer is written the moment it is ready.

* ``decide_batch(cls, items)`` (a classmethod): ``items`` is a list of ``(instance, view)``
  pairs, every decision the SDK has read and not answered (at most ``max_batch``, a class
  attribute, default 256); return a list of actions in the same order. For a network that
  evaluates a batch in one pass. An exception, or a result of another length, answers every
  item of that call with an error (and is logged); a bad action answers only its item.
* ``async def decide(self, view)``: the SDK runs an asyncio loop and keeps up to
  ``concurrency`` decisions in flight (a class attribute, default None: as many as the host
  sends), for a bot that waits on I/O (``await`` a model's answer).
* ``threads = N`` (a class attribute) with a blocking ``decide``: N decisions run at once on
  a pool of N threads (for code that blocks, or releases the GIL, in a library).

A class uses at most one of the three; two at once are refused at start-up. Whatever the way,
each instance decides one view at a time (the host asks an instance again only after its
answer), and its events, ``new_match`` and its ``destroy`` reach it in the order they were
read, between its decisions; so a bot that draws only from ``self.rng`` plays the same
actions in every way, and the run's report is the same figure for figure.

Actions
-------
``fold()``, ``check()``, ``call()`` return the strings ``"fold"``, ``"check"``, ``"call"``
(you may return the strings directly); ``raise_to(total)`` returns ``("raise", total)``,
where ``total`` is your total bet on this street after the raise (not the increment), from
``view.legal.min_to`` to ``view.legal.max_to``. ``check`` and ``call`` are the same action
(check when nothing is owed, else call). Folding when checking is free is illegal (a fault).

Mixed strategies: ``return self.mixed([(fold(), 0.2), (call(), 0.5),
(raise_range(lo, hi), 0.3)])`` draws the action from ``self.rng`` (a raise range's total
uniformly) and reports the strategy beside it, so that the host's AIVAT estimate can use the
decision (docs/python-bots.md, "Mixed strategies"). ``decide_batch`` returns
``instance.mixed(...)`` for an item the same way.

Output and debugging
--------------------
``run()`` keeps the protocol's stdout for itself: ``print()`` and anything else writing to
file descriptor 1 goes to stderr, which the host saves in a log file named in the report.
Standard input is replaced by an empty one, so nothing in your code can steal protocol
lines.

Speed
-----
The SDK asks for compact views (docs/bot-protocol.md, "Compact views"; ``encoding = "json"``
in the class asks for JSON instead): one str.split cuts a decide's line, the fields most bots
read are decoded from it at once and the others when first read (a JSON view's fields are
each decoded from its text when first read). The view is the same either way. A
synchronous ``decide`` answers a read's requests one after the other and writes the answers
together, at the end of the read or as soon as some have waited 2 ms. Declare
``view = "legal"`` if you need only the legal actions; run several processes
(``proc[procs=2]:python3 my_bot.py``) to use more cores.
"""

import collections
import functools
import json
import math
import operator
import os
import random
import re
import select
import sys
import time
import traceback

__all__ = [
    "Bot", "Refuse", "run", "View", "Legal", "Event",
    "fold", "check", "call", "raise_to", "FOLD", "CHECK", "CALL",
    "raise_range", "mixed", "Mixed",
    "RANKS", "SUITS", "rank", "rank_index", "suit", "suit_index", "card_index", "card_str",
    "parse_cards", "PROTOCOL_VERSION",
]

PROTOCOL_VERSION = 1

# ----------------------------------------------------------------------------------------
# Actions

FOLD = "fold"
CHECK = "check"
CALL = "call"


def fold():
    """Give up the hand. Illegal when checking is free (``view.legal.can_fold`` is False)."""
    return FOLD


def check():
    """Check; the same action as ``call()`` (the host checks when nothing is owed)."""
    return CHECK


def call():
    """Call (or check when nothing is owed)."""
    return CALL


def raise_to(total):
    """Bet or raise so that your total bet on this street becomes ``total`` (an int from
    ``view.legal.min_to`` to ``view.legal.max_to``; ``view.legal.all_in_to`` is all in)."""
    return ("raise", total)


# The answer's tail after '{"id":N' for the simple actions.
_SIMPLE = {
    "fold": ',"action":"fold"}\n',
    "check": ',"action":"check"}\n',
    "call": ',"action":"call"}\n',
}


_RAISE = ',"action":"raise","to":%d}\n'


def _error_tail(message):
    return ',"error":' + json.dumps(message) + "}\n"


def _action_tail(action):
    """The answer's tail for any action; an error tail if the action is not valid."""
    if action.__class__ is Mixed:
        return action._tail
    kind, to = action, None
    if isinstance(action, (tuple, list)) and 1 <= len(action) <= 2:
        kind = action[0]
        to = action[1] if len(action) == 2 else None
    elif isinstance(action, dict):
        kind, to = action.get("action"), action.get("to")
    if isinstance(kind, str):
        tail = _SIMPLE.get(str(kind))
        if tail is not None:
            return tail
        if kind == "raise":
            if to is None:
                return _error_tail("ValueError: decide() returned 'raise' without an amount; "
                                   "return raise_to(total)")
            if isinstance(to, float) and to.is_integer():
                to = int(to)
            if isinstance(to, int) and not isinstance(to, bool):
                return ',"action":"raise","to":%d}\n' % to
            return _error_tail("ValueError: raise_to() needs an integer total, got %r" % (to,))
    return _error_tail("ValueError: decide() returned an unknown action %r "
                       "(expected fold(), check(), call(), raise_to(total) or mixed(...))"
                       % (action,))


# ----------------------------------------------------------------------------------------
# Mixed strategies: an action drawn from a strategy, reported with it (docs/python-bots.md,
# "Mixed strategies"; the "strategy" of docs/bot-protocol.md)

def raise_range(lo, hi):
    """Every raise-to total from ``lo`` to ``hi`` (both included), each equally likely: a part
    of a mixed strategy for ``mixed``, not an action ``decide`` can return."""
    return ("raise", lo, hi)


class Mixed:
    """What ``mixed`` returns and ``decide`` (or ``decide_batch``) may return: ``action``, drawn
    from ``strategy`` (the ``(action, probability)`` parts as given). The SDK answers with the
    action and reports the strategy beside it."""
    __slots__ = ("action", "strategy", "_tail")

    def __init__(self, action, strategy, tail):
        self.action = action
        self.strategy = strategy
        self._tail = tail

    def __repr__(self):
        return "Mixed(%r, %r)" % (self.action, self.strategy)


def _amount(value, action):
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("mixed(): %r needs integer totals" % (action,))
    return value


def _strategy_part(action):
    """(kind, lo, hi) of a part's action: "fold", "call" (check or call) or "raise"."""
    if isinstance(action, str) and action in _SIMPLE:
        return ("call" if action == "check" else action), 0, 0
    if isinstance(action, (tuple, list)) and len(action) in (2, 3) and action[0] == "raise":
        lo = _amount(action[1], action)
        hi = _amount(action[-1], action)
        if lo > hi:
            raise ValueError("mixed(): %r runs from %d down to %d" % (action, lo, hi))
        return "raise", lo, hi
    raise ValueError("mixed(): unknown action %r (expected fold(), check(), call(), "
                     "raise_to(total) or raise_range(lo, hi))" % (action,))


def mixed(parts, rng):
    """Draws an action from the mixed strategy ``parts`` with ``rng`` and returns it as a
    ``Mixed``, for ``decide`` to return.

    ``parts`` is a list of ``(action, probability)`` pairs: actions as ``decide`` returns them,
    or ``raise_range(lo, hi)`` (a total drawn uniformly from lo..hi); each probability above 0
    and at most 1, summing to 1 within 1e-6 (a ValueError otherwise). Draw from the instance's
    generator (``self.mixed(parts)`` passes ``self.rng``) so that the run replays from its seed.
    """
    parts = list(parts)
    kinds = []
    json_parts = []
    total = 0.0
    for entry in parts:
        try:
            action, p = entry
        except (TypeError, ValueError):
            raise ValueError("mixed(): each part is an (action, probability) pair, got %r"
                             % (entry,)) from None
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 < p <= 1:
            raise ValueError("mixed(): the probability of %r is %r, not in (0, 1]" % (action, p))
        kind, lo, hi = _strategy_part(action)
        kinds.append((kind, lo, hi, p))
        p = float(p)
        if kind != "raise":
            json_parts.append('{"action":"%s","p":%r}' % (kind, p))
        elif lo == hi:
            json_parts.append('{"action":"raise","to":%d,"p":%r}' % (hi, p))
        else:
            json_parts.append('{"action":"raise","from":%d,"to":%d,"p":%r}' % (lo, hi, p))
        total += p
    if not kinds:
        raise ValueError("mixed(): no parts (a strategy names at least one action)")
    if abs(total - 1.0) > 1e-6:
        raise ValueError("mixed(): the probabilities sum to %r, not 1" % total)
    u = rng.random() * total
    below = 0.0
    chosen = kinds[-1]
    for part in kinds:
        below += part[3]
        if u < below:
            chosen = part
            break
    kind, lo, hi, _ = chosen
    if kind == "raise":
        action = raise_to(lo if lo == hi else lo + rng.randrange(hi - lo + 1))
        tail = ',"action":"raise","to":%d' % action[1]
    else:
        action = kind
        tail = ',"action":"%s"' % kind
    return Mixed(action, list(parts), tail + ',"strategy":[' + ",".join(json_parts) + "]}\n")


# ----------------------------------------------------------------------------------------
# Cards: two characters, rank then suit ("As", "Td").

RANKS = "23456789TJQKA"
SUITS = "cdhs"
_RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}


def rank(card):
    """The rank of a card as a number: 2 .. 14 (``rank("Td") == 10``, ace 14)."""
    return _RANK_VALUE[card[0]]


def rank_index(card):
    """The rank of a card from 0 (deuce) to 12 (ace)."""
    return _RANK_VALUE[card[0]] - 2


def suit(card):
    """The suit letter of a card: ``"c"``, ``"d"``, ``"h"`` or ``"s"``."""
    return card[1]


def suit_index(card):
    """The suit of a card from 0 to 3 (clubs, diamonds, hearts, spades)."""
    return SUITS.index(card[1])


def card_index(card):
    """The card as 0..51, ``4 * rank_index + suit_index`` (as in the C SDK)."""
    return 4 * (_RANK_VALUE[card[0]] - 2) + SUITS.index(card[1])


def card_str(index):
    """The inverse of ``card_index``: ``card_str(51) == "As"``."""
    return RANKS[index >> 2] + SUITS[index & 3]


def parse_cards(text):
    """Cards from a string: ``parse_cards("AsKd") == parse_cards("As Kd") == ["As", "Kd"]``."""
    s = "".join(text.split())
    if len(s) % 2 or any(s[i] not in _RANK_VALUE or s[i + 1] not in SUITS
                         for i in range(0, len(s), 2)):
        raise ValueError("not a list of cards: %r" % (text,))
    return [s[i:i + 2] for i in range(0, len(s), 2)]


# ----------------------------------------------------------------------------------------
# Views and events

_LEGAL_KEYS = ("seat", "num_seats", "hand", "button", "round", "big_blind", "legal")


class Legal(dict):
    """The legal actions: a dict (the protocol's keys) with attribute access.

    ``can_fold`` / ``fold``: folding is allowed (not when checking is free);
    ``can_check`` / ``check``: nothing is owed; ``call``: chips a call adds (0 for a check);
    ``can_raise``: a bet or raise is possible (``legal["raise"]``; ``raise`` is a Python
    keyword), to a total from ``min_to`` to ``max_to`` (0 when no raise is possible);
    ``all_in_to``: your street total if you put in your whole stack.
    """
    __slots__ = ()

    # Getters in C (operator.itemgetter): a Python getter would cost a call at every read.
    can_fold = fold = property(operator.itemgetter("fold"))
    can_check = check = property(operator.itemgetter("check"))
    call = property(operator.itemgetter("call"))
    can_raise = property(operator.itemgetter("raise"))
    min_to = property(operator.itemgetter("min_to"))
    max_to = property(operator.itemgetter("max_to"))
    all_in_to = property(operator.itemgetter("all_in_to"))

    def __missing__(self, key):
        # min_to and max_to are 0 when no raise is possible, given or not.
        if key in ("min_to", "max_to"):
            return 0
        raise KeyError(key)

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError("legal actions have no %r" % (key,)) from None


# Decoding a whole view with json is most of a simple bot's decision (about 50,000
# instructions heads-up, a quarter of them the actions, which most bots never read), and a
# bot reads a handful of fields. So a view is read where the host writes each field
# (bots/src/process/protocol.cpp: these keys in this order, no spaces), each field only when
# the bot first reads it. The head (everything a legal view holds) is checked against the
# host's layout by one regular expression, which also cuts it into fields. The body is found
# with one str.find (',"hole":['): before it there are only numbers, so a key found there is
# that key; "hole", "board" and "actions" follow in that order, each read by json's scanner
# from where the one before it ended and its key was checked ("actions_truncated" is found
# from the end). A view laid out otherwise (keys in another order, spaces) fails the head or
# the checks and is decoded by json; keys a later host appends at the end are never in the
# way, and are read through json when asked for.
_HEAD_RE = re.compile(
    r'\{"seat":(\d+),"num_seats":(\d+),"hand":(\d+),"button":(\d+),"round":(\d+),'
    r'"big_blind":(\d+),"legal":\{"fold":(true|false),"check":(true|false),"call":(\d+),'
    r'"raise":(true|false),"min_to":(\d+),"max_to":(\d+),"all_in_to":(\d+)\}')


class _Numbers(dict):
    """Number text -> int, remembered: int() of a text costs several dict lookups, and a
    view's numbers (seats, streets, blinds, bets) repeat from view to view."""
    __slots__ = ()

    def __missing__(self, text):
        n = int(text)
        if len(self) < 1 << 16:  # bounded: deep stacks must not grow it without end
            self[text] = n
        return n


_NUMBER = _Numbers().__getitem__


class _Lazy:
    """A view's attribute decoded when first read, then kept in the view's __dict__. It is a
    non-data descriptor (no __set__), so the kept value wins at every later read: a read
    costs a dict lookup, where a property would cost a Python call every time (bots read the
    same fields again and again). Each kind of field is a subclass whose ``__get__`` decodes
    it in one Python call (a call is about a thousand instructions in CPython; a bot reads
    several fields a decision)."""

    def __init__(self, doc=None):
        self.__doc__ = doc

    def __set_name__(self, owner, name):
        self.name = name
        self.at = "_" + name + "_at"


class _HeadMatch(_Lazy):
    # The head's match, or False (a view given as a dict, or not laid out as the host does).
    def __get__(self, view, owner=None):
        if view is None:
            return self
        m = view.__dict__["_head"] = view._d is None and _HEAD_RE.match(view._raw) or False
        return m


class _BodyStart(_Lazy):
    # Where the full view's body is: (the end of the head, ',"hole":['), or False (a legal
    # view, another layout). The board and the actions are found at the end of what comes
    # before them, when that is decoded.
    def __get__(self, view, owner=None):
        if view is None:
            return self
        m = view._head
        body = False
        if m:
            raw = view._raw
            at = m.end()
            if raw.startswith(',"stacks":[', at):
                hole = raw.find(',"hole":[', at)
                if hole > 0:
                    body = at, hole
        view.__dict__["_body"] = body
        return body


class _HeadNumber(_Lazy):
    def __init__(self, group, doc):
        super().__init__(doc)
        self.group = group

    def __get__(self, view, owner=None):
        if view is None:
            return self
        m = view._head
        value = view.__dict__[self.name] = \
            _NUMBER(m.group(self.group)) if m else view._from_data(self.name)
        return value


# The legal actions' texts as the head's match cuts them (fold .. all_in_to) -> their dict:
# the same few come again and again (the blinds, the stacks of a street). Bounded, as
# _Numbers is.
_LEGALS = {}


class _LegalField(_Lazy):
    def __get__(self, view, owner=None):
        if view is None:
            return self
        m = view._head
        if m:
            texts = m.group(7, 8, 9, 10, 11, 12, 13)
            known = _LEGALS.get(texts)
            if known is None:
                fold, check, call, can_raise, min_to, max_to, all_in_to = texts
                known = {"fold": fold == "true", "check": check == "true", "call": int(call),
                         "raise": can_raise == "true", "min_to": int(min_to),
                         "max_to": int(max_to), "all_in_to": int(all_in_to)}
                if len(_LEGALS) < 1 << 16:
                    _LEGALS[texts] = known
            value = Legal(known)  # a copy: the bot may change its own
        else:
            value = Legal(view._from_data("legal"))
        view.__dict__["legal"] = value
        return value


class _BodyNumber(_Lazy):
    # A number of the body found by its key (",\"pot\":") before "hole": there are only
    # numbers there, so the key found is that key.
    def __init__(self, key, doc):
        super().__init__(doc)
        self.key = key

    def __get__(self, view, owner=None):
        if view is None:
            return self
        body = view._body
        if body:
            raw = view._raw
            key = self.key
            i = raw.find(key, body[0], body[1])
            if i >= 0:
                i += len(key)
                value = view.__dict__[self.name] = _NUMBER(raw[i:raw.find(",", i)])
                return value
        value = view.__dict__[self.name] = view._from_data(self.name)
        return value


class _BodyList(_BodyNumber):
    # A list of numbers per seat, its key ending with the list's "[".
    def __get__(self, view, owner=None):
        if view is None:
            return self
        body = view._body
        if body:
            raw = view._raw
            key = self.key
            i = raw.find(key, body[0], body[1])
            if i >= 0:
                value = view.__dict__[self.name] = _scan(raw, i + len(key) - 1)[0]
                return value
        value = view.__dict__[self.name] = view._from_data(self.name)
        return value


class _Chained(_Lazy):
    """hole, board, actions: each list starts where the one before it ends, after its key.
    ``before`` is the field before it (None: hole, at the body's second place), ``after``
    the key that must follow it; the position after that key is kept for the next field."""

    def __init__(self, before, after, doc, following=None):
        super().__init__(doc)
        self.before = before
        self.after = after
        self.next_at = following and "_" + following + "_at"

    def __get__(self, view, owner=None):
        if view is None:
            return self
        d = view.__dict__
        name = self.name
        if self.before is None:
            body = view._body
            at = body and body[1] + 8
        else:
            if self.before not in d:
                getattr(view, self.before)
            at = d.get(self.at)
        if at:
            raw = view._raw
            value, end = _scan(raw, at)
            after = self.after
            if after and raw.startswith(after, end):
                d[self.next_at] = end + len(after) - 1
        else:
            value = view._from_data(name)
        d[name] = value
        return value


class _Truncated(_Lazy):
    def __get__(self, view, owner=None):
        if view is None:
            return self
        body = view._body
        if body:
            i = view._raw.rfind('],"actions_truncated":')
            if i > body[1]:
                value = view.__dict__["actions_truncated"] = view._raw.startswith("true", i + 22)
                return value
        value = view.__dict__["actions_truncated"] = view._from_data("actions_truncated")
        return value


class View:
    """The seat view of one decision (docs/bot-protocol.md, "The view").

    Attribute access to the protocol's keys: ``seat`` (yours, the seat to act),
    ``num_seats``, ``hand``, ``button``, ``round`` (0 preflop .. 3 river), ``big_blind``,
    ``legal`` (a ``Legal``), and in a full view also ``stacks``, ``bets``, ``committed``
    (lists per seat), ``pot``, ``current_bet``, ``dealt_in``, ``folded``, ``all_in`` (seat
    masks), ``hole`` (per seat a list of two card strings, or None), ``board``, ``actions``
    (``[seat, kind, amount, round, all_in]`` lists) and ``actions_truncated``.

    Helpers: ``my_cards`` (``hole[seat]``), ``to_call`` (``legal.call``),
    ``in_hand(seat)``, ``opponents_in_hand()``. ``view["key"]``, ``view.get(key)`` and
    ``view.data`` (the plain dict) work too. Each field is decoded from the JSON text when
    the bot first reads it, and only that field (then kept); ``data`` decodes the whole view.
    """

    # _raw in a slot, and a __dict__ made only when the first field is kept: a view that is
    # never read (a bot that always calls) costs no more than an object with one slot.
    __slots__ = ("_raw", "__dict__")
    _d = None  # the whole view as a dict, once something asked for it (or given)

    def __init__(self, raw, data=None):
        self._raw = raw
        if data is not None:
            self._d = data

    _head = _HeadMatch()
    _body = _BodyStart()
    seat = _HeadNumber(1, "your seat (the seat to act)")
    num_seats = _HeadNumber(2, "seats at the table (2 to 10)")
    hand = _HeadNumber(3, "the hand's number at this table, from 0")
    button = _HeadNumber(4, "the button seat")
    round = _HeadNumber(5, "0 preflop, 1 flop, 2 turn, 3 river")
    big_blind = _HeadNumber(6, "the big blind (also the smallest bet)")
    legal = _LegalField("the legal actions (a ``Legal``)")
    stacks = _BodyList(',"stacks":[', "per seat: chips behind")
    bets = _BodyList(',"bets":[', "per seat: chips put in this betting round")
    committed = _BodyList(',"committed":[', "per seat: chips put in this hand")
    pot = _BodyNumber(',"pot":', "every chip put in this hand")
    current_bet = _BodyNumber(',"current_bet":', "the highest street total of the round")
    dealt_in = _BodyNumber(',"dealt_in":', "seat mask of the seats dealt in")
    folded = _BodyNumber(',"folded":', "seat mask of the seats that folded")
    all_in = _BodyNumber(',"all_in":', "seat mask of the seats all in")
    hole = _Chained(None, ',"board":[', "per seat its hole cards (list of 2 strings) or None",
                    "board")
    board = _Chained("hole", ',"actions":[', "the board cards dealt so far (strings)", "actions")
    actions = _Chained("board", None, "the hand's actions: [seat, kind, amount, round, all_in]")
    actions_truncated = _Truncated("more actions than `actions` holds")

    def _from_data(self, key):
        try:
            return self.data[key]
        except KeyError:
            raise AttributeError(
                "the view has no %r (a 'legal' view holds only %s; declare view = 'full' "
                "in your Bot class for the whole view)" % (key, ", ".join(_LEGAL_KEYS))
            ) from None

    def _load(self):
        raw = self._raw
        try:
            d, end = _scan(raw, 0)
        except StopIteration:
            end = -1
        if end != len(raw):
            # The fast path took everything after "view": up to the line's last '}'; if
            # a later host added keys after the view, parse the whole line instead.
            d = json.loads('{"view":' + raw + "}")["view"]
        if d.__class__ is not dict:
            raise ValueError("the decision's view is not a JSON object")
        self._d = d
        return d

    @property
    def data(self):
        """The view as a plain dict (parsed JSON)."""
        d = self._d
        return d if d is not None else self._load()

    @property
    def my_cards(self):
        """Your hole cards, e.g. ``["As", "Kd"]`` (full view only)."""
        return self.hole[self.seat]

    @property
    def to_call(self):
        """Chips a call adds (0 when you may check)."""
        return self.legal["call"]

    def in_hand(self, seat):
        """True if ``seat`` was dealt in and has not folded (full view only)."""
        return bool((self.dealt_in & ~self.folded) >> seat & 1)

    def opponents_in_hand(self):
        """How many other seats are dealt in and have not folded (full view only)."""
        live = self.dealt_in & ~self.folded & ~(1 << self.seat)
        return bin(live).count("1")

    def __getitem__(self, key):
        return self.data[key]

    def __contains__(self, key):
        return key in self.data

    def get(self, key, default=None):
        return self.data.get(key, default)

    def __getattr__(self, key):
        # Keys a later minor version of the protocol may add; and a field that a legal view
        # does not have (its _Lazy raised AttributeError, and Python came here).
        if key.startswith("__"):
            raise AttributeError(key)
        if isinstance(getattr(View, key, None), _Lazy):
            self._from_data(key)
        try:
            return self.data[key]
        except KeyError:
            raise AttributeError("the view has no %r" % (key,)) from None

    def __repr__(self):
        return "View(%r)" % (self.data,)


# A compact view (docs/bot-protocol.md, "Compact views"): the host writes a decide as
# "d ID INSTANCE" and the view's fields separated by spaces, lists by commas, in a fixed order;
# the SDK asks for it in its hello. The fields are split once by str.split (a C loop). In
# CPython a call of a Python function (a lazy field's __get__) costs several times what
# decoding a number does, so the fields of a full view that most bots read are decoded as the
# line is read, into slots (``_compact_view``); the others (and every field of a legal view,
# which the bots that ask for it seldom read) when first read. The indexes of the fields
# after "d ID INSTANCE":
_C_SEAT, _C_NUM_SEATS, _C_HAND, _C_BUTTON, _C_ROUND, _C_BIG_BLIND, _C_LEGAL = range(7)
_C_STACKS, _C_BETS, _C_COMMITTED, _C_POT, _C_CURRENT_BET = range(7, 12)
_C_DEALT_IN, _C_FOLDED, _C_ALL_IN, _C_HOLE, _C_BOARD, _C_TRUNCATED, _C_ACTIONS = range(12, 19)
_C_FULL = 19  # the fields of a full view (a later host may append more); a legal view has 7

# "AsKd" -> ["As", "Kd"] in one C call ("-", no cards, gives []).
_CARDS = re.compile("..").findall

# A compact legal field ("1,0,4,1,8,196,196") -> its dict, remembered (as _LEGALS).
_COMPACT_LEGALS = {}


def _compact_legal(text):
    known = _COMPACT_LEGALS.get(text)
    if known is None:
        fold, check, call, can_raise, min_to, max_to, all_in_to = text.split(",")
        known = {"fold": fold == "1", "check": check == "1", "call": int(call),
                 "raise": can_raise == "1", "min_to": int(min_to), "max_to": int(max_to),
                 "all_in_to": int(all_in_to)}
        if len(_COMPACT_LEGALS) < 1 << 16:
            _COMPACT_LEGALS[text] = known
    return known


def _compact_hole(text):
    return [None if t == "-" else _CARDS(t) for t in text.split(",")]


def _compact_numbers(text):
    return list(map(int, text.split(",")))


def _compact_actions(text):
    if text == "-":
        return []
    return [[int(seat), kind, int(amount), int(street), all_in == "1"]
            for seat, kind, amount, street, all_in in
            (a.split(",") for a in text.split(";"))]


def _compact_data(f):
    """The view as a dict from its compact fields: what json gives for the JSON view."""
    if len(f) != 7 and len(f) < _C_FULL:
        raise ValueError("a compact view has %d fields, not 7 or at least %d"
                         % (len(f), _C_FULL))
    d = {"seat": int(f[0]), "num_seats": int(f[1]), "hand": int(f[2]), "button": int(f[3]),
         "round": int(f[4]), "big_blind": int(f[5]), "legal": dict(_compact_legal(f[_C_LEGAL]))}
    if len(f) >= _C_FULL:
        d["stacks"] = _compact_numbers(f[_C_STACKS])
        d["bets"] = _compact_numbers(f[_C_BETS])
        d["committed"] = _compact_numbers(f[_C_COMMITTED])
        d["pot"] = int(f[_C_POT])
        d["current_bet"] = int(f[_C_CURRENT_BET])
        d["dealt_in"] = int(f[_C_DEALT_IN])
        d["folded"] = int(f[_C_FOLDED])
        d["all_in"] = int(f[_C_ALL_IN])
        d["hole"] = _compact_hole(f[_C_HOLE])
        d["board"] = _CARDS(f[_C_BOARD])
        d["actions"] = _compact_actions(f[_C_ACTIONS])
        d["actions_truncated"] = f[_C_TRUNCATED] == "1"
    return d


class _CompactField(_Lazy):
    # A field decoded when first read: ``decode`` of the field at ``index``.
    def __init__(self, index, decode, doc):
        super().__init__(doc)
        self.index = index
        self.decode = decode

    def __get__(self, view, owner=None):
        if view is None:
            return self
        value = view.__dict__[self.name] = self.decode(view._fields[self.index])
        return value


class _CompactLegalField(_Lazy):
    def __get__(self, view, owner=None):
        if view is None:
            return self
        value = view.__dict__["legal"] = Legal(_compact_legal(view._fields[_C_LEGAL]))
        return value


class _CompactSplit(_Lazy):
    # The fields of a legal view, split when the bot first reads one.
    def __get__(self, view, owner=None):
        if view is None:
            return self
        value = view.__dict__["_fields"] = view._raw.split(" ")
        return value


class _CompactLegalView(View):
    """A ``View`` of a compact legal view: ``_raw`` is its text after "d ID INSTANCE ",
    split, and each field decoded, when first read; ``data`` is built from the fields, the
    dict json gives for the JSON view of the same decision."""
    __slots__ = ()
    # Not JSON: the full view's fields, which View reads from JSON text, are not there.
    _head = _body = False
    _fields = _CompactSplit()

    seat = _CompactField(_C_SEAT, int, View.seat.__doc__)
    num_seats = _CompactField(_C_NUM_SEATS, int, View.num_seats.__doc__)
    hand = _CompactField(_C_HAND, int, View.hand.__doc__)
    button = _CompactField(_C_BUTTON, int, View.button.__doc__)
    round = _CompactField(_C_ROUND, int, View.round.__doc__)
    big_blind = _CompactField(_C_BIG_BLIND, int, View.big_blind.__doc__)
    legal = _CompactLegalField(View.legal.__doc__)

    def _load(self):
        d = self._d = _compact_data(self._fields)
        return d


class _CompactHole(_Lazy):
    # Every seat's hole cards; the bot's own are the list already in ``my_cards``.
    def __get__(self, view, owner=None):
        if view is None:
            return self
        value = view.__dict__["hole"] = _compact_hole(view._fields[_C_HOLE])
        value[view.seat] = view.my_cards
        return value


class _CompactView(View):
    """A ``View`` of a compact full view. The fields that most bots read are slots that the
    reading loop fills (``_compact_view``); the others are decoded when first read."""
    __slots__ = ("_fields", "seat", "num_seats", "hand", "button", "round", "big_blind",
                 "legal", "stacks", "pot", "current_bet", "dealt_in", "folded", "all_in",
                 "board", "my_cards")

    bets = _CompactField(_C_BETS, _compact_numbers, View.bets.__doc__)
    committed = _CompactField(_C_COMMITTED, _compact_numbers, View.committed.__doc__)
    hole = _CompactHole(View.hole.__doc__)
    actions = _CompactField(_C_ACTIONS, _compact_actions, View.actions.__doc__)
    actions_truncated = _CompactField(_C_TRUNCATED, "1".__eq__,
                                      View.actions_truncated.__doc__)

    def _load(self):
        d = self._d = _compact_data(self._fields)
        return d


def _compact_view(text):
    """The View of a compact decide's text after "d ID INSTANCE "."""
    f = text.split(" ")
    if len(f) < _C_FULL:
        view = object.__new__(_CompactLegalView)
        view._raw = text
        return view
    # The fields most bots read, into slots. _NUMBER (a dict's lookup in C) costs half of
    # what int() does.
    view = object.__new__(_CompactView)
    view._raw = text
    view._fields = f
    view.seat, view.num_seats, view.hand, view.button, view.round, view.big_blind = \
        map(_NUMBER, f[:_C_LEGAL])
    view.legal = Legal(_compact_legal(f[_C_LEGAL]))  # a copy: the bot may change its own
    view.stacks = list(map(_NUMBER, f[_C_STACKS].split(",")))
    view.pot, view.current_bet, view.dealt_in, view.folded, view.all_in = \
        map(_NUMBER, f[_C_POT:_C_HOLE])
    view.my_cards = _CARDS(f[_C_HOLE].split(",")[view.seat])
    view.board = _CARDS(f[_C_BOARD])
    return view


class Event(dict):
    """An event (docs/bot-protocol.md, "Events"): a dict with attribute access, e.g.
    ``event.kind == "action"``, ``event.seat``, ``event.to``. Keys that an event's kind does
    not have raise AttributeError (use ``event.get("to")`` to test)."""
    __slots__ = ()

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError("a %r event has no %r" % (self.get("kind"), key)) from None


# ----------------------------------------------------------------------------------------
# The bot class


class Refuse(Exception):
    """Raise from ``Bot.check_config`` to refuse the run's configuration at start-up."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = str(reason)


class Bot:
    """Subclass this; see the module's documentation.

    Class attributes: ``name`` (shown in reports; default the class name), ``view``
    (``"full"`` or ``"legal"``), ``encoding`` (``"compact"``, the default, or ``"json"``:
    how the host writes the views; the View is the same), ``events`` (True to receive
    ``on_event`` calls); for
    expensive bots ``max_batch`` (the most views a ``decide_batch`` call gets, default 256),
    ``concurrency`` (an async ``decide``: the most decisions in flight, default None: no
    limit of the SDK's own) and ``threads`` (a blocking ``decide``: run it on this many
    threads; default 0, the main thread); ``games``, the games the class plays as the host
    names them (``("holdem",)``; ``"kuhn"``, ``"leduc"``, ``"plo"``, ``"plo8"``,
    ``"short-deck"``), or None, the default: every game (a bot that acts on the legal actions
    plays them all). Another game is refused at start-up.

    A class may also define ``decide_batch(cls, items)``, a classmethod that answers a list
    of ``(instance, view)`` pairs with a list of actions in the same order; the SDK then
    calls it instead of ``decide``.
    """
    name = None
    view = "full"
    encoding = "compact"
    events = False
    games = None
    max_batch = 256
    concurrency = None
    threads = 0

    def __init__(self, seed, config=""):
        self.seed = seed
        self.config = config
        self.rng = random.Random(seed)

    @classmethod
    def check_config(cls, config):
        """Called once before any instance; raise ``Refuse(reason)`` to refuse ``config``."""

    def decide(self, view):
        """Return ``fold()``, ``check()``, ``call()`` or ``raise_to(total)``."""
        raise NotImplementedError("%s.decide() is not written" % type(self).__name__)

    def on_event(self, event):
        """Called with each ``Event`` when the class says ``events = True``."""

    def new_match(self):
        """Forget what was learnt about opponents (keep the random generator going)."""

    def mixed(self, parts):
        """``mixed(parts, self.rng)``: an action drawn from the strategy ``parts`` with this
        instance's generator, reported with it; return it from ``decide``."""
        return mixed(parts, self.rng)

    def action_probabilities(self, view, candidates):
        """Optional: a list of the probabilities that ``decide(view)`` returns each candidate.

        Not defining it says the bot does not offer them (the hello says so)."""
        raise NotImplementedError("%s does not offer action probabilities"
                                  % type(self).__name__)


# ----------------------------------------------------------------------------------------
# The protocol loop

# json's scanner: (object, end) from a str and a start index, without json.loads' overhead.
_scan = json.JSONDecoder().scan_once

# A decide line as the host writes it: compact ("d ID INSTANCE FIELDS", with "encoding":
# "compact" in the hello), or JSON (type, id, instance, view, in that order); anything else
# goes through json.loads. Each findall item: (id, instance, fields) of a compact line, then
# (id, instance, view) of a JSON one, then another line.
_LINE_RE = re.compile(
    r'^d (\d+) (\d+) ([^\n]*)$'
    r'|^\{"type":"decide","id":(\d+),"instance":(\d+),"view":(\{.*\})\}$|^(.*)$', re.M)

_READ_SIZE = 1 << 18
_MAX_TRACEBACKS = 20

# How long a synchronous decide's answers may wait for the ones after them, to go out in one
# write. A write costs a system call and wakes the host, a few microseconds: a bot answering
# in microseconds would spend as much on writes as on deciding if it wrote each answer.
# Writing only when a read's requests are all answered (as the protocol allows) leaves a slow
# bot silent for the whole read: 250 requests of 50 ms are 12.5 s, past the host's time
# limit, and every table waits for the last of them. 2 ms bounds that wait (plus one decide:
# the SDK cannot stop a running decide to write) at nothing measurable against seconds of
# limit, and still puts hundreds of a fast bot's answers in one write.
_HOLD_SECONDS = 0.002


class _Failed:
    """Stands for an instance whose constructor raised: its decisions answer an error."""

    def __init__(self, error):
        self.error = error

    def decide(self, view):
        raise RuntimeError("the instance could not be created: " + self.error)

    def on_event(self, event):
        pass

    def new_match(self):
        pass

    def action_probabilities(self, view, candidates):
        raise RuntimeError("the instance could not be created: " + self.error)


def _offers_probabilities(cls):
    """True if ``cls`` defines its own ``action_probabilities``."""
    return getattr(cls, "action_probabilities", None) is not Bot.action_probabilities


def _candidate(c):
    """A candidate of a probabilities request as ``decide`` returns actions."""
    if c.__class__ is dict:
        kind = c.get("action")
        if kind == "raise":
            return ("raise", c.get("to"))
        return kind
    return c


def _probabilities_tail(numbers, count):
    """The answer's tail for a list of probabilities; an error tail if it is not one."""
    try:
        values = [float(p) for p in numbers]
    except (TypeError, ValueError) as e:
        return _error_tail("ValueError: action_probabilities() must return a list of numbers "
                           "(%s)" % (e,))
    if len(values) != count:
        return _error_tail("ValueError: action_probabilities() returned %d numbers for %d "
                           "candidates" % (len(values), count))
    if not all(math.isfinite(p) for p in values):
        return _error_tail("ValueError: action_probabilities() returned %r" % (values,))
    return ',"probabilities":[' + ",".join(repr(p) for p in values) + "]}\n"


def _instance_key(n):
    """An instance number as the text the fast path reads (the key of the run's tables of
    instances), or None if it is not a whole number."""
    if isinstance(n, int) and not isinstance(n, bool):
        return "%d" % n
    return None


def _count(cls, attribute, lowest):
    """A class attribute that must be a whole number from ``lowest`` (or None); Refuse if not."""
    value = getattr(cls, attribute, None)
    if value is None or (isinstance(value, int) and not isinstance(value, bool)
                         and value >= lowest):
        return value
    raise Refuse("%s.%s must be a whole number from %d, not %r"
                 % (cls.__name__, attribute, lowest, value))


# inspect.CO_COROUTINE: the code flag of an ``async def``. asyncio, concurrent.futures,
# inspect and threading are imported only by a bot that answers concurrently
# (``_import_concurrency``): they take about 70 ms of CPU to import, as long as 20,000
# decisions of a bot that always calls.
_CO_COROUTINE = 0x80


def _is_coroutine_function(f):
    """``inspect.iscoroutinefunction`` without importing inspect: methods and partials are
    looked through to their function."""
    while True:
        if isinstance(f, functools.partial):
            f = f.func
        elif hasattr(f, "__func__"):
            f = f.__func__
        else:
            break
    code = getattr(f, "__code__", None)
    return code is not None and bool(code.co_flags & _CO_COROUTINE)


def _import_concurrency():
    global asyncio, concurrent, inspect, threading
    import asyncio
    import concurrent.futures
    import inspect
    import threading


def _way_of_answering(cls):
    """How ``cls`` answers: ("batch", max_batch), ("async", concurrency or None),
    ("threads", N) or ("sync", None). Refuse for a class that asks for two ways at once or
    gives a bad number."""
    batch = getattr(cls, "decide_batch", None) is not None
    coroutine = _is_coroutine_function(getattr(cls, "decide", None))
    threads = _count(cls, "threads", 0) or 0
    asked = [what for what, yes in (("decide_batch", batch), ("an async decide", coroutine),
                                    ("threads = %d" % threads, threads > 0)) if yes]
    if len(asked) > 1:
        raise Refuse("%s asks for %s at once; a bot answers in one way"
                     % (cls.__name__, " and ".join(asked)))
    if batch:
        return "batch", _count(cls, "max_batch", 1) or Bot.max_batch
    if coroutine:
        return "async", _count(cls, "concurrency", 1)
    if threads:
        return "threads", threads
    return "sync", None


class _Input:
    """Standard input, handed out in runs of complete lines."""

    def __init__(self, fd):
        self.fd = fd
        self.pending = b""   # read and not handed out: the start of a line
        self.eof = False

    def lines(self, wait=True):
        """The complete lines read so far as one text (without the last newline), after one
        read when none is complete yet: a blocking one if ``wait``, else only if input is
        waiting. "" when there is none; at the end of input, a last line without its
        newline too."""
        p = self.pending
        if not self.eof and b"\n" not in p and \
                (wait or select.select([self.fd], [], [], 0)[0]):
            chunk = os.read(self.fd, _READ_SIZE)
            if chunk:
                p = p + chunk if p else chunk
            else:
                self.eof = True
        if self.eof:
            self.pending = b""
            return p.decode("utf-8", "replace") if p.strip() else ""
        end = p.rfind(b"\n")
        if end < 0:
            self.pending = p
            return ""
        self.pending = p[end + 1:]
        return p[:end].decode("utf-8", "replace")


def _log(text):
    try:
        sys.stderr.write("pokerarena_bot: %s\n" % text)
        sys.stderr.flush()
    except Exception:
        pass


def _greet(bot_class, inp, out_fd):
    """Reads up to the host's hello and answers it. Returns the way of answering (see
    ``_way_of_answering``) and the configuration, or None when the run is over (refused, or
    the input ended first). Lines before the hello are logged and ignored."""
    while True:
        body = inp.lines()
        if not body:
            if inp.eof:
                return None
            continue
        lines = body.split("\n")
        for i, line in enumerate(lines):
            if not line.strip():
                continue
            try:
                msg = json.loads(line)
            except ValueError as e:
                _log("ignoring a line that is not JSON (%s): %.200r" % (e, line))
                continue
            kind = msg.get("type") if msg.__class__ is dict else None
            if kind != "hello":
                _log("ignoring a %r message before the hello" % (kind,))
                continue
            # What follows the hello goes back to the input, to be read after it.
            rest = "\n".join(lines[i + 1:])
            if rest:
                inp.pending = (rest + "\n").encode() + inp.pending
            answer, way, config = _hello(bot_class, msg)
            _write(out_fd, (json.dumps(answer, separators=(",", ":")) + "\n").encode())
            return None if way is None else (way, config)


def _game_problem(cls, game):
    """Why ``cls`` does not play ``game`` (its ``games``), or None."""
    games = getattr(cls, "games", None)
    if games is None:
        return None
    if isinstance(games, str) or not hasattr(games, "__contains__"):
        return "%s.games must be a tuple of game names or None, not %r" % (cls.__name__, games)
    if game not in games:
        return "%s plays %s only, not %s" % (cls.__name__, ", ".join(map(str, games)), game)
    return None


def _hello(cls, msg):
    """The answer to the hello, the way of answering (None when refused) and the config."""
    config = msg.get("config", "")
    config = config if isinstance(config, str) else ""
    view = getattr(cls, "view", "full")
    way = None
    encoding = getattr(cls, "encoding", "compact")
    reason = _game_problem(cls, msg.get("game", "holdem"))
    if reason is not None:
        pass  # refused for its game
    elif view not in ("full", "legal"):
        reason = "%s.view must be 'full' or 'legal', not %r" % (cls.__name__, view)
    elif encoding not in ("compact", "json"):
        reason = "%s.encoding must be 'compact' or 'json', not %r" % (cls.__name__, encoding)
    else:
        try:
            check = getattr(cls, "check_config", None)
            if check is not None:
                check(config)
            way = _way_of_answering(cls)
        except Refuse as e:
            reason = e.reason
        except Exception as e:
            _log("check_config raised:")
            traceback.print_exc(file=sys.stderr)
            reason = "%s: %s" % (type(e).__name__, e)
    if reason is not None:
        return {"type": "refuse", "reason": reason}, None, config
    name = getattr(cls, "name", None) or cls.__name__
    answer = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": str(name),
              "view": view, "encoding": encoding, "events": bool(getattr(cls, "events", False))}
    if _offers_probabilities(cls):
        answer["probabilities"] = True
    return answer, way, config


def _write(fd, data):
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


class _Server:
    """A run after the hello: the instances, every message, and the plain way of answering
    (a synchronous ``decide``, one request after the other in the order read). The other
    ways are subclasses."""

    def __init__(self, bot_class, config, out_fd, clock=time.monotonic):
        self.cls = bot_class
        self.config = config
        self.out_fd = out_fd
        self.clock = clock
        self.instances = {}       # instance number as text -> bot
        self.decides = {}         # instance number as text -> bound decide
        # Instance number as text -> what came for it while a decision of it is pending (the
        # ways that answer later; the plain way answers at once and leaves this empty).
        self.waiting = {}
        self.out = []             # answers not written yet
        self.tracebacks = 0
        # The class asks for legal views (the host sends no other).
        self.legal_only = getattr(bot_class, "view", "full") == "legal"

    # -- logging

    def log_exception(self, what, error=None):
        """Logs ``what`` and a traceback (of ``error``, else of the exception being handled)."""
        self.tracebacks += 1
        if self.tracebacks <= _MAX_TRACEBACKS:
            _log(what)
            try:
                if error is None:
                    traceback.print_exc(file=sys.stderr)
                else:
                    traceback.print_exception(type(error), error, error.__traceback__,
                                              file=sys.stderr)
                if self.tracebacks == _MAX_TRACEBACKS:
                    _log("(no more tracebacks will be printed)")
                sys.stderr.flush()
            except Exception:
                pass

    def failure(self, what, error):
        """The error tail of an answer for ``error``, logged."""
        self.log_exception(what, error)
        return _error_tail("%s: %s" % (type(error).__name__, error))

    # -- output

    def flush(self):
        out = self.out
        if out:
            data = "".join(out).encode()
            out.clear()
            _write(self.out_fd, data)

    # -- serving

    def serve(self, inp):
        while True:
            body = inp.lines()
            if body:
                self.process(body)
                self.flush()
            elif inp.eof:
                return

    def process(self, body):
        """Answers the decisions of complete lines (the fast path: decides as the host writes
        them, to instances that exist), hands every other line to ``handle``."""
        decides = self.decides
        append = self.out.append
        # An answer goes out as its three pieces, joined by the flush: a tuple and one call
        # cost less than two concatenations and an append (about 500 instructions, a
        # twentieth of what a bot that always calls costs a decision).
        extend = self.out.extend
        simple = _SIMPLE
        clock = self.clock
        new = object.__new__  # a View without a call of __init__: a Python call saved
        compact = _compact_view
        legal_only = self.legal_only
        due = clock() + _HOLD_SECONDS
        for rid, inst, fields, json_rid, json_inst, raw, other in _LINE_RE.findall(body):
            if rid:
                if legal_only:  # nothing split or decoded before the bot reads a field
                    view = new(_CompactLegalView)
                    view._raw = fields
                else:
                    view = compact(fields)
            elif json_rid:
                rid, inst = json_rid, json_inst
                view = new(View)
                view._raw = raw
            else:
                if other.strip():
                    self.handle(other)
                continue
            decide = decides.get(inst)
            if decide is None:
                self.take(inst, rid, view)  # an unknown instance: an error answer
            else:
                try:
                    a = decide(view)
                except Exception as e:
                    append('{"id":' + rid + self.failure("decide() raised:", e))
                else:
                    kind = a.__class__
                    if kind is str:
                        tail = simple.get(a) or _action_tail(a)
                    elif kind is tuple and len(a) == 2 and a[1].__class__ is int:
                        tail = _action_tail(a) if a[0] != "raise" else _RAISE % a[1]
                    else:
                        tail = _action_tail(a)
                    extend(('{"id":', rid, tail))
            # The clock after every answer (about 60 ns): looking less often would let a bot
            # that is fast preflop and slow after the flop hold many slow answers.
            now = clock()
            if now >= due:
                self.flush()
                due = now + _HOLD_SECONDS

    def take(self, key, rid, view):
        """A decision for instance ``key`` (text) with id ``rid`` (text): answered at once."""
        decide = self.decides.get(key)
        if decide is None:
            self.out.append('{"id":' + rid + _error_tail("KeyError: unknown instance %s" % key))
            return
        try:
            a = decide(view)
        except Exception as e:
            self.out.append('{"id":' + rid + self.failure("decide() raised:", e))
            return
        self.out.append('{"id":' + rid + _action_tail(a))

    # -- messages other than the fast path's decisions

    def handle(self, line):
        try:
            msg = json.loads(line)
        except ValueError as e:
            _log("ignoring a line that is not JSON (%s): %.200r" % (e, line))
            return
        if msg.__class__ is not dict:
            _log("ignoring a line that is not a JSON object: %.200r" % (line,))
            return
        kind = msg.get("type")
        if kind == "hello":
            _log("ignoring a second hello")
            return
        if kind not in ("decide", "probabilities", "event", "create", "new_match", "destroy"):
            return  # a message type of a later protocol version: ignored
        n = msg.get("instance")
        key = _instance_key(n)
        if kind in ("decide", "probabilities"):
            rid = msg.get("id")
            if not isinstance(rid, int) or isinstance(rid, bool):
                _log("a %s without an integer id: %.200r" % (kind, msg))
                return
            if key is None or (key not in self.instances and key not in self.waiting):
                self.out.append('{"id":%d' % rid + _error_tail(
                    "KeyError: unknown instance %r" % (n,)))
                return
            if kind == "decide":
                view = msg.get("view")
                self.take(key, "%d" % rid, View("", view) if view.__class__ is dict else view)
                return
        elif key is None:
            _log("a %s message without an integer instance: %.200r" % (kind, msg))
            return
        backlog = self.waiting.get(key)
        if backlog is not None:
            backlog.append(msg)
        else:
            self.apply(key, msg)

    def apply(self, key, msg):
        """An instance's message other than a decision, in its turn."""
        kind = msg["type"]
        try:
            if kind == "create":
                self.create(key, msg)
                return
            bot = self.instances.get(key)
            if kind == "probabilities":
                self.probabilities(key, bot, msg)
            elif bot is None:
                _log("%s for unknown instance %s" % (kind, key))
            elif kind == "event":
                ev = msg.get("event")
                bot.on_event(Event(ev) if ev.__class__ is dict else ev)
            elif kind == "new_match":
                bot.new_match()
            elif kind == "destroy":
                del self.instances[key]
                self.decides.pop(key, None)
        except Exception:
            self.log_exception("exception while handling a %r message:" % (kind,))

    def create(self, key, msg):
        seed = msg.get("seed", 0)
        try:
            bot = self.cls(seed, self.config)
        except Exception as e:
            self.log_exception("creating instance %s raised:" % key)
            bot = _Failed("%s: %s" % (type(e).__name__, e))
        self.instances[key] = bot
        self.decides[key] = bot.decide

    def probabilities(self, key, bot, msg):
        rid = "%d" % msg["id"]
        if bot is None:
            self.out.append('{"id":' + rid + _error_tail("KeyError: unknown instance %s" % key))
            return
        view = msg.get("view")
        candidates = msg.get("candidates")
        candidates = [_candidate(c) for c in candidates] if candidates.__class__ is list else []
        try:
            numbers = bot.action_probabilities(
                View("", view) if view.__class__ is dict else view, candidates)
        except Exception as e:
            self.out.append('{"id":' + rid + self.failure("action_probabilities() raised:", e))
            return
        self.out.append('{"id":' + rid + _probabilities_tail(numbers, len(candidates)))


class _OrderedServer(_Server):
    """The ways that answer a decision later than they read it (in batches, concurrently).
    While a decision of an instance is pending, whatever else comes for that instance waits
    in ``waiting`` and is applied, in the order read, once the decision is answered: so the
    instance sees its decisions, events, new_match and destroy in the same order as with the
    plain way, and plays the same."""

    def process(self, body):
        take = self.take
        for rid, inst, fields, json_rid, json_inst, raw, other in _LINE_RE.findall(body):
            if rid:
                take(inst, rid, _compact_view(fields))
            elif json_rid:
                take(json_inst, json_rid, View(raw))
            elif other.strip():
                self.handle(other)

    def take(self, key, rid, view):
        backlog = self.waiting.get(key)
        if backlog is not None:
            backlog.append((rid, view))
            return
        bot = self.instances.get(key)
        if bot is None:
            self.out.append('{"id":' + rid + _error_tail("KeyError: unknown instance %s" % key))
            return
        self.waiting[key] = collections.deque()
        self.start(key, rid, bot, view)

    def answered(self, key):
        """The pending decision of instance ``key`` is answered: apply what waited behind
        it, up to its next decision, which is then started."""
        backlog = self.waiting.pop(key)
        while backlog:
            item = backlog.popleft()
            if item.__class__ is tuple:
                rid, view = item
                bot = self.instances.get(key)
                if bot is None:  # destroyed meanwhile
                    self.out.append('{"id":' + rid + _error_tail(
                        "KeyError: unknown instance %s" % key))
                    continue
                self.waiting[key] = backlog
                self.start(key, rid, bot, view)
                return
            self.apply(key, item)


class _BatchServer(_OrderedServer):
    """``decide_batch``: every decision read and not answered goes into the next call, up to
    ``max_batch`` of them; their answers are written as soon as the call returns."""

    def __init__(self, bot_class, config, out_fd, max_batch):
        super().__init__(bot_class, config, out_fd)
        self.max_batch = max_batch
        self.pending = collections.deque()   # (instance key, id, bot, view), in the order read

    def start(self, key, rid, bot, view):
        if bot.__class__ is _Failed:
            self.out.append('{"id":' + rid + _error_tail(
                "RuntimeError: the instance could not be created: " + bot.error))
            self.answered(key)
            return
        self.pending.append((key, rid, bot, view))

    def serve(self, inp):
        pending = self.pending
        while True:
            body = inp.lines()
            if body:
                self.process(body)
            while pending:
                # Whatever the host has written meanwhile joins this batch: one pass over
                # a bigger batch costs less than two (a poll costs a system call, a pass of a
                # network far more).
                while len(pending) < self.max_batch and not inp.eof:
                    more = inp.lines(wait=False)
                    if not more:
                        break
                    self.process(more)
                self.answer_batch()
            self.flush()
            if inp.eof:  # the read that found the end handed out everything left
                return

    def answer_batch(self):
        pending = self.pending
        batch = [pending.popleft() for _ in range(min(len(pending), self.max_batch))]
        items = [(bot, view) for _, _, bot, view in batch]
        try:
            actions = self.cls.decide_batch(items)
        except Exception as e:
            tails = [self.failure("decide_batch() raised:", e)] * len(batch)
        else:
            try:
                actions = list(actions)
            except TypeError:
                got = type(actions).__name__
            else:
                got = "%d actions" % len(actions)
            if got == "%d actions" % len(batch):
                simple = _SIMPLE
                tails = [(simple.get(a) if a.__class__ is str else None) or _action_tail(a)
                         for a in actions]
            else:
                # Which answer belongs to which view is unknown: none is given.
                message = "ValueError: decide_batch() returned %s for %d views" % (
                    got, len(batch))
                _log(message)
                tails = [_error_tail(message)] * len(batch)
        out = self.out
        for (key, rid, _, _), tail in zip(batch, tails):
            out.append('{"id":' + rid + tail)
        for key, _, _, _ in batch:
            self.answered(key)
        self.flush()


class _ConcurrentServer(_OrderedServer):
    """An async ``decide`` (up to ``limit`` coroutines in flight) or a blocking one on a pool
    of threads, driven by an asyncio loop in the main thread. A reader thread blocks on
    standard input and hands each read to the loop: the loop never waits on a read that
    could stall it, and the fd needs nothing of the selector (a file given as input works).
    Each answer is written in the loop's next turn after it is ready, together with those
    ready in the same turn."""

    def __init__(self, bot_class, config, out_fd, limit, threads):
        super().__init__(bot_class, config, out_fd)
        self.limit = limit                   # None: no limit of the SDK's own
        self.threads = threads
        self.in_flight = 0
        self.queued = collections.deque()    # started, waiting for a free place in flight
        self.loop = None
        self.pool = None
        self.flush_soon = False
        self.eof = False
        self.over = None                     # a future: done when everything is answered

    def serve(self, inp):
        loop = self.loop = asyncio.new_event_loop()
        self.over = loop.create_future()
        if self.threads:
            self.pool = concurrent.futures.ThreadPoolExecutor(self.threads, "pokerarena-decide")
        reader = threading.Thread(target=self.read, args=(inp,), name="pokerarena-input",
                                  daemon=True)
        reader.start()
        try:
            loop.run_until_complete(self.over)
        finally:
            if self.pool is not None:
                self.pool.shutdown(wait=True)
            loop.close()

    def read(self, inp):
        """The reader thread: every read to the loop, then the end of input."""
        loop = self.loop
        try:
            while True:
                body = inp.lines()
                if body:
                    loop.call_soon_threadsafe(self.feed, body)
                elif inp.eof:
                    loop.call_soon_threadsafe(self.end_of_input)
                    return
        except RuntimeError:
            pass  # the loop has closed (the host closed our output): nothing to hand over

    def feed(self, body):
        self.process(body)
        self.schedule_flush()

    def end_of_input(self):
        self.eof = True
        self.maybe_over()

    def maybe_over(self):
        if self.eof and self.in_flight == 0 and not self.queued and not self.over.done():
            self.flush_now()
            if not self.over.done():
                self.over.set_result(None)

    def schedule_flush(self):
        if not self.flush_soon:
            self.flush_soon = True
            self.loop.call_soon(self.flush_now)

    def flush_now(self):
        self.flush_soon = False
        try:
            self.flush()
        except OSError:  # the host closed our output: nothing more to say
            if not self.over.done():
                self.over.set_result(None)

    def start(self, key, rid, bot, view):
        if self.limit is not None and self.in_flight >= self.limit:
            self.queued.append((key, rid, bot, view))
        else:
            self.launch(key, rid, bot, view)

    def launch(self, key, rid, bot, view):
        self.in_flight += 1
        loop = self.loop
        if self.pool is not None:
            future = self.pool.submit(bot.decide, view)
            future.add_done_callback(
                lambda f: loop.call_soon_threadsafe(self.done, key, rid, f))
            return
        try:
            step = bot.decide(view)
        except Exception as e:  # a decide that raised before its first await
            loop.call_soon(self.finish, key, rid, self.failure("decide() raised:", e))
            return
        if asyncio.iscoroutine(step) or inspect.isawaitable(step):
            task = asyncio.ensure_future(step, loop=loop)
            task.add_done_callback(lambda t: self.done(key, rid, t))
        else:  # answered without awaiting; answered in the next turn all the same
            loop.call_soon(self.finish, key, rid, _action_tail(step))

    def done(self, key, rid, future):
        try:
            a = future.result()
        except (Exception, asyncio.CancelledError) as e:
            tail = self.failure("decide() raised:", e)
        else:
            tail = (_SIMPLE.get(a) if a.__class__ is str else None) or _action_tail(a)
        self.finish(key, rid, tail)

    def finish(self, key, rid, tail):
        self.in_flight -= 1
        self.out.append('{"id":' + rid + tail)
        self.schedule_flush()
        # The place in flight goes to the longest-waiting decision, then the instance's own
        # next messages are applied (its next decision queues behind the others).
        queued = self.queued
        while queued and (self.limit is None or self.in_flight < self.limit):
            self.launch(*queued.popleft())
        self.answered(key)
        self.maybe_over()


def run(bot_class, in_fd=None, out_fd=None):
    """Serve the protocol with ``bot_class`` (a ``Bot`` subclass) until the end of input.

    Reads stdin in large chunks and answers every request it has read, in the way the class
    asks for (one at a time, in batches, concurrently). Returns at end of input once every
    decision read is answered (or right after refusing the configuration); the process then
    exits with status 0. ``in_fd``/``out_fd`` are for tests; by default stdin/stdout are
    taken over (and fd 0/1 pointed at /dev/null and stderr so stray reads and prints cannot
    break the protocol).
    """
    if in_fd is None:
        in_fd = os.dup(0)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
    if out_fd is None:
        try:
            sys.stdout.flush()
        except Exception:
            pass
        out_fd = os.dup(1)
        os.dup2(2, 1)
    inp = _Input(in_fd)
    try:
        greeted = _greet(bot_class, inp, out_fd)
        if greeted is None:
            return
        (way, number), config = greeted
        if way == "batch":
            server = _BatchServer(bot_class, config, out_fd, number)
        elif way == "async":
            _import_concurrency()
            server = _ConcurrentServer(bot_class, config, out_fd, number, 0)
        elif way == "threads":
            _import_concurrency()
            server = _ConcurrentServer(bot_class, config, out_fd, number, number)
        else:
            server = _Server(bot_class, config, out_fd)
        server.serve(inp)
    except BrokenPipeError:
        pass  # the host closed our output: nothing more to say
    except KeyboardInterrupt:
        pass
