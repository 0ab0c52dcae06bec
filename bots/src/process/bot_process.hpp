// One bot process: starting it, the handshake, its pipes and the decisions pending in it
// (internal to the bots library; process_bot.hpp says what users get).
//
// Locking: every public member takes the process's mutex, so a RemoteBot may be used from any
// thread; a lane's pump holds it while it reads. Tickets are answered with it held, so a
// ticket must not call back into the process.
#pragma once

#include <poll.h>
#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "pokerarena/bots/process_bot.hpp"
#include "protocol.hpp"

namespace pokerarena::process {

using Clock = std::chrono::steady_clock;

// The counters of all the processes of one bot, shared by them.
struct SharedStats {
    std::mutex mutex;
    ProcessStats stats;
    // Bytes written to the bot's log by all its processes: one cap (kMaxStderrBytes) per bot,
    // not per process, since they share the file.
    std::int64_t logged = 0;
    void problem(const std::string& what);  // keeps the first
};

class BotProcess {
  public:
    // Starts the program and does the handshake; throws ProcessBotError naming the command
    // and quoting the end of its standard error.
    BotProcess(const ProcessBotSpec& spec, int index, std::shared_ptr<SharedStats> stats);
    ~BotProcess();
    BotProcess(const BotProcess&) = delete;
    BotProcess& operator=(const BotProcess&) = delete;

    const Hello& hello() const { return hello_; }

    std::uint64_t create_instance(std::uint64_t seed);
    void destroy_instance(std::uint64_t instance);
    void new_match(std::uint64_t instance);
    void event(std::uint64_t instance, const Event& event);
    // Queues the request (written at the next pump). A bot that is out answers the ticket at
    // once with a fault.
    void post(std::uint64_t instance, const SeatView& view, DecisionTicket* ticket);
    // Queues a probabilities request (the bot's hello offered them); the ticket gets the
    // numbers, one per candidate, or a fault, as post's does.
    void post_probabilities(std::uint64_t instance, const SeatView& view,
                            std::span<const Action> candidates, DecisionTicket* ticket);

    // The poll entries of this process, appended to `fds`; then handle() with them.
    void add_poll_fds(std::vector<pollfd>& fds);
    // Reads, writes, parses and delivers; restarts the process on a failure. Returns the
    // tickets answered. `fds` points at this process's entries as add_poll_fds wrote them.
    int handle(const pollfd* fds);
    // Writes as much of the queued requests as the pipe takes now.
    void flush();
    std::int64_t pending() const;
    // Bytes queued for the bot and not yet written to its pipe; read without the mutex (the
    // lane's flow control, ProcessLane::unsent).
    std::size_t unsent() const { return unsent_.load(std::memory_order_relaxed); }
    // Answers every expired decision with a Timeout fault and restarts the process.
    int check_deadlines(Clock::time_point now);

    // ProcessLane::forget_pending for this process.
    void forget_pending();

    // Closes the bot's input and waits up to `grace` for it to exit, then kills it.
    void shut_down(std::chrono::milliseconds grace);

    std::mutex& mutex() { return mutex_; }
    // The counters of every process of this bot.
    ProcessStats stats() const {
        std::lock_guard lock(stats_->mutex);
        return stats_->stats;
    }

  private:
    // A decision's id: its slot in the low kSlotBits bits, the slot's use count above them,
    // 53 bits in all.
    static constexpr int kSlotBits = 20;
    static constexpr std::uint32_t kMaxPending = 1u << kSlotBits;
    static constexpr std::uint64_t kGenerationMask = (std::uint64_t{1} << (53 - kSlotBits)) - 1;

    struct Pending {
        DecisionTicket* ticket = nullptr;
        std::uint64_t generation = 0;
        bool used = false;
        // What was asked, so that an answer of the other kind is a bad answer: a decision, or
        // the probabilities of `candidates` actions.
        bool probabilities = false;
        std::uint32_t candidates = 0;
        LegalActions legal;  // a decision's, to judge the strategy its answer reports
        Clock::time_point sent;
        // The generation + 1 of the last decision of this slot that forget_pending() dropped
        // (0: none), so that its late answer is told from a bot's second answer.
        std::uint64_t forgotten = 0;
    };

    // Takes a free slot for a request and returns its id; a bot that is out, or has every
    // slot taken, answers the ticket with a fault and gets none.
    bool take_slot(DecisionTicket* ticket, std::uint64_t& id, std::uint32_t& slot);

    void start();
    void handshake();
    // Kills the process group and reaps it, after waiting up to `grace` for the process to end
    // by itself; `how` says how it ended ("exited with status 3"), "" when it was killed here.
    void kill_now(std::string* how = nullptr,
                  std::chrono::milliseconds grace = std::chrono::milliseconds(0));
    // The process failed: every pending decision gets `kind` (the expired ones Timeout), the
    // process is killed and, restarts allowing, started again. Returns the tickets answered.
    int fail(FaultKind kind, const std::string& why);
    int read_output();
    void read_stderr();
    // The slot of the decision `id` names, when that decision is pending.
    bool pending_slot(std::uint64_t id, std::uint32_t& slot) const;
    // Whether `id` names a decision forget_pending() dropped.
    bool was_forgotten(std::uint64_t id) const;
    // Answers the pending decision in `slot` with `answer`; returns the tickets answered (1).
    int deliver(std::uint32_t slot, const Answer& answer);
    void note_invalid_strategy(const std::string& why);
    // Frees `slot` and gives its ticket the decision, with the strategy its answer reported
    // (valid for the decision) or null.
    void answer(std::uint32_t slot, RemoteDecision&& decision, const Strategy* strategy = nullptr);
    std::string stderr_tail() const;
    std::string describe() const;  // "bot 'NAME' (process 2 of 'python3 bot.py')"

    ProcessBotSpec spec_;
    int index_;
    std::shared_ptr<SharedStats> stats_;
    mutable std::mutex mutex_;
    Hello hello_;

    pid_t pid_ = -1;
    int in_fd_ = -1;   // the bot's standard input (we write)
    int out_fd_ = -1;  // its standard output (we read)
    int err_fd_ = -1;  // its standard error (we read and log)
    int pid_fd_ = -1;  // readable when the process exits (pidfd; -1 where the kernel has none)
    int log_fd_ = -1;
    std::string tail_;  // the last bytes of standard error, for messages
    bool out_of_play_ = false;
    std::string out_reason_;
    int restarts_ = 0;

    std::string write_buffer_;
    std::size_t written_ = 0;  // of write_buffer_
    // The bytes a pipe is still to take, after each change: write_buffer_.size() - written_,
    // and none when there is no pipe (they can only go with the process).
    std::atomic<std::size_t> unsent_{0};
    void note_unsent() {
        unsent_.store(in_fd_ >= 0 ? write_buffer_.size() - written_ : 0, std::memory_order_relaxed);
    }
    std::string read_buffer_;
    std::size_t parsed_ = 0;  // of read_buffer_
    std::string scratch_;

    std::vector<Pending> pending_;
    std::vector<std::uint32_t> free_slots_;
    std::int64_t num_pending_ = 0;
    // The bot's clock (check_deadlines): it runs while decisions are pending and one of them is
    // in its pipe, from the later of its last answer and the moment the pipe first took a
    // request it could read. A bot working through a deep queue at its own pace answers
    // often, and so is never timed out for the queue; one that answers nothing is.
    Clock::time_point last_answer_{};
    bool clock_running_ = false;

    std::uint64_t next_instance_ = 1;
    std::unordered_map<std::uint64_t, std::uint64_t> instances_;  // live instance -> seed
};

}  // namespace pokerarena::process
