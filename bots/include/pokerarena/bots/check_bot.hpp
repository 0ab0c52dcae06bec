// `pokerarena check-bot SPEC`: a compliance test for a bot, above all a plugin.
//
// It plays the bot (SPEC is PATH.so[:config] or any built-in spec) through a fixed, seeded
// schedule of tables: 2, 3, 4, 6, 9 and 10 seats; no-limit, pot-limit and fixed-limit;
// stacks of 100 and 300 big blinds (with antes), mixed short stacks from 1.5 to 25 big
// blinds, and stacks of one to three chips (all-in while posting). The bot sits in every
// other seat against `random` bots, whose raises of every size and frequent all-ins reach
// every street. The whole schedule is played twice with the same seeds and fresh instances.
//
// It reports: decisions per street, all-in and short-stack situations, illegal actions,
// error statuses, bad answers and exceptions (with the first message of each), invalid
// action probabilities (when the bot offers them), whether both runs took the same actions,
// and decisions per second of the bot's decide() alone.
//
// check_bot returns 0 only when there was no fault, no invalid probability and both runs
// agree; 1 otherwise, and 2 when the bot cannot be made (bad spec, load error, create
// refused; the message is printed). It writes a human-readable report to `out`.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

namespace pokerarena {

struct CheckBotOptions {
    std::uint64_t seed = 1;     // seeds the deals and every bot
    int hands_per_setup = 150;  // hands played at each table of the schedule (per run)
};

int check_bot(const std::string& spec, const CheckBotOptions& options, std::ostream& out);

}  // namespace pokerarena
