// A reported strategy in the process-bot protocol (docs/bot-protocol.md, "Reporting a
// strategy"): the answer's "strategy" list, written by the plugin host and read by the host.
//
//   "strategy":[{"action":"fold","p":0.2},{"action":"call","p":0.5},
//               {"action":"raise","from":40,"to":60,"p":0.3}]
//
// A part is an object with the answer's own spelling of an action ("fold", "check" or "call",
// "raise" with "to"), its probability "p", and for a raise range the smallest amount "from"
// (a raise without "from" is the one amount "to"). Unknown keys are ignored, as in every
// message. Whether the strategy is valid for its decision (strategy_problem) is the caller's
// to judge: the reader knows only the line.
#pragma once

#include <simdjson.h>

#include <string>

#include "pokerarena/bots/strategy.hpp"

namespace pokerarena::process {

// Appends ,"strategy":[...] for `strategy` (probabilities in the shortest form that reads back
// exactly).
void append_strategy(std::string& out, const Strategy& strategy);

// Reads the value of an answer's "strategy" key into `out`; false, with what is wrong in
// `error` ("part 2: \"p\" is not a number"), when it is not a list of at most
// Strategy::kMaxParts parts as above.
bool read_strategy(simdjson::dom::element value, Strategy& out, std::string& error);

}  // namespace pokerarena::process
