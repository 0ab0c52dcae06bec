// Bots written in Python for the process-bot SDK (bots/sdk/python/pokerarena_bot.py), played
// in this process: pokerarena.run() seats a subclass of pokerarena_bot.Bot through a
// PythonBotFactory, and its decide() is called with no JSON and no pipe.
//
// One definition of each thing, shared with the process path
// - The class is judged by the SDK's own hello (pokerarena_bot._hello): its view, encoding,
//   check_config (Refuse, or any exception, refuses the run) and its one way of answering.
// - The view is the SDK's own View of the line the host writes to a process bot
//   (write_decide, compact or JSON as the class asks): for the compact encoding the object
//   pokerarena_bot._compact_view makes of that line, its eager slots filled here from the
//   seat view (the same values, which a test compares) and the line kept for the fields it
//   decodes when first read; for JSON, or an SDK whose classes are laid out otherwise, the
//   SDK's _compact_view or View of the line itself.
// - Answers other than the plain "fold" / "check" / "call" / ("raise", int) go through the
//   SDK's _action_tail and the host's parse_answer, so a Mixed reports its strategy (AIVAT)
//   and a bad answer is a fault exactly as for a process bot: an ErrorStatus fault, played
//   check-or-fold by the seat driver, counted in the report.
// - An exception from decide() is that fault too, its traceback printed to stderr (the first
//   20 of a bot, as the SDK logs them); one from a constructor makes the SDK's _Failed
//   instance, whose decisions are faults; one from on_event or new_match is printed only.
//
// Threads and the GIL
// - Every call into Python holds the GIL and only for the call: the engine, the view's text
//   and the answer's checks run without it. A thread keeps its Python thread state between
//   calls (created once; pybind11's scoped acquire would make and free one per call on a
//   thread Python did not start).
// - A KeyboardInterrupt (or SystemExit) raised in the bot's code is kept in the run's
//   RunInterrupt and the run is asked to stop; run() raises it once the units in play are done.
//   Once the run gives up its units in play (RunInterrupt::given_up, a second Ctrl-C), no class
//   is called again: a lane's pump throws, failing the lane's units, and a blocking decide is a
//   forfeit.
//
// Time limits and stalls
// - An async decide's coroutines get the run's time limit (set_time_limit) as a process bot
//   gets it, on silence: when none of a pump's pending coroutines has answered for that long,
//   those pending are cancelled and each is a timeout fault (one line on stderr says how many).
// - A blocking call (decide, decide_batch, a decide on the pool of threads = N) cannot be
//   stopped safely: no limit applies, and its answer, however late, is played. Each call is
//   marked as a plugin's is (PluginCallMarker), in the state of the unit whose table asked (for
//   a lane's pump, of its first decision's), so the runner's stall warning names it.
//
// Batches and concurrency: a class that answers in another way than a blocking decide on the
// calling thread (decide_batch, an async decide, threads = N) has one lane (BotFactory::
// lanes): in a run its tables post their decisions to the lane's PythonQueue, as they post to
// a process bot's pipe, and at each pump the queue answers all of them at once: decide_batch
// with up to max_batch views a call, or every decide on one event loop of the lane's thread
// (coroutines, up to `concurrency` in flight; blocking decides on a pool of `threads`
// threads). Outside a lane (create()), each decision is one call: a batch of one view, or a
// coroutine run to its end on an event loop of the calling thread.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "pokerarena/bots/bot.hpp"
#include "pokerarena/bots/posted.hpp"

namespace pokerarena::python {

namespace py = pybind11;

// What stops a run from inside its bots: the runner's stop counter, the first KeyboardInterrupt
// or SystemExit (Ctrl-C's, or one a bot's code raised), and whether the units in play were given
// up (a second Ctrl-C: the classes are then called no more).
class RunInterrupt {
  public:
    std::atomic<int>& stop() { return stop_; }
    // With the GIL held and the error set (PyErr_Occurred), for an error from a bot's code:
    // keeps a KeyboardInterrupt or SystemExit (the first one) and asks the run to stop. The
    // decision it was raised in is a fault, so the run's units are spoilt (spoilt()). Returns
    // false, leaving the error set, for an ordinary exception.
    bool take_if_interrupt();
    // With the GIL held and the error set, for a signal's exception on the thread that called
    // run(): keeps it (the first one) and adds a stop request (the first lets the units in play
    // finish, the second gives them up).
    void take_signal();
    // The units in play are given up (their report written): no class is called again, and a
    // decision asked of one fails its unit.
    void give_up() { given_up_.store(true); }
    bool given_up() const { return given_up_.load(std::memory_order_relaxed); }
    bool spoilt() const { return spoilt_.load(); }
    // With the GIL held: raises the kept error in Python, if there is one.
    void rethrow();

  private:
    // With the GIL held and the error set: keeps it if it is the first.
    void keep();

    std::atomic<int> stop_{0};
    std::atomic<bool> given_up_{false};
    std::atomic<bool> spoilt_{false};
    std::mutex mutex_;
    py::object type_, value_, traceback_;
};

// The class, as its hello judged it.
struct PythonBotClass;
// The decisions posted to a class's instances in a lane.
class PythonQueue;

class PythonBotFactory final : public BotFactory {
  public:
    // With the GIL held: runs the SDK's hello for `bot_class` with `config`. Throws
    // std::invalid_argument with the reason when the class refuses ("refused: ...") or is not
    // a subclass of pokerarena_bot.Bot.
    PythonBotFactory(py::object bot_class, std::string config, std::string spec,
                     std::shared_ptr<RunInterrupt> interrupt);
    ~PythonBotFactory() override;

    std::unique_ptr<Bot> create(std::uint64_t seed) const override;
    // One lane for a class that answers batches or concurrently (above), none otherwise.
    int lanes() const override { return queue_ ? 1 : 0; }
    std::unique_ptr<Bot> create_in_lane(std::uint64_t seed, int lane) const override;
    std::shared_ptr<DecisionQueue> decision_queue(int lane) const override;
    const std::string& spec() const override { return spec_; }
    // The SDK's answer for the class's `games` (pokerarena_bot._game_problem), as a process
    // bot's hello would refuse: "" when it plays `game`.
    std::string game_problem(const GameDef& game) const override;
    // The name the class gives (its `name`, else the class's name).
    const std::string& bot_name() const;
    // The run's time limit (decision_timeout) in seconds, before any instance is made: how
    // long the coroutines of an async decide may all stay silent before those pending are
    // cancelled as timeout faults. A blocking call cannot be stopped: no limit applies to it.
    void set_time_limit(double seconds);

  private:
    std::shared_ptr<PythonBotClass> class_;
    std::shared_ptr<PythonQueue> queue_;
    std::string spec_;
};

// "python:MODULE.QUALNAME", the spec that names a class in a report.
std::string python_class_spec(const py::handle& bot_class);

// True while this thread runs a bot class's code for a run (its decide, constructor,
// on_event, ..., on a run's thread or on the pool of a class with threads = N): run() refuses
// to start there, as the run's thread it would block is the one the inner run needs.
bool in_bot_code();

// True when `value` is a class derived from a pokerarena_bot.Bot.
bool is_sdk_bot_class(const py::handle& value);

}  // namespace pokerarena::python
