// Work units as coroutines (internal to the sim library): the same code plays a unit in one
// go (play_unit) or with its tables paused while process bots think (play_lane).
//
// Where a unit's table waits for a posted decision (SeatDriver::step_hand() returned
// Waiting), the unit suspends on `co_await answer_of(context)`; the lane resumes it once the
// answer is in the context, which is the DecisionTicket the unit's drivers post with. A unit
// played in one go has a context with no lane: nothing is posted, so it never suspends; it
// costs a coroutine frame (its locals) per unit, and per tournament of a sit-and-go unit.
//
// Task<T> is a lazy coroutine: it runs when resumed (the top level, by its owner) or awaited
// (nested: `co_await play_tournament(...)` runs the inner one and continues the outer one when
// it ends). A suspension anywhere in the chain leaves the context's `waiting` handle as the
// one to resume.
#pragma once

#include <coroutine>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "pokerarena/bots/process_bot.hpp"

namespace pokerarena::sim::detail {

struct UnitContext final : DecisionTicket {
    // The lane whose processes the unit's process bots live in; -1: none, every decision is
    // waited for in the call (in-process bots, or play_unit).
    int lane = -1;
    bool has_answer = false;
    RemoteDecision answer;
    // The strategy the answer reported (null when none), in `strategy_room`, which is made at
    // the first one: the thousands of contexts of a lane whose bot reports none hold no
    // kilobyte each for it.
    const Strategy* strategy = nullptr;
    std::unique_ptr<Strategy> strategy_room;
    // The coroutine that awaits the answer, while it is suspended (null otherwise). An answer
    // may also come before the unit suspends (a bot that is out answers as it is asked): then
    // the unit takes it without suspending, and must not be put on the ready list, or the lane
    // would resume it once more, later, for nothing.
    std::coroutine_handle<> waiting;
    // The lane's list of answered units, and this unit's place in the lane (for a match's
    // context: its unit's list and place).
    std::vector<std::size_t>* ready = nullptr;
    std::size_t slot = 0;
    // A match's context: its unit's, which waits for any of its matches' answers (and then
    // has_answer without an answer of its own); null for a unit's.
    UnitContext* parent = nullptr;
    // A unit's context in a lane: the tables the lane may still start (a unit starts a match
    // only while it is positive, or when it has none in flight); null outside a lane.
    std::int64_t* tables_free = nullptr;
    void answered(RemoteDecision&& decision, const Strategy* reported) override {
        answer = std::move(decision);
        strategy = nullptr;
        if (reported) {
            if (!strategy_room) strategy_room = std::make_unique<Strategy>();
            *strategy_room = *reported;
            strategy = strategy_room.get();
        }
        has_answer = true;
        if (ready && waiting) {
            ready->push_back(slot);
            if (parent) parent->match_answered();
        }
    }

  private:
    // A match of this unit has an answer: the unit is put on the lane's list once, if it waits.
    void match_answered() {
        if (!waiting || has_answer) return;
        has_answer = true;
        if (ready) ready->push_back(slot);
    }
};

// `co_await answer_of(context)`: the answer to the decision the unit's table posted is in
// context.answer and context.strategy, until the next one. (Returning it by value would give
// the frame of every coroutine that awaits it a copy of its own.)
struct AnswerAwaiter {
    UnitContext& context;
    bool await_ready() const noexcept { return context.has_answer; }
    void await_suspend(std::coroutine_handle<> h) const noexcept { context.waiting = h; }
    void await_resume() const noexcept {
        context.has_answer = false;
        context.waiting = nullptr;
    }
};
inline AnswerAwaiter answer_of(UnitContext& context) {
    return {context};
}

template <class T>
class [[nodiscard]] Task {
  public:
    struct promise_type {
        std::optional<T> value;
        std::exception_ptr error;
        std::coroutine_handle<> continuation;  // the awaiting coroutine, if nested

        Task get_return_object() {
            return Task(std::coroutine_handle<promise_type>::from_promise(*this));
        }
        std::suspend_always initial_suspend() noexcept { return {}; }
        struct Final {
            bool await_ready() noexcept { return false; }
            std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
                const std::coroutine_handle<> next = h.promise().continuation;
                return next ? next : std::noop_coroutine();
            }
            void await_resume() noexcept {}
        };
        Final final_suspend() noexcept { return {}; }
        void return_value(T v) { value = std::move(v); }
        void unhandled_exception() { error = std::current_exception(); }
    };

    Task(Task&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
    Task& operator=(Task&&) = delete;
    ~Task() {
        if (handle_) handle_.destroy();
    }

    // The top level: runs until the first suspension or the end.
    void start() { handle_.resume(); }
    bool done() const { return handle_.done(); }
    // The result once done(); rethrows what the coroutine threw.
    T take() {
        promise_type& p = handle_.promise();
        if (p.error) std::rethrow_exception(p.error);
        return std::move(*p.value);
    }

    // Nested: runs the task, and resumes the awaiting coroutine with its result when it ends.
    auto operator co_await() && noexcept {
        struct Awaiter {
            std::coroutine_handle<promise_type> inner;
            bool await_ready() const noexcept { return false; }
            std::coroutine_handle<> await_suspend(std::coroutine_handle<> outer) noexcept {
                inner.promise().continuation = outer;
                return inner;
            }
            T await_resume() {
                promise_type& p = inner.promise();
                if (p.error) std::rethrow_exception(p.error);
                return std::move(*p.value);
            }
        };
        return Awaiter{handle_};
    }

  private:
    explicit Task(std::coroutine_handle<promise_type> h) : handle_(h) {}
    std::coroutine_handle<promise_type> handle_;
};

}  // namespace pokerarena::sim::detail
