// pokerarena.run(): a tournament from Python, as `pokerarena run` plays it, with bots given as
// specs (built-ins, plugins, process bots) or as classes of the Python SDK played in this
// process (python_bot.hpp); and report_frames(), its report as pandas DataFrames.
//
// Guarantees
// - The configuration is a TournamentConfig built by Protobuf's JSON parser from the keyword
//   arguments (the fields' own names, plus the command line's spellings stack, bot_timeout,
//   tournaments and hero by name) over the file `config`, if given, and validated by
//   check_new_config() and make_tournament(), so a bad value gets the command line's message
//   for that field, raised as ValueError. A class whose check_config refuses raises ValueError
//   with its reason, naming the bot.
// - The report is the command line's JSON report (write_report_json) as a dict, with every
//   64-bit integer (a string in JSON) as an int. Same seed, same bots: the same figures as
//   `pokerarena run`, whether a class plays in this process or as `proc:python3 FILE`
//   (given the same match_deals: a process bot's default is shorter matches).
// - threads and tables take the command line's bounds (0..4096, 0 for every core; 1..2^20),
//   deals and tournaments its rules (one of them, the one the format counts), match_deals,
//   hh_sample and bot_timeout its bounds (no 0 for "the default"), and an integer option its
//   field's range: ValueError naming the option otherwise.
// - run() from a bot class's code while a run plays it raises RuntimeError: the thread that
//   would play the inner run waits for the bot's answer (python_bot.hpp, in_bot_code()).
// - The GIL is released while the tournament plays; threads take it for each call into a bot
//   class. Ctrl-C (KeyboardInterrupt, checked every half second on the calling thread) is a stop
//   request, as `pokerarena run` counts them: the first lets the units in play finish, then
//   out= and json= get the report of every finished unit (resumable with resume=) and run()
//   raises KeyboardInterrupt; the second writes the units finished so far at once and gives up
//   the units in play (python_bot.hpp: the classes are called no more), whose results are never
//   written. A KeyboardInterrupt or SystemExit from a class's own code stops the run without
//   writing anything (the decision it was raised in has no answer).
// - A failing unit writes the finished units too, then raises RuntimeError.
// - A call into a bot that has not returned after stall_warning seconds is named on stderr, as
//   the command line's --stall-warning does (the runner's Stall).
#pragma once

#include <pybind11/pybind11.h>

namespace pokerarena::python {

void add_run(pybind11::module_& m);

}  // namespace pokerarena::python
