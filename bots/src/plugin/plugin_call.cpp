#include "pokerarena/bots/plugin_call.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <set>

#include "pokerarena/engine/text.hpp"

namespace pokerarena {
namespace {

// Where this thread marks its calls: a scope's state, or (null) its own. Both are constant-
// initialized and trivially destructible thread-locals, so an access is a plain load from the
// thread's block, with no guard, which also makes them safe to read in a signal handler.
thread_local PluginCallState* scoped_state = nullptr;
thread_local PluginCallState own_state;

// `where`: serial (20 bits) | seat + 1 (4 bits, 0: none) | call (8 bits) | hand (32 bits). A
// serial of 20 bits cannot make a long call look like many short ones, or the reverse: two
// reads see the same word only if the same seat made exactly a multiple of 2^20 calls of the
// same kind in the same hand in between, and a hand has no more than a few hundred.
constexpr int kSerialShift = 44;
constexpr int kSeatShift = 40;
constexpr int kCallShift = 32;

std::uint64_t pack(std::uint32_t serial, PluginCall call, std::int32_t hand, std::int32_t seat) {
    return static_cast<std::uint64_t>(serial & 0xFFFFFu) << kSerialShift |
           static_cast<std::uint64_t>((seat + 1) & 0xF) << kSeatShift |
           static_cast<std::uint64_t>(call) << kCallShift | static_cast<std::uint32_t>(hand);
}

// Set by set_progress_line_drawn; lock-free, so the handler may read it.
std::atomic<bool> progress_line_drawn{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// The crash line is built in this buffer with nothing but copies: no allocation, no stdio
// (neither is async-signal-safe). Text past its end is cut; the line still ends.
class SignalSafeLine {
  public:
    void add(const char* text) {
        while (text && *text && size_ < sizeof text_ - 1)
            text_[size_++] = *text++;
    }
    void add(std::int64_t value) {
        char digits[24];
        int n = 0;
        const bool negative = value < 0;
        auto magnitude =
            negative ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
        do {
            digits[n++] = static_cast<char>('0' + magnitude % 10);
            magnitude /= 10;
        } while (magnitude > 0);
        if (negative) digits[n++] = '-';
        while (n > 0 && size_ < sizeof text_ - 1)
            text_[size_++] = digits[--n];
    }
    void write_line() {
        text_[size_++] = '\n';
        for (std::size_t done = 0; done < size_;) {
            const ssize_t n = ::write(STDERR_FILENO, text_ + done, size_ - done);
            if (n <= 0) return;
            done += static_cast<std::size_t>(n);
        }
    }

  private:
    char text_[2048];
    std::size_t size_ = 0;
};

const char* signal_name(int signal) {
    switch (signal) {
        case SIGSEGV:
            return "SIGSEGV";
        case SIGBUS:
            return "SIGBUS";
        case SIGFPE:
            return "SIGFPE";
        case SIGILL:
            return "SIGILL";
        case SIGABRT:
            return "SIGABRT";
        default:
            return "a fatal signal";
    }
}

// Set by set_crash_hand_base; lock-free, so the handler may read it.
std::atomic<std::int32_t> crash_hand_base{0};
static_assert(std::atomic<std::int32_t>::is_always_lock_free);

// Set by set_crash_advice; the texts it replaces are never freed, because a handler on another
// thread may be reading one. A run sets it a handful of times.
std::atomic<const char*> crash_advice{nullptr};

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

// A thread's alternate signal stack. A plugin that recurses without end uses up its thread's
// stack, and the SIGSEGV that follows can only be handled on another one (SA_ONSTACK). It is
// unmapped when its thread ends, after being disabled: the runner's workers live as long as
// the process, but a host that starts a thread per match would otherwise leak one per thread.
class SignalStack {
  public:
    SignalStack() {
        const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
        // The kernel's signal frame (a few KB with AVX-512 state) and the handler's 2 KB line
        // fit many times over; SIGSTKSZ, the C library's own minimum, if it asks for more.
        std::size_t size = std::max<std::size_t>(64 * 1024, static_cast<std::size_t>(SIGSTKSZ));
        size = (size + page - 1) / page * page;
        void* memory = ::mmap(nullptr, page + size, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
        if (memory == MAP_FAILED) return;
        // A guard page at the low end: a handler that overflowed this stack too would fault
        // rather than write over whatever lies below.
        ::mprotect(memory, page, PROT_NONE);
        stack_t stack{};
        stack.ss_sp = static_cast<char*>(memory) + page;
        stack.ss_size = size;
        if (::sigaltstack(&stack, nullptr) != 0) {
            ::munmap(memory, page + size);
            return;
        }
        memory_ = memory;
        mapped_ = page + size;
    }
    ~SignalStack() {
        if (!memory_) return;
        stack_t off{};
        off.ss_flags = SS_DISABLE;
        // Kept (mapped) if it cannot be disabled: a signal could still be delivered on it.
        if (::sigaltstack(&off, nullptr) == 0) ::munmap(memory_, mapped_);
    }
    SignalStack(const SignalStack&) = delete;
    SignalStack& operator=(const SignalStack&) = delete;

  private:
    void* memory_ = nullptr;
    std::size_t mapped_ = 0;
};

// Whether this thread has been given its alternate stack. Made on the thread's first plugin
// call rather than where threads are started: every plugin call passes through a marker, while
// threads come from TBB (run), main (play), fork (check-bot) and whatever a library user
// starts. The flag is a trivial thread-local, so the check on every call is one load.
thread_local bool signal_stack_prepared = false;

[[gnu::cold, gnu::noinline]] void prepare_signal_stack() {
    signal_stack_prepared = true;
    stack_t current{};
    // One that is already there (a sanitizer's, a test framework's, the host's) is kept: its
    // owner may restore or free it, and it serves the handler as well.
    if (::sigaltstack(nullptr, &current) != 0 || (current.ss_flags & SS_DISABLE) == 0) return;
    // Constructed here once per thread, destroyed when the thread ends.
    thread_local SignalStack stack;
}

// A process ends once, so it gets one end line: when two threads crash at once (two tables
// hitting the same bug of a plugin), the first to get here writes it and ends the process, and
// the others wait for that.
std::atomic<bool> end_line_claimed{false};
static_assert(std::atomic<bool>::is_always_lock_free);
thread_local bool end_line_mine = false;

// True when this thread is to write the end line. When another thread has it, waits (pause(),
// signal-safe) for that thread to end the process. A thread that already has it and comes back
// (a second signal while it writes) writes nothing more and goes on to its end.
bool claim_end_line() {
    if (end_line_mine) return false;
    if (end_line_claimed.exchange(true)) {
        for (;;)
            ::pause();
    }
    end_line_mine = true;
    return true;
}

// The line naming the plugin call in progress on this thread, `how` it ended the process
// ("crashed (SIGSEGV)"), and the advice; `outside` when no call is in progress (nullptr: no
// line then). Signal-safe: write(2) alone.
void write_end_line(const char* how, const char* outside) {
    const PluginCallState& state = scoped_state ? *scoped_state : own_state;
    const PluginCallInfo call = state.read();
    if (!call.bot && !outside) return;
    SignalSafeLine line;
    // On a line of its own below a progress line, rather than erasing it: the last progress
    // shown tells how far the run got. One write with the line, so nothing comes in between.
    if (progress_line_drawn.load(std::memory_order_relaxed)) line.add("\n");
    if (call.bot) {
        line.add("pokerarena: bot '");
        line.add(call.bot);
        line.add("' ");
        line.add(how);
        line.add(" in ");
        line.add(plugin_call_name(call.call));
        const char* open = " (";
        if (state.unit >= 0) {
            line.add(open);
            line.add("unit ");
            line.add(state.unit);
            open = ", ";
        }
        if (call.hand >= 0) {
            line.add(open);
            line.add("hand ");
            line.add(std::int64_t{call.hand} + crash_hand_base.load(std::memory_order_relaxed));
            open = ", ";
        }
        if (call.seat >= 0) {
            line.add(open);
            line.add("seat ");
            line.add(std::int64_t{call.seat});
            open = ", ";
        }
        if (open[0] == ',') line.add(")");
    } else {
        line.add("pokerarena: ");
        line.add(how);
        line.add(outside);
    }
    const char* advice = crash_advice.load(std::memory_order_acquire);
    if (advice && *advice) {
        line.add("; ");
        line.add(advice);
    }
    line.write_line();
}

// Set by the terminate handler install_plugin_crash_report() adds, before the handler it
// replaced (libstdc++'s prints the uncaught exception) runs and aborts: the SIGABRT that
// follows is then said to come from std::terminate, not from a crash.
std::atomic<bool> terminating{false};

// What install_plugin_crash_report() was given to run once the line is written.
std::atomic<void (*)()> crash_cleanup{nullptr};
std::terminate_handler previous_terminate = nullptr;

[[noreturn]] void note_terminate() {
    terminating.store(true, std::memory_order_relaxed);
    if (previous_terminate) previous_terminate();
    std::abort();
}

extern "C" void report_crash(int signal) {
    if (!claim_end_line()) {
        // No line: this thread has written it (or is writing it) already.
    } else if (signal == SIGABRT && terminating.load(std::memory_order_relaxed)) {
        write_end_line("ended the process through std::terminate (the line above says why)",
                       " outside any call into a bot plugin (a bug in pokerarena, or in a thread "
                       "a plugin started)");
    } else {
        char how[32] = "crashed (";
        std::size_t at = sizeof "crashed (" - 1;
        for (const char* name = signal_name(signal); *name && at + 2 < sizeof how; ++name)
            how[at++] = *name;
        how[at++] = ')';
        how[at] = '\0';
        write_end_line(how,
                       " outside any call into a bot plugin (a thread a plugin started may still "
                       "be at fault)");
    }

    if (void (*cleanup)() = crash_cleanup.load(std::memory_order_relaxed)) cleanup();

    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal, &fallback, nullptr);
    // Blocked while this handler runs: delivered with the default action as it returns.
    raise(signal);
}

}  // namespace

const char* plugin_call_name(PluginCall call) {
    switch (call) {
        case PluginCall::Load:
            return "load";
        case PluginCall::Create:
            return "create";
        case PluginCall::Destroy:
            return "destroy";
        case PluginCall::Decide:
            return "decide";
        case PluginCall::LastError:
            return "last_error";
        case PluginCall::OnEvent:
            return "on_event";
        case PluginCall::NewMatch:
            return "new_match";
        case PluginCall::ActionProbabilities:
            return "action_probabilities";
        case PluginCall::LastStrategy:
            return "last_strategy";
    }
    return "?";
}

PluginCallInfo PluginCallState::read() const {
    PluginCallInfo info;
    info.bot = bot.load(std::memory_order_acquire);
    const std::uint64_t w = where.load(std::memory_order_relaxed);
    info.serial = static_cast<std::uint32_t>(w >> kSerialShift);
    info.seat = static_cast<std::int32_t>((w >> kSeatShift) & 0xF) - 1;
    info.call = static_cast<PluginCall>((w >> kCallShift) & 0xFF);
    info.hand = static_cast<std::int32_t>(static_cast<std::uint32_t>(w));
    return info;
}

PluginCallScope::PluginCallScope(PluginCallState& state, std::int64_t unit)
    : previous_(scoped_state), previous_unit_(state.unit) {
    state.unit = unit;
    scoped_state = &state;
}

PluginCallScope::~PluginCallScope() {
    scoped_state->unit = previous_unit_;
    scoped_state = previous_;
}

PluginCallState& current_plugin_call_state() {
    return scoped_state ? *scoped_state : own_state;
}

PluginCallMarker::PluginCallMarker(const char* bot, PluginCall call, std::uint32_t serial,
                                   std::int32_t hand, std::int32_t seat)
    : state_(current_plugin_call_state()) {
    if (!signal_stack_prepared) [[unlikely]]
        prepare_signal_stack();
    // `where` first: a reader that sees the bot (acquire) sees this call's details.
    state_.where.store(pack(serial, call, hand, seat), std::memory_order_relaxed);
    state_.bot.store(bot, std::memory_order_release);
}

PluginCallMarker::~PluginCallMarker() {
    state_.bot.store(nullptr, std::memory_order_relaxed);
}

const char* plugin_label(std::string_view spec) {
    // Never freed: a crash report or another thread's warning may read a label at any time.
    static std::mutex mutex;
    static auto* labels = new std::set<std::string, std::less<>>();
    const std::string text = printable_text(spec);
    const std::lock_guard lock(mutex);
    return labels->insert(text).first->c_str();
}

// exit(), quick_exit(), _exit() or _Exit() called by a plugin (on the thread that called it):
// the run ends without its report, so say which bot did it, and end with a failure status
// rather than the plugin's. Returns when no plugin call is in progress on this thread.
void report_exit_in_plugin(const char* how) {
    const PluginCallState& state = scoped_state ? *scoped_state : own_state;
    if (!state.read().bot) return;
    if (claim_end_line()) write_end_line(how, nullptr);
    ::syscall(SYS_exit_group, 1);
}

extern "C" void report_exit_in_plugin_handler() {
    report_exit_in_plugin("ended the process (it called exit)");
}

extern "C" void report_quick_exit_in_plugin_handler() {
    report_exit_in_plugin("ended the process (it called quick_exit)");
}

void install_plugin_crash_report(void (*cleanup)()) {
    crash_cleanup.store(cleanup, std::memory_order_relaxed);
    std::atexit(report_exit_in_plugin_handler);
    std::at_quick_exit(report_quick_exit_in_plugin_handler);
    struct sigaction action {};
    action.sa_handler = report_crash;
    action.sa_flags = SA_ONSTACK;  // the thread's alternate stack, when it has one
    sigemptyset(&action.sa_mask);
    for (const int signal : kFatalSignals)
        sigaction(signal, &action, nullptr);
    // Once: installed again, it would be its own previous handler.
    if (std::get_terminate() != note_terminate)
        previous_terminate = std::set_terminate(note_terminate);
}

void set_progress_line_drawn(bool drawn) {
    progress_line_drawn.store(drawn, std::memory_order_relaxed);
}

void set_crash_hand_base(std::int32_t first_hand) {
    crash_hand_base.store(first_hand, std::memory_order_relaxed);
}

void set_crash_advice(std::string_view advice) {
    char* copy = new char[advice.size() + 1];
    advice.copy(copy, advice.size());
    copy[advice.size()] = '\0';
    crash_advice.store(copy, std::memory_order_release);
}

}  // namespace pokerarena

// _exit() and _Exit() skip exit()'s handlers: a plugin that called _exit(0) ended `pokerarena
// run` with status 0 and no report, a silent success. So the program defines them, and the
// pokerarena executable exports them (sim/CMakeLists.txt), so that a plugin's call binds here
// before the C library's: during a plugin call on this thread it is named like exit() and the
// process ends with status 1; otherwise they end the process as the C library's do (exit_group:
// every thread, no handlers, no flushing). What this cannot catch: the C library's own internal
// calls (quick_exit's end, which the at_quick_exit handler covers), a plugin that makes the
// exit_group system call itself, and a plugin's own thread (no plugin call is in progress
// there). A plugin run with isolated:PATH.so is out of reach of all of them.
// (noreturn and noexcept as the C library's headers declare them.)
extern "C" void _exit(int status) {
    pokerarena::report_exit_in_plugin("ended the process (it called _exit)");
    ::syscall(SYS_exit_group, status);
    __builtin_unreachable();
}

extern "C" void _Exit(int status) noexcept {
    pokerarena::report_exit_in_plugin("ended the process (it called _Exit)");
    ::syscall(SYS_exit_group, status);
    __builtin_unreachable();
}
