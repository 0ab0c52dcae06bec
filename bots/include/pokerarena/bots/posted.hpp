// Decisions posted now and answered later, so that one thread keeps thousands of tables in
// flight on a bot that answers many decisions at once.
//
// - A bot whose posting() is not null takes its decisions with post_decide(view, ticket) as
//   well as with decide(): a seat driver told to post (SeatDriver::post_decisions) pauses its
//   table there, and the answer, or the fault that replaces it, comes to the ticket later.
// - Two kinds of bot post: an instance in a bot process (RemoteBot, process_bot.hpp), whose
//   requests a ProcessLane writes to the pipe and whose answers it reads as they come; and a
//   bot in this process that answers a whole queue of decisions in one call (a Python class's
//   decide_batch, its coroutines run together on one event loop), whose DecisionQueue the lane
//   asks to answer everything posted at each pump.
// - A factory whose bots post has lanes() > 0 and gives each lane its process (process()) or
//   its queue (decision_queue()): a lane is pumped by one thread at a time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "pokerarena/bots/bot.hpp"
#include "pokerarena/bots/strategy.hpp"
#include "pokerarena/engine/action.hpp"
#include "pokerarena/engine/seat_view.hpp"

namespace pokerarena {

// What became of one posted decision.
struct RemoteDecision {
    bool ok = false;
    Action action;                       // ok
    FaultKind fault = FaultKind::Crash;  // !ok
    std::string message;                 // !ok: why
    // ok, for a probabilities request: one per candidate. Empty (never allocated) for a
    // decision.
    std::vector<double> probabilities;
    // ok: why the strategy the answer reported was dropped ("" when it reported a valid one
    // or none): it could not be read, strategy_problem() found it invalid, or the bot said it
    // could not report one ("strategy_error"). Not a fault: the action stands. A host that
    // posts decisions counts these; RemoteBot::decide notes them in strategy_problems().
    std::string strategy_problem;
};

// Where the answer of a posted decision goes: the table waiting for it.
class DecisionTicket {
  public:
    // `strategy`: for an ok decision whose answer reported the strategy its action was drawn
    // from, valid for the decision's view (strategy_problem() found nothing wrong); null
    // otherwise. It lives only for the call: a ticket that keeps it copies it. (Passed apart
    // so that the answers thousands of paused tables keep hold no 1 KB Strategy each.)
    virtual void answered(RemoteDecision&& decision, const Strategy* strategy) = 0;

  protected:
    ~DecisionTicket() = default;
};

// A bot that takes posted decisions (Bot::posting()). post_decide throws nothing: a failure
// is the ticket's fault, given at once or at the next pump.
class PostingBot {
  public:
    virtual void post_decide(const SeatView& view, DecisionTicket* ticket) = 0;

  protected:
    ~PostingBot() = default;
};

// The decisions posted to the bots of one lane that answer in this process. Called only by
// the thread that pumps the lane (ProcessLane::pump), which also posts.
class DecisionQueue {
  public:
    virtual ~DecisionQueue() = default;
    // Answers every decision posted so far, calling their tickets; returns how many.
    virtual int answer_pending() = 0;
    // Decisions posted and not yet answered.
    virtual std::int64_t pending() const = 0;
    // Drops every pending decision without calling its ticket (ProcessLane::forget_pending).
    virtual void forget_pending() = 0;
};

}  // namespace pokerarena
