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
  length) is answered as an error.
* ``new_match(self)``: forget what was learnt about opponents (the same deals are replayed
  with seats rotated). Keep ``self.rng`` going.
* ``check_config(cls, config)`` (a classmethod) runs once at start-up, before any instance:
  raise ``Refuse("reason")`` to refuse the configuration; the run then stops at start-up
  with that reason. Any other exception refuses too, with its type and message.

Actions
-------
``fold()``, ``check()``, ``call()`` return the strings ``"fold"``, ``"check"``, ``"call"``
(you may return the strings directly); ``raise_to(total)`` returns ``("raise", total)``,
where ``total`` is your total bet on this street after the raise (not the increment), from
``view.legal.min_to`` to ``view.legal.max_to``. ``check`` and ``call`` are the same action
(check when nothing is owed, else call). Folding when checking is free is illegal (a fault).

Output and debugging
--------------------
``run()`` keeps the protocol's stdout for itself: ``print()`` and anything else writing to
file descriptor 1 goes to stderr, which the host saves in a log file named in the report.
Standard input is replaced by an empty one, so nothing in your code can steal protocol
lines.

Speed
-----
The view's JSON is parsed only when the bot first reads it, so a bot that decides without
looking costs about 3 microseconds a decision. Declare ``view = "legal"`` if you need only
the legal actions; run several processes (``proc[procs=2]:python3 my_bot.py``) to use more
cores.
"""

import json
import math
import os
import random
import re
import sys
import traceback

__all__ = [
    "Bot", "Refuse", "run", "View", "Legal", "Event",
    "fold", "check", "call", "raise_to", "FOLD", "CHECK", "CALL",
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


def _error_tail(message):
    return ',"error":' + json.dumps(message) + "}\n"


def _action_tail(action):
    """The answer's tail for any action; an error tail if the action is not valid."""
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
                       "(expected fold(), check(), call() or raise_to(total))" % (action,))


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

    can_fold = fold = property(lambda self: self["fold"])
    can_check = check = property(lambda self: self["check"])
    call = property(lambda self: self["call"])
    can_raise = property(lambda self: self["raise"])
    min_to = property(lambda self: self.get("min_to", 0))
    max_to = property(lambda self: self.get("max_to", 0))
    all_in_to = property(lambda self: self["all_in_to"])

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError("legal actions have no %r" % (key,)) from None


def _view_field(key, doc):
    def get(self):
        d = self._d
        if d is None:
            d = self._load()
        try:
            return d[key]
        except KeyError:
            raise AttributeError(
                "the view has no %r (a 'legal' view holds only %s; declare view = 'full' "
                "in your Bot class for the whole view)" % (key, ", ".join(_LEGAL_KEYS))
            ) from None
    get.__name__ = key
    return property(get, doc=doc)


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
    ``view.data`` (the plain dict) work too. The JSON is parsed on first access.
    """
    __slots__ = ("_raw", "_d", "_legal")

    def __init__(self, raw, data=None):
        self._raw = raw
        self._d = data
        self._legal = None

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

    def _load_legal(self):
        # Only the legal actions are wanted (the commonest case): parse just that object.
        raw = self._raw
        i = raw.find('"legal":')
        if i > 0 and raw.find('"legal":', i + 8) < 0:
            i += 8
            try:
                if raw[i] != "{":  # "legal": {  (spaces: not what the host writes)
                    i = raw.index("{", i)
                d, _ = _scan(raw, i)
                if d.__class__ is dict:
                    return d
            except (StopIteration, IndexError, ValueError):
                pass
        return self.data["legal"]

    @property
    def data(self):
        """The view as a plain dict (parsed JSON)."""
        d = self._d
        return d if d is not None else self._load()

    @property
    def legal(self):
        """The legal actions (a ``Legal``)."""
        lg = self._legal
        if lg is None:
            d = self._d
            lg = self._legal = Legal(d["legal"] if d is not None else self._load_legal())
        return lg

    seat = _view_field("seat", "your seat (the seat to act)")
    num_seats = _view_field("num_seats", "seats at the table (2 to 10)")
    hand = _view_field("hand", "the hand's number at this table, from 0")
    button = _view_field("button", "the button seat")
    round = _view_field("round", "0 preflop, 1 flop, 2 turn, 3 river")
    big_blind = _view_field("big_blind", "the big blind (also the smallest bet)")
    stacks = _view_field("stacks", "per seat: chips behind")
    bets = _view_field("bets", "per seat: chips put in this betting round")
    committed = _view_field("committed", "per seat: chips put in this hand")
    pot = _view_field("pot", "every chip put in this hand")
    current_bet = _view_field("current_bet", "the highest street total of the round")
    dealt_in = _view_field("dealt_in", "seat mask of the seats dealt in")
    folded = _view_field("folded", "seat mask of the seats that folded")
    all_in = _view_field("all_in", "seat mask of the seats all in")
    hole = _view_field("hole", "per seat its hole cards (list of 2 strings) or None")
    board = _view_field("board", "the board cards dealt so far (strings)")
    actions = _view_field("actions", "the hand's actions: [seat, kind, amount, round, all_in]")
    actions_truncated = _view_field("actions_truncated", "more actions than `actions` holds")

    @property
    def my_cards(self):
        """Your hole cards, e.g. ``["As", "Kd"]`` (full view only)."""
        d = self.data
        return d["hole"][d["seat"]]

    @property
    def to_call(self):
        """Chips a call adds (0 when you may check)."""
        return self.legal["call"]

    def in_hand(self, seat):
        """True if ``seat`` was dealt in and has not folded (full view only)."""
        d = self.data
        return bool((d["dealt_in"] & ~d["folded"]) >> seat & 1)

    def opponents_in_hand(self):
        """How many other seats are dealt in and have not folded (full view only)."""
        d = self.data
        live = d["dealt_in"] & ~d["folded"] & ~(1 << d["seat"])
        return bin(live).count("1")

    def __getitem__(self, key):
        return self.data[key]

    def __contains__(self, key):
        return key in self.data

    def get(self, key, default=None):
        return self.data.get(key, default)

    def __getattr__(self, key):
        # Keys a later minor version of the protocol may add.
        if key.startswith("__"):
            raise AttributeError(key)
        try:
            return self.data[key]
        except KeyError:
            raise AttributeError("the view has no %r" % (key,)) from None

    def __repr__(self):
        return "View(%r)" % (self.data,)


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
    (``"full"`` or ``"legal"``), ``events`` (True to receive ``on_event`` calls).
    """
    name = None
    view = "full"
    events = False

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

    def action_probabilities(self, view, candidates):
        """Optional: a list of the probabilities that ``decide(view)`` returns each candidate.

        Not defining it says the bot does not offer them (the hello says so)."""
        raise NotImplementedError("%s does not offer action probabilities"
                                  % type(self).__name__)


# ----------------------------------------------------------------------------------------
# The protocol loop

# json's scanner: (object, end) from a str and a start index, without json.loads' overhead.
_scan = json.JSONDecoder().scan_once

# A decide line as the host writes it (type, id, instance, view, in that order); anything
# else goes through json.loads. Each findall item: (id, instance, view, other line).
_LINE_RE = re.compile(
    r'^\{"type":"decide","id":(\d+),"instance":(\d+),"view":(\{.*\})\}$|^(.*)$', re.M)

_READ_SIZE = 1 << 18
_MAX_TRACEBACKS = 20


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


class _Session:
    def __init__(self, bot_class, out_fd):
        self.cls = bot_class
        self.out_fd = out_fd
        self.config = ""
        self.ready = False        # hello answered
        self.done = False         # refused: stop
        self.instances = {}       # int instance -> bot
        self.decides = {}         # instance number as text -> bound decide
        self.tracebacks = 0

    # -- logging

    def log(self, text):
        try:
            sys.stderr.write("pokerarena_bot: %s\n" % text)
            sys.stderr.flush()
        except Exception:
            pass

    def log_exception(self, what):
        self.tracebacks += 1
        if self.tracebacks <= _MAX_TRACEBACKS:
            self.log(what)
            traceback.print_exc(file=sys.stderr)
            if self.tracebacks == _MAX_TRACEBACKS:
                self.log("(no more tracebacks will be printed)")
            sys.stderr.flush()

    # -- messages other than the fast decide path

    def handle(self, line, out):
        try:
            msg = json.loads(line)
        except ValueError as e:
            self.log("ignoring a line that is not JSON (%s): %.200r" % (e, line))
            return
        if msg.__class__ is not dict:
            self.log("ignoring a line that is not a JSON object: %.200r" % (line,))
            return
        kind = msg.get("type")
        if not self.ready and kind != "hello":
            self.log("ignoring a %r message before the hello" % (kind,))
            return
        try:
            if kind == "decide":
                self.decide_msg(msg, out)
            elif kind == "probabilities":
                self.probabilities_msg(msg, out)
            elif kind == "event":
                bot = self.instances.get(msg.get("instance"))
                if bot is None:
                    self.log("event for unknown instance %r" % (msg.get("instance"),))
                    return
                ev = msg.get("event")
                bot.on_event(Event(ev) if ev.__class__ is dict else ev)
            elif kind == "create":
                self.create(msg)
            elif kind == "new_match":
                bot = self.instances.get(msg.get("instance"))
                if bot is None:
                    self.log("new_match for unknown instance %r" % (msg.get("instance"),))
                else:
                    bot.new_match()
            elif kind == "destroy":
                n = msg.get("instance")
                self.instances.pop(n, None)
                if isinstance(n, int):
                    self.decides.pop("%d" % n, None)
            elif kind == "hello":
                self.hello(msg, out)
            else:
                pass  # a message type of a later protocol version: ignored
        except Exception:
            self.log_exception("exception while handling a %r message:" % (kind,))

    def hello(self, msg, out):
        if self.ready:
            self.log("ignoring a second hello")
            return
        cls = self.cls
        config = msg.get("config", "")
        self.config = config if isinstance(config, str) else ""
        reason = None
        view = getattr(cls, "view", "full")
        if view not in ("full", "legal"):
            reason = "%s.view must be 'full' or 'legal', not %r" % (cls.__name__, view)
        else:
            try:
                check = getattr(cls, "check_config", None)
                if check is not None:
                    check(self.config)
            except Refuse as e:
                reason = e.reason
            except Exception as e:
                self.log_exception("check_config raised:")
                reason = "%s: %s" % (type(e).__name__, e)
        if reason is not None:
            out.append(json.dumps({"type": "refuse", "reason": reason},
                                  separators=(",", ":")) + "\n")
            self.done = True
            return
        name = getattr(cls, "name", None) or cls.__name__
        answer = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": str(name),
                  "view": view, "events": bool(getattr(cls, "events", False))}
        if _offers_probabilities(cls):
            answer["probabilities"] = True
        out.append(json.dumps(answer, separators=(",", ":")) + "\n")
        self.ready = True

    def create(self, msg):
        n = msg.get("instance")
        seed = msg.get("seed", 0)
        try:
            bot = self.cls(seed, self.config)
        except Exception as e:
            self.log_exception("creating instance %r raised:" % (n,))
            bot = _Failed("%s: %s" % (type(e).__name__, e))
        self.instances[n] = bot
        if isinstance(n, int) and not isinstance(n, bool):
            self.decides["%d" % n] = bot.decide

    def request_of(self, msg, out, what):
        """The id (as text) and the instance of a request, or None when it names none
        (logged, or answered as an error)."""
        rid = msg.get("id")
        if not isinstance(rid, int) or isinstance(rid, bool):
            self.log("a %s without an integer id: %.200r" % (what, msg))
            return None
        rid_b = "%d" % rid
        bot = self.instances.get(msg.get("instance"))
        if bot is None:
            out.append('{"id":' + rid_b + _error_tail(
                "KeyError: unknown instance %r" % (msg.get("instance"),)))
            return None
        return rid_b, bot

    def decide_msg(self, msg, out):
        request = self.request_of(msg, out, "decide")
        if request is None:
            return
        rid_b, bot = request
        view = msg.get("view")
        out.append('{"id":' + rid_b + self.answer(bot.decide, View("", view)
                                                     if view.__class__ is dict else view))

    def probabilities_msg(self, msg, out):
        request = self.request_of(msg, out, "probabilities request")
        if request is None:
            return
        rid_b, bot = request
        view = msg.get("view")
        candidates = msg.get("candidates")
        candidates = [_candidate(c) for c in candidates] if candidates.__class__ is list else []
        try:
            numbers = bot.action_probabilities(
                View("", view) if view.__class__ is dict else view, candidates)
        except Exception as e:
            self.log_exception("action_probabilities() raised:")
            out.append('{"id":' + rid_b + _error_tail("%s: %s" % (type(e).__name__, e)))
            return
        out.append('{"id":' + rid_b + _probabilities_tail(numbers, len(candidates)))

    def answer(self, decide, view):
        try:
            a = decide(view)
        except Exception as e:
            self.log_exception("decide() raised:")
            return _error_tail("%s: %s" % (type(e).__name__, e))
        return _action_tail(a)

    # -- a batch of complete lines

    def process(self, body, out):
        decides = self.decides
        simple = _SIMPLE
        ready = self.ready
        for rid, inst, raw, other in _LINE_RE.findall(body):
            if rid and ready:
                decide = decides.get(inst)
                if decide is not None:
                    try:
                        a = decide(View(raw))
                    except Exception as e:
                        self.log_exception("decide() raised:")
                        out.append('{"id":' + rid + _error_tail(
                            "%s: %s" % (type(e).__name__, e)))
                        continue
                    tail = simple.get(a) if a.__class__ is str else None
                    out.append('{"id":' + rid + (tail or _action_tail(a)))
                    continue
            if rid:  # an unknown instance, or before the hello: the general path
                other = '{"type":"decide","id":' + rid + ',"instance":' + inst + \
                    ',"view":' + raw + "}"
            elif not other.strip():
                continue
            self.handle(other, out)
            if self.done:
                return
            ready = self.ready

    def write(self, data):
        view = memoryview(data)
        while view:
            n = os.write(self.out_fd, view)
            view = view[n:]


def run(bot_class, in_fd=None, out_fd=None):
    """Serve the protocol with ``bot_class`` (a ``Bot`` subclass) until the end of input.

    Reads stdin in large chunks, answers every complete line it has read, and writes the
    answers in one write when the input read so far is used up. Returns at end of input (or
    right after refusing the configuration); the process then exits with status 0.
    ``in_fd``/``out_fd`` are for tests; by default stdin/stdout are taken over (and fd 0/1
    pointed at /dev/null and stderr so stray reads and prints cannot break the protocol).
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
    session = _Session(bot_class, out_fd)
    read = os.read
    rest = b""
    try:
        while True:
            chunk = read(in_fd, _READ_SIZE)
            if not chunk:
                break
            if rest:
                chunk = rest + chunk
            end = chunk.rfind(b"\n")
            if end < 0:
                rest = chunk
                continue
            rest = chunk[end + 1:]
            out = []
            session.process(chunk[:end].decode("utf-8", "replace"), out)
            if out:
                session.write("".join(out).encode())
            if session.done:
                break
        if rest.strip() and not session.done:
            # A last line without its newline: answer it too.
            out = []
            session.process(rest.decode("utf-8", "replace"), out)
            if out:
                session.write("".join(out).encode())
    except BrokenPipeError:
        pass  # the host closed our output: nothing more to say
    except KeyboardInterrupt:
        pass
