// What the programs that talk to child processes share: how a child starts, how a buffer is
// written whole.
#pragma once

#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <string_view>

namespace pokerarena::process {

// Sets `flags` on `attributes` and gives the child the default SIGPIPE (its parent ignores
// it, and an ignored signal survives exec) and no blocked signals, so that a child dies of a
// write to a closed pipe or connection as it would started from a shell.
inline void set_child_signals(posix_spawnattr_t& attributes, short flags) {
    sigset_t defaults, empty;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigemptyset(&empty);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &empty);
    posix_spawnattr_setflags(
        &attributes, static_cast<short>(flags | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK));
}

// Writes all of `bytes` to `fd`, going on after EINTR; false (errno set) when a write fails.
inline bool write_all(int fd, std::string_view bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace pokerarena::process
