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
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <ostream>
#include <stdexcept>
#include <unordered_map>

#include "pokerarena/bots/acpc.hpp"
#include "process/child_io.hpp"
#include "process/protocol.hpp"
#include "process/protocol_read.hpp"

extern char** environ;

namespace pokerarena {

namespace {

std::vector<std::string>& bridge_command() {
    static std::vector<std::string> command;
    return command;
}

constexpr std::size_t kChunk = std::size_t{256} << 10;
// A client's line longer than this is not an answer to any state the bridge sends.
constexpr std::size_t kMaxClientLine = std::size_t{64} << 10;

std::string excerpt(std::string_view text) {
    std::string out = "'";
    out += text.substr(0, 120);
    if (text.size() > 120) out += "...";
    return out + "'";
}

class Bridge {
  public:
    Bridge(const AcpcBridgeOptions& options, int in_fd, int out_fd, std::ostream& err)
        : options_(options), in_fd_(in_fd), out_fd_(out_fd), err_(&err) {}
    ~Bridge() { stop_client(std::chrono::milliseconds(0)); }

    int run() {
        refusal_ = connect_client();
        if (!refusal_.empty()) stop_client(std::chrono::milliseconds(0));
        in_buffer_.resize(kChunk + simdjson::SIMDJSON_PADDING);
        for (;;) {
            // A second connection is looked for once the host has written after the hello (it
            // reads the hello's line alone), so that it is a fault of the running bot, with its
            // reason read as any other line, never a start-up error by the luck of timing.
            pollfd fds[3] = {{in_fd_, POLLIN, 0},
                             {socket_, POLLIN, 0},
                             {host_playing_ ? listen_fd_ : -1, POLLIN, 0}};
            if (sent_ < to_client_.size()) fds[1].events |= POLLOUT;
            if (::poll(fds, 3, -1) < 0) {
                if (errno == EINTR) continue;
                return fail(std::string("poll: ") + std::strerror(errno));
            }
            if (fds[2].revents & POLLIN)
                return fail(
                    "the ACPC client connected a second time; one client plays one "
                    "match over one connection");
            if (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) {
                if (!read_client()) return fail(failure_);
            }
            if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
                const int status = read_host();
                if (status >= 0) {
                    flush_host();
                    stop_client(std::chrono::milliseconds(2000));
                    return status;
                }
            }
            if (!failure_.empty()) return fail(failure_);
            if (!write_client()) return fail(failure_);
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
        std::string state;  // the state line last sent, without "\r\n"
        SeatView view;
        std::vector<RecordedAction> actions;
    };

    // ------------------------------------------------------------------ the client

    // Listens, starts the client and waits for its connection; "" when connected, else why not.
    std::string connect_client() {
        listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (listen_fd_ < 0) return std::string("cannot make a socket: ") + std::strerror(errno);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        address.sin_port = 0;
        socklen_t size = sizeof address;
        if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
            ::listen(listen_fd_, 4) != 0 ||
            ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address), &size) != 0)
            return std::string("cannot listen on a loopback port: ") + std::strerror(errno);
        const std::string port = std::to_string(ntohs(address.sin_port));
        std::vector<std::string> words;
        bool placed = false;
        for (std::string word : options_.command) {
            for (const auto& [key, value] :
                 {std::pair<std::string, std::string>{"{host}", "127.0.0.1"}, {"{port}", port}}) {
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
            words.push_back(port);
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
            ::posix_spawnp(&child_, argv[0], &actions, &attributes, argv.data(), environ);
        posix_spawnattr_destroy(&attributes);
        posix_spawn_file_actions_destroy(&actions);
        if (spawned != 0) {
            child_ = -1;
            return "cannot start the ACPC client '" + options_.command.front() +
                   "': " + std::strerror(spawned);
        }
        const auto deadline = std::chrono::steady_clock::now() + options_.connect_timeout;
        for (;;) {
            pollfd fd{listen_fd_, POLLIN, 0};
            const int ready = ::poll(&fd, 1, 20);
            if (ready > 0) break;
            int status = 0;
            if (::waitpid(child_, &status, WNOHANG) == child_) {
                child_ = -1;
                return "the ACPC client exited before it connected (" + how(status) + ")";
            }
            if (std::chrono::steady_clock::now() >= deadline)
                return "the ACPC client did not connect to 127.0.0.1:" + port + " within " +
                       std::to_string(options_.connect_timeout.count()) +
                       " ms (is it started as PROGRAM ARG... HOST PORT? see docs/acpc.md)";
        }
        socket_ = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (socket_ < 0) return std::string("cannot accept the client: ") + std::strerror(errno);
        const int one = 1;
        ::setsockopt(socket_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        return "";
    }

    static std::string how(int status) {
        if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
        if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
        return "status " + std::to_string(status);
    }

    void stop_client(std::chrono::milliseconds grace) {
        if (socket_ >= 0) ::close(socket_);
        if (listen_fd_ >= 0) ::close(listen_fd_);
        socket_ = listen_fd_ = -1;
        if (child_ < 0) return;
        const auto deadline = std::chrono::steady_clock::now() + grace;
        int status = 0;
        while (::waitpid(child_, &status, WNOHANG) == 0) {
            if (std::chrono::steady_clock::now() >= deadline) {
                ::kill(child_, SIGKILL);
                ::waitpid(child_, &status, 0);
                break;
            }
            // Waiting for a child to exit by itself: nothing to poll for, so a short nap.
            const timespec nap{0, 5'000'000};
            ::nanosleep(&nap, nullptr);
        }
        child_ = -1;
    }

    // The connection ended (a read of 0 bytes, errno 0) or failed (errno): a client that
    // closes it with states unread resets it, and that is a close too.
    std::string connection_failure() const {
        const int error = errno;
        if (error == 0 || error == ECONNRESET || error == EPIPE)
            return "the ACPC client closed its connection" +
                   std::string(pending_by_hand_.empty() ? "" : " while it was to act");
        return std::string("the ACPC client's connection failed: ") + std::strerror(error);
    }

    bool write_client() {
        while (sent_ < to_client_.size()) {
            const ssize_t n =
                ::send(socket_, to_client_.data() + sent_, to_client_.size() - sent_, MSG_NOSIGNAL);
            if (n < 0) {
                if (errno == EINTR) continue;
                if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
                failure_ = connection_failure();
                return false;
            }
            sent_ += static_cast<std::size_t>(n);
        }
        to_client_.clear();
        sent_ = 0;
        return true;
    }

    bool read_client() {
        char chunk[1 << 16];
        for (;;) {
            const ssize_t n = ::recv(socket_, chunk, sizeof chunk, 0);
            if (n < 0) {
                if (errno == EINTR) continue;
                if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
                failure_ = connection_failure();
                return false;
            }
            if (n == 0) {
                errno = 0;
                failure_ = connection_failure();
                return false;
            }
            from_client_.append(chunk, static_cast<std::size_t>(n));
            std::size_t begin = 0;
            for (;;) {
                const std::size_t newline = from_client_.find('\n', begin);
                if (newline == std::string::npos) break;
                std::string_view line(from_client_.data() + begin, newline - begin);
                if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
                begin = newline + 1;
                if (!line.empty() && !client_line(line)) return false;
            }
            from_client_.erase(0, begin);
            if (from_client_.size() > kMaxClientLine) {
                failure_ = "the ACPC client wrote a line of over " +
                           std::to_string(kMaxClientLine >> 10) + " KiB";
                return false;
            }
        }
    }

    // One line from the client: its version first (the protocol's "VERSION:2.0.0"), then
    // answers.
    bool client_line(std::string_view line) {
        if (!version_seen_) {
            if (!line.starts_with("VERSION:2.")) {
                failure_ =
                    "the ACPC client's first line is not VERSION:2.0.0 (this bridge speaks "
                    "version 2 of the protocol): " +
                    excerpt(line);
                return false;
            }
            version_seen_ = true;
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
        const auto it = pending_by_hand_.find(hand);
        if (it == pending_by_hand_.end()) {
            failure_ = "the ACPC client answered in hand " + std::to_string(hand) +
                       ", where it was not asked to act (an answer out of turn, or a second "
                       "answer): " +
                       excerpt(line);
            return false;
        }
        Instance& in = instances_.at(it->second);
        drop_pending(it);
        in.pending = false;
        const std::string_view echo = line.substr(0, colon);
        if (echo != in.state) {
            answer_error(in.id, "wrong MATCHSTATE echo: sent " + excerpt(in.state) + ", got back " +
                                    excerpt(echo));
            return true;
        }
        acpc::ClientAction action;
        if (!acpc::parse_action(line.substr(colon + 1), options_.limit, action, error_)) {
            answer_error(in.id, "malformed ACPC action: " + error_);
            return true;
        }
        answer_action(in.id, acpc::to_engine(action, in.round_start, in.legal, options_.limit));
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
        }
        if (in_begin_ == in_end_) in_begin_ = in_end_ = 0;
        return -1;
    }

    void host_line(std::size_t begin, std::size_t stop) {
        const char* text = in_buffer_.data() + begin;
        std::size_t size = stop - begin;
        while (size > 0 && (text[size - 1] == '\r' || text[size - 1] == ' '))
            --size;
        if (size == 0) return;
        simdjson::dom::element document;
        simdjson::dom::object message;
        if (parser_.parse(text, size, false).get(document) || document.get_object().get(message)) {
            report("a line from the host that is not a JSON object");
            return;
        }
        std::string_view type;
        std::uint64_t id = 0, instance = 0;
        bool has_id = false, has_instance = false, has_view = false;
        simdjson::dom::element view;
        for (const auto [key, value] : message) {
            if (key == "type") {
                if (value.get_string().get(type)) type = {};
            } else if (key == "id") {
                has_id = !value.get_uint64().get(id);
            } else if (key == "instance") {
                has_instance = !value.get_uint64().get(instance);
            } else if (key == "view") {
                view = value;
                has_view = true;
            }
        }
        if (type == "hello") {
            hello();
            return;
        }
        host_playing_ = hello_answered_;
        if (type == "decide") {
            if (!has_id) {
                report("a decide without an id");
            } else if (!has_instance || !instances_.contains(instance)) {
                answer_error(id, "no such instance");
            } else {
                decide(id, instance, view, has_view);
            }
        } else if (type == "create" && has_instance) {
            Instance& in = instances_[instance];
            in = Instance{};
            in.actions.reserve(static_cast<std::size_t>(kMaxRecordedActions));
        } else if (type == "destroy" && has_instance) {
            const auto it = instances_.find(instance);
            if (it != instances_.end()) {
                if (it->second.pending) drop_pending(pending_by_hand_.find(it->second.acpc_hand));
                instances_.erase(it);
            }
        } else if (type == "new_match" && has_instance) {
            const auto it = instances_.find(instance);
            if (it != instances_.end()) it->second.has_hand = false;
        } else if (type == "probabilities" && has_id) {
            answer_error(id, "an ACPC client gives no action probabilities");
        }
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
        host_out_ += "{\"type\":\"hello\",\"protocol\":1,\"name\":";
        process::append_json_string(host_out_, "ACPC client " + options_.command.front());
        host_out_ += ",\"view\":\"full\",\"events\":false}\n";
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
        if (!in.has_hand || v.hand_number != in.engine_hand || v.actions.size() < in.actions_seen) {
            in.has_hand = true;
            in.engine_hand = v.hand_number;
            in.acpc_hand = next_hand_++;
        }
        in.actions_seen = v.actions.size();
        in.state.clear();
        if (!acpc::write_state(in.state, v, in.acpc_hand, options_.limit, error_)) {
            answer_error(id, error_);
            return;
        }
        to_client_ += in.state;
        to_client_ += "\r\n";
        in.pending = true;
        in.id = id;
        const auto me = static_cast<std::size_t>(v.seat);
        in.round_start = v.committed[me] - v.bets[me];
        in.legal = v.legal;
        note_pending(in.acpc_hand, number);
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
        stop_client(std::chrono::milliseconds(0));
        return 1;
    }

    AcpcBridgeOptions options_;
    int in_fd_, out_fd_;
    std::ostream* err_;
    int listen_fd_ = -1;
    int socket_ = -1;
    pid_t child_ = -1;
    std::string refusal_;
    std::string failure_;
    std::string error_;
    bool finished_ = false;
    bool version_seen_ = false;
    bool hello_answered_ = false;
    bool host_playing_ = false;  // the host wrote after the hello
    int status_ = 0;
    int reports_ = 0;

    std::string to_client_;
    std::size_t sent_ = 0;
    std::string from_client_;
    std::vector<char> in_buffer_;
    std::size_t in_begin_ = 0, in_end_ = 0;
    std::string host_out_;
    simdjson::dom::parser parser_;

    std::unordered_map<std::uint64_t, Instance> instances_;
    // ACPC hand -> instance, for the decisions sent and not answered. Its nodes are kept for
    // reuse (spare_nodes_), so that a decision allocates nothing once the number pending has
    // reached its high.
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
    std::uint32_t next_hand_ = 0;
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

void set_acpc_bridge_command(std::vector<std::string> command) {
    bridge_command() = std::move(command);
}

const std::vector<std::string>& acpc_bridge_command() {
    return bridge_command();
}

bool is_acpc_spec(std::string_view spec) {
    return spec.starts_with("acpc:") || spec.starts_with("acpc[");
}

std::vector<std::string> acpc_bridge_arguments(const std::vector<std::string>& client, bool limit,
                                               std::chrono::milliseconds connect_timeout) {
    std::vector<std::string> args{
        "--betting", limit ? "limit" : "nolimit", "--connect-timeout",
        std::to_string(static_cast<double>(connect_timeout.count()) / 1000.0), "--"};
    args.insert(args.end(), client.begin(), client.end());
    return args;
}

void set_acpc_limit(ProcessBotSpec& spec, bool limit) {
    for (std::size_t k = 0; k + 1 < spec.command.size() && spec.command[k] != "--"; ++k)
        if (spec.command[k] == "--betting") spec.command[k + 1] = limit ? "limit" : "nolimit";
}

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
            options.limit = value == "limit";
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
                                        "; expected --betting, --connect-timeout, then -- and the "
                                        "ACPC client's command");
        }
    }
    if (k >= arguments.size() || k + 1 == arguments.size())
        throw std::invalid_argument("no client command; expected -- PROGRAM ARG...");
    options.command.assign(arguments.begin() + static_cast<std::ptrdiff_t>(k + 1), arguments.end());
    return options;
}

}  // namespace pokerarena
