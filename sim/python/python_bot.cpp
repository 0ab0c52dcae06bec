// In-process Python bots: see python_bot.hpp.
#include "python_bot.hpp"

#include <pybind11/eval.h>
#include <structmember.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/bots/strategy.hpp"
#include "pokerarena/engine/game_def.hpp"
#include "pokerarena/evaluator/card.hpp"
#include "process/protocol.hpp"

namespace pokerarena::python {

namespace {

// The Python thread state of this thread and the event loop of its async decides, made once
// a thread. On a thread Python did not start (a TBB worker, a lane of process bots, which each
// wave of units starts anew), the state is PyGILState_Ensure's, kept between calls and given
// back when the thread ends, with the loop closed: the GIL's count of the Ensure brought back
// to 0 deletes the state. Not once the interpreter is finalizing (the threads that outlive it,
// TBB's workers at exit, leave theirs to it).
struct ThreadPython {
    PyThreadState* state = nullptr;
    bool ensured = false;  // made here by PyGILState_Ensure
    PyGILState_STATE ensure_state = PyGILState_UNLOCKED;
    PyObject* loop = nullptr;  // owned

    ThreadPython() = default;
    ThreadPython(const ThreadPython&) = delete;
    ThreadPython& operator=(const ThreadPython&) = delete;
    ~ThreadPython() {
        if (state == nullptr || !Py_IsInitialized() || finalizing()) return;
        const bool held = PyGILState_Check() != 0;
        if (!held) PyEval_RestoreThread(state);
        if (loop != nullptr) {
            if (PyObject* r = PyObject_CallMethod(loop, "close", nullptr)) Py_DECREF(r);
            PyErr_Clear();
            Py_DECREF(loop);
        }
        if (ensured) {
            PyGILState_Release(ensure_state);  // deletes the state, releases the GIL
        } else if (!held) {
            PyEval_SaveThread();
        }
    }

    static bool finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
        return Py_IsFinalizing() != 0;
#else
        return _Py_IsFinalizing() != 0;
#endif
    }
};
thread_local ThreadPython t_python;

// The calls into a bot class's code this thread is in (PythonCall below), for in_bot_code().
thread_local int t_bot_calls = 0;

// Holds the GIL for one call into Python (nothing when this thread holds it already).
class PythonCall {
  public:
    PythonCall() {
        ++t_bot_calls;
        if (PyGILState_Check()) return;
        if (t_python.state == nullptr) {
            t_python.state = PyGILState_GetThisThreadState();
            if (t_python.state == nullptr) {
                t_python.ensure_state = PyGILState_Ensure();
                t_python.ensured = true;
                t_python.state = PyThreadState_Get();
                PyEval_SaveThread();
            }
        }
        PyEval_RestoreThread(t_python.state);
        released_ = true;
    }
    ~PythonCall() {
        --t_bot_calls;
        if (released_) PyEval_SaveThread();
    }
    PythonCall(const PythonCall&) = delete;
    PythonCall& operator=(const PythonCall&) = delete;

  private:
    bool released_ = false;
};

// The tracebacks a bot prints at most (then one line saying so), as the SDK does.
constexpr int kMaxTracebacks = 20;

// A full view's `_fields` (the line split at its spaces), split when the SDK first reads one
// of the fields it decodes lazily (bets, committed, hole, actions, data): most bots read none,
// and the split is a third of what the view costs. A sequence of the fields, as the list
// str.split gives, for indexing and len().
struct LazyFields {
    PyObject_HEAD PyObject* text;  // the view's line after "d 0 0 " (owned)
    PyObject* fields;              // text.split(" "), once read (owned)
};

PyObject* split_fields(LazyFields* f) {
    if (f->fields == nullptr) {
        PyObject* space = PyUnicode_FromStringAndSize(" ", 1);
        if (space == nullptr) return nullptr;
        f->fields = PyUnicode_Split(f->text, space, -1);
        Py_DECREF(space);
    }
    return f->fields;
}

Py_ssize_t lazy_fields_length(PyObject* self) {
    PyObject* fields = split_fields(reinterpret_cast<LazyFields*>(self));
    return fields == nullptr ? -1 : PyList_GET_SIZE(fields);
}

PyObject* lazy_fields_item(PyObject* self, Py_ssize_t i) {
    PyObject* fields = split_fields(reinterpret_cast<LazyFields*>(self));
    return fields == nullptr ? nullptr : PySequence_GetItem(fields, i);
}

void lazy_fields_dealloc(PyObject* self) {
    auto* f = reinterpret_cast<LazyFields*>(self);
    Py_XDECREF(f->text);
    Py_XDECREF(f->fields);
    PyTypeObject* type = Py_TYPE(self);
    type->tp_free(self);
    Py_DECREF(type);
}

PyType_Slot lazy_fields_slots[] = {{Py_sq_length, reinterpret_cast<void*>(lazy_fields_length)},
                                   {Py_sq_item, reinterpret_cast<void*>(lazy_fields_item)},
                                   {Py_tp_dealloc, reinterpret_cast<void*>(lazy_fields_dealloc)},
                                   {0, nullptr}};
PyType_Spec lazy_fields_spec = {"pokerarena._LazyFields", sizeof(LazyFields), 0, Py_TPFLAGS_DEFAULT,
                                lazy_fields_slots};

// What a decide's line starts with before the view, and ends with after it.
constexpr std::string_view kCompactHead = "d 0 0 ";
constexpr std::string_view kJsonHead = R"({"type":"decide","id":0,"instance":0,"view":)";

}  // namespace

void RunInterrupt::keep() {
    PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
    PyErr_Fetch(&type, &value, &traceback);
    PyErr_NormalizeException(&type, &value, &traceback);
    py::object t = py::reinterpret_steal<py::object>(type);
    py::object v = py::reinterpret_steal<py::object>(value);
    py::object tb = py::reinterpret_steal<py::object>(traceback);
    std::lock_guard lock(mutex_);
    if (!type_) {
        type_ = std::move(t);
        value_ = std::move(v);
        traceback_ = std::move(tb);
    }
}

bool RunInterrupt::take_if_interrupt() {
    if (!PyErr_ExceptionMatches(PyExc_KeyboardInterrupt) &&
        !PyErr_ExceptionMatches(PyExc_SystemExit))
        return false;
    keep();
    spoilt_.store(true);
    if (stop_.load() == 0) stop_.store(1);
    return true;
}

void RunInterrupt::take_signal() {
    keep();
    stop_.fetch_add(1);
}

void RunInterrupt::rethrow() {
    std::lock_guard lock(mutex_);
    if (!type_) return;
    PyErr_Restore(type_.release().ptr(), value_.release().ptr(), traceback_.release().ptr());
    throw py::error_already_set();
}

// The SDK's compact View classes as the host fills them (what pokerarena_bot._compact_view
// makes of a line, made here from the SeatView without the line's Python decoding, which is
// most of a cheap bot's decision): their slots by offset, the Legal type, the keys and the
// card texts. `ready` is false when the classes are not laid out so (another SDK version):
// _compact_view is called then.
struct CompactViews {
    enum Slot : std::uint8_t {
        Raw,
        Fields,
        Seat,
        NumSeats,
        Hand,
        Button,
        Round,
        BigBlind,
        Legal,
        Stacks,
        Pot,
        CurrentBet,
        DealtIn,
        Folded,
        AllIn,
        Board,
        MyCards,
        kSlots
    };
    bool ready = false;
    PyTypeObject* full = nullptr;   // _CompactView
    PyTypeObject* legal = nullptr;  // _CompactLegalView
    Py_ssize_t raw_in_legal = 0;    // the _raw slot's offset in a _CompactLegalView
    std::array<Py_ssize_t, kSlots> offset{};
    py::object legal_type;  // Legal
    std::array<py::object, 7> legal_keys;
    // A dict of the legal keys, in the protocol's order, each holding None, and the dicts made
    // from it for the legal actions met lately, one a slot of a table indexed by a hash of the
    // actions (a slot's next actions replace its dict): a view's Legal is a copy of one (dict's
    // merge into an empty dict copies the table whole). The same few legal actions come again
    // and again (the blinds, the stacks of a street), as the SDK's _COMPACT_LEGALS counts on;
    // seven insertions into the Legal would cost twice the copy and grow its table on the way.
    py::object legal_model;
    static constexpr std::size_t kLegalSlots = 1024;
    std::vector<std::pair<LegalActions, PyObject*>> legals;  // the dicts owned
    py::object no_args;                                      // ()
    std::array<py::object, kNumCards> cards;
    py::object lazy_fields_type;
    // The ints 0 .. kCachedInts - 1 a view has held (owned; nullptr until one has), shared by
    // the views as the SDK's _NUMBER shares a line's: stacks, pots and bets repeat from view
    // to view, and above 256 (the ints CPython keeps) each would be an allocation.
    static constexpr std::int64_t kCachedInts = std::int64_t{1} << 16;
    std::vector<PyObject*> ints;

    // With the GIL held: finds the slots, or leaves ready false.
    void find(const py::object& sdk);
    // A new reference to the view, or nullptr with an error set.
    PyObject* make(const SeatView& view, bool legal_only, PyObject* text);
    void clear() {
        legal_type = py::object();
        for (py::object& o : legal_keys)
            o = py::object();
        legal_model = py::object();
        for (auto& [actions, dict] : legals)
            Py_XDECREF(dict);
        legals.clear();
        no_args = py::object();
        for (py::object& o : cards)
            o = py::object();
        lazy_fields_type = py::object();
        for (PyObject* n : ints)
            Py_XDECREF(n);
        ints.clear();
        ready = false;
    }

  private:
    // New references, or nullptr with an error set.
    PyObject* int_of(std::int64_t n);
    PyObject* legal_of(const LegalActions& legal);
};

// Everything the bots of one class share. Built and read with the GIL held; the counter is
// atomic because bots on other threads bump it under the GIL too, and the GIL is all the
// objects need.
struct PythonBotClass {
    enum class Way : std::uint8_t { Sync, Batch, Async, Threads };

    py::object bot_class;
    py::str config;
    py::object compact_view;     // pokerarena_bot._compact_view
    py::object json_view;        // pokerarena_bot.View
    py::object event_type;       // pokerarena_bot.Event
    py::object failed_type;      // pokerarena_bot._Failed
    py::object action_tail;      // pokerarena_bot._action_tail
    py::object json_loads;       // json.loads
    py::object print_traceback;  // traceback.print_exception
    py::object new_event_loop;   // asyncio.new_event_loop (an async decide)
    py::object game_problem;     // pokerarena_bot._game_problem
    py::object gather;           // gather(steps, limit, timeout, tick) of kGather
    py::object cancelled;        // kGather's CANCELLED: a step cancelled before it answered
    py::object thread_pool;      // concurrent.futures.ThreadPoolExecutor (Threads)
    py::object pool_call;        // call(decide, view) on a pool thread, marked as bot code
    // "call", "check", "fold" interned: the SDK's actions are its module's constants, which
    // Python interns, so an answer is most often one of these very objects.
    std::array<py::object, 3> words;
    std::string name;
    bool legal_only = false;
    bool compact = true;
    bool events = false;
    Way way = Way::Sync;
    // Batch: the most views a decide_batch call gets. Async: the most coroutines in flight
    // (0: no limit). Threads: the threads decide runs on.
    int way_limit = 0;
    // Async: the seconds its coroutines may all be silent while decisions wait (0: none).
    double time_limit = 0;
    // The class's spec as the runner's stall warnings name a call into it (plugin_label).
    const char* label = nullptr;
    std::atomic<int> tracebacks{0};
    std::shared_ptr<RunInterrupt> interrupt;
    CompactViews views;

    ~PythonBotClass() {
        PythonCall hold;
        views.clear();
        if (thread_pool) {
            try {
                thread_pool.attr("shutdown")();
            } catch (py::error_already_set&) {
                PyErr_Clear();
            }
        }
        for (py::object* o :
             {&bot_class, &compact_view, &json_view, &event_type, &failed_type, &action_tail,
              &json_loads, &print_traceback, &new_event_loop, &game_problem, &gather, &cancelled,
              &thread_pool, &words[0], &words[1], &words[2]})
            *o = py::object();
        config = py::str();
    }

    // With the GIL held and an error set: clears it, printing "pokerarena: bot 'NAME': WHAT"
    // and its traceback to sys.stderr (the first kMaxTracebacks of the class). A
    // KeyboardInterrupt or SystemExit is kept for the run instead (returns ""). Returns
    // "TYPE: MESSAGE".
    std::string take_error(const char* what) {
        if (interrupt->take_if_interrupt()) return "";
        PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
        PyErr_Fetch(&type, &value, &traceback);
        PyErr_NormalizeException(&type, &value, &traceback);
        py::object t = py::reinterpret_steal<py::object>(type);
        py::object v = py::reinterpret_steal<py::object>(value);
        py::object tb =
            traceback != nullptr ? py::reinterpret_steal<py::object>(traceback) : py::none();
        std::string text;
        try {
            text = py::str(t.attr("__name__")).cast<std::string>() + ": " +
                   py::str(v).cast<std::string>();
            const int n = ++tracebacks;
            if (n <= kMaxTracebacks) {
                py::object err = py::module_::import("sys").attr("stderr");
                err.attr("write")("pokerarena: bot '" + name + "': " + what + "\n");
                print_traceback(t, v, tb, py::arg("file") = err);
                if (n == kMaxTracebacks)
                    err.attr("write")("pokerarena: bot '" + name +
                                      "': (no more tracebacks will be printed)\n");
                err.attr("flush")();
            }
        } catch (const py::error_already_set&) {
            // A str() or a stderr that raises: the error's type still says what happened.
            PyErr_Clear();
            if (text.empty()) text = "an exception that cannot be printed";
        }
        return text;
    }
};

namespace {

// What a decision came to, worked out with the GIL held and delivered after it is released.
// A reported strategy is written where the caller keeps it (the bot's, a queue's slot), not
// here: a Strategy is a kilobyte, and zeroing and moving one at every decision was a tenth of
// what a cheap bot's decision cost.
struct Outcome {
    bool ok = false;
    Action action;
    FaultKind fault = FaultKind::ErrorStatus;
    std::string message;
    bool has_strategy = false;  // ok: the answer reported a strategy valid for the decision
};

// With the GIL held and an error set: the fault of `who` ("decide()") that raised it.
Outcome raised(PythonBotClass& c, const char* who) {
    const std::string why = c.take_error((std::string(who) + " raised:").c_str());
    Outcome out;
    out.message =
        why.empty() ? std::string("the run was interrupted") : std::string(who) + " raised " + why;
    return out;
}

// The outcome to `ticket`. `strategy`: where the answer's strategy was written (given when
// outcome.has_strategy).
void deliver(DecisionTicket* ticket, Outcome&& outcome, const Strategy& strategy) {
    RemoteDecision d;
    d.ok = outcome.ok;
    d.action = outcome.action;
    d.fault = outcome.fault;
    d.message = std::move(outcome.message);
    ticket->answered(std::move(d), outcome.has_strategy ? &strategy : nullptr);
}

// A new reference to f(arg), or error_already_set: a vectorcall, without the argument tuple
// pybind11's call operator builds.
py::object call_one(const py::object& f, const py::handle& arg) {
    PyObject* result = PyObject_CallOneArg(f.ptr(), arg.ptr());
    if (result == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(result);
}

// A bot instance: one object of the class. Made in a lane (a queue given), it takes posted
// decisions into the lane's queue.
class PythonBot final : public Bot, public PostingBot {
  public:
    PythonBot(std::shared_ptr<PythonBotClass> c, std::uint64_t seed, PythonQueue* queue)
        : class_(std::move(c)), queue_(queue) {
        PythonCall hold;
        PythonBotClass& c_ = *class_;
        try {
            instance_ = c_.bot_class(seed, c_.config);
        } catch (py::error_already_set& e) {
            e.restore();
            const std::string why = c_.take_error("creating an instance raised:");
            instance_ = c_.failed_type(why.empty() ? "interrupted" : why);
            failed_ = true;
        }
        decide_ = py::getattr(instance_, "decide", py::none());
        if (c_.way == PythonBotClass::Way::Batch)
            decide_batch_ = py::getattr(c_.bot_class, "decide_batch", py::none());
    }
    ~PythonBot() override {
        PythonCall hold;
        decide_ = py::object();
        decide_batch_ = py::object();
        instance_ = py::object();
    }
    PythonBot(const PythonBot&) = delete;
    PythonBot& operator=(const PythonBot&) = delete;

    Action decide(const SeatView& view) override;
    void post_decide(const SeatView& view, DecisionTicket* ticket) override;
    PostingBot* posting() override { return queue_ != nullptr ? this : nullptr; }
    void on_event(const Event& event) override;
    bool wants_events() const override { return class_->events; }
    ViewNeeds view_needs() const override {
        return class_->legal_only ? ViewNeeds::LegalOnly : ViewNeeds::Full;
    }
    void new_match() override;
    bool last_strategy(const SeatView& view, Strategy& out) override {
        (void)view;  // judged against the view of its decide
        if (!has_strategy_) return false;
        out = strategy_;
        return true;
    }
    const StrategyProblems* strategy_problems() const override { return &strategy_problems_; }

    // With the GIL held (the queue's answers): the instance, its bound decide, and an answer
    // turned into an outcome for a decision with `legal`, a strategy it reports written to
    // `strategy`.
    const py::object& instance() const { return instance_; }
    const py::object& bound_decide() const { return decide_; }
    Outcome convert(const py::handle& answer, const LegalActions& legal, Strategy& strategy);

  private:
    // The view's text in line_ (without the GIL).
    std::string_view view_text(const SeatView& view);
    // With the GIL held: the SDK's View of the decision whose text is `text`.
    py::object make_view(std::string_view text, const SeatView& view);
    // With the GIL held: the object decide (or decide_batch, or the coroutine) returned.
    py::object answer(const py::object& view);
    Outcome parsed(const process::Answer& a, const LegalActions& legal, Strategy& strategy);

    std::shared_ptr<PythonBotClass> class_;
    PythonQueue* queue_;  // the lane's, or nullptr
    py::object instance_;
    py::object decide_;
    py::object decide_batch_;
    bool failed_ = false;  // the constructor raised: instance_ is the SDK's _Failed
    std::string line_;     // the decide line, reused
    std::string scratch_;  // parse_answer's padding
    bool has_strategy_ = false;
    Strategy strategy_;
    StrategyProblems strategy_problems_;
    std::uint32_t calls_ = 0;  // the serial of its calls' stall markers
};

}  // namespace

// The decisions posted to the class's instances of one lane, answered together at each pump:
// decide_batch with up to max_batch of them a call, or every coroutine (an async decide) or
// every blocking decide (threads = N, on a pool of N threads) at once on one event loop, up to
// `concurrency` in flight. Posted, answered and forgotten only by the thread pumping the lane.
class PythonQueue final : public DecisionQueue {
  public:
    explicit PythonQueue(std::shared_ptr<PythonBotClass> c) : class_(std::move(c)) {}
    ~PythonQueue() override {
        PythonCall hold;
        items_.clear();
        taken_.clear();
    }
    PythonQueue(const PythonQueue&) = delete;
    PythonQueue& operator=(const PythonQueue&) = delete;

    // With the GIL held, in the unit's table (whose PluginCallScope is this thread's).
    void add(PythonBot* bot, py::object view, DecisionTicket* ticket, const SeatView& seat_view) {
        items_.push_back(Item{bot, std::move(view), ticket, seat_view.legal,
                              &current_plugin_call_state(), seat_view.hand_number, seat_view.seat});
    }
    int answer_pending() override;
    std::int64_t pending() const override { return static_cast<std::int64_t>(items_.size()); }
    void forget_pending() override {
        PythonCall hold;
        items_.clear();
        taken_.clear();
    }

  private:
    struct Item {
        PythonBot* bot = nullptr;
        py::object view;
        DecisionTicket* ticket = nullptr;
        LegalActions legal;
        // Where the unit of its table marks its calls, for the runner's stall warnings: the
        // wave's, which outlives every decision of its units.
        PluginCallState* calls = nullptr;
        int hand = -1;
        int seat = -1;
    };
    // Marks a call into the class for item `i`'s unit (a new call each time).
    void mark_call(std::size_t i);
    // With the GIL held: outcomes_ for taken_.
    void answer_batches();
    void answer_together();
    Outcome converted(std::size_t i, const py::handle& answer);

    std::shared_ptr<PythonBotClass> class_;
    std::vector<Item> items_;  // posted since the last pump
    std::vector<Item> taken_;  // being answered
    std::vector<Outcome> outcomes_;
    std::vector<Strategy> strategies_;  // the strategies outcomes_ report
    std::vector<std::size_t> awaited_;  // the items of the awaitables gathered
    // The call into the class in progress, marked in the state of its first item's unit.
    std::optional<PluginCallScope> scope_;
    std::optional<PluginCallMarker> marker_;
    std::uint32_t calls_ = 0;
};

namespace {

std::string_view PythonBot::view_text(const SeatView& view) {
    line_.clear();
    process::write_decide(line_, 0, 0, view, class_->legal_only, class_->compact);
    const std::string_view line(line_);
    // Without "d 0 0 " and '\n', or without the JSON head and "}\n".
    return class_->compact ? line.substr(kCompactHead.size(), line.size() - kCompactHead.size() - 1)
                           : line.substr(kJsonHead.size(), line.size() - kJsonHead.size() - 2);
}

py::object PythonBot::make_view(std::string_view text_view, const SeatView& seat_view) {
    PythonBotClass& c = *class_;
    if (!c.views.ready) {
        const py::str text(text_view.data(), text_view.size());
        return c.compact ? c.compact_view(text) : c.json_view(text);
    }
    // A compact line is ASCII (numbers, cards, action words): copied into the str as it is,
    // without the UTF-8 decoding py::str would run over it.
    const auto text = py::reinterpret_steal<py::object>(
        PyUnicode_New(static_cast<Py_ssize_t>(text_view.size()), 127));
    if (!text) throw py::error_already_set();
    std::memcpy(PyUnicode_1BYTE_DATA(text.ptr()), text_view.data(), text_view.size());
    py::object view =
        py::reinterpret_steal<py::object>(c.views.make(seat_view, c.legal_only, text.ptr()));
    if (!view) throw py::error_already_set();
    return view;
}

Action PythonBot::decide(const SeatView& view) {
    has_strategy_ = false;
    // The units in play are given up: their results are dropped, so no decision is asked.
    if (class_->interrupt->given_up())
        throw BotError(FaultKind::Forfeit, "not asked: the run's units in play were given up");
    const std::string_view text = view_text(view);
    Outcome outcome;
    {
        // Named by the runner's stall warning while it lasts (a call into Python cannot be
        // stopped).
        const PluginCallMarker marker(class_->label, PluginCall::Decide, ++calls_, view.hand_number,
                                      view.seat);
        PythonCall hold;
        try {
            outcome = convert(answer(make_view(text, view)), view.legal, strategy_);
        } catch (py::error_already_set& e) {
            e.restore();
            outcome = raised(*class_, class_->way == PythonBotClass::Way::Batch && !failed_
                                          ? "decide_batch()"
                                          : "decide()");
        }
    }
    if (!outcome.ok) throw BotError(outcome.fault, outcome.message);
    has_strategy_ = outcome.has_strategy;
    return outcome.action;
}

void PythonBot::post_decide(const SeatView& view, DecisionTicket* ticket) {
    Outcome outcome;
    try {
        const std::string_view text = view_text(view);
        PythonCall hold;
        try {
            py::object v = make_view(text, view);
            // An instance whose constructor raised answers its error at once, as the SDK's.
            if (!failed_) {
                queue_->add(this, std::move(v), ticket, view);
                return;
            }
            outcome = convert(call_one(decide_, v), view.legal, strategy_);
        } catch (py::error_already_set& e) {
            e.restore();
            outcome = raised(*class_, "decide()");
        }
    } catch (const std::exception& e) {
        outcome.message = std::string("posting the decision failed: ") + e.what();
    }
    deliver(ticket, std::move(outcome), strategy_);
}

py::object PythonBot::answer(const py::object& view) {
    PythonBotClass& c = *class_;
    if (failed_) return call_one(decide_, view);
    switch (c.way) {
        case PythonBotClass::Way::Batch: {
            py::list items;
            items.append(py::make_tuple(instance_, view));
            const py::object actions = decide_batch_(items);
            const py::list list(actions);
            if (list.size() != 1) {
                const std::string why = "decide_batch() returned " + std::to_string(list.size()) +
                                        " actions for 1 view";
                PyErr_SetString(PyExc_ValueError, why.c_str());
                throw py::error_already_set();
            }
            return list[0];
        }
        case PythonBotClass::Way::Async: {
            py::object step = call_one(decide_, view);
            if (!py::hasattr(step, "__await__")) return step;
            // One loop a thread, kept for the thread's life (a loop serves one thread).
            if (t_python.loop == nullptr) t_python.loop = c.new_event_loop().release().ptr();
            return py::reinterpret_borrow<py::object>(t_python.loop)
                .attr("run_until_complete")(step);
        }
        case PythonBotClass::Way::Sync:
        case PythonBotClass::Way::Threads:
            break;
    }
    return call_one(decide_, view);
}

// The plain answers straight to an action; anything else (a Mixed, a float total, a dict, a
// wrong value) through the SDK's answer text and the host's parser, as a process bot's.
Outcome PythonBot::convert(const py::handle& a, const LegalActions& legal, Strategy& strategy) {
    PyObject* o = a.ptr();
    Outcome out;
    const std::array<py::object, 3>& words = class_->words;
    if (o == words[0].ptr() || o == words[1].ptr()) {
        out.ok = true;
        out.action = Action::check_call();
        return out;
    }
    if (o == words[2].ptr()) {
        out.ok = true;
        out.action = Action::fold();
        return out;
    }
    if (PyUnicode_CheckExact(o)) {
        if (PyUnicode_CompareWithASCIIString(o, "call") == 0 ||
            PyUnicode_CompareWithASCIIString(o, "check") == 0) {
            out.ok = true;
            out.action = Action::check_call();
            return out;
        }
        if (PyUnicode_CompareWithASCIIString(o, "fold") == 0) {
            out.ok = true;
            out.action = Action::fold();
            return out;
        }
    } else if (PyTuple_CheckExact(o) && PyTuple_GET_SIZE(o) == 2 &&
               PyUnicode_CheckExact(PyTuple_GET_ITEM(o, 0)) &&
               PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(o, 0), "raise") == 0 &&
               PyLong_CheckExact(PyTuple_GET_ITEM(o, 1))) {
        int overflow = 0;
        const long long to = PyLong_AsLongLongAndOverflow(PyTuple_GET_ITEM(o, 1), &overflow);
        if (overflow == 0) {
            out.ok = true;
            out.action = Action::raise_to(static_cast<Chips>(to));
            return out;
        }
    }
    const std::string tail = class_->action_tail(a).cast<std::string>();
    std::string line = "{\"id\":0" + tail;
    while (!line.empty() && line.back() == '\n')
        line.pop_back();
    return parsed(process::parse_answer(line, scratch_), legal, strategy);
}

// As a process bot's answer: an error is an ErrorStatus fault, a line that is not an answer a
// BadAnswer; a strategy is kept when valid for the decision, else noted as dropped.
Outcome PythonBot::parsed(const process::Answer& a, const LegalActions& legal, Strategy& strategy) {
    Outcome out;
    switch (a.kind) {
        case process::Answer::Kind::Action:
            out.ok = true;
            out.action = a.action;
            if (a.has_strategy) {
                const std::string problem = strategy_problem(a.strategy, legal);
                if (problem.empty()) {
                    out.has_strategy = true;
                    strategy = a.strategy;
                } else
                    strategy_problems_.note(problem);
            } else if (!a.strategy_problem.empty())
                strategy_problems_.note(a.strategy_problem);
            return out;
        case process::Answer::Kind::Error:
            out.message = "the bot answered an error: " + a.message;
            return out;
        default:
            out.fault = FaultKind::BadAnswer;
            out.message = a.message;
            return out;
    }
}

void PythonBot::on_event(const Event& event) {
    line_.clear();
    process::write_event(line_, 0, event);
    PythonCall hold;
    PythonBotClass& c = *class_;
    try {
        const py::object message = c.json_loads(py::str(line_.data(), line_.size()));
        instance_.attr("on_event")(c.event_type(message["event"]));
    } catch (py::error_already_set& e) {
        e.restore();
        c.take_error("on_event() raised:");
    }
}

void PythonBot::new_match() {
    PythonCall hold;
    try {
        instance_.attr("new_match")();
    } catch (py::error_already_set& e) {
        e.restore();
        class_->take_error("new_match() raised:");
    }
}

// Defines gather(steps, limit, timeout, tick) -> (results, ended): the results of the awaitables
// `steps` run at once, at most `limit` of them in flight (None: no limit), an exception standing
// for a step that raised. The time limit is on silence, as a process bot's: when no step has
// answered for `timeout` seconds (None: no limit) while some are pending, ended is 1; when
// tick(answered so far), called every quarter of a second, says the run gave its units up, 2.
// Either way the steps pending then are cancelled and stand as CANCELLED, whatever they return
// after (a coroutine that catches its cancellation and answers is still past the limit, as a
// process bot's late answer is); those not started are closed, so that none is left
// unawaited. Pending means not done: a step that finished in the loop's last turn, whose done
// callback has not run yet, has answered.
constexpr const char* kGather = R"(
import asyncio
import inspect

CANCELLED = object()

async def gather(steps, limit, timeout, tick):
    loop = asyncio.get_running_loop()
    if limit is None:
        tasks = [asyncio.ensure_future(step) for step in steps]
    else:
        places = asyncio.Semaphore(limit)

        async def one(step):
            async with places:
                return await step

        tasks = [loop.create_task(one(step)) for step in steps]
    left = len(tasks)
    all_done = loop.create_future()
    last = loop.time()

    def finished(task):
        nonlocal left, last
        left -= 1
        last = loop.time()
        if left == 0 and not all_done.done():
            all_done.set_result(None)

    for task in tasks:
        task.add_done_callback(finished)
    ended = 0
    while left:
        wait = 0.25 if timeout is None else min(0.25, last + timeout - loop.time())
        if wait > 0:
            await asyncio.wait((all_done,), timeout=wait)
        if not left:
            break
        if tick(len(tasks) - left):
            ended = 2
        elif timeout is not None and loop.time() - last >= timeout:
            ended = 1
        if ended:
            break
    cut = set()
    if ended:
        cut = {task for task in tasks if not task.done()}
        for task in cut:
            task.cancel()
        # A coroutine that ignores its cancellation is left to the loop.
        if cut:
            await asyncio.wait(cut, timeout=timeout or 1.0)
        for step in steps:
            if inspect.iscoroutine(step) and \
                    inspect.getcoroutinestate(step) == inspect.CORO_CREATED:
                step.close()
    results = []
    for task in tasks:
        if task in cut or not task.done():
            results.append(CANCELLED)
        elif task.cancelled():  # the bot's own CancelledError
            results.append(asyncio.CancelledError())
        else:
            error = task.exception()
            results.append(error if error is not None else task.result())
    return results, ended
)";

}  // namespace

namespace {

// What a lane's pump throws once the run gives its units up: the units in play on the lane fail,
// so none of them is finished with decisions no bot answered.
[[noreturn]] void throw_given_up() {
    throw std::runtime_error("the run's units in play were given up (a second Ctrl-C)");
}

// "2", "0.05": seconds as the options give them.
std::string seconds_text(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", seconds);
    return text;
}

}  // namespace

int PythonQueue::answer_pending() {
    if (items_.empty()) return 0;
    if (class_->interrupt->given_up()) throw_given_up();
    taken_.swap(items_);
    outcomes_.resize(taken_.size());
    if (strategies_.size() < taken_.size()) strategies_.resize(taken_.size());
    {
        PythonCall hold;
        try {
            if (class_->way == PythonBotClass::Way::Batch)
                answer_batches();
            else
                answer_together();
        } catch (const std::exception& error) {
            // What no answer's own handling caught (memory running out): a fault for every
            // decision without an answer, so that every ticket is still answered once.
            for (Outcome& o : outcomes_)
                if (!o.ok && o.message.empty())
                    o.message = std::string("answering the queue failed: ") + error.what();
        }
        marker_.reset();
        scope_.reset();
        for (Item& item : taken_)
            item.view = py::object();
    }
    if (class_->interrupt->given_up()) {
        taken_.clear();
        outcomes_.assign(outcomes_.size(), Outcome{});
        throw_given_up();
    }
    const auto answered = static_cast<int>(taken_.size());
    for (std::size_t i = 0; i < taken_.size(); ++i) {
        deliver(taken_[i].ticket, std::move(outcomes_[i]), strategies_[i]);
        outcomes_[i] = Outcome{};
    }
    taken_.clear();
    return answered;
}

void PythonQueue::mark_call(std::size_t i) {
    marker_.reset();
    scope_.reset();
    const Item& item = taken_[i];
    if (item.calls == nullptr) return;
    scope_.emplace(*item.calls, item.calls->unit);
    marker_.emplace(class_->label, PluginCall::Decide, ++calls_, item.hand, item.seat);
}

Outcome PythonQueue::converted(std::size_t i, const py::handle& answer) {
    try {
        return taken_[i].bot->convert(answer, taken_[i].legal, strategies_[i]);
    } catch (py::error_already_set& e) {
        e.restore();
        return raised(*class_,
                      class_->way == PythonBotClass::Way::Batch ? "decide_batch()" : "decide()");
    }
}

void PythonQueue::answer_batches() {
    PythonBotClass& c = *class_;
    const std::size_t limit =
        c.way_limit > 0 ? static_cast<std::size_t>(c.way_limit) : taken_.size();
    const py::object decide_batch = py::getattr(c.bot_class, "decide_batch");
    for (std::size_t first = 0; first < taken_.size(); first += limit) {
        const std::size_t n = std::min(limit, taken_.size() - first);
        if (c.interrupt->given_up()) return;
        mark_call(first);
        py::list answers;
        try {
            py::list items(n);
            for (std::size_t k = 0; k < n; ++k) {
                const Item& item = taken_[first + k];
                items[k] = py::make_tuple(item.bot->instance(), item.view);
            }
            answers = py::list(decide_batch(items));
            if (answers.size() != n) {
                const std::string why = "decide_batch() returned " +
                                        std::to_string(answers.size()) + " actions for " +
                                        std::to_string(n) + " views";
                PyErr_SetString(PyExc_ValueError, why.c_str());
                throw py::error_already_set();
            }
        } catch (py::error_already_set& e) {
            // Which answer belongs to which view is unknown: none is taken.
            e.restore();
            const Outcome failed = raised(c, "decide_batch()");
            for (std::size_t k = 0; k < n; ++k)
                outcomes_[first + k] = failed;
            continue;
        }
        for (std::size_t k = 0; k < n; ++k)
            outcomes_[first + k] = converted(first + k, answers[k]);
    }
}

void PythonQueue::answer_together() {
    PythonBotClass& c = *class_;
    if (t_python.loop == nullptr) t_python.loop = c.new_event_loop().release().ptr();
    const auto loop = py::reinterpret_borrow<py::object>(t_python.loop);
    const bool threads = c.way == PythonBotClass::Way::Threads;
    if (threads && !c.thread_pool)
        c.thread_pool = py::module_::import("concurrent.futures")
                            .attr("ThreadPoolExecutor")(c.way_limit, "pokerarena-decide");
    py::list steps;
    awaited_.clear();
    for (std::size_t i = 0; i < taken_.size(); ++i) {
        const Item& item = taken_[i];
        try {
            py::object step =
                threads ? loop.attr("run_in_executor")(c.thread_pool, c.pool_call,
                                                       item.bot->bound_decide(), item.view)
                        : call_one(item.bot->bound_decide(), item.view);
            if (!py::hasattr(step, "__await__")) {  // answered without awaiting
                outcomes_[i] = converted(i, step);
                continue;
            }
            steps.append(std::move(step));
            awaited_.push_back(i);
        } catch (py::error_already_set& e) {
            e.restore();
            outcomes_[i] = raised(c, "decide()");
        }
    }
    if (awaited_.empty()) return;
    mark_call(awaited_.front());
    py::list results;
    int ended = 0;
    try {
        const py::object limit =
            !threads && c.way_limit > 0 ? py::object(py::int_(c.way_limit)) : py::none();
        // A blocking decide on the pool cannot be stopped: only coroutines get the time limit.
        const py::object timeout =
            !threads && c.time_limit > 0 ? py::object(py::float_(c.time_limit)) : py::none();
        std::int64_t seen = 0;
        const py::cpp_function tick([this, &seen](std::int64_t answered) {
            // Answers came since the last tick: a new call for the stall warnings.
            if (answered != seen) {
                seen = answered;
                mark_call(awaited_.front());
            }
            return class_->interrupt->given_up();
        });
        const py::tuple gathered(
            loop.attr("run_until_complete")(c.gather(steps, limit, timeout, tick)));
        results = py::list(gathered[0]);
        ended = gathered[1].cast<int>();
    } catch (py::error_already_set& e) {
        // A KeyboardInterrupt or SystemExit, which asyncio lets through, or a failing loop.
        e.restore();
        const Outcome failed = raised(c, "decide()");
        for (const std::size_t i : awaited_)
            outcomes_[i] = failed;
        return;
    }
    std::size_t timed_out = 0;
    for (std::size_t k = 0; k < awaited_.size(); ++k) {
        const py::handle r = results[k];
        if (r.ptr() == c.cancelled.ptr()) {
            Outcome& o = outcomes_[awaited_[k]];
            if (ended == 1) {
                o.fault = FaultKind::Timeout;
                o.message = "no coroutine of decide() answered for " + seconds_text(c.time_limit) +
                            " s (bot_timeout): cancelled";
                ++timed_out;
            } else
                o.message = "cancelled: the run's units in play were given up";
        } else if (PyExceptionInstance_Check(r.ptr())) {
            PyObject* traceback = PyException_GetTraceback(r.ptr());  // new reference
            Py_INCREF(r.ptr());
            PyObject* type = reinterpret_cast<PyObject*>(Py_TYPE(r.ptr()));
            Py_INCREF(type);
            PyErr_Restore(type, r.ptr(), traceback);
            outcomes_[awaited_[k]] = raised(c, "decide()");
        } else
            outcomes_[awaited_[k]] = converted(awaited_[k], r);
    }
    if (timed_out > 0) {
        const py::object err = py::module_::import("sys").attr("stderr");
        err.attr("write")("pokerarena: bot '" + c.name +
                          "': no coroutine of decide() answered for " + seconds_text(c.time_limit) +
                          " s (bot_timeout): " + std::to_string(timed_out) +
                          " decisions cancelled, each a timeout fault\n");
        err.attr("flush")();
    }
}

namespace {

// The offset of slot `name` of `type`, or -1 when it is not a slot holding an object.
Py_ssize_t slot_offset(const py::object& type, const char* name) {
    const py::object d = py::getattr(type, name, py::none());
    if (Py_TYPE(d.ptr()) != &PyMemberDescr_Type) return -1;
    const PyMemberDef* member = reinterpret_cast<PyMemberDescrObject*>(d.ptr())->d_member;
    return member->type == T_OBJECT_EX ? member->offset : -1;
}

}  // namespace

PyObject* CompactViews::int_of(std::int64_t n) {
    if (n < 0 || n >= kCachedInts) return PyLong_FromLongLong(n);
    PyObject*& kept = ints[static_cast<std::size_t>(n)];
    if (kept == nullptr) {
        kept = PyLong_FromLongLong(n);
        if (kept == nullptr) return nullptr;
    }
    Py_INCREF(kept);
    return kept;
}

PyObject* CompactViews::legal_of(const LegalActions& l) {
    std::uint64_t h = (l.can_fold ? 1u : 0u) | (l.can_check ? 2u : 0u) | (l.can_raise ? 4u : 0u);
    for (const Chips chips : {l.call_amount, l.min_raise_to, l.max_raise_to, l.all_in_to})
        h = (h ^ static_cast<std::uint64_t>(chips)) * 0x9E3779B97F4A7C15u;  // Fibonacci hashing
    auto& [actions, model] = legals[static_cast<std::size_t>(h >> 54)];     // the top 10 bits
    static_assert(kLegalSlots == std::size_t{1} << 10);
    if (model == nullptr || !(actions == l)) {
        PyObject* dict = PyDict_Copy(legal_model.ptr());
        if (dict == nullptr) return nullptr;
        PyObject* values[7] = {PyBool_FromLong(l.can_fold), PyBool_FromLong(l.can_check),
                               int_of(l.call_amount),       PyBool_FromLong(l.can_raise),
                               int_of(l.min_raise_to),      int_of(l.max_raise_to),
                               int_of(l.all_in_to)};
        bool ok = true;
        for (std::size_t i = 0; i < 7; ++i) {
            if (values[i] == nullptr || PyDict_SetItem(dict, legal_keys[i].ptr(), values[i]) != 0)
                ok = false;
            Py_XDECREF(values[i]);
        }
        if (!ok) {
            Py_DECREF(dict);
            return nullptr;
        }
        Py_XSETREF(model, dict);
        actions = l;
    }
    // A reference of our own before anything that may collect garbage: a collection can run
    // Python code and let another thread take the GIL and refill this slot.
    PyObject* kept = model;
    Py_INCREF(kept);
    auto* type = reinterpret_cast<PyTypeObject*>(legal_type.ptr());
    PyObject* legal_dict = type->tp_new(type, no_args.ptr(), nullptr);  // dict's, as Legal()
    if (legal_dict != nullptr && PyDict_Merge(legal_dict, kept, 1) != 0) Py_CLEAR(legal_dict);
    Py_DECREF(kept);
    return legal_dict;
}

void CompactViews::find(const py::object& sdk) {
    const py::object full_type = py::getattr(sdk, "_CompactView", py::none());
    const py::object legal_view_type = py::getattr(sdk, "_CompactLegalView", py::none());
    legal_type = py::getattr(sdk, "Legal", py::none());
    // Legal is made by dict's tp_new alone (legal_of): only while it adds no __new__ or
    // __init__ of its own.
    if (!PyType_Check(full_type.ptr()) || !PyType_Check(legal_view_type.ptr()) ||
        !PyType_Check(legal_type.ptr()) ||
        !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(legal_type.ptr()), &PyDict_Type) ||
        reinterpret_cast<PyTypeObject*>(legal_type.ptr())->tp_new != PyDict_Type.tp_new ||
        reinterpret_cast<PyTypeObject*>(legal_type.ptr())->tp_init != PyDict_Type.tp_init)
        return;
    static constexpr std::array<const char*, kSlots> names{
        "_raw",     "_fields",   "seat",   "num_seats", "hand",    "button",
        "round",    "big_blind", "legal",  "stacks",    "pot",     "current_bet",
        "dealt_in", "folded",    "all_in", "board",     "my_cards"};
    for (std::size_t i = 0; i < kSlots; ++i) {
        offset[i] = slot_offset(full_type, names[i]);
        if (offset[i] < 0) return;
    }
    raw_in_legal = slot_offset(legal_view_type, "_raw");
    if (raw_in_legal < 0) return;
    static constexpr std::array<const char*, 7> keys{"fold",   "check",  "call",     "raise",
                                                     "min_to", "max_to", "all_in_to"};
    legal_model = py::dict();
    no_args = py::tuple();
    for (std::size_t i = 0; i < keys.size(); ++i) {
        legal_keys[i] = py::str(keys[i]);
        legal_model[legal_keys[i]] = py::none();
    }
    ints.assign(static_cast<std::size_t>(kCachedInts), nullptr);
    legals.assign(kLegalSlots, {LegalActions{}, nullptr});
    for (int c = 0; c < kNumCards; ++c)
        cards[static_cast<std::size_t>(c)] = py::str(Card(c).to_string());
    lazy_fields_type = py::reinterpret_steal<py::object>(PyType_FromSpec(&lazy_fields_spec));
    if (!lazy_fields_type) throw py::error_already_set();
    full = reinterpret_cast<PyTypeObject*>(full_type.ptr());
    legal = reinterpret_cast<PyTypeObject*>(legal_view_type.ptr());
    ready = true;
}

PyObject* CompactViews::make(const SeatView& view, bool legal_only, PyObject* text) {
    // A legal view is its text, split and decoded when first read.
    if (legal_only) {
        PyObject* v = legal->tp_alloc(legal, 0);
        if (v == nullptr) return nullptr;
        Py_INCREF(text);
        *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(v) + raw_in_legal) = text;
        return v;
    }
    PyObject* v = full->tp_alloc(full, 0);
    if (v == nullptr) return nullptr;
    bool ok = true;
    const auto set = [&](Slot slot, PyObject* value) {
        if (value == nullptr) ok = false;
        *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(v) + offset[slot]) = value;
    };
    const auto cards_list = [&](const Card* first, int n) {
        PyObject* list = PyList_New(n);
        if (list == nullptr) return list;
        for (int i = 0; i < n; ++i) {
            PyObject* card = cards[static_cast<std::size_t>(first[i].index())].ptr();
            Py_INCREF(card);
            PyList_SET_ITEM(list, i, card);
        }
        return list;
    };
    Py_INCREF(text);
    set(Raw, text);
    auto* lazy_type = reinterpret_cast<PyTypeObject*>(lazy_fields_type.ptr());
    auto* fields = reinterpret_cast<LazyFields*>(lazy_type->tp_alloc(lazy_type, 0));
    if (fields != nullptr) {
        Py_INCREF(text);
        fields->text = text;
    }
    set(Fields, reinterpret_cast<PyObject*>(fields));
    set(Seat, int_of(view.seat));
    set(NumSeats, int_of(view.num_seats));
    set(Hand, int_of(view.hand_number));
    set(Button, int_of(view.button));
    set(Round, int_of(view.round));
    set(BigBlind, int_of(view.big_blind));
    set(Legal, legal_of(view.legal));
    PyObject* stacks = PyList_New(view.num_seats);
    for (int s = 0; stacks != nullptr && s < view.num_seats; ++s) {
        PyObject* stack = int_of(view.stacks[static_cast<std::size_t>(s)]);
        if (stack == nullptr) ok = false;
        PyList_SET_ITEM(stacks, s, stack);
    }
    set(Stacks, stacks);
    set(Pot, int_of(view.pot));
    set(CurrentBet, int_of(view.current_bet));
    set(DealtIn, int_of(view.dealt_in));
    set(Folded, int_of(view.folded));
    set(AllIn, int_of(view.all_in));
    set(Board, cards_list(view.board.data(), view.board_count));
    const bool known = (view.known_hole >> view.seat) & 1u;
    set(MyCards, cards_list(view.hole[static_cast<std::size_t>(view.seat)].data(),
                            known ? view.hole_cards : 0));
    if (!ok) {
        Py_DECREF(v);
        if (!PyErr_Occurred()) PyErr_NoMemory();
        return nullptr;
    }
    return v;
}

namespace {

// The pokerarena_bot module `bot_class` derives from, or None.
py::object sdk_of(const py::handle& bot_class) {
    if (!PyType_Check(bot_class.ptr())) return py::none();
    for (const py::handle base : bot_class.attr("__mro__")) {
        if (py::str(base.attr("__name__")).cast<std::string>() != "Bot") continue;
        const py::object module = py::getattr(base, "__module__", py::none());
        if (module.is_none() || py::str(module).cast<std::string>() != "pokerarena_bot") continue;
        return py::module_::import("sys").attr("modules")[module];
    }
    return py::none();
}

}  // namespace

bool in_bot_code() {
    return t_bot_calls > 0;
}

bool is_sdk_bot_class(const py::handle& value) {
    return !sdk_of(value).is_none();
}

std::string python_class_spec(const py::handle& bot_class) {
    return "python:" + py::str(bot_class.attr("__module__")).cast<std::string>() + "." +
           py::str(bot_class.attr("__qualname__")).cast<std::string>();
}

PythonBotFactory::PythonBotFactory(py::object bot_class, std::string config, std::string spec,
                                   std::shared_ptr<RunInterrupt> interrupt)
    : class_(std::make_shared<PythonBotClass>()), spec_(std::move(spec)) {
    const py::object sdk = sdk_of(bot_class);
    if (sdk.is_none())
        throw std::invalid_argument(py::repr(bot_class).cast<std::string>() +
                                    " is not a subclass of pokerarena_bot.Bot");
    PythonBotClass& c = *class_;
    c.interrupt = std::move(interrupt);
    c.bot_class = bot_class;
    c.config = py::str(config);
    c.compact_view = sdk.attr("_compact_view");
    c.game_problem = sdk.attr("_game_problem");
    c.json_view = sdk.attr("View");
    c.event_type = sdk.attr("Event");
    c.failed_type = sdk.attr("_Failed");
    c.action_tail = sdk.attr("_action_tail");
    c.json_loads = py::module_::import("json").attr("loads");
    for (std::size_t i = 0; i < c.words.size(); ++i) {
        static constexpr std::array<const char*, 3> words{"call", "check", "fold"};
        c.words[i] = py::reinterpret_steal<py::object>(PyUnicode_InternFromString(words[i]));
        if (!c.words[i]) throw py::error_already_set();
    }
    c.print_traceback = py::module_::import("traceback").attr("print_exception");
    c.name = py::str(py::getattr(bot_class, "__name__")).cast<std::string>();
    // The SDK's own hello: the class's view, encoding, check_config and way of answering.
    py::dict hello;
    hello["type"] = "hello";
    hello["config"] = c.config;
    const py::tuple judged = sdk.attr("_hello")(bot_class, hello);
    const py::dict answer = judged[0];
    if (py::str(answer["type"]).cast<std::string>() != "hello")
        throw std::invalid_argument("refused: " + py::str(answer["reason"]).cast<std::string>());
    c.name = py::str(answer["name"]).cast<std::string>();
    c.legal_only = py::str(answer["view"]).cast<std::string>() == "legal";
    c.compact = py::str(answer["encoding"]).cast<std::string>() == "compact";
    c.events = answer["events"].cast<bool>();
    const py::tuple way_of_answering(judged[1]);
    const std::string way = py::str(way_of_answering[0]).cast<std::string>();
    const py::object limit = way_of_answering[1];
    c.way_limit = limit.is_none() ? 0 : limit.cast<int>();
    if (c.compact) c.views.find(sdk);
    if (way == "batch") c.way = PythonBotClass::Way::Batch;
    if (way == "async") c.way = PythonBotClass::Way::Async;
    if (way == "threads") c.way = PythonBotClass::Way::Threads;
    if (c.way == PythonBotClass::Way::Threads)
        c.pool_call = py::cpp_function([](const py::object& decide, const py::object& view) {
            // The pool's threads run bot code too (in_bot_code()), outside any PythonCall.
            ++t_bot_calls;
            struct Leave {
                ~Leave() { --t_bot_calls; }
            } leave;
            return decide(view);
        });
    if (c.way == PythonBotClass::Way::Async || c.way == PythonBotClass::Way::Threads) {
        c.new_event_loop = py::module_::import("asyncio").attr("new_event_loop");
        py::dict scope;
        py::exec(kGather, scope);
        c.gather = scope["gather"];
        c.cancelled = scope["CANCELLED"];
    }
    c.label = plugin_label(spec_);
    if (c.way != PythonBotClass::Way::Sync) queue_ = std::make_shared<PythonQueue>(class_);
}

PythonBotFactory::~PythonBotFactory() {
    const PythonCall hold;
    queue_.reset();
}

std::unique_ptr<Bot> PythonBotFactory::create(std::uint64_t seed) const {
    return std::make_unique<PythonBot>(class_, seed, nullptr);
}

std::unique_ptr<Bot> PythonBotFactory::create_in_lane(std::uint64_t seed, int lane) const {
    (void)lane;  // one lane
    return std::make_unique<PythonBot>(class_, seed, queue_.get());
}

std::shared_ptr<DecisionQueue> PythonBotFactory::decision_queue(int lane) const {
    (void)lane;
    return queue_;
}

std::string PythonBotFactory::game_problem(const GameDef& game) const {
    const PythonCall call;
    const py::object problem = class_->game_problem(class_->bot_class, game.ranking_name());
    return problem.is_none() ? std::string{} : problem.cast<std::string>();
}

const std::string& PythonBotFactory::bot_name() const {
    return class_->name;
}

void PythonBotFactory::set_time_limit(double seconds) {
    class_->time_limit = seconds;
}

}  // namespace pokerarena::python
