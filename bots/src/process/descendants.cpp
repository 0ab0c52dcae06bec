#include "descendants.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

#include "pokerarena/bots/process_bot.hpp"

namespace pokerarena::process {

namespace {

// The bot processes running, for kill_bot_processes() and reap_bot_orphans(): slots a signal
// handler may read, filled and cleared as processes start and are reaped.
constexpr std::size_t kMaxLiveGroups = 4096;
std::array<std::atomic<pid_t>, kMaxLiveGroups> live_groups{};

void register_group(pid_t pid) {
    for (auto& slot : live_groups) {
        pid_t empty = 0;
        if (slot.compare_exchange_strong(empty, pid)) return;
    }
}

bool is_registered(pid_t pid) {
    for (const auto& slot : live_groups)
        if (slot.load() == pid) return true;
    return false;
}

// Held while a program is started and registered, and while orphans are looked for: a child
// forked but not yet registered must not be taken for an orphan. Never destroyed, so that a
// thread still running at exit never finds it gone; replaced in a forked child (below).
std::mutex* children_lock = new std::mutex;
std::mutex& children_mutex() {
    return *children_lock;
}

// The parent of process `pid` by /proc/PID/stat ("PID (COMM) STATE PPID ..."; COMM may hold
// spaces and parentheses, so the fields count from the last ')'), -1 when it cannot be read.
// System calls only: async-signal-safe.
pid_t parent_of(pid_t pid) {
    char path[32] = "/proc/";
    std::size_t at = 6;
    char digits[16];
    std::size_t count = 0;
    for (auto p = static_cast<std::uint32_t>(pid); count == 0 || p > 0; p /= 10)
        digits[count++] = static_cast<char>('0' + p % 10);
    while (count > 0)
        path[at++] = digits[--count];
    std::memcpy(path + at, "/stat", 6);
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[512];
    const ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    if (n <= 0) return -1;
    const char* close_paren = nullptr;
    for (ssize_t i = 0; i < n; ++i)
        if (text[i] == ')') close_paren = text + i;
    // ") S 1234 "
    if (close_paren == nullptr || close_paren + 4 >= text + n) return -1;
    pid_t parent = 0;
    for (const char* p = close_paren + 4; p < text + n && *p >= '0' && *p <= '9'; ++p)
        parent = parent * 10 + (*p - '0');
    return parent;
}

// Up to `capacity` children of this process that `wanted` accepts, into `out`; their number.
// Reads /proc with system calls only (getdents64, no opendir's allocation): async-signal-safe.
template <class Wanted>
std::size_t find_children(pid_t* out, std::size_t capacity, Wanted wanted) {
    const pid_t self = ::getpid();
    const int dir = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return 0;
    std::size_t found = 0;
    alignas(8) char entries[8192];
    for (;;) {
        const long n = ::syscall(SYS_getdents64, dir, entries, sizeof entries);
        if (n <= 0) break;
        // struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), d_name.
        for (long at = 0; at < n;) {
            unsigned short length = 0;
            std::memcpy(&length, entries + at + 16, sizeof length);
            const char* name = entries + at + 19;
            at += length;
            pid_t pid = 0;
            bool digits = *name != '\0';
            for (const char* c = name; *c != '\0' && digits; ++c) {
                digits = *c >= '0' && *c <= '9';
                pid = pid * 10 + (*c - '0');
            }
            if (!digits || pid == self || parent_of(pid) != self || !wanted(pid)) continue;
            if (found < capacity) out[found++] = pid;
        }
    }
    ::close(dir);
    return found;
}

// Kills every child of this process that `wanted` accepts, with its process group if it leads
// one, and reaps it; again until none is left (a child killed hands its own children to this
// process). Async-signal-safe.
template <class Wanted>
void kill_children(Wanted wanted) {
    pid_t children[256];
    // Each round kills every child it finds; a bound keeps a process that forks faster than it
    // is killed from holding the host forever.
    for (int round = 0; round < 1000; ++round) {
        const std::size_t count = find_children(children, std::size(children), wanted);
        if (count == 0) return;
        for (std::size_t i = 0; i < count; ++i) {
            ::kill(-children[i], SIGKILL);  // a group it made with setsid() or setpgid()
            ::kill(children[i], SIGKILL);
        }
        for (std::size_t i = 0; i < count; ++i) {
            int status = 0;
            while (::waitpid(children[i], &status, 0) < 0 && errno == EINTR) {
            }
        }
    }
}

// Everything the child needs, made before fork(): between fork() and exec only
// async-signal-safe calls may be made in a process with threads.
struct Prepared {
    std::vector<char*> argv;
    std::vector<char*> envp;
};

// In the child: report `error` to the parent and end.
[[noreturn]] void fail_in_child(int report_fd, int error) {
    [[maybe_unused]] const ssize_t n = ::write(report_fd, &error, sizeof error);
    ::_exit(127);
}

// A copy of `fd` above 2: the three are copied there before any is moved to 0, 1 or 2, so that
// moving one cannot close another that happens to be 0, 1 or 2.
int above_standard(int fd) {
    return ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
}

[[noreturn]] void become_program(const BotLaunch& launch, const Prepared& prepared, pid_t parent,
                                 int report_fd) {
    // Killed when the thread that started it ends: the launcher thread, which ends with the
    // process, however the process ends (SIGKILL included).
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail_in_child(report_fd, errno);
    // The host may have ended between fork() and prctl(): then no signal would ever come.
    if (::getppid() != parent) ::_exit(127);
    ::setpgid(0, 0);
    // The default SIGPIPE (the host ignores it, and an ignored signal survives exec) and no
    // blocked signals, so that the program dies of a write to a closed pipe as it would started
    // from a shell.
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    ::sigaction(SIGPIPE, &default_action, nullptr);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    const int in = above_standard(launch.stdin_fd);
    const int out = above_standard(launch.stdout_fd);
    const int err = above_standard(launch.stderr_fd);
    if (in < 0 || out < 0 || err < 0 || ::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 ||
        ::dup2(err, 2) < 0)
        fail_in_child(report_fd, errno);
    if (!launch.working_dir.empty() && ::chdir(launch.working_dir.c_str()) != 0)
        fail_in_child(report_fd, errno);
    // As execvp: go on past a folder without the program; a program found but not executable
    // is the error if none is found that is.
    int error = ENOENT;
    for (const std::string& path : launch.candidates) {
        ::execve(path.c_str(), prepared.argv.data(), prepared.envp.data());
        if (errno == EACCES)
            error = EACCES;
        else if (errno != ENOENT && errno != ENOTDIR) {
            error = errno;
            break;
        }
    }
    fail_in_child(report_fd, error);
}

// Runs on the launcher thread, with children_mutex() held.
pid_t fork_and_exec(const BotLaunch& launch, int& error) {
    Prepared prepared;
    for (const std::string& word : launch.argv)
        prepared.argv.push_back(const_cast<char*>(word.c_str()));
    prepared.argv.push_back(nullptr);
    for (const std::string& e : launch.env)
        prepared.envp.push_back(const_cast<char*>(e.c_str()));
    prepared.envp.push_back(nullptr);
    // The child writes why it could not start here; exec closes it, so reading end of file
    // means the program runs.
    int report[2];
    if (::pipe2(report, O_CLOEXEC) != 0) {
        error = errno;
        return -1;
    }
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid == 0) become_program(launch, prepared, parent, report[1]);
    const int fork_error = errno;
    ::close(report[1]);
    if (pid < 0) {
        ::close(report[0]);
        error = fork_error;
        return -1;
    }
    int child_error = 0;
    ssize_t n = 0;
    while ((n = ::read(report[0], &child_error, sizeof child_error)) < 0 && errno == EINTR) {
    }
    ::close(report[0]);
    if (n == static_cast<ssize_t>(sizeof child_error)) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        error = child_error;
        return -1;
    }
    register_group(pid);
    error = 0;
    return pid;
}

// The one thread that starts bot programs (see descendants.hpp: the death signal follows the
// starting thread). Callers hand it a launch and wait for the pid. Never destroyed.
struct Launcher {
    std::mutex callers;  // one launch at a time
    std::mutex mutex;
    std::condition_variable changed;
    const BotLaunch* request = nullptr;
    bool done = false;
    pid_t pid = -1;
    int error = 0;

    [[noreturn]] void serve() {
        for (;;) {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return request != nullptr && !done; });
            {
                const std::lock_guard registry(children_mutex());
                pid = fork_and_exec(*request, error);
            }
            done = true;
            changed.notify_all();
        }
    }
};

// The launcher of this process, made at the first launch. A process forked from this one
// (check-bot's check process) has its memory but none of its other threads: the launcher
// thread is not there, and a lock it or another thread held stays held. So the child forgets
// the launcher and those locks, and makes its own at its first launch.
Launcher* current_launcher = nullptr;
std::mutex* launcher_lock = new std::mutex;

void forget_launcher_in_child() {
    current_launcher = nullptr;
    launcher_lock = new std::mutex;
    children_lock = new std::mutex;
}

Launcher& launcher() {
    const std::lock_guard lock(*launcher_lock);
    if (current_launcher == nullptr) {
        static const bool forgets_in_child =
            ::pthread_atfork(nullptr, nullptr, forget_launcher_in_child) == 0;
        (void)forgets_in_child;
        // Whatever a bot leaves behind is handed to this process when its parent ends, rather
        // than to init, so that it can be found and ended (reap_bot_orphans). (Not inherited
        // by a forked child, which sets it anew here.)
        ::prctl(PR_SET_CHILD_SUBREAPER, 1);
        auto* l = new Launcher;
        std::thread([l] { l->serve(); }).detach();
        current_launcher = l;
    }
    return *current_launcher;
}

}  // namespace

std::vector<std::string> exec_candidates(const std::string& program) {
    if (program.find('/') != std::string::npos) return {program};
    // glibc's execvp searches "/bin:/usr/bin" when PATH is unset; an empty entry is the
    // current folder.
    const char* variable = std::getenv("PATH");
    const std::string path = variable != nullptr ? variable : "/bin:/usr/bin";
    std::vector<std::string> candidates;
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = path.find(':', start);
        const std::string folder = path.substr(start, end - start);
        candidates.push_back((folder.empty() ? "." : folder) + "/" + program);
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return candidates;
}

pid_t launch_bot_program(const BotLaunch& launch, int& error) {
    Launcher& l = launcher();
    const std::lock_guard one_at_a_time(l.callers);
    std::unique_lock lock(l.mutex);
    l.request = &launch;
    l.done = false;
    l.changed.notify_all();
    l.changed.wait(lock, [&] { return l.done; });
    l.request = nullptr;
    error = l.error;
    return l.pid;
}

void unregister_bot_program(pid_t pid) {
    for (auto& slot : live_groups) {
        pid_t expected = pid;
        if (slot.compare_exchange_strong(expected, 0)) return;
    }
}

void reap_bot_orphans() {
    const std::lock_guard registry(children_mutex());
    kill_children([](pid_t pid) { return !is_registered(pid); });
}

}  // namespace pokerarena::process

namespace pokerarena {

void kill_bot_processes() {
    for (auto& slot : process::live_groups) {
        const pid_t pid = slot.load();
        if (pid > 0) ::kill(-pid, SIGKILL);
    }
    // Then every child left: the bot processes themselves and whatever their children left.
    process::kill_children([](pid_t) { return true; });
}

}  // namespace pokerarena
