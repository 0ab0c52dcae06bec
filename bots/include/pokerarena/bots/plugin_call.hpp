// Which plugin function a thread is in, so that a plugin that crashes or hangs can be named.
//
// Plugins run in the host's process: a null dereference in one ends the process, and a
// decide() that never returns holds its thread for ever. Neither can be undone, but both can
// be named. Every call PluginBot and load_plugin make into a plugin is bracketed by a marker
// in a PluginCallState: which plugin (its escaped specification), which function, and the
// hand and seat when the call concerns one. Built-in bots never touch it.
//
// Guarantees
// - A thread's calls are marked in the state a PluginCallScope on that thread names, or else
//   in a state of the thread's own. Marking a call costs two stores to the state before it
//   (plain moves on x86-64: one relaxed, one release) and one after, plus the adapter's own
//   count of calls and a check of a thread-local flag; nothing is allocated, locked or logged,
//   except on a thread's first call, which gives the thread an alternate signal stack
//   (sigaltstack, 64 KB or more, mapped once and unmapped when the thread ends; a thread that
//   already has one keeps its own).
// - Another thread may read a state at any time (PluginCallState::read): the runner's
//   coordinating thread reads them to warn about calls that do not return, check-bot's parent
//   process reads one in shared memory. `serial` tells one long call from many short ones.
// - install_plugin_crash_report() installs handlers for SIGSEGV, SIGBUS, SIGFPE, SIGILL and
//   SIGABRT that write one line to standard error with write(2) alone, naming the plugin and
//   the call in progress on the crashing thread ("pokerarena: bot './b.so:x' crashed (SIGSEGV)
//   in decide (unit 4, hand 17, seat 1); ADVICE") or, with no plugin call in progress, a
//   generic line ("pokerarena: crashed (SIGSEGV) outside any call into a bot plugin (...);
//   ADVICE"), run the cleanup given, then restore the default action and raise the signal again, so
//   the exit status is the signal's. One line per process: when several threads crash at once, the
//   first writes it and ends the process while the others wait. The handlers run on the thread's
//   alternate stack, so a plugin that overflows its stack is named like any other crash. A SIGABRT
//   from std::terminate (an uncaught exception: the terminate handler in place before, libstdc++'s
//   by default, has printed it) says so instead of "crashed": "pokerarena: ended the process
//   through std::terminate (the line above says why) outside any call into a bot plugin (a bug in
//   pokerarena, or ...)". It also registers atexit and at_quick_exit handlers: a
//   plugin that calls exit() or quick_exit() during a call gets the same line ("... ended the
//   process (it called exit) in decide ...") and the process ends with status 1 at once, not
//   with the plugin's status and the run's own exit handlers. The same holds for _exit() and
//   _Exit(), which this library defines over the C library's (plugin_call.cpp says how and what
//   it cannot catch). While a progress line is drawn
//   (set_progress_line_drawn), each of these lines starts with a newline.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace pokerarena {

// The plugin functions a call can be in (the names are those of pokerarena_bot.h).
enum class PluginCall : std::uint8_t {
    Load,  // dlopen (the library's constructors) and pokerarena_bot_api
    Create,
    Destroy,
    Decide,
    LastError,
    OnEvent,
    NewMatch,
    ActionProbabilities,
    LastStrategy,
};

// "load", "create", "destroy", "decide", "last_error", "on_event", "new_match",
// "action_probabilities", "last_strategy".
const char* plugin_call_name(PluginCall call);

// A plugin call in progress, as another thread sees it.
struct PluginCallInfo {
    const char* bot = nullptr;  // the escaped specification; null: no plugin call in progress
    PluginCall call = PluginCall::Load;
    std::int32_t hand = -1;    // -1: the call concerns no hand
    std::int32_t seat = -1;    // -1: no seat
    std::uint32_t serial = 0;  // changes with every call (modulo 2^20) on the state

    // Two reads of a state give equal infos while one call lasts.
    bool operator==(const PluginCallInfo&) const = default;
};

struct PluginCallState {
    // Written by the thread making the calls; `where` packs serial, seat, call and hand, so
    // that one store marks them all.
    std::atomic<const char*> bot{nullptr};
    std::atomic<std::uint64_t> where{0};
    // The work unit whose table makes the calls (-1: none); set by the host, read only on the
    // same thread (the crash report).
    std::int64_t unit = -1;

    PluginCallInfo read() const;
};

// While it lives, this thread marks its plugin calls in `state` (for work unit `unit`, -1:
// none) instead of its own; the previous target is restored on destruction.
class PluginCallScope {
  public:
    PluginCallScope(PluginCallState& state, std::int64_t unit);
    ~PluginCallScope();
    PluginCallScope(const PluginCallScope&) = delete;
    PluginCallScope& operator=(const PluginCallScope&) = delete;

  private:
    PluginCallState* previous_;
    std::int64_t previous_unit_;
};

// The state this thread marks its calls in now (the scope's, or the thread's own).
PluginCallState& current_plugin_call_state();

// Marks a call for its lifetime (used by the plugin adapter). `bot` must stay valid for the
// whole process: plugin_label() gives such texts.
class PluginCallMarker {
  public:
    PluginCallMarker(const char* bot, PluginCall call, std::uint32_t serial, std::int32_t hand = -1,
                     std::int32_t seat = -1);
    ~PluginCallMarker();
    PluginCallMarker(const PluginCallMarker&) = delete;
    PluginCallMarker& operator=(const PluginCallMarker&) = delete;

  private:
    PluginCallState& state_;
};

// `spec` escaped (printable_text) as a NUL-terminated text that lives until the process ends;
// the same text gives the same pointer. Takes a lock: call it when a bot is made, not per call.
const char* plugin_label(std::string_view spec);

// Installs the fatal-signal handlers described above (once per process). A crash's handler
// calls `cleanup` (when not null; it must be async-signal-safe) after its line, before the
// signal's default action: the host passes kill_bot_processes, since its process bots would
// outlive it (their process groups are their own).
void install_plugin_crash_report(void (*cleanup)());

// Whether standard error ends in a line still being drawn (a progress line rewritten with \r
// on a terminal): while true, the lines the handlers write start with a newline, so they stand
// on a line of their own instead of running on from it. Call it with true before drawing such
// a line, with false once it is ended or erased. Safe to call from any thread.
void set_progress_line_drawn(bool drawn);

// The number the crash line gives a table's first hand: 0 (the default, as hand records and
// `run` count) or 1 (as `play` shows hands on screen). Safe to call from any thread.
void set_crash_hand_base(std::int32_t first_hand);

// What the crash line says after the naming part, e.g. "results since the last checkpoint are
// lost; resume with: pokerarena run --resume ck.pb" ("" for nothing). May be called while
// other threads run; the text is copied.
void set_crash_advice(std::string_view advice);

}  // namespace pokerarena
