// The line the fatal-signal and exit handlers of plugin_call.hpp write, seen from outside: each
// case ends a child process (fork) whose standard error is a pipe, and checks what the child
// wrote and how it ended.
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>

#include "play_helpers.hpp"
#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/bots/process_bot.hpp"
#include "pokerarena/engine/text.hpp"

using namespace pokerarena;

namespace {

struct ChildEnd {
    std::string error_output;
    int signal = 0;       // the signal that ended the child; 0: it exited
    int exit_status = 0;  // when it exited
};

// Runs `end` in a child process with the crash report installed. `end` must end the process;
// if it returns, the child exits with status 99. Nothing in the child may use Catch2.
ChildEnd end_in_child(const std::function<void()>& end) {
    std::array<int, 2> pipe_ends{};
    REQUIRE(::pipe(pipe_ends.data()) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::dup2(pipe_ends[1], STDERR_FILENO);
        ::close(pipe_ends[0]);
        ::close(pipe_ends[1]);
        const rlimit no_core{0, 0};  // the crash is the expected outcome, not a core file
        ::setrlimit(RLIMIT_CORE, &no_core);
        install_plugin_crash_report(kill_bot_processes);
        end();
        ::_exit(99);
    }
    ::close(pipe_ends[1]);
    ChildEnd result;
    std::array<char, 4096> buffer{};
    for (;;) {
        const ssize_t n = ::read(pipe_ends[0], buffer.data(), buffer.size());
        if (n > 0)
            result.error_output.append(buffer.data(), static_cast<std::size_t>(n));
        else if (n == 0 || errno != EINTR)
            break;
    }
    ::close(pipe_ends[0]);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    if (WIFEXITED(status)) result.exit_status = WEXITSTATUS(status);
    return result;
}

// The system call the thread `tid` of this process is blocked in, as /proc shows it: its number
// and first argument ("1 0x2": write to standard error), or "running".
std::string blocked_in(pid_t tid) {
    std::ifstream file("/proc/self/task/" + std::to_string(tid) + "/syscall");
    std::string number;
    std::string first;
    file >> number >> first;
    return number + " " + first;
}

// Spins (no sleep, no clock) until the thread `tid` is blocked in a call that `done` accepts.
template <typename Done>
void wait_until_blocked(pid_t tid, Done done) {
    while (!done(blocked_in(tid)))
        sched_yield();
}

}  // namespace

TEST_CASE("a crash line starts on a line of its own only while a progress line is drawn") {
    const char* label = plugin_label("dir/b.so:x");
    for (const bool drawn : {false, true}) {
        INFO("progress line drawn: " << drawn);
        const ChildEnd crash = end_in_child([&] {
            set_crash_advice("the results are lost");
            set_progress_line_drawn(drawn);
            const PluginCallMarker marker(label, PluginCall::Decide, 1, 12, 3);
            ::raise(SIGFPE);
        });
        REQUIRE(crash.signal == SIGFPE);
        REQUIRE(crash.error_output == std::string(drawn ? "\n" : "") +
                                          "pokerarena: bot 'dir/b.so:x' crashed (SIGFPE) in "
                                          "decide (hand 12, seat 3); the results are lost\n");

        // The line for a plugin that calls exit() comes from the same writer.
        const ChildEnd exit = end_in_child([&] {
            set_crash_advice("");
            set_progress_line_drawn(drawn);
            const PluginCallMarker marker(label, PluginCall::OnEvent, 1, 4);
            std::exit(0);
        });
        REQUIRE(exit.signal == 0);
        REQUIRE(exit.exit_status == 1);
        REQUIRE(exit.error_output == std::string(drawn ? "\n" : "") +
                                         "pokerarena: bot 'dir/b.so:x' ended the process (it "
                                         "called exit) in on_event (hand 4)\n");
    }
}

// play shows its first hand as "Hand 1": its crash line must count the same way.
TEST_CASE("a crash line numbers hands from the base the host sets") {
    const char* label = plugin_label("dir/b.so:x");
    const ChildEnd crash = end_in_child([&] {
        set_crash_advice("");
        set_progress_line_drawn(false);
        set_crash_hand_base(1);
        const PluginCallMarker marker(label, PluginCall::Decide, 1, 0, 1);
        ::raise(SIGSEGV);
    });
    REQUIRE(crash.signal == SIGSEGV);
    REQUIRE(crash.error_output ==
            "pokerarena: bot 'dir/b.so:x' crashed (SIGSEGV) in decide (hand 1, seat 1)\n");
}

// Two threads crashing at once used to write two lines. Made certain here: the first thread's
// line is held up (standard error is a full pipe), the second crashes while the first is still
// writing, and only then is the pipe drained.
TEST_CASE("two threads crashing at once give one crash line") {
    std::array<int, 2> ends{};
    REQUIRE(::pipe(ends.data()) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::dup2(ends[1], STDERR_FILENO);
        const rlimit no_core{0, 0};
        ::setrlimit(RLIMIT_CORE, &no_core);
        install_plugin_crash_report(kill_bot_processes);
        set_crash_advice("");
        set_progress_line_drawn(false);
        // Fill the pipe, so that the first line's write blocks until the filler is read.
        ::fcntl(STDERR_FILENO, F_SETFL, O_NONBLOCK);
        std::size_t filler = 0;
        const char block[512] = {};
        for (ssize_t n; (n = ::write(STDERR_FILENO, block, sizeof block)) > 0;)
            filler += static_cast<std::size_t>(n);
        ::fcntl(STDERR_FILENO, F_SETFL, 0);
        const char* label = plugin_label("dir/b.so");
        std::atomic<pid_t> first_tid{0};
        std::atomic<pid_t> second_tid{0};
        std::thread first([&] {
            first_tid = static_cast<pid_t>(::syscall(SYS_gettid));
            const PluginCallMarker marker(label, PluginCall::Decide, 1, 3, 0);
            ::raise(SIGSEGV);
        });
        std::thread second([&] {
            second_tid = static_cast<pid_t>(::syscall(SYS_gettid));
            while (first_tid == 0)
                sched_yield();
            wait_until_blocked(first_tid, [](const std::string& call) { return call == "1 0x2"; });
            const PluginCallMarker marker(label, PluginCall::Decide, 1, 5, 1);
            ::raise(SIGSEGV);
        });
        while (second_tid == 0)
            sched_yield();
        // Writing its own line (without the fix) or waiting in pause() (34) for the first.
        wait_until_blocked(second_tid, [](const std::string& call) {
            return call == "1 0x2" || call.starts_with("34 ");
        });
        std::vector<char> drain(filler);
        for (std::size_t got = 0; got < filler;) {
            const ssize_t n = ::read(ends[0], drain.data(), filler - got);
            if (n <= 0) ::_exit(98);
            got += static_cast<std::size_t>(n);
        }
        first.join();  // the process ends before
        second.join();
        ::_exit(99);
    }
    ::close(ends[1]);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFSIGNALED(status));
    REQUIRE(WTERMSIG(status) == SIGSEGV);
    std::string lines;
    std::array<char, 4096> buffer{};
    for (ssize_t n; (n = ::read(ends[0], buffer.data(), buffer.size())) > 0;)
        lines.append(buffer.data(), static_cast<std::size_t>(n));
    ::close(ends[0]);
    REQUIRE(lines == "pokerarena: bot 'dir/b.so' crashed (SIGSEGV) in decide (hand 3, seat 0)\n");
}

TEST_CASE("an uncaught exception is said to end the process through std::terminate") {
    // The thread's exception escapes it, so std::terminate runs: libstdc++'s handler names the
    // exception, then the line says where the process was, and the exit is SIGABRT's.
    const ChildEnd end = end_in_child([] {
        set_crash_advice("the results are lost");
        set_progress_line_drawn(false);
        std::thread([] { throw std::runtime_error("no such unit"); }).join();
    });
    REQUIRE(end.signal == SIGABRT);
    CHECK_THAT(end.error_output, Catch::StartsWith("terminate called after throwing an instance "
                                                   "of 'std::runtime_error'\n  what():  no such "
                                                   "unit\n"));
    CHECK_THAT(end.error_output,
               Catch::EndsWith("\npokerarena: ended the process through std::terminate (the "
                               "line above says why) outside any call into a bot plugin (a bug "
                               "in pokerarena, or in a thread a plugin started); the results "
                               "are lost\n"));

    // Any other SIGABRT is a crash, as before.
    const ChildEnd abort = end_in_child([] {
        set_crash_advice("");
        set_progress_line_drawn(false);
        std::abort();
    });
    REQUIRE(abort.signal == SIGABRT);
    CHECK(abort.error_output ==
          "pokerarena: crashed (SIGABRT) outside any call into a bot "
          "plugin (a thread a plugin started may still be at fault)\n");
}

TEST_CASE("a plugin that overflows its stack is named like any other crash") {
    const std::string spec = std::string(PLUGIN_BAD_BOT) + ":stack_overflow";
    const ChildEnd crash = end_in_child([&] {
        set_crash_advice("");
        set_progress_line_drawn(false);
        // On a thread of its own: the test framework gives the main thread an alternate stack
        // of its own, while a new thread has none until its first plugin call.
        std::thread player([&] {
            auto bad = make_bot(spec, 1);
            auto caller = make_bot("call", 2);
            Table table(test::mixed_stack_game(2), 4, 0);
            std::array<Bot*, 2> bots{bad.get(), caller.get()};
            SeatDriver driver(table, bots);
            driver.play_hands(1, [](const HandRecord&) {});
        });
        player.join();
    });
    REQUIRE(crash.signal == SIGSEGV);
    REQUIRE(crash.error_output == "pokerarena: bot '" + printable_text(spec) +
                                      "' crashed (SIGSEGV) in decide (hand 0, seat 0)\n");
}
