#include "pokerarena/bots/plugin_host.hpp"

#include <fcntl.h>
#include <simdjson.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "child_io.hpp"
#include "envelope.hpp"
#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/plugin_call.hpp"
#include "pokerarena/bots/process_bot.hpp"
#include "protocol.hpp"
#include "protocol_read.hpp"
#include "protocol_strategy.hpp"

namespace pokerarena {

namespace {

using process::append_decimal;
using process::append_json_string;

// The first read buffer; it grows (doubling) only for a line longer than it.
constexpr std::size_t kFirstChunk = std::size_t{256} << 10;
// A line longer than this is not the host's (it never writes one over 1 MiB): it is dropped.
constexpr std::size_t kMaxLine = std::size_t{64} << 20;
// Problems reported on `err` before the rest are only counted.
constexpr int kMaxReports = 20;

// One bot instance of the host's.
struct Instance {
    std::unique_ptr<Bot> bot;  // null: the plugin refused to create it
    std::string create_error;  // why, when it refused
    // The view of the decision being answered, and the actions it points into.
    SeatView view;
    std::vector<RecordedAction> actions;
};

class PluginServer {
  public:
    PluginServer(int out_fd, std::ostream& err) : out_fd_(out_fd), err_(&err) {}

    // Loads the plugin; false (and the refusal kept) when it cannot be used.
    bool load(std::string_view plugin_spec) {
        try {
            PluginSpec parts = split_plugin_spec(plugin_spec);
            library_ = load_plugin(parts.path);
            config_ = std::move(parts.config);
            // As make_plugin_factory: one throw-away instance checks the configuration now.
            const PluginBot probe(library_, config_, 0);
            wants_events_ = probe.wants_events();
            return true;
        } catch (const std::exception& e) {
            refusal_ = e.what();
        } catch (...) {
            refusal_ = "plugin '" + std::string(plugin_spec) + "': cannot be loaded";
        }
        library_.reset();
        return false;
    }

    // Serves until the end of the input; the exit status.
    int serve(int in_fd) {
        buffer_.resize(kFirstChunk + simdjson::SIMDJSON_PADDING);
        std::size_t begin = 0;  // the first byte not yet handled
        std::size_t end = 0;    // the end of the bytes read
        bool skipping = false;  // in a line too long to keep: dropping it up to its newline
        for (;;) {
            const std::size_t capacity = buffer_.size() - simdjson::SIMDJSON_PADDING;
            if (end == capacity) {
                if (begin > 0) {
                    std::memmove(buffer_.data(), buffer_.data() + begin, end - begin);
                    end -= begin;
                    begin = 0;
                } else if (capacity < kMaxLine) {
                    buffer_.resize(2 * capacity + simdjson::SIMDJSON_PADDING);
                } else {
                    report("a line of over " + std::to_string(kMaxLine >> 20) + " MiB was dropped");
                    begin = end = 0;
                    skipping = true;
                }
                continue;
            }
            const ssize_t n = ::read(in_fd, buffer_.data() + end, capacity - end);
            if (n < 0) {
                if (errno == EINTR) continue;
                *err_ << "pokerarena plugin host: cannot read the input: " << std::strerror(errno)
                      << '\n';
                return 1;
            }
            const bool at_end = n == 0;
            end += static_cast<std::size_t>(n);
            while (begin < end) {
                const char* data = buffer_.data();
                const void* newline = std::memchr(data + begin, '\n', end - begin);
                if (!newline && !at_end) break;
                const std::size_t stop =
                    newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - data)
                            : end;
                if (!skipping) handle_line(begin, stop);
                skipping = false;
                begin = newline ? stop + 1 : end;
                if (finished_) break;
            }
            if (begin == end) begin = end = 0;
            if (!flush()) return 1;
            if (finished_) return status_;
            if (at_end) {
                if (!hello_answered_ && !library_) {
                    // The host went away before its hello: still say why we could not play.
                    write_refusal();
                    flush();
                    return 1;
                }
                return 0;
            }
        }
    }

  private:
    void report(const std::string& message) {
        if (++reports_ <= kMaxReports) {
            *err_ << "pokerarena plugin host: " << message << '\n';
            if (reports_ == kMaxReports)
                *err_ << "pokerarena plugin host: (further problems are not shown)\n";
            err_->flush();
        }
    }

    // Writes everything answered so far; false (reported) on a write error.
    bool flush() {
        const bool written = process::write_all(out_fd_, out_);
        if (!written)
            *err_ << "pokerarena plugin host: cannot write the answers: " << std::strerror(errno)
                  << '\n';
        out_.clear();
        return written;
    }

    void write_refusal() {
        out_ += "{\"type\":\"refuse\",\"reason\":";
        append_json_string(out_, refusal_);
        out_ += "}\n";
    }

    void answer_error(std::uint64_t id, std::string_view message) {
        out_ += "{\"id\":";
        append_decimal(out_, id);
        out_ += ",\"error\":";
        append_json_string(out_, message);
        out_ += "}\n";
    }

    // The action, with the strategy the plugin reported for it (when `strategy`), or why its
    // report was dropped (when `strategy_error` is not empty).
    void answer_action(std::uint64_t id, Action action, const Strategy* strategy,
                       std::string_view strategy_error) {
        out_ += "{\"id\":";
        append_decimal(out_, id);
        switch (action.kind) {
            case ActionKind::Fold:
                out_ += ",\"action\":\"fold\"";
                break;
            case ActionKind::RaiseTo:
                out_ += ",\"action\":\"raise\",\"to\":";
                append_decimal(out_, action.amount);
                break;
            default:
                out_ += ",\"action\":\"call\"";
                break;
        }
        if (strategy) process::append_strategy(out_, *strategy);
        if (!strategy_error.empty()) {
            out_ += ",\"strategy_error\":";
            append_json_string(out_, strategy_error);
        }
        out_ += "}\n";
    }

    // The line buffer_[begin, stop), followed in the buffer by at least SIMDJSON_PADDING
    // readable bytes (the rest of the read, or the buffer's slack): parsed in place.
    void handle_line(std::size_t begin, std::size_t stop) {
        process::Envelope message;
        std::string_view line;
        switch (
            process::read_envelope(parser_, buffer_.data() + begin, stop - begin, message, line)) {
            case process::EnvelopeStatus::Blank:
                return;
            case process::EnvelopeStatus::NotAnObject:
                report("not a JSON object: " + quoted(line));
                return;
            case process::EnvelopeStatus::Read:
                break;
        }
        const std::string_view type = message.type;
        if (type == "decide") {
            if (!message.has_id) {
                report("a decide without a whole-number \"id\": " + quoted(line));
            } else if (!message.has_instance) {
                answer_error(message.id, "the decide has no whole-number \"instance\"");
            } else {
                decide(message.id, message.instance, message.view, message.has_view);
            }
            return;
        }
        if (type == "hello") {
            hello(message.protocol);
            return;
        }
        if (type != "create" && type != "destroy" && type != "new_match" && type != "event") {
            // A later minor version's message, or garbage: nothing to do for it.
            if (type.empty()) report("a message without a \"type\": " + quoted(line));
            return;
        }
        if (!message.has_instance) {
            report("a " + std::string(type) +
                   " without a whole-number \"instance\": " + quoted(line));
            return;
        }
        if (type == "create") {
            create(message.instance, message.seed);
        } else if (type == "destroy") {
            instances_.erase(message.instance);
        } else {
            const auto it = instances_.find(message.instance);
            if (it == instances_.end()) {
                report("a " + std::string(type) + " for instance " +
                       std::to_string(message.instance) + ", which does not exist");
                return;
            }
            Instance& in = it->second;
            if (!in.bot) return;
            if (type == "new_match") {
                try {
                    in.bot->new_match();
                } catch (const std::exception& e) {
                    report("instance " + std::to_string(message.instance) + ": " + e.what());
                }
            } else {
                event(message.instance, in, message.event, message.has_event);
            }
        }
    }

    void hello(std::int64_t protocol) {
        if (hello_answered_) return;
        hello_answered_ = true;
        if (!library_) {
            write_refusal();
            finish(1);
            return;
        }
        if (protocol != process::kProtocolVersion) {
            refusal_ = "this plugin host speaks protocol " +
                       std::to_string(process::kProtocolVersion) + ", not " +
                       std::to_string(protocol);
            write_refusal();
            finish(1);
            return;
        }
        out_ += "{\"type\":\"hello\",\"protocol\":";
        append_decimal(out_, process::kProtocolVersion);
        out_ += ",\"name\":";
        append_json_string(out_, library_->name());
        out_ += ",\"view\":\"full\",\"events\":";
        out_ += wants_events_ ? "true" : "false";
        out_ += "}\n";
    }

    void finish(int status) {
        finished_ = true;
        status_ = status;
    }

    void create(std::uint64_t number, std::uint64_t seed) {
        Instance& in = instances_[number];
        in.bot.reset();
        in.create_error.clear();
        if (in.actions.capacity() == 0)
            in.actions.reserve(static_cast<std::size_t>(kMaxRecordedActions));
        if (!library_) {
            in.create_error = refusal_.empty() ? "the plugin is not loaded" : refusal_;
            return;
        }
        try {
            in.bot = std::make_unique<PluginBot>(library_, config_, seed);
        } catch (const std::exception& e) {
            in.create_error = e.what();
        } catch (...) {
            in.create_error = "create threw an exception that is not a std::exception";
        }
    }

    void decide(std::uint64_t id, std::uint64_t number, simdjson::dom::element body,
                bool has_body) {
        const auto it = instances_.find(number);
        if (it == instances_.end()) {
            answer_error(id, "no instance " + std::to_string(number));
            return;
        }
        Instance& in = it->second;
        if (!in.bot) {
            answer_error(id, in.create_error);
            return;
        }
        simdjson::dom::object view;
        if (!has_body || body.get_object().get(view)) {
            answer_error(id, "the decide has no \"view\" object");
            return;
        }
        if (!process::read_view(view, in.view, in.actions, error_)) {
            answer_error(id, "the view cannot be read: " + error_);
            return;
        }
        Action action;
        try {
            action = in.bot->decide(in.view);
        } catch (const std::exception& e) {
            answer_error(id, e.what());
            return;
        } catch (...) {
            answer_error(id, "decide threw an exception that is not a std::exception");
            return;
        }
        relay_strategy(id, in, action);
    }

    // The plugin's strategy for the decision just made goes with its action: the host judges
    // it again against its own view, and a report the plugin's adapter dropped is named to
    // the host, which counts it (the action stands either way).
    void relay_strategy(std::uint64_t id, Instance& in, Action action) {
        // PluginBot::last_strategy throws nothing: a problem is noted in strategy_problems().
        const StrategyProblems& problems = *in.bot->strategy_problems();
        const std::int64_t before = problems.count;
        const bool reported = in.bot->last_strategy(in.view, strategy_);
        answer_action(
            id, action, reported ? &strategy_ : nullptr,
            problems.count != before ? std::string_view(problems.last) : std::string_view());
    }

    void event(std::uint64_t number, Instance& in, simdjson::dom::element body, bool has_body) {
        simdjson::dom::object object;
        if (!has_body || body.get_object().get(object)) {
            report("an event message without an \"event\" object");
            return;
        }
        if (!process::read_event(object, event_, error_)) {
            report("an event that cannot be read: " + error_);
            return;
        }
        try {
            in.bot->on_event(event_);
        } catch (const std::exception& e) {
            report("instance " + std::to_string(number) + ": " + e.what());
        }
    }

    static std::string quoted(std::string_view text) {
        std::string out;
        append_json_string(out, text.substr(0, 80));
        if (text.size() > 80) out += "...";
        return out;
    }

    int out_fd_;
    std::ostream* err_;
    std::shared_ptr<const PluginLibrary> library_;  // null: not loaded (refusal_ says why)
    std::string config_;
    std::string refusal_;
    bool wants_events_ = false;
    bool hello_answered_ = false;
    bool finished_ = false;
    int status_ = 0;
    int reports_ = 0;
    std::unordered_map<std::uint64_t, Instance> instances_;
    simdjson::dom::parser parser_;
    std::vector<char> buffer_;  // what was read, with SIMDJSON_PADDING bytes of slack
    std::string out_;           // the answers not yet written
    std::string error_;         // what read_view or read_event found wrong
    Strategy strategy_;         // the strategy of the decision being answered
    Event event_;
};

}  // namespace

int serve_plugin(std::string_view plugin_spec, int in_fd, int out_fd, std::ostream& err) {
    try {
        PluginServer server(out_fd, err);
        server.load(plugin_spec);
        return server.serve(in_fd);
    } catch (const std::exception& e) {  // std::bad_alloc, in practice
        err << "pokerarena plugin host: " << e.what() << '\n';
        return 1;
    }
}

int run_plugin_host(std::string_view plugin_spec) {
    install_plugin_crash_report(kill_bot_processes);
    // The protocol keeps a copy of standard output; standard output itself becomes standard
    // error, so that what a plugin prints cannot be taken for an answer.
    const int protocol_fd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (protocol_fd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        std::cerr << "pokerarena plugin host: cannot set up standard output: "
                  << std::strerror(errno) << '\n';
        return 1;
    }
    const int status = serve_plugin(plugin_spec, STDIN_FILENO, protocol_fd, std::cerr);
    ::close(protocol_fd);
    return status;
}

}  // namespace pokerarena
