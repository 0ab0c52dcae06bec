// Starting bot programs so that they, and every process they start, end with the host
// (internal to the bots library).
//
// Three ways a bot's processes outlived the host, and what closes each:
// - A child that leaves the bot's process group (setsid(), setpgid()) escapes the kill of the
//   group. The host is a child subreaper (PR_SET_CHILD_SUBREAPER, set at the first start):
//   whatever a bot leaves behind becomes the host's child when its parent ends, and
//   reap_bot_orphans() kills and reaps every such child after a bot process is reaped.
// - The host ending without its shut-down (an abandoned run, a crash): kill_bot_processes()
//   kills the groups and then every child of the host, until none is left.
// - The host killed with SIGKILL, when no code of it runs: each bot program is started with
//   PR_SET_PDEATHSIG = SIGKILL, so the kernel kills it as the host goes. The signal follows
//   the thread that started the child, so every program is started by one thread that lives
//   as long as the process (a worker thread that ended would kill its bots).
//   What the limit does not reach: a process a bot started that also left its group, when the
//   host is killed with SIGKILL (no code of the host runs to find it; a cgroup would).
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace pokerarena::process {

// A program to start: its stdin, stdout and stderr are the given descriptors, it runs in
// `working_dir` (none: the host's) in a process group of its own, with the default SIGPIPE and
// no blocked signals. `candidates` are the paths to try in order, as execvp would (the program
// itself when it holds a '/', else each folder of PATH with it).
struct BotLaunch {
    std::vector<std::string> candidates;
    std::vector<std::string> argv;
    std::vector<std::string> env;
    std::string working_dir;
    int stdin_fd = -1;
    int stdout_fd = -1;
    int stderr_fd = -1;
};

// The paths execvp would try for `program`, in its order.
std::vector<std::string> exec_candidates(const std::string& program);

// Starts the program and registers it as a bot process (so that reap_bot_orphans() leaves it
// alone); returns its pid, or -1 with `error` set to the errno of the start that failed (the
// program not found or not executable, the folder missing).
pid_t launch_bot_program(const BotLaunch& launch, int& error);

// After the bot process `pid` was reaped: no longer one.
void unregister_bot_program(pid_t pid);

// Kills and reaps every child of the host that is not a registered bot process: what bots
// left behind, handed to the host by the subreaper. Safe to call from any thread.
void reap_bot_orphans();

}  // namespace pokerarena::process
