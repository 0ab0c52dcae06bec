#include "bot_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <thread>

#include "child_io.hpp"
#include "descendants.hpp"
#include "pokerarena/engine/text.hpp"

extern char** environ;

namespace pokerarena::process {

namespace {

// A decision that was not made, of `kind`, with why.
RemoteDecision faulted(FaultKind kind, std::string message) {
    RemoteDecision decision;
    decision.fault = kind;
    decision.message = std::move(message);
    return decision;
}

constexpr std::size_t kReadChunk = 1 << 16;
constexpr std::size_t kTailBytes = 2048;

std::string command_text(const ProcessBotSpec& spec) {
    std::string text;
    for (const std::string& word : spec.command) {
        if (!text.empty()) text += ' ';
        text += word;
    }
    return text;
}

std::string how_it_ended(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        const char* name = sigabbrev_np(WTERMSIG(status));
        return std::string("was killed by ") + (name ? std::string("SIG") + name : "a signal");
    }
    return "ended";
}

// "2.5", "10": a time limit as a person writes it.
std::string seconds_text(std::chrono::milliseconds ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(ms.count()) / 1000.0);
    return text;
}

void set_nonblocking(int fd) {
    const int flags = ::fcntl(fd, F_GETFL);
    ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// A pidfd turns "the process exited" into a readable descriptor, so that a bot that exits
// while a child of its own keeps its output open is still noticed at once.
int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
    const long fd = ::syscall(SYS_pidfd_open, pid, 0);
    return fd < 0 ? -1 : static_cast<int>(fd);
#else
    (void)pid;
    return -1;
#endif
}

// The bot's log, appended to (a resumed run adds to the log of the run it continues). Never
// through a symbolic link (O_NOFOLLOW): a link planted there would have the bot's output
// appended to whatever file it names. A link is an error rather than replaced: the log is the
// one output appended to, not rewritten, so what stands at its name is the user's to settle.
// Never a FIFO or a device either: O_NONBLOCK keeps the open of a FIFO without a reader from
// waiting, and fstat() refuses what is not a regular file. -1 with errno set on failure.
int open_log(const std::string& path) {
    const int fd = ::open(
        path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    struct stat status {};
    const int error = ::fstat(fd, &status) != 0 ? errno : S_ISREG(status.st_mode) ? 0 : EINVAL;
    if (error != 0) {
        ::close(fd);
        errno = error;
        return -1;
    }
    // Writes to the log are small and rare; blocking ones are what a regular file does anyway.
    ::fcntl(fd, F_SETFL, O_APPEND);
    return fd;
}

// Why open_log() failed, in words that say what to do about it.
std::string log_problem(int error) {
    if (error == ELOOP)
        return "a symbolic link; a log is appended to, never through a link: remove the link or "
               "write the report elsewhere";
    if (error == EINVAL || error == ENXIO) return "not a regular file";
    return std::strerror(error);
}

}  // namespace

void SharedStats::problem(const std::string& what) {
    if (stats.first_problem.empty()) stats.first_problem = what;
}

BotProcess::BotProcess(const ProcessBotSpec& spec, int index, std::shared_ptr<SharedStats> stats)
    : spec_(spec), index_(index), stats_(std::move(stats)) {
    // A bot that closes its input makes our write fail with EPIPE rather than end the host.
    ::signal(SIGPIPE, SIG_IGN);
    log_fd_ = open_log(spec_.stderr_log);
    if (log_fd_ < 0)
        throw ProcessBotError(describe() + ": cannot write its log '" + spec_.stderr_log +
                              "': " + log_problem(errno));
    try {
        start();
        handshake();
    } catch (...) {
        kill_now();
        close_fd(log_fd_);
        throw;
    }
}

BotProcess::~BotProcess() {
    kill_now();
    close_fd(log_fd_);
}

std::string BotProcess::describe() const {
    std::string text = "bot '" + spec_.name + "'";
    if (spec_.procs > 1)
        text +=
            " (process " + std::to_string(index_ + 1) + " of " + std::to_string(spec_.procs) + ")";
    return text + " ['" + command_text(spec_) + "']";
}

void BotProcess::start() {
    int in_pipe[2], out_pipe[2], err_pipe[2];
    if (::pipe2(in_pipe, O_CLOEXEC) != 0 || ::pipe2(out_pipe, O_CLOEXEC) != 0 ||
        ::pipe2(err_pipe, O_CLOEXEC) != 0)
        throw ProcessBotError(describe() + ": cannot make pipes: " + std::strerror(errno));
    BotLaunch launch;
    launch.candidates = exec_candidates(spec_.command[0]);
    launch.argv = spec_.command;
    for (char** e = environ; *e != nullptr; ++e)
        launch.env.emplace_back(*e);
    for (const std::string& e : spec_.env) {
        const std::string key = e.substr(0, e.find('=') + 1);
        std::erase_if(launch.env, [&](const std::string& old) { return old.starts_with(key); });
        launch.env.push_back(e);
    }
    launch.working_dir = spec_.working_dir;
    launch.stdin_fd = in_pipe[0];
    launch.stdout_fd = out_pipe[1];
    launch.stderr_fd = err_pipe[1];
    int error = 0;
    const pid_t pid = launch_bot_program(launch, error);
    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    ::close(err_pipe[1]);
    if (pid < 0) {
        ::close(in_pipe[1]);
        ::close(out_pipe[0]);
        ::close(err_pipe[0]);
        // The folder may be what is missing (the program starts in it): then it is the
        // problem, not the program.
        std::error_code ec;
        if (!spec_.working_dir.empty() && !std::filesystem::is_directory(spec_.working_dir, ec))
            throw ProcessBotError(describe() + ": cannot start '" + spec_.command[0] +
                                  "': its folder '" + spec_.working_dir +
                                  "' does not exist or is not a folder");
        throw ProcessBotError(
            describe() + ": cannot start '" + spec_.command[0] + "': " + std::strerror(error) +
            (spec_.working_dir.empty() ? std::string()
                                       : " (in the folder '" + spec_.working_dir + "')"));
    }
    pid_ = pid;
    in_fd_ = in_pipe[1];
    out_fd_ = out_pipe[0];
    err_fd_ = err_pipe[0];
    pid_fd_ = open_pidfd(pid);
    // Big pipes: a batch of a few thousand requests goes in one write.
    ::fcntl(in_fd_, F_SETPIPE_SZ, 1 << 20);
    ::fcntl(out_fd_, F_SETPIPE_SZ, 1 << 20);
    set_nonblocking(in_fd_);
    set_nonblocking(out_fd_);
    set_nonblocking(err_fd_);
    write_buffer_.clear();
    written_ = 0;
    read_buffer_.clear();
    parsed_ = 0;
}

void BotProcess::handshake() {
    write_hello(write_buffer_, spec_.name, spec_.config, spec_.game, spec_.deck, spec_.hole_cards);
    const auto deadline = Clock::now() + spec_.start_timeout;
    const auto fail_start = [&](const std::string& what, bool refused = false) {
        std::string how;
        kill_now(&how, std::chrono::milliseconds(200));  // a bot that gave up may be exiting
        read_stderr();
        // `what` may quote the bot's hello (its refusal's reason): escaped, as its stderr is.
        std::string message = describe() + ": " + printable_text(what);
        // A refusal gives its reason; the status the bot exits with after it says no more, and
        // beside an ACPC bridge's reason (which quotes its client's status) read as a second.
        if (!how.empty() && !refused) message += " (it " + how + ")";
        const std::string tail = stderr_tail();
        message += tail.empty() ? "; it wrote nothing to standard error"
                                : "; the end of its standard error:\n" + tail;
        throw ProcessBotError(message);
    };
    for (;;) {
        flush();
        const std::size_t newline = read_buffer_.find('\n', parsed_);
        if (newline != std::string::npos) {
            const std::string_view line(read_buffer_.data() + parsed_, newline - parsed_);
            hello_ = parse_hello(line);
            parsed_ = newline + 1;
            if (!hello_.ok)
                fail_start("bad hello: " + hello_.error, hello_.error.starts_with("refused: "));
            std::lock_guard lock(stats_->mutex);
            stats_->stats.api_name = hello_.name;
            return;
        }
        const auto now = Clock::now();
        if (now >= deadline)
            fail_start("no hello within " + seconds_text(spec_.start_timeout) + " s");
        pollfd fds[3] = {
            {out_fd_, POLLIN, 0},
            {err_fd_, POLLIN, 0},
            {in_fd_, static_cast<short>(written_ < write_buffer_.size() ? POLLOUT : 0), 0}};
        const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
        ::poll(fds, 3, static_cast<int>(std::min<std::int64_t>(wait.count() + 1, 100)));
        if (fds[1].revents != 0) read_stderr();
        if (fds[0].revents != 0) {
            char chunk[4096];
            const ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
            if (n == 0) fail_start("closed its output before its hello");
            if (n > 0) read_buffer_.append(chunk, static_cast<std::size_t>(n));
            if (read_buffer_.size() > kMaxLineBytes) fail_start("wrote a line of over 1 MiB");
        }
    }
}

void BotProcess::kill_now(std::string* how, std::chrono::milliseconds grace) {
    if (pid_ > 0) {
        // A process that closed its output as it died is reaped as it ended; one still
        // running after `grace` is killed here, and then how it ended says nothing.
        int status = 0;
        pid_t ended = ::waitpid(pid_, &status, WNOHANG);
        const auto deadline = Clock::now() + grace;
        while (ended == 0 && Clock::now() < deadline) {
            pollfd exit_fd{pid_fd_, POLLIN, 0};
            ::poll(&exit_fd, pid_fd_ >= 0 ? 1 : 0, 5);
            ended = ::waitpid(pid_, &status, WNOHANG);
        }
        ::kill(-pid_, SIGKILL);  // the children it left, or the whole group
        if (ended != pid_) {
            ::kill(pid_, SIGKILL);
            while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
            }
        }
        if (how) *how = ended == pid_ ? how_it_ended(status) : std::string();
        unregister_bot_program(pid_);
        pid_ = -1;
        // What it started and left outside its group (setsid()) is this process's child now.
        reap_bot_orphans();
    }
    close_fd(in_fd_);
    close_fd(out_fd_);
    close_fd(pid_fd_);
    // What was queued for it goes with it (a restart queues its instances anew).
    write_buffer_.clear();
    written_ = 0;
    note_unsent();
    // Standard error last: what the bot wrote before it died is still worth logging.
    if (err_fd_ >= 0) {
        read_stderr();
        close_fd(err_fd_);
    }
}

void BotProcess::read_stderr() {
    char chunk[kReadChunk];
    for (;;) {
        const ssize_t n = err_fd_ < 0 ? -1 : ::read(err_fd_, chunk, sizeof chunk);
        if (n == 0) {
            // Its standard error is closed for good: polled further, it would wake every poll.
            close_fd(err_fd_);
            return;
        }
        if (n < 0) return;
        const auto size = static_cast<std::size_t>(n);
        tail_.append(chunk, size);
        if (tail_.size() > 2 * kTailBytes) tail_.erase(0, tail_.size() - kTailBytes);
        std::size_t keep = 0;
        {
            std::lock_guard lock(stats_->mutex);
            const std::int64_t room = std::max<std::int64_t>(0, kMaxStderrBytes - stats_->logged);
            keep = static_cast<std::size_t>(std::min<std::int64_t>(room, n));
            stats_->logged += static_cast<std::int64_t>(keep);
            stats_->stats.stderr_bytes_dropped += static_cast<std::int64_t>(size - keep);
        }
        if (keep > 0) (void)::write(log_fd_, chunk, keep);
    }
}

std::string BotProcess::stderr_tail() const {
    std::string tail = tail_.size() > kTailBytes ? tail_.substr(tail_.size() - kTailBytes) : tail_;
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r'))
        tail.pop_back();
    // Line by line, each escaped: the bot's bytes go to a terminal (an escape sequence would
    // rewrite the screen or its title), its lines stay lines.
    std::string escaped;
    for (std::size_t start = 0; start <= tail.size();) {
        std::size_t end = tail.find('\n', start);
        if (end == std::string::npos) end = tail.size();
        std::string_view line(tail.data() + start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (start > 0) escaped += '\n';
        escaped += printable_text(line);
        start = end + 1;
    }
    return escaped;
}

std::uint64_t BotProcess::create_instance(std::uint64_t seed) {
    std::lock_guard lock(mutex_);
    const std::uint64_t instance = next_instance_++;
    instances_.emplace(instance, seed);
    if (!out_of_play_) write_create(write_buffer_, instance, seed);
    note_unsent();
    return instance;
}

void BotProcess::destroy_instance(std::uint64_t instance) {
    std::lock_guard lock(mutex_);
    instances_.erase(instance);
    if (!out_of_play_) write_destroy(write_buffer_, instance);
    note_unsent();
}

void BotProcess::new_match(std::uint64_t instance) {
    std::lock_guard lock(mutex_);
    if (!out_of_play_) write_new_match(write_buffer_, instance);
    note_unsent();
}

void BotProcess::event(std::uint64_t instance, const Event& event) {
    std::lock_guard lock(mutex_);
    if (!out_of_play_) write_event(write_buffer_, instance, event);
    note_unsent();
}

bool BotProcess::take_slot(DecisionTicket* ticket, std::uint64_t& id, std::uint32_t& slot) {
    if (out_of_play_) {
        ticket->answered(faulted(FaultKind::Forfeit, out_reason_), nullptr);
        return false;
    }
    if (!free_slots_.empty()) {
        slot = free_slots_.back();
        free_slots_.pop_back();
    } else if (pending_.size() < kMaxPending) {
        slot = static_cast<std::uint32_t>(pending_.size());
        pending_.emplace_back();
    } else {
        ticket->answered(faulted(FaultKind::Crash,
                                 describe() + " has " + std::to_string(kMaxPending) +
                                     " decisions pending already (give it fewer tables in flight)"),
                         nullptr);
        return false;
    }
    Pending& p = pending_[slot];
    p.ticket = ticket;
    p.used = true;
    // The id names the slot and how often it was used, so that a late or repeated answer is
    // told from the slot's current decision; it stays below 2^53, so that a bot that reads
    // numbers as doubles (JavaScript) still echoes it exactly.
    p.generation = (p.generation + 1) & kGenerationMask;
    p.sent = Clock::now();
    ++num_pending_;  // the clock starts when the pipe takes the request (flush)
    id = (p.generation << kSlotBits) | slot;
    return true;
}

void BotProcess::post(std::uint64_t instance, const SeatView& view, DecisionTicket* ticket) {
    std::lock_guard lock(mutex_);
    std::uint64_t id = 0;
    std::uint32_t slot = 0;
    if (!take_slot(ticket, id, slot)) return;
    pending_[slot].probabilities = false;
    pending_[slot].legal = view.legal;
    write_decide(write_buffer_, id, instance, view, hello_.legal_only, hello_.compact);
    note_unsent();
}

void BotProcess::post_probabilities(std::uint64_t instance, const SeatView& view,
                                    std::span<const Action> candidates, DecisionTicket* ticket) {
    std::lock_guard lock(mutex_);
    std::uint64_t id = 0;
    std::uint32_t slot = 0;
    if (!take_slot(ticket, id, slot)) return;
    pending_[slot].probabilities = true;
    pending_[slot].candidates = static_cast<std::uint32_t>(candidates.size());
    write_probabilities(write_buffer_, id, instance, view, hello_.legal_only, candidates);
    note_unsent();
}

std::int64_t BotProcess::pending() const {
    std::lock_guard lock(mutex_);
    return num_pending_;
}

void BotProcess::flush() {
    bool wrote = false;
    while (in_fd_ >= 0 && written_ < write_buffer_.size()) {
        const ssize_t n =
            ::write(in_fd_, write_buffer_.data() + written_, write_buffer_.size() - written_);
        if (n > 0) {
            written_ += static_cast<std::size_t>(n);
            wrote = true;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        // EAGAIN: the pipe is full, the rest goes when it drains. EPIPE: the bot closed its
        // input; reading its output will tell what became of it.
        break;
    }
    if (written_ == write_buffer_.size()) {
        write_buffer_.clear();
        written_ = 0;
    }
    // Bytes in the pipe while decisions wait: the bot has something to read from now on. (A
    // request is a few hundred bytes, and the first bytes taken belong to the oldest.)
    if (wrote && !clock_running_ && num_pending_ > 0) {
        clock_running_ = true;
        last_answer_ = Clock::now();
    }
    note_unsent();
}

void BotProcess::add_poll_fds(std::vector<pollfd>& fds) {
    std::lock_guard lock(mutex_);
    const short out_events = written_ < write_buffer_.size() ? POLLOUT : 0;
    fds.push_back({out_fd_, POLLIN, 0});
    fds.push_back({err_fd_, POLLIN, 0});
    fds.push_back({in_fd_, out_events, 0});
    fds.push_back({pid_fd_, POLLIN, 0});
}

void BotProcess::answer(std::uint32_t slot, RemoteDecision&& decision, const Strategy* strategy) {
    Pending& p = pending_[slot];
    DecisionTicket* ticket = p.ticket;
    p.used = false;
    p.ticket = nullptr;
    free_slots_.push_back(slot);
    if (--num_pending_ == 0) clock_running_ = false;
    ticket->answered(std::move(decision), strategy);
}

namespace {

// The numbers of a probabilities answer of the right count, held to Bot's contract (each in
// 0..1, the sum at most 1) here, as PluginBot does, so that every caller can rely on it.
RemoteDecision probabilities_decision(const std::vector<double>& numbers) {
    double sum = 0;
    for (std::size_t i = 0; i < numbers.size(); ++i) {
        const double p = numbers[i];
        if (!(p >= 0.0 && p <= 1.0))
            return faulted(FaultKind::BadAnswer, "answered probability " + std::to_string(p) +
                                                     " for candidate " + std::to_string(i) +
                                                     ", outside 0..1");
        sum += p;
    }
    if (sum > 1.0 + 1e-9)
        return faulted(FaultKind::BadAnswer, "answered probabilities summing to " +
                                                 std::to_string(sum) + ", more than 1");
    RemoteDecision decision;
    decision.ok = true;
    decision.probabilities = numbers;
    return decision;
}

// An action answer's decision, with why the strategy it reported was dropped when it was:
// unreadable, or not valid for the decision (`legal`).
RemoteDecision action_decision(const Answer& a, const LegalActions& legal) {
    RemoteDecision decision;
    decision.ok = true;
    decision.action = a.action;
    decision.strategy_problem =
        a.has_strategy ? strategy_problem(a.strategy, legal) : a.strategy_problem;
    return decision;
}

}  // namespace

bool BotProcess::pending_slot(std::uint64_t id, std::uint32_t& slot) const {
    slot = static_cast<std::uint32_t>(id & (kMaxPending - 1));
    return slot < pending_.size() && pending_[slot].used &&
           pending_[slot].generation == id >> kSlotBits;
}

bool BotProcess::was_forgotten(std::uint64_t id) const {
    const auto slot = static_cast<std::uint32_t>(id & (kMaxPending - 1));
    return slot < pending_.size() && pending_[slot].forgotten == (id >> kSlotBits) + 1;
}

void BotProcess::note_invalid_strategy(const std::string& why) {
    std::lock_guard lock(stats_->mutex);
    if (stats_->stats.invalid_strategies++ == 0) stats_->stats.first_invalid_strategy = why;
}

int BotProcess::deliver(std::uint32_t slot, const Answer& a) {
    const Pending& p = pending_[slot];
    switch (a.kind) {
        case Answer::Kind::Action:
            if (p.probabilities) {
                answer(slot, faulted(FaultKind::BadAnswer,
                                     "answered an action to a probabilities request"));
            } else {
                RemoteDecision decision = action_decision(a, p.legal);
                const bool valid = a.has_strategy && decision.strategy_problem.empty();
                if (!decision.strategy_problem.empty())
                    note_invalid_strategy(decision.strategy_problem);
                answer(slot, std::move(decision), valid ? &a.strategy : nullptr);
            }
            break;
        case Answer::Kind::Probabilities:
            if (!p.probabilities)
                answer(slot,
                       faulted(FaultKind::BadAnswer, "answered probabilities to a decide request"));
            else if (a.probabilities.size() != p.candidates)
                answer(slot, faulted(FaultKind::BadAnswer,
                                     "answered " + std::to_string(a.probabilities.size()) +
                                         " probabilities for " + std::to_string(p.candidates) +
                                         " candidates"));
            else
                answer(slot, probabilities_decision(a.probabilities));
            break;
        case Answer::Kind::Error:
            answer(slot,
                   faulted(FaultKind::ErrorStatus, "the bot answered an error: " + a.message));
            break;
        default:
            answer(slot, faulted(FaultKind::BadAnswer, a.message));
            break;
    }
    return 1;
}

int BotProcess::read_output() {
    int answered = 0;
    char chunk[kReadChunk];
    for (;;) {
        const ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
        if (n < 0) {
            if (errno == EINTR) continue;
            break;  // EAGAIN: all read
        }
        if (n == 0) return answered + fail(FaultKind::Crash, "closed its output");
        read_buffer_.append(chunk, static_cast<std::size_t>(n));
        // Whole lines only; a partial one waits for its end.
        for (;;) {
            const std::size_t newline = read_buffer_.find('\n', parsed_);
            if (newline == std::string::npos) break;
            const std::string_view line(read_buffer_.data() + parsed_, newline - parsed_);
            parsed_ = newline + 1;
            if (line.empty()) continue;
            const Answer a = parse_answer(line, scratch_);
            if (!a.has_id) {
                // Not an answer at all: the stream can no longer be trusted to pair answers
                // with requests.
                {
                    std::lock_guard lock(stats_->mutex);
                    ++stats_->stats.bad_lines;
                }
                return answered + fail(FaultKind::BadAnswer,
                                       "wrote a line that is not an answer (" + a.message + ")");
            }
            std::uint32_t slot = 0;
            if (!pending_slot(a.id, slot)) {
                {
                    std::lock_guard lock(stats_->mutex);
                    ++stats_->stats.bad_lines;
                }
                // The host gave this decision up (forget_pending): the bot is not to blame.
                if (was_forgotten(a.id)) continue;
                // A second answer, or one for a decision never asked: the bot has lost track
                // of which answer is whose, so that its next one may be meant for another
                // decision. It is garbage, as a line that is not an answer is.
                return answered + fail(FaultKind::BadAnswer,
                                       "answered id " + std::to_string(a.id) +
                                           ", which is not a pending decision (never asked, or "
                                           "answered already)");
            }
            answered += deliver(slot, a);
        }
        if (read_buffer_.size() - parsed_ > kMaxLineBytes) {
            {
                std::lock_guard lock(stats_->mutex);
                ++stats_->stats.bad_lines;
            }
            return answered + fail(FaultKind::BadAnswer, "wrote a line of over 1 MiB");
        }
        if (parsed_ == read_buffer_.size()) {
            read_buffer_.clear();
            parsed_ = 0;
        } else if (parsed_ > kReadChunk) {
            read_buffer_.erase(0, parsed_);
            parsed_ = 0;
        }
    }
    // One clock read a read, not one an answer: the time limit runs from the last answer.
    if (answered > 0) last_answer_ = Clock::now();
    return answered;
}

int BotProcess::handle(const pollfd* fds) {
    std::lock_guard lock(mutex_);
    if (out_of_play_ || pid_ < 0) return 0;
    // A failure while reading restarts the process: the entries of `fds` are then the old
    // process's and say nothing of the new one.
    const pid_t polled = pid_;
    int answered = 0;
    if (fds[1].revents != 0) read_stderr();
    if (fds[0].revents != 0) answered += read_output();
    if (pid_ != polled) return answered;
    if (fds[3].revents != 0 && pid_fd_ >= 0) {
        // The process itself has ended (its children may hold the pipe): answers it wrote
        // before that were read above.
        answered += read_output();
        if (pid_ == polled) answered += fail(FaultKind::Crash, "ended");
        return answered;
    }
    if (fds[2].revents & (POLLERR | POLLHUP)) {
        answered += read_output();
        if (pid_ == polled) answered += fail(FaultKind::Crash, "closed its input");
        return answered;
    }
    return answered;
}

int BotProcess::check_deadlines(Clock::time_point now) {
    std::lock_guard lock(mutex_);
    if (num_pending_ == 0 || out_of_play_ || !clock_running_) return 0;
    // The limit is on the bot, not on the queue: with thousands of tables in flight the last
    // request of a batch waits for all those before it, so a decision's own age says nothing.
    // The bot is stuck when no answer at all has come for `timeout` while it had a decision
    // to read (clock_running_).
    if (now - last_answer_ < spec_.decision_timeout) return 0;
    return fail(FaultKind::Timeout,
                "did not answer within " + seconds_text(spec_.decision_timeout) + " s");
}

int BotProcess::fail(FaultKind kind, const std::string& why) {
    std::string how;
    // A crash is seen as a closed pipe a moment before the process can be reaped.
    kill_now(&how, kind == FaultKind::Crash ? std::chrono::milliseconds(200)
                                            : std::chrono::milliseconds(0));
    std::string what = describe() + " " + why;
    if (why == "ended")
        what = describe() + " " + how;
    else if (!how.empty())
        what += "; it " + how;
    int answered = 0;
    // A timeout is the fault of the decision the bot was stuck on, the oldest; the others were
    // lost with the process.
    std::uint32_t oldest = 0;
    for (std::uint32_t slot = 0; slot < pending_.size(); ++slot)
        if (pending_[slot].used &&
            (!pending_[oldest].used || pending_[slot].sent < pending_[oldest].sent))
            oldest = slot;
    for (std::uint32_t slot = 0; slot < pending_.size(); ++slot) {
        if (!pending_[slot].used) continue;
        const FaultKind k = kind == FaultKind::Timeout && slot != oldest ? FaultKind::Crash : kind;
        answer(
            slot,
            faulted(k, k == kind ? what : what + "; this decision was pending in it (restarted)"));
        ++answered;
    }
    {
        std::lock_guard lock(stats_->mutex);
        ProcessStats& s = stats_->stats;
        if (kind == FaultKind::Timeout)
            ++s.timeouts;
        else if (kind == FaultKind::Crash)
            ++s.crashes;
        stats_->problem(what);
    }
    if (restarts_ >= spec_.max_restarts) {
        out_of_play_ = true;
        out_reason_ = describe() + " is out after " + std::to_string(restarts_) +
                      " restarts (the last: " + why + ")";
        std::lock_guard lock(stats_->mutex);
        stats_->stats.out = true;
        return answered;
    }
    ++restarts_;
    {
        std::lock_guard lock(stats_->mutex);
        ++stats_->stats.restarts;
    }
    const Hello before = hello_;
    try {
        start();
        handshake();
        // Its tables were set up for the first hello's view and events.
        if (hello_.legal_only != before.legal_only || hello_.wants_events != before.wants_events ||
            hello_.compact != before.compact)
            throw ProcessBotError(describe() +
                                  " asked for another view, encoding or events after its restart");
    } catch (const ProcessBotError& e) {
        kill_now();
        out_of_play_ = true;
        out_reason_ = std::string("could not be restarted: ") + e.what();
        std::lock_guard lock(stats_->mutex);
        stats_->stats.out = true;
        stats_->problem(out_reason_);
        return answered;
    }
    // The instances come back from their seeds; what they had learnt is lost.
    for (const auto& [instance, seed] : instances_)
        write_create(write_buffer_, instance, seed);
    note_unsent();
    return answered;
}

void BotProcess::forget_pending() {
    std::lock_guard lock(mutex_);
    for (std::uint32_t slot = 0; slot < pending_.size(); ++slot) {
        if (!pending_[slot].used) continue;
        pending_[slot].used = false;
        pending_[slot].ticket = nullptr;
        pending_[slot].forgotten = pending_[slot].generation + 1;
        free_slots_.push_back(slot);
    }
    num_pending_ = 0;
    clock_running_ = false;
}

void BotProcess::shut_down(std::chrono::milliseconds grace) {
    std::lock_guard lock(mutex_);
    // A decision posted after this is answered at once as a fault, not left waiting on pipes
    // that are closed.
    if (!out_of_play_) {
        out_of_play_ = true;
        out_reason_ = describe() + " has been shut down";
    }
    if (pid_ < 0) return;
    flush();
    close_fd(in_fd_);
    const auto deadline = Clock::now() + grace;
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(pid_, &status, WNOHANG);
        if (done == pid_) {
            pid_ = -1;
            ::kill(-done, SIGKILL);  // anything it left behind
            unregister_bot_program(done);
            reap_bot_orphans();
            break;
        }
        if (Clock::now() >= deadline) break;
        pollfd fds[2] = {{err_fd_, POLLIN, 0}, {pid_fd_, POLLIN, 0}};
        ::poll(fds, pid_fd_ >= 0 ? 2 : 1, 20);
        if (fds[0].revents != 0) read_stderr();
        // Its output is no longer read: drain it so that a bot writing at exit is not stuck.
        char sink[4096];
        while (out_fd_ >= 0 && ::read(out_fd_, sink, sizeof sink) > 0) {
        }
    }
    kill_now();
}

}  // namespace pokerarena::process
