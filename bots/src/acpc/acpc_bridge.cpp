// The ACPC bridge (acpc_bridge.hpp): one process between the host's JSON lines and one ACPC
// client's TCP connection.
//
// Why a process between them rather than the host talking TCP itself: the bridge is a process
// bot like any other, so time limits, restarts, faults, lanes and tables in flight are the
// process bots' own, tested machinery, and a client that hangs or floods is killed with its
// bridge (they share a process group). The cost is one more hop per decision (a JSON line
// through a pipe, read by simdjson), which batching spreads over hundreds of decisions.
#include "pokerarena/bots/acpc_bridge.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <simdjson.h>
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <unordered_map>

#include "pokerarena/bots/acpc.hpp"
#include "pokerarena/engine/event.hpp"
#include "process/child_io.hpp"
#include "process/envelope.hpp"
#include "process/protocol.hpp"
#include "process/protocol_read.hpp"

extern char** environ;

namespace pokerarena {

namespace {

constexpr std::size_t kChunk = std::size_t{256} << 10;
// A client's line longer than this is not an answer to any state the bridge sends.
constexpr std::size_t kMaxClientLine = std::size_t{64} << 10;

std::string excerpt(std::string_view text) {
    std::string out = "'";
    out += text.substr(0, 120);
    if (text.size() > 120) out += "...";
    return out + "'";
}

// One client process and its connection. In lane mode the bridge has one, shared by every
// instance; in match mode one per match (its `owner` instance), started when the match deals
// its first hand.
struct Connection {
    enum class Watch : std::uint8_t { Listen, Socket, Child };
    struct Tag {
        Connection* connection;
        Watch watch;
    };
    int listen_fd = -1;
    int socket = -1;
    int pidfd = -1;  // readable once the client has exited
    pid_t child = -1;
    std::string port;
    std::chrono::steady_clock::time_point deadline;  // to connect; once ending, to exit
    bool version_seen = false;
    bool ending = false;       // its match is over: closed once its states are sent
    bool queued = false;       // in Bridge::dirty_connections_
    bool out_watched = false;  // EPOLLOUT asked for
    std::size_t index = 0;     // in Bridge::connections_
    std::uint64_t owner = 0;   // match mode: the instance
    bool owned = false;
    std::uint32_t next_hand = 0;
    std::string to_client;
    std::size_t sent = 0;
    std::string from_client;
    Tag tags[3] = {{this, Watch::Listen}, {this, Watch::Socket}, {this, Watch::Child}};
};

class Bridge {
  public:
    Bridge(const AcpcBridgeOptions& options, int in_fd, int out_fd, std::ostream& err)
        : options_(options), in_fd_(in_fd), out_fd_(out_fd), err_(&err) {
        match_ = options_.connection == AcpcConnection::Match;
    }
    ~Bridge() {
        for (auto& c : connections_)
            kill_client(*c);
        if (epoll_ >= 0) ::close(epoll_);
    }

    int run() {
        in_buffer_.resize(kChunk + simdjson::SIMDJSON_PADDING);
        epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
        if (epoll_ < 0) return fail(std::string("epoll: ") + std::strerror(errno));
        if (match_) {
            // One descriptor per connection and one per client in flight: thousands of them.
            rlimit files{};
            if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
                files.rlim_cur = files.rlim_max;
                ::setrlimit(RLIMIT_NOFILE, &files);
            }
            if (options_.seats < 2 || options_.big_blind <= 0)
                refusal_ =
                    "connection=match needs the tournament's table (--seats, --big-blind), "
                    "which check-bot does not give; use acpc[connection=lane]:... there";
        }
        if (refusal_.empty()) {
            // The first client is connected before the hello is answered, so that a client that
            // cannot play is a start-up error with its reason. In match mode it waits for the
            // first match.
            Connection& first = add_connection();
            refusal_ = start_client(first);
            if (refusal_.empty()) refusal_ = wait_connected(first);
            if (!refusal_.empty()) remove_connection(first);
        }
        epoll_event host{};
        host.events = EPOLLIN;
        host.data.ptr = nullptr;
        if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, in_fd_, &host) != 0)
            return fail(std::string("epoll: ") + std::strerror(errno));
        std::vector<epoll_event> ready(256);
        for (;;) {
            const int n =
                ::epoll_wait(epoll_, ready.data(), static_cast<int>(ready.size()), wait_ms());
            if (n < 0) {
                if (errno == EINTR) continue;
                return fail(std::string("epoll_wait: ") + std::strerror(errno));
            }
            for (int k = 0; k < n && failure_.empty(); ++k) {
                if (ready[static_cast<std::size_t>(k)].data.ptr == nullptr) {
                    const int status = read_host();
                    if (status >= 0) {
                        flush_host();
                        stop_all();
                        return status;
                    }
                    continue;
                }
                const auto* tag = static_cast<const Connection::Tag*>(
                    ready[static_cast<std::size_t>(k)].data.ptr);
                Connection& c = *tag->connection;
                const std::uint32_t events = ready[static_cast<std::size_t>(k)].events;
                // An event of a descriptor closed earlier in this batch is stale.
                switch (tag->watch) {
                    case Connection::Watch::Listen:
                        if (c.listen_fd < 0) break;
                        if (c.socket >= 0)
                            failure_ =
                                "the ACPC client connected a second time; one client plays one "
                                "match over one connection";
                        else
                            accept_client(c);
                        break;
                    case Connection::Watch::Socket:
                        if (c.socket < 0) break;
                        if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) read_client(c);
                        if (failure_.empty() && (events & EPOLLOUT)) write_client(c);
                        break;
                    case Connection::Watch::Child:
                        if (c.pidfd >= 0) child_exited(c);
                        break;
                }
            }
            if (failure_.empty()) check_deadlines();
            if (failure_.empty()) flush_clients();
            sweep();
            if (!failure_.empty()) return fail(failure_);
            if (!flush_host()) return 1;
        }
    }

  private:
    struct Instance {
        bool has_hand = false;
        int engine_hand = -1;
        std::size_t actions_seen = 0;
        std::uint32_t acpc_hand = 0;
        bool pending = false;
        std::uint64_t id = 0;
        Chips round_start = 0;
        LegalActions legal;
        std::string state;  // the state line the client is to act in, without "\r\n"
        SeatView view;
        std::vector<RecordedAction> actions;
        Connection* connection = nullptr;
        // Match mode: the hand as its events tell it, and the state last sent.
        bool tracking = false;
        bool dirty = false;  // the tracked hand has changed since last_sent
        SeatView tracked;
        std::vector<RecordedAction> tracked_actions;
        std::string last_sent;
    };

    // ------------------------------------------------------------------ connections

    Connection& add_connection() {
        connections_.push_back(std::make_unique<Connection>());
        Connection& c = *connections_.back();
        c.index = connections_.size() - 1;
        return c;
    }

    void watch(Connection& c, Connection::Watch what, int fd, std::uint32_t events, int op) {
        epoll_event e{};
        e.events = events;
        e.data.ptr = &c.tags[static_cast<int>(what)];
        if (::epoll_ctl(epoll_, op, fd, &e) != 0 && failure_.empty())
            failure_ = std::string("epoll_ctl: ") + std::strerror(errno);
    }

    // Takes `fd` out of the epoll set, then closes it. Closing alone is not enough: a client
    // being started holds a copy of every descriptor until its exec closes them, and while it
    // does the descriptor's registration outlives the close and can report an event for a
    // connection already removed (seen: a blocking wait for a live client, named by a stale
    // event of an exited one).
    void unwatch_and_close(int& fd) {
        if (fd < 0) return;
        ::epoll_ctl(epoll_, EPOLL_CTL_DEL, fd, nullptr);  // ENOENT for one never watched
        ::close(fd);
        fd = -1;
    }

    // Listens on a loopback port and starts the client; "" when started, else why not.
    std::string start_client(Connection& c) {
        c.listen_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (c.listen_fd < 0) return std::string("cannot make a socket: ") + std::strerror(errno);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        address.sin_port = 0;
        socklen_t size = sizeof address;
        if (::bind(c.listen_fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
            ::listen(c.listen_fd, 4) != 0 ||
            ::getsockname(c.listen_fd, reinterpret_cast<sockaddr*>(&address), &size) != 0)
            return std::string("cannot listen on a loopback port: ") + std::strerror(errno);
        c.port = std::to_string(ntohs(address.sin_port));
        std::vector<std::string> words;
        bool placed = false;
        for (std::string word : options_.command) {
            for (const auto& [key, value] :
                 {std::pair<std::string, std::string>{"{host}", "127.0.0.1"}, {"{port}", c.port}}) {
                for (std::size_t at = word.find(key); at != std::string::npos;
                     at = word.find(key, at + value.size())) {
                    word.replace(at, key.size(), value);
                    placed = true;
                }
            }
            words.push_back(std::move(word));
        }
        if (!placed) {
            words.emplace_back("127.0.0.1");
            words.push_back(c.port);
        }
        std::vector<char*> argv;
        for (std::string& w : words)
            argv.push_back(w.data());
        argv.push_back(nullptr);
        // The client's standard output is not the protocol's: it goes with its standard error
        // to the host's log.
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_adddup2(&actions, 2, 1);
        // The client dies of a write to a closed connection as it would under the ACPC dealer.
        posix_spawnattr_t attributes;
        posix_spawnattr_init(&attributes);
        process::set_child_signals(attributes, 0);
        const int spawned =
            ::posix_spawnp(&c.child, argv[0], &actions, &attributes, argv.data(), environ);
        posix_spawnattr_destroy(&attributes);
        posix_spawn_file_actions_destroy(&actions);
        if (spawned != 0) {
            c.child = -1;
            return "cannot start the ACPC client '" + options_.command.front() +
                   "': " + std::strerror(spawned);
        }
        c.pidfd = static_cast<int>(::syscall(SYS_pidfd_open, c.child, 0));
        if (c.pidfd < 0) return std::string("pidfd_open: ") + std::strerror(errno);
        c.deadline = std::chrono::steady_clock::now() + options_.connect_timeout;
        return "";
    }

    std::string not_connected(const Connection& c) const {
        return "the ACPC client did not connect to 127.0.0.1:" + c.port + " within " +
               std::to_string(options_.connect_timeout.count()) +
               " ms (is it started as PROGRAM ARG... HOST PORT? see docs/acpc.md)";
    }

    // Waits for the first client's connection (before epoll takes the connection's watches).
    std::string wait_connected(Connection& c) {
        for (;;) {
            pollfd fds[2] = {{c.listen_fd, POLLIN, 0}, {c.pidfd, POLLIN, 0}};
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                c.deadline - std::chrono::steady_clock::now());
            const int ready =
                ::poll(fds, 2, static_cast<int>(std::max<std::int64_t>(0, left.count())));
            if (ready < 0 && errno != EINTR) return std::string("poll: ") + std::strerror(errno);
            if (fds[0].revents & POLLIN) break;
            if (fds[1].revents & POLLIN) return exited_before_connecting(c);
            if (ready == 0) return not_connected(c);
        }
        if (!accept_socket(c)) return failure_;
        watch(c, Connection::Watch::Socket, c.socket, EPOLLIN, EPOLL_CTL_ADD);
        watch(c, Connection::Watch::Child, c.pidfd, EPOLLIN, EPOLL_CTL_ADD);
        if (match_) unwatch_and_close(c.listen_fd);
        // Lane mode: the listening socket is watched for a second connection once the host
        // plays (host_line), so that it is a fault of the running bot, with its reason read as
        // any other line, never a start-up error by the luck of timing.
        return failure_;
    }

    std::string exited_before_connecting(Connection& c) {
        int status = 0;
        ::waitpid(c.child, &status, 0);
        c.child = -1;
        return "the ACPC client exited before it connected (" + how(status) + ")";
    }

    bool accept_socket(Connection& c) {
        c.socket = ::accept4(c.listen_fd, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (c.socket < 0) {
            failure_ = std::string("cannot accept the client: ") + std::strerror(errno);
            return false;
        }
        const int one = 1;
        ::setsockopt(c.socket, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        return true;
    }

    // A later match's client connected.
    void accept_client(Connection& c) {
        if (!accept_socket(c)) return;
        unwatch_and_close(c.listen_fd);
        watch(c, Connection::Watch::Socket, c.socket, EPOLLIN, EPOLL_CTL_ADD);
        if (!c.to_client.empty())
            note_output(c);
        else if (c.ending)
            close_connection(c);
    }

    // A match's connection: a connected client waiting for its first match, else a new one.
    Connection& connection_for(std::uint64_t number, Instance& in) {
        if (!match_) {
            in.connection = connections_.front().get();
            return *in.connection;
        }
        if (in.connection) return *in.connection;
        Connection* c = nullptr;
        if (spare_) {
            c = spare_;
            spare_ = nullptr;
        } else {
            c = &add_connection();
            const std::string why = start_client(*c);
            if (!why.empty()) {
                failure_ = why;
            } else {
                watch(*c, Connection::Watch::Listen, c->listen_fd, EPOLLIN, EPOLL_CTL_ADD);
                watch(*c, Connection::Watch::Child, c->pidfd, EPOLLIN, EPOLL_CTL_ADD);
            }
        }
        c->owner = number;
        c->owned = true;
        in.connection = c;
        return *c;
    }

    // The match of `in` is over: its connection is closed once its last states are sent.
    void end_match(Instance& in) {
        if (!in.connection || !match_) return;
        Connection& c = *in.connection;
        in.connection = nullptr;
        in.tracking = false;
        c.ending = true;
        c.owned = false;
        if (c.socket >= 0 && c.to_client.empty()) close_connection(c);
    }

    void close_connection(Connection& c) {
        unwatch_and_close(c.socket);
        c.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(2000);
    }

    void child_exited(Connection& c) {
        int status = 0;
        if (c.child >= 0) ::waitpid(c.child, &status, 0);
        c.child = -1;
        if (!c.ending && c.socket < 0) {
            failure_ = "the ACPC client exited before it connected (" + how(status) + ")";
            return;
        }
        // A connected client that exits closes its connection: that is read there, after the
        // answers it wrote first. An ended match's connection goes at the next sweep.
        unwatch_and_close(c.pidfd);
    }

    void kill_client(Connection& c) {
        unwatch_and_close(c.socket);
        unwatch_and_close(c.listen_fd);
        if (c.child >= 0) {
            ::kill(c.child, SIGKILL);
            int status = 0;
            ::waitpid(c.child, &status, 0);
            c.child = -1;
        }
        unwatch_and_close(c.pidfd);
    }

    void remove_connection(Connection& c) {
        kill_client(c);
        if (spare_ == &c) spare_ = nullptr;
        const std::size_t at = c.index;
        if (at + 1 != connections_.size()) {
            connections_[at] = std::move(connections_.back());
            connections_[at]->index = at;
        }
        connections_.pop_back();
    }

    // Removes the connections of ended matches whose clients have exited. Between event
    // batches, so that no event or queued output names a connection removed.
    void sweep() {
        for (std::size_t k = 0; k < connections_.size();) {
            Connection& c = *connections_[k];
            if (c.ending && c.socket < 0 && c.child < 0)
                remove_connection(c);
            else
                ++k;
        }
    }

    // At the end of the host's input: every connection closed, every client given 2 s to exit.
    void stop_all() {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(2000);
        for (auto& c : connections_) {
            write_client(*c);
            unwatch_and_close(c->socket);
        }
        for (auto& c : connections_) {
            if (c->child < 0) continue;
            pollfd fd{c->pidfd, POLLIN, 0};
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (c->pidfd >= 0)
                ::poll(&fd, 1, static_cast<int>(std::max<std::int64_t>(0, left.count())));
            kill_client(*c);
        }
        connections_.clear();
    }

    // Milliseconds to the next deadline (a client to connect, an ended match's client to
    // exit), -1 when there is none.
    int wait_ms() const {
        std::chrono::steady_clock::time_point next = std::chrono::steady_clock::time_point::max();
        for (const auto& c : connections_)
            if ((c->listen_fd >= 0 && c->socket < 0 && c->child >= 0) ||
                (c->ending && c->socket < 0 && c->child >= 0))
                next = std::min(next, c->deadline);
        if (next == std::chrono::steady_clock::time_point::max()) return -1;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            next - std::chrono::steady_clock::now());
        return static_cast<int>(std::clamp<std::int64_t>(left.count() + 1, 0, 60'000));
    }

    void check_deadlines() {
        const auto now = std::chrono::steady_clock::now();
        for (std::size_t k = 0; k < connections_.size(); ++k) {
            Connection& c = *connections_[k];
            if (c.child < 0 || now < c.deadline) continue;
            if (c.listen_fd >= 0 && c.socket < 0 && !c.ending) {
                failure_ = not_connected(c);
                return;
            }
            if (c.ending && c.socket < 0) ::kill(c.child, SIGKILL);  // reaped at its pidfd
        }
    }

    static std::string how(int status) {
        if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
        if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
        return "status " + std::to_string(status);
    }

    // The connection ended (a read of 0 bytes, errno 0) or failed (errno): a client that
    // closes it with states unread resets it, and that is a close too.
    std::string connection_failure(bool pending) const {
        const int error = errno;
        if (error == 0 || error == ECONNRESET || error == EPIPE)
            return "the ACPC client closed its connection" +
                   std::string(pending  ? " while it was to act"
                               : match_ ? " mid-match"
                                        : "");
        return std::string("the ACPC client's connection failed: ") + std::strerror(error);
    }

    bool has_pending(const Connection& c) const {
        if (!match_) return !pending_by_hand_.empty();
        if (!c.owned) return false;
        const auto it = instances_.find(c.owner);
        return it != instances_.end() && it->second.pending;
    }

    void note_output(Connection& c) {
        if (!c.queued) {
            c.queued = true;
            dirty_connections_.push_back(&c);
        }
    }

    void flush_clients() {
        for (std::size_t k = 0; k < dirty_connections_.size() && failure_.empty(); ++k) {
            dirty_connections_[k]->queued = false;
            write_client(*dirty_connections_[k]);
        }
        dirty_connections_.clear();
    }

    // Sends what is queued for `c`; asks epoll to say when it can send more.
    void write_client(Connection& c) {
        if (c.socket < 0) return;  // not connected yet: sent once it is
        while (c.sent < c.to_client.size()) {
            const ssize_t n = ::send(c.socket, c.to_client.data() + c.sent,
                                     c.to_client.size() - c.sent, MSG_NOSIGNAL);
            if (n < 0) {
                if (errno == EINTR) continue;
                if (errno == EAGAIN || errno == EWOULDBLOCK) {
                    if (!c.out_watched)
                        watch(c, Connection::Watch::Socket, c.socket, EPOLLIN | EPOLLOUT,
                              EPOLL_CTL_MOD);
                    c.out_watched = true;
                    return;
                }
                failure_ = connection_failure(has_pending(c));
                return;
            }
            c.sent += static_cast<std::size_t>(n);
        }
        c.to_client.clear();
        c.sent = 0;
        if (c.ending) {
            close_connection(c);
            return;
        }
        if (c.out_watched) watch(c, Connection::Watch::Socket, c.socket, EPOLLIN, EPOLL_CTL_MOD);
        c.out_watched = false;
    }

    void send_state(Connection& c, std::string_view state) {
        c.to_client += state;
        c.to_client += "\r\n";
        note_output(c);
    }

    void read_client(Connection& c) {
        char chunk[1 << 16];
        for (;;) {
            const ssize_t n = ::recv(c.socket, chunk, sizeof chunk, 0);
            if (n < 0) {
                if (errno == EINTR) continue;
                if (errno == EAGAIN || errno == EWOULDBLOCK) return;
                failure_ = connection_failure(has_pending(c));
                return;
            }
            if (n == 0) {
                if (c.ending) {  // the client left after its match: what it was owed is moot
                    close_connection(c);
                    return;
                }
                errno = 0;
                failure_ = connection_failure(has_pending(c));
                return;
            }
            c.from_client.append(chunk, static_cast<std::size_t>(n));
            std::size_t begin = 0;
            for (;;) {
                const std::size_t newline = c.from_client.find('\n', begin);
                if (newline == std::string::npos) break;
                std::string_view line(c.from_client.data() + begin, newline - begin);
                if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
                begin = newline + 1;
                if (line.empty() || line.front() == '#' || line.front() == ';') continue;
                if (!client_line(c, line)) return;
            }
            c.from_client.erase(0, begin);
            if (c.from_client.size() > kMaxClientLine) {
                failure_ =
                    "the ACPC client wrote a line of more than 64 KiB: " + excerpt(c.from_client);
                return;
            }
        }
    }

    // A line from the client: its version first (the protocol's "VERSION:2.0.0"), then
    // answers.
    bool client_line(Connection& c, std::string_view line) {
        if (!c.version_seen) {
            if (!line.starts_with("VERSION:2.")) {
                failure_ =
                    "the ACPC client's first line is not VERSION:2.0.0 (this bridge speaks "
                    "version 2 of the protocol): " +
                    excerpt(line);
                return false;
            }
            c.version_seen = true;
            return true;
        }
        const std::size_t colon = line.rfind(':');
        std::uint32_t hand = 0;
        if (colon == std::string_view::npos || !acpc::state_hand(line.substr(0, colon), hand)) {
            failure_ =
                "the ACPC client wrote a line that is not an answer (expected "
                "MATCHSTATE:...:ACTION): " +
                excerpt(line);
            return false;
        }
        Instance* found = nullptr;
        if (match_) {
            const auto it = c.owned ? instances_.find(c.owner) : instances_.end();
            if (it != instances_.end() && it->second.pending && it->second.acpc_hand == hand)
                found = &it->second;
        } else {
            const auto it = pending_by_hand_.find(hand);
            if (it != pending_by_hand_.end()) {
                found = &instances_.at(it->second);
                drop_pending(it);
            }
        }
        if (!found) {
            failure_ = "the ACPC client answered in hand " + std::to_string(hand) +
                       ", where it was not asked to act (an answer out of turn, or a second "
                       "answer): " +
                       excerpt(line);
            return false;
        }
        Instance& in = *found;
        in.pending = false;
        const std::string_view echo = line.substr(0, colon);
        if (echo != in.state) {
            answer_error(in.id, "wrong MATCHSTATE echo: sent " + excerpt(in.state) + ", got back " +
                                    excerpt(echo));
            return true;
        }
        acpc::ClientAction action;
        const std::string_view sent = line.substr(colon + 1);
        if (!acpc::parse_action(sent, options_.game.limit, action, error_)) {
            answer_error(in.id, "malformed ACPC action: " + error_);
            return true;
        }
        // A no-limit total is judged here, where it is still the hand total the client wrote:
        // the table would judge its street total and say "bet of -99" for the client's r1.
        if (action.kind == ActionKind::RaiseTo && !options_.game.limit) {
            const std::string problem =
                acpc::raise_total_problem(action.total, in.round_start, in.legal);
            if (!problem.empty()) {
                answer_error(in.id, "illegal ACPC raise: " + excerpt(sent) + " " + problem);
                return true;
            }
        }
        answer_action(in.id,
                      acpc::to_engine(action, in.round_start, in.legal, options_.game.limit));
        return true;
    }

    // ------------------------------------------------------------------ the host

    // Reads what the host wrote and handles its lines; -1 to go on, else the exit status (0 at
    // the end of the input).
    int read_host() {
        std::size_t capacity = in_buffer_.size() - simdjson::SIMDJSON_PADDING;
        if (in_end_ == capacity) {
            if (in_begin_ > 0) {
                std::memmove(in_buffer_.data(), in_buffer_.data() + in_begin_, in_end_ - in_begin_);
                in_end_ -= in_begin_;
                in_begin_ = 0;
            } else {
                in_buffer_.resize(2 * capacity + simdjson::SIMDJSON_PADDING);
            }
            capacity = in_buffer_.size() - simdjson::SIMDJSON_PADDING;
        }
        ssize_t n;
        do {
            n = ::read(in_fd_, in_buffer_.data() + in_end_, capacity - in_end_);
        } while (n < 0 && errno == EINTR);
        if (n < 0) {
            *err_ << "pokerarena acpc-bridge: cannot read the input: " << std::strerror(errno)
                  << '\n';
            return 1;
        }
        if (n == 0) return 0;
        in_end_ += static_cast<std::size_t>(n);
        while (in_begin_ < in_end_) {
            const void* newline =
                std::memchr(in_buffer_.data() + in_begin_, '\n', in_end_ - in_begin_);
            if (!newline) break;
            const std::size_t stop =
                static_cast<std::size_t>(static_cast<const char*>(newline) - in_buffer_.data());
            host_line(in_begin_, stop);
            in_begin_ = stop + 1;
            if (finished_) return status_;
            if (!failure_.empty()) return -1;
        }
        if (in_begin_ == in_end_) in_begin_ = in_end_ = 0;
        return -1;
    }

    void host_line(std::size_t begin, std::size_t stop) {
        process::Envelope message;
        std::string_view line;
        switch (process::read_envelope(parser_, in_buffer_.data() + begin, stop - begin, message,
                                       line)) {
            case process::EnvelopeStatus::Blank:
                return;
            case process::EnvelopeStatus::NotAnObject:
                report("a line from the host that is not a JSON object");
                return;
            case process::EnvelopeStatus::Read:
                break;
        }
        const std::string_view type = message.type;
        const std::uint64_t instance = message.instance;
        if (type == "hello") {
            hello();
            return;
        }
        if (!host_playing_ && hello_answered_) {
            host_playing_ = true;
            if (!match_ && !connections_.empty() && connections_.front()->listen_fd >= 0)
                watch(*connections_.front(), Connection::Watch::Listen,
                      connections_.front()->listen_fd, EPOLLIN, EPOLL_CTL_ADD);
        }
        if (type == "event") {
            const auto it = message.has_instance ? instances_.find(instance) : instances_.end();
            simdjson::dom::object object;
            if (it == instances_.end() || !message.has_event ||
                message.event.get_object().get(object))
                return;
            Event e;
            if (!process::read_event(object, e, error_)) {
                report("an event that cannot be read: " + error_);
                return;
            }
            if (match_) on_event(instance, it->second, e);
        } else if (type == "decide") {
            if (!message.has_id) {
                report("a decide without an id");
            } else if (!message.has_instance || !instances_.contains(instance)) {
                answer_error(message.id, "no such instance");
            } else {
                decide(message.id, instance, message.view, message.has_view);
            }
        } else if (type == "create" && message.has_instance) {
            const auto it = instances_.find(instance);
            if (it != instances_.end()) forget(it->second);
            Instance& in = instances_[instance];
            in = Instance{};
            in.actions.reserve(static_cast<std::size_t>(kMaxRecordedActions));
            if (match_) in.tracked_actions.reserve(static_cast<std::size_t>(kMaxRecordedActions));
        } else if (type == "destroy" && message.has_instance) {
            const auto it = instances_.find(instance);
            if (it != instances_.end()) {
                forget(it->second);
                instances_.erase(it);
            }
        } else if (type == "new_match" && message.has_instance) {
            const auto it = instances_.find(instance);
            if (it != instances_.end()) {
                forget(it->second);
                it->second.has_hand = false;
            }
        } else if (type == "probabilities" && message.has_id) {
            answer_error(message.id, "an ACPC client gives no action probabilities");
        }
    }

    // The instance's decision pending, if any, is dropped and its match (match mode) ended.
    void forget(Instance& in) {
        if (in.pending && !match_) drop_pending(pending_by_hand_.find(in.acpc_hand));
        in.pending = false;
        end_match(in);
    }

    void hello() {
        hello_answered_ = true;
        if (!refusal_.empty()) {
            host_out_ += "{\"type\":\"refuse\",\"reason\":";
            process::append_json_string(host_out_, refusal_);
            host_out_ += "}\n";
            finished_ = true;
            status_ = 1;
            return;
        }
        if (match_) spare_ = connections_.front().get();
        host_out_ += "{\"type\":\"hello\",\"protocol\":1,\"name\":";
        process::append_json_string(host_out_, "ACPC client " + options_.command.front());
        host_out_ += ",\"view\":\"full\",\"events\":";
        host_out_ += match_ ? "true}\n" : "false}\n";
    }

    // Match mode: the hand as the dealer would see it, and a state for the client after each
    // change (sent once the change is complete: an action with the board it closes the round
    // for, the last action with the cards shown).
    void on_event(std::uint64_t number, Instance& in, const Event& e) {
        SeatView& v = in.tracked;
        switch (e.kind) {
            case EventKind::HandStarted: {
                Connection& c = connection_for(number, in);
                if (!failure_.empty()) return;
                v = SeatView{};
                v.num_seats = options_.seats;
                v.hand_number = e.hand_number;
                v.button = e.seat;
                v.big_blind = options_.big_blind;
                v.dealt_in = static_cast<SeatMask>((1u << options_.seats) - 1);
                v.hole_cards = options_.hole_cards;
                in.tracked_actions.clear();
                in.tracking = true;
                in.dirty = true;
                in.has_hand = true;
                in.engine_hand = e.hand_number;
                in.acpc_hand = c.next_hand++;
                in.last_sent.clear();
                return;
            }
            default:
                break;
        }
        if (!in.tracking || e.hand_number != v.hand_number) return;
        const auto seat = static_cast<std::size_t>(std::clamp(e.seat, 0, kMaxSeats - 1));
        switch (e.kind) {
            case EventKind::ForcedBet:
                v.committed[seat] += e.amount;
                // An ACPC game has blinds or antes, never both (the protocol's events do not
                // say which): antes are dead money, no bet.
                if (options_.game.blinds) v.bets[seat] += e.amount;
                break;
            case EventKind::HoleCardsDealt:
                v.seat = e.seat;
                for (int k = 0; k < options_.hole_cards; ++k)
                    v.hole[seat][static_cast<std::size_t>(k)] =
                        e.cards[static_cast<std::size_t>(k)];
                v.known_hole |= SeatMask{1} << seat;
                break;
            case EventKind::ActionTaken: {
                flush_tracked(in);
                RecordedAction a;
                a.seat = static_cast<std::int8_t>(e.seat);
                a.kind = e.action.kind;
                a.round = static_cast<std::uint8_t>(e.round);
                a.all_in = e.all_in;
                a.amount = e.action.kind == ActionKind::RaiseTo ? e.action.amount : e.amount;
                if (in.tracked_actions.size() < static_cast<std::size_t>(kMaxRecordedActions))
                    in.tracked_actions.push_back(a);
                else
                    v.actions_truncated = true;
                v.committed[seat] += e.amount;
                v.bets[seat] += e.amount;
                in.dirty = true;
                break;
            }
            case EventKind::BoardDealt:
                v.round = e.round;
                for (int k = 0; k < e.num_cards && v.board_count < kMaxBoardCards; ++k)
                    v.board[static_cast<std::size_t>(v.board_count++)] =
                        e.cards[static_cast<std::size_t>(k)];
                v.bets.fill(0);
                in.dirty = true;
                break;
            case EventKind::Showdown:
                for (int k = 0; k < options_.hole_cards; ++k)
                    v.hole[seat][static_cast<std::size_t>(k)] =
                        e.cards[static_cast<std::size_t>(k)];
                v.known_hole |= SeatMask{1} << seat;
                in.dirty = true;
                break;
            case EventKind::HandEnded:
                flush_tracked(in);
                in.tracking = false;
                break;
            default:
                break;
        }
    }

    void flush_tracked(Instance& in) {
        if (!in.dirty || !in.connection) return;
        in.dirty = false;
        in.tracked.actions = in.tracked_actions;
        scratch_.clear();
        if (in.tracked.seat < 0 ||
            !acpc::write_state(scratch_, in.tracked, in.acpc_hand, options_.game, error_))
            return;  // a hand the protocol cannot carry: its decisions say so
        if (scratch_ == in.last_sent) return;
        in.last_sent = scratch_;
        send_state(*in.connection, scratch_);
    }

    void decide(std::uint64_t id, std::uint64_t number, simdjson::dom::element body,
                bool has_body) {
        Instance& in = instances_.at(number);
        simdjson::dom::object object;
        if (!has_body || body.get_object().get(object) ||
            !process::read_view(object, in.view, in.actions, error_)) {
            answer_error(id, "the view cannot be read: " + (has_body ? error_ : "none"));
            return;
        }
        if (in.pending) {
            answer_error(id, "a second decision for an instance whose first is not answered");
            return;
        }
        const SeatView& v = in.view;
        Connection& c = connection_for(number, in);
        if (!failure_.empty()) return;
        // A hand whose events this bridge did not see (its start came before a restart) is
        // numbered at its first decision, as in lane mode.
        const bool tracked = match_ && in.tracking && in.engine_hand == v.hand_number;
        if (!tracked && (!in.has_hand || v.hand_number != in.engine_hand ||
                         v.actions.size() < in.actions_seen)) {
            in.has_hand = true;
            in.engine_hand = v.hand_number;
            in.acpc_hand = c.next_hand++;
            in.last_sent.clear();
        }
        in.actions_seen = v.actions.size();
        in.state.clear();
        if (!acpc::write_state(in.state, v, in.acpc_hand, options_.game, error_)) {
            answer_error(id, error_);
            return;
        }
        // Match mode: the state to act in is the one the last event led to, sent once.
        in.dirty = false;
        if (!match_ || in.state != in.last_sent) {
            send_state(c, in.state);
            if (match_) in.last_sent = in.state;
        }
        in.pending = true;
        in.id = id;
        const auto me = static_cast<std::size_t>(v.seat);
        in.round_start = v.committed[me] - v.bets[me];
        in.legal = v.legal;
        if (!match_) note_pending(in.acpc_hand, number);
    }

    void answer_error(std::uint64_t id, std::string_view message) {
        host_out_ += "{\"id\":";
        process::append_decimal(host_out_, id);
        host_out_ += ",\"error\":";
        process::append_json_string(host_out_, message);
        host_out_ += "}\n";
    }

    void answer_action(std::uint64_t id, Action action) {
        host_out_ += "{\"id\":";
        process::append_decimal(host_out_, id);
        switch (action.kind) {
            case ActionKind::Fold:
                host_out_ += ",\"action\":\"fold\"}\n";
                break;
            case ActionKind::RaiseTo:
                host_out_ += ",\"action\":\"raise\",\"to\":";
                process::append_decimal(host_out_, action.amount);
                host_out_ += "}\n";
                break;
            case ActionKind::CheckCall:
                host_out_ += ",\"action\":\"call\"}\n";
                break;
        }
    }

    bool flush_host() {
        const bool written = process::write_all(out_fd_, host_out_);
        if (!written)
            *err_ << "pokerarena acpc-bridge: cannot write to the host: " << std::strerror(errno)
                  << '\n';
        host_out_.clear();
        return written;
    }

    void report(const std::string& what) {
        if (++reports_ <= 20) *err_ << "pokerarena acpc-bridge: " << what << '\n' << std::flush;
    }

    int fail(const std::string& why) {
        // The host reads a line that is not an answer as the process's failure and quotes its
        // start (80 bytes) in the fault: so the reason reaches the report, not only the log.
        host_out_ += "acpc-bridge: " + why + "\n";
        flush_host();
        *err_ << "pokerarena acpc-bridge: " << why << '\n' << std::flush;
        for (auto& c : connections_)
            kill_client(*c);
        connections_.clear();
        return 1;
    }

    AcpcBridgeOptions options_;
    bool match_ = false;
    int in_fd_, out_fd_;
    std::ostream* err_;
    int epoll_ = -1;
    std::vector<std::unique_ptr<Connection>> connections_;
    std::vector<Connection*> dirty_connections_;  // with output not yet tried
    Connection* spare_ = nullptr;  // match mode: the first client, until a match takes it
    std::string refusal_;
    std::string failure_;
    std::string error_;
    std::string scratch_;
    bool finished_ = false;
    bool hello_answered_ = false;
    bool host_playing_ = false;  // the host wrote after the hello
    int status_ = 0;
    int reports_ = 0;

    std::vector<char> in_buffer_;
    std::size_t in_begin_ = 0, in_end_ = 0;
    std::string host_out_;
    simdjson::dom::parser parser_;

    std::unordered_map<std::uint64_t, Instance> instances_;
    // Lane mode: ACPC hand -> instance, for the decisions sent and not answered. Its nodes are
    // kept for reuse (spare_nodes_), so that a decision allocates nothing once the number
    // pending has reached its high.
    using HandMap = std::unordered_map<std::uint32_t, std::uint64_t>;
    HandMap pending_by_hand_;
    std::vector<HandMap::node_type> spare_nodes_;

    void note_pending(std::uint32_t hand, std::uint64_t instance) {
        if (spare_nodes_.empty()) {
            pending_by_hand_.emplace(hand, instance);
            return;
        }
        HandMap::node_type node = std::move(spare_nodes_.back());
        spare_nodes_.pop_back();
        node.key() = hand;
        node.mapped() = instance;
        pending_by_hand_.insert(std::move(node));
    }
    void drop_pending(HandMap::iterator it) {
        if (it != pending_by_hand_.end()) spare_nodes_.push_back(pending_by_hand_.extract(it));
    }
};

}  // namespace

int serve_acpc_bridge(const AcpcBridgeOptions& options, int in_fd, int out_fd, std::ostream& err) {
    ::signal(SIGPIPE, SIG_IGN);
    try {
        Bridge bridge(options, in_fd, out_fd, err);
        return bridge.run();
    } catch (const std::exception& e) {  // std::bad_alloc, in practice
        err << "pokerarena acpc-bridge: " << e.what() << '\n';
        return 1;
    }
}

void set_acpc_table(ProcessBotSpec& spec, const AcpcTable& table) {
    auto& words = spec.command;
    const auto end = std::find(words.begin(), words.end(), "--");
    for (auto k = words.begin(); k != end && k + 1 != end; ++k) {
        if (*k == "--betting") *(k + 1) = table.limit ? "limit" : "nolimit";
        if (*k == "--connection" && *(k + 1) == "auto")
            *(k + 1) = table.match_deals >= kAcpcMatchConnectionDeals ? "match" : "lane";
    }
    words.insert(end, {"--seats", std::to_string(table.seats), "--big-blind",
                       std::to_string(table.big_blind)});
}

void set_acpc_game_shape(ProcessBotSpec& spec, const GameDef& game) {
    const acpc::StateGame shape = acpc::state_game(game);
    const acpc::StateGame holdem;
    std::vector<std::string> flags;
    if (!shape.blinds) flags.insert(flags.end(), {"--antes", std::to_string(shape.ante)});
    if (game.hole_cards != 2)
        flags.insert(flags.end(), {"--hole-cards", std::to_string(game.hole_cards)});
    if (shape.board_cards != holdem.board_cards) {
        std::string board;
        for (int r = 0; r < game.num_rounds; ++r)
            board +=
                (r ? "," : "") + std::to_string(shape.board_cards[static_cast<std::size_t>(r)]);
        flags.insert(flags.end(), {"--board", board});
    }
    auto& words = spec.command;
    words.insert(std::find(words.begin(), words.end(), "--"), flags.begin(), flags.end());
}

namespace {

// "--board 0,3,1,1": each round's board cards, 1 to 4 rounds of 0 to 5 cards, 5 in all at
// most.
std::array<int, kMaxRounds> parse_board(const std::string& value) {
    std::array<int, kMaxRounds> board{};
    int rounds = 0, total = 0;
    std::size_t at = 0;
    for (;;) {
        int cards = -1;
        const auto [end, error] =
            std::from_chars(value.data() + at, value.data() + value.size(), cards);
        if (error != std::errc() || cards < 0 || cards > kMaxBoardCards || rounds == kMaxRounds)
            break;
        board[static_cast<std::size_t>(rounds++)] = cards;
        total += cards;
        at = static_cast<std::size_t>(end - value.data());
        if (at == value.size()) {
            if (total <= kMaxBoardCards) return board;
            break;
        }
        if (value[at++] != ',') break;
    }
    throw std::invalid_argument("--board " + value +
                                ": expected each round's board cards, such as 0,3,1,1 (1 to 4 "
                                "rounds, 5 cards in all at most)");
}

}  // namespace

AcpcBridgeOptions parse_acpc_bridge_arguments(const std::vector<std::string>& arguments) {
    AcpcBridgeOptions options;
    std::size_t k = 0;
    for (; k < arguments.size() && arguments[k] != "--"; ++k) {
        const std::string& flag = arguments[k];
        if (k + 1 >= arguments.size() || arguments[k + 1] == "--")
            throw std::invalid_argument(flag + ": expected a value after it");
        const std::string& value = arguments[++k];
        if (flag == "--betting") {
            if (value != "limit" && value != "nolimit")
                throw std::invalid_argument("--betting " + value + ": expected limit or nolimit");
            options.game.limit = value == "limit";
        } else if (flag == "--connection") {
            if (value == "match")
                options.connection = AcpcConnection::Match;
            else if (value == "lane" || value == "auto")
                options.connection = AcpcConnection::Lane;
            else
                throw std::invalid_argument("--connection " + value +
                                            ": expected match, lane or auto");
        } else if (flag == "--board") {
            options.game.board_cards = parse_board(value);
        } else if (flag == "--seats" || flag == "--big-blind" || flag == "--antes" ||
                   flag == "--hole-cards") {
            long long number = 0;
            const auto [end, error] =
                std::from_chars(value.data(), value.data() + value.size(), number);
            const long long low = flag == "--seats" ? 2 : 1;
            const long long high = flag == "--seats"        ? kMaxSeats
                                   : flag == "--hole-cards" ? kMaxHoleCards
                                                            : kMaxTotalChips;
            if (error != std::errc() || end != value.data() + value.size() || number < low ||
                number > high)
                throw std::invalid_argument(flag + " " + value + ": expected a whole number from " +
                                            std::to_string(low) + " to " + std::to_string(high));
            if (flag == "--seats") {
                options.seats = static_cast<int>(number);
            } else if (flag == "--hole-cards") {
                options.hole_cards = static_cast<int>(number);
            } else if (flag == "--antes") {
                options.game.blinds = false;
                options.game.ante = static_cast<Chips>(number);
            } else {
                options.big_blind = static_cast<Chips>(number);
            }
        } else if (flag == "--connect-timeout") {
            double seconds = 0;
            const auto [end, error] =
                std::from_chars(value.data(), value.data() + value.size(), seconds);
            if (error != std::errc() || end != value.data() + value.size() || !(seconds > 0) ||
                seconds > 86400)
                throw std::invalid_argument("--connect-timeout " + value +
                                            ": expected seconds from 0.001 to 86400");
            options.connect_timeout =
                std::chrono::milliseconds(static_cast<std::int64_t>(std::llround(seconds * 1000)));
        } else {
            throw std::invalid_argument("unknown option " + flag +
                                        "; expected --betting, --connect-timeout, --connection, "
                                        "--seats, --big-blind, --antes, --board, --hole-cards, "
                                        "then -- and the ACPC client's command");
        }
    }
    if (k >= arguments.size() || k + 1 == arguments.size())
        throw std::invalid_argument("no client command; expected -- PROGRAM ARG...");
    options.command.assign(arguments.begin() + static_cast<std::ptrdiff_t>(k + 1), arguments.end());
    return options;
}

}  // namespace pokerarena
