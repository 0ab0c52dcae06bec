// `pokerarena check-bot SPEC`: a compliance test for a bot, above all a plugin.
//
// It plays the bot (SPEC is PATH.so[:config] or any built-in spec) through a fixed, seeded
// schedule of tables: 2, 3, 4, 6, 9 and 10 seats; no-limit, pot-limit and fixed-limit;
// stacks of 100 and 300 big blinds (with antes), mixed short stacks from 1.5 to 25 big
// blinds, and stacks of one to three chips (all-in while posting). The bot sits in every
// other seat against `random` bots, whose raises of every size and frequent all-ins reach
// every street. Each table plays two matches, with new_match() told to every bot between them.
// The whole schedule is played twice with the same seeds and fresh instances.
//
// Only the tables of games the bot plays (BotFactory::game_problem) are played, the others
// skipped and named in the report with the first one's reason. A bot that plays none of the
// hold'em tables (cfr) is played on a second schedule instead, of Kuhn and Leduc: 2 and 3
// seats, stacks of 100 antes and stacks a hand exhausts (1 ante in Kuhn, 3 in Leduc); its
// decisions are then counted by round. A bot that plays neither is refused (2).
//
// It reports: decisions per street (every decide() asked, counted once; the total is their
// sum), all-in and short-stack situations, illegal actions, error statuses, bad answers and
// exceptions (with the first message of each; an exception from on_event or new_match counts
// too), for a process bot the lines that answered no pending decision (bad_lines: not an
// answer, an unknown id, a second answer; each restarted the process, and one that came with
// no decision pending is a fault of none) with its restarts and first problem, invalid action
// probabilities (when the bot offers them: an error status, a value
// outside 0..1 or a sum above 1), the strategies the bot reports (Bot::last_strategy, asked
// after every decision: how many, how many invalid with the first reason, actions played that
// the report gives probability 0, and a chi-square test of the actions played against the
// reports, see below), whether both runs took the same actions, and decisions per second of
// the bot's decide() alone.
//
// The strategy test: for each reported decision u = (the probability of the parts before the
// played action's) + (the played action's probability) x (a uniform share), the randomized
// probability integral transform, is uniform on [0, 1) when the action was drawn from the
// report; Pearson's chi-square of the u's in ten bins against uniform (9 degrees of freedom)
// fails the bot below p = 0.001, so an honest bot fails one seed in a thousand. It needs 50
// reported decisions; with fewer it says "not tested".
//
// The check runs in a child process (fork), so that a plugin that crashes or hangs is reported
// rather than ending check-bot: a crash as "  crash: SIGSEGV in decide on probe 12 (run 1,
// table 3 of 72: ...; hand 4, seat 0)" and "result: the bot crashes"; a plugin call that has
// not returned after call_timeout_seconds as "  hang: decide on probe 12 (...) did not return
// within 10 s; the check was stopped" and "result: the bot hangs" (the child is killed). A
// probe is a decision asked of the bot, counted from 1 over both runs.
//
// A process bot's decision time limit is call_timeout_seconds unless its spec sets one
// (proc[timeout=S]:...).
//
// check_bot returns 0 only when there was no fault, no bad line, no invalid probability, no invalid
// strategy, no action outside its strategy, no failed strategy test and both runs agree; 1
// otherwise (a crash and a hang included), and 2 when the bot cannot be made (bad spec, load
// error, create refused; the message is printed), plays no table of either schedule, or the
// child process cannot be started. It writes a human-readable report to `out`; text from the
// plugin (its name, its messages) is escaped (printable_text).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

namespace pokerarena {

struct CheckBotOptions {
    std::uint64_t seed = 0;     // seeds the deals and every bot (0: every command's default)
    int hands_per_setup = 150;  // hands played at each table of the schedule (per run)
    // A plugin call running longer is reported as a hang; a process bot's time limit.
    int call_timeout_seconds = 10;
};

int check_bot(const std::string& spec, const CheckBotOptions& options, std::ostream& out);

}  // namespace pokerarena
