// pokerarena.run() and report_frames(): see run.hpp.
#include "run.hpp"

#include <google/protobuf/util/json_util.h>
#include <pybind11/stl.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "pokerarena/sim/merge.hpp"
#include "pokerarena/sim/report_io.hpp"
#include "pokerarena/sim/report_json.hpp"
#include "pokerarena/sim/runner.hpp"
#include "pokerarena/sim/tournament.hpp"
#include "python_bot.hpp"

namespace py = pybind11;

namespace pokerarena::python {

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

// The command line's names for configuration fields it spells otherwise (`pokerarena run
// --stack`, --bot-timeout, --tournaments).
const std::map<std::string, std::string>& flag_fields() {
    static const std::map<std::string, std::string> names{{"stack", "stack_big_blinds"},
                                                          {"bot_timeout", "decision_timeout"},
                                                          {"tournaments", "deals"}};
    return names;
}

// What run() takes of the configuration's fields: all but bots, which is an argument of its own.
std::string option_names() {
    std::string names;
    const Descriptor& type = *sim::TournamentConfig::descriptor();
    for (int i = 0; i < type.field_count(); ++i)
        if (type.field(i)->name() != "bots") names += type.field(i)->name() + ", ";
    return names + "stack, bot_timeout, tournaments, blinds";
}

// "round-robin" / "round_robin" / "ROUND_ROBIN" -> "ROUND_ROBIN": enum values as the command
// line spells them, or as Protobuf does; ValueError naming the values for another.
py::object enum_value_name(const FieldDescriptor& field, const py::handle& value) {
    if (!py::isinstance<py::str>(value)) return py::reinterpret_borrow<py::object>(value);
    std::string name = value.cast<std::string>();
    for (char& c : name)
        c = c == '-' ? '_' : static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    const google::protobuf::EnumDescriptor& type = *field.enum_type();
    if (type.FindValueByName(name) != nullptr) return py::str(name);
    std::string names;
    for (int i = 1; i < type.value_count(); ++i) {  // 0 is UNSPECIFIED
        std::string spelled = type.value(i)->name();
        for (char& c : spelled)
            c = c == '_' ? '-' : static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        names += (names.empty() ? "" : ", ") + spelled;
    }
    throw py::value_error(field.name() + ": '" + value.cast<std::string>() + "'; expected " +
                          names);
}

// One entry of `bots`: a spec, a class, or a dict {"bot": spec or class, "name", "config"}.
struct GivenBot {
    std::string name;  // "" : the default (the spec; a class's own name)
    py::object bot;    // a str or a class
    std::string config;
};

GivenBot given_bot(const py::handle& value, std::string name, const std::string& where) {
    GivenBot g;
    g.name = std::move(name);
    if (py::isinstance<py::dict>(value)) {
        const py::dict d = py::reinterpret_borrow<py::dict>(value);
        for (const auto& [key, item] : d) {
            const std::string k = py::str(key).cast<std::string>();
            if (k != "bot" && k != "name" && k != "config")
                throw py::value_error(where + ": unknown key '" + k +
                                      "'; a bot's dict has bot, name and config");
        }
        if (!d.contains("bot"))
            throw py::value_error(where + ": no 'bot' (a spec such as \"tag\" or a Bot class)");
        g.bot = d["bot"];
        if (d.contains("name")) g.name = py::str(d["name"]).cast<std::string>();
        if (d.contains("config")) g.config = py::str(d["config"]).cast<std::string>();
    } else
        g.bot = py::reinterpret_borrow<py::object>(value);
    if (!py::isinstance<py::str>(g.bot) && !is_sdk_bot_class(g.bot))
        throw py::value_error(where + ": " + py::repr(g.bot).cast<std::string>() +
                              " is neither a bot spec (a str such as \"tag\" or \"proc:python3 "
                              "bot.py\") nor a subclass of pokerarena_bot.Bot");
    if (py::isinstance<py::str>(g.bot) && !g.config.empty())
        throw py::value_error(where +
                              ": 'config' is for a Bot class; a spec carries its own "
                              "(\"equity:samples=500\", \"PATH.so:config\")");
    return g;
}

// `bots`: a list of entries or (name, entry) pairs, or a dict name -> entry.
std::vector<GivenBot> given_bots(const py::handle& bots) {
    std::vector<GivenBot> out;
    if (py::isinstance<py::dict>(bots)) {
        for (const auto& [key, value] : py::reinterpret_borrow<py::dict>(bots)) {
            const std::string name = py::str(key).cast<std::string>();
            out.push_back(given_bot(value, name, "bots['" + name + "']"));
        }
        return out;
    }
    if (py::isinstance<py::str>(bots) || !py::isinstance<py::sequence>(bots))
        throw py::value_error(
            "bots: expected a list of bots (specs such as \"tag\", Bot classes, (name, bot) "
            "pairs) or a dict name -> bot");
    int i = 0;
    for (const py::handle item : bots) {
        const std::string where = "bots[" + std::to_string(i++) + "]";
        if (py::isinstance<py::tuple>(item) && py::len(item) == 2 &&
            py::isinstance<py::str>(py::reinterpret_borrow<py::tuple>(item)[0])) {
            const py::tuple pair = py::reinterpret_borrow<py::tuple>(item);
            out.push_back(given_bot(pair[1], pair[0].cast<std::string>(), where));
        } else
            out.push_back(given_bot(item, "", where));
    }
    return out;
}

// An int given for an integer field, in the field's range (Protobuf's JSON parser would quote
// 2**64 back as 1.8446744073709552e+19); other values are the parser's to judge.
void check_integer(const FieldDescriptor& field, const std::string& option,
                   const py::handle& value) {
    if (field.is_repeated() || py::isinstance<py::bool_>(value) || !py::isinstance<py::int_>(value))
        return;
    switch (field.cpp_type()) {
        case FieldDescriptor::CPPTYPE_INT32:
            integer_argument(value, option.c_str(), std::numeric_limits<std::int32_t>::min(),
                             std::numeric_limits<std::int32_t>::max());
            return;
        case FieldDescriptor::CPPTYPE_INT64:
            integer_argument(value, option.c_str(), std::numeric_limits<std::int64_t>::min(),
                             std::numeric_limits<std::int64_t>::max());
            return;
        case FieldDescriptor::CPPTYPE_UINT32:
            unsigned_argument(value, option.c_str(), 0, std::numeric_limits<std::uint32_t>::max());
            return;
        case FieldDescriptor::CPPTYPE_UINT64:
            unsigned_argument(value, option.c_str());
            return;
        default:
            return;
    }
}

// The command line's bounds for the fields whose 0 means "the default" in a configuration:
// --match-deals and --hh-sample take 1 or more, --bot-timeout 0.001 to 86400 seconds, so an
// explicit 0 is refused, not played as the default.
void check_command_bounds(const std::string& field, const std::string& option,
                          const py::handle& value) {
    if (py::isinstance<py::bool_>(value)) return;
    if (field == "match_deals" && py::isinstance<py::int_>(value))
        integer_argument(value, option.c_str(), 1, std::numeric_limits<std::int32_t>::max());
    if (field == "hh_sample" && py::isinstance<py::int_>(value))
        integer_argument(value, option.c_str(), 1, std::numeric_limits<std::int64_t>::max());
    if (field == "decision_timeout" &&
        (py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value))) {
        const double seconds = value.cast<double>();
        if (!(seconds >= 0.001 && seconds <= 86400))
            throw py::value_error(option + ": expected seconds from 0.001 to 86400, got " +
                                  py::repr(value).cast<std::string>());
    }
}

// numpy.integer, the base of numpy's integer scalars.
py::handle numpy_integer() {
    static const py::object* integer =
        new py::object(py::module_::import("numpy").attr("integer"));  // never destroyed
    return *integer;
}

// The keyword arguments into `fields` (the configuration as JSON's dict).
void apply_options(const py::kwargs& options, py::dict& fields) {
    const Descriptor& type = *sim::TournamentConfig::descriptor();
    for (const auto& [key, given] : options) {
        std::string name = py::str(key).cast<std::string>();
        // A numpy integer or bool as the Python int or bool it stands for (it would reach the
        // JSON as a type the encoder refuses), then checked as those are.
        py::object value = py::reinterpret_borrow<py::object>(given);
        if (is_numpy_bool(value)) {
            value = py::bool_(value.cast<bool>());
        } else if (!py::isinstance<py::int_>(value) && py::isinstance(value, numpy_integer())) {
            value = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
            if (!value) throw py::error_already_set();
        }
        if (name == "hands")
            throw py::value_error(
                "hands: run counts deals or tournaments, not hands; give deals=N (deals a "
                "pairing heads-up, each played twice when duplicate) or tournaments=N "
                "(sit-and-go)");
        if (name == "blinds") {
            if (py::isinstance<py::str>(value) || !py::isinstance<py::sequence>(value) ||
                py::len(value) != 2)
                throw py::value_error("blinds: expected (small_blind, big_blind)");
            const py::sequence blinds = py::reinterpret_borrow<py::sequence>(value);
            fields["small_blind"] = blinds[0];
            fields["big_blind"] = blinds[1];
            continue;
        }
        if (const auto alias = flag_fields().find(name); alias != flag_fields().end())
            name = alias->second;
        const FieldDescriptor* field = type.FindFieldByName(name);
        if (field == nullptr || name == "bots")
            throw py::value_error("run(): unknown option '" + py::str(key).cast<std::string>() +
                                  "'; the options are " + option_names());
        if (value.is_none()) {
            if (fields.contains(name.c_str())) PyDict_DelItemString(fields.ptr(), name.c_str());
            continue;
        }
        check_integer(*field, py::str(key).cast<std::string>(), value);
        check_command_bounds(name, py::str(key).cast<std::string>(), value);
        if (field->type() == FieldDescriptor::TYPE_ENUM) {
            fields[name.c_str()] = enum_value_name(*field, value);
        } else if (name == "sprt" && !py::isinstance<py::dict>(value)) {
            if (py::isinstance<py::str>(value) || !py::isinstance<py::sequence>(value) ||
                py::len(value) != 4)
                throw py::value_error(
                    "sprt: expected (mbb0, mbb1, alpha, beta), e.g. (0, 20, 0.05, 0.05), or a "
                    "dict of them");
            const py::sequence s = py::reinterpret_borrow<py::sequence>(value);
            py::dict sprt;
            sprt["mbb0"] = s[0];
            sprt["mbb1"] = s[1];
            sprt["alpha"] = s[2];
            sprt["beta"] = s[3];
            fields["sprt"] = sprt;
        } else
            fields[name.c_str()] = value;
    }
}

// hero="NAME": the gauntlet's hero by the name the table shows, which makes the tournament a
// gauntlet unless format says otherwise (`pokerarena run --hero`).
void set_hero_by_name(py::dict& fields, const py::kwargs& options) {
    if (!fields.contains("hero") || !py::isinstance<py::str>(fields["hero"])) return;
    const std::string hero = fields["hero"].cast<std::string>();
    if (options.contains("format") && py::str(fields["format"]).cast<std::string>() != "GAUNTLET")
        throw py::value_error("hero: '" + hero + "' with format " +
                              py::repr(options["format"]).cast<std::string>() +
                              ": only a gauntlet has a hero (format=\"gauntlet\", or leave "
                              "format out)");
    std::string names;
    int i = 0;
    for (const py::handle bot : py::reinterpret_borrow<py::list>(fields["bots"])) {
        const py::dict entry = py::reinterpret_borrow<py::dict>(bot);
        const std::string name =
            py::str(entry.contains("name") ? entry["name"] : entry["spec"]).cast<std::string>();
        if (name == hero) {
            fields["hero"] = i;
            if (!options.contains("format")) fields["format"] = "GAUNTLET";
            return;
        }
        names += (names.empty() ? "'" : ", '") + name + "'";
        ++i;
    }
    throw py::value_error("hero: no bot is named '" + hero + "'; the bots are " + names);
}

sim::TournamentConfig config_of(const py::dict& fields) {
    const std::string text = py::module_::import("json").attr("dumps")(fields).cast<std::string>();
    sim::TournamentConfig config;
    const auto status = google::protobuf::util::JsonStringToMessage(text, &config);
    if (!status.ok())
        throw py::value_error("run(): the options do not make a configuration: " +
                              std::string(status.message()));
    return config;
}

// The configuration file as JSON's dict, its ACPC game file taken from beside it.
py::dict file_fields(const std::string& path) {
    sim::TournamentConfig config = sim::read_config(path);
    const std::filesystem::path game(config.acpc_game());
    if (!game.empty() && game.is_relative())
        config.set_acpc_game(
            std::filesystem::absolute(std::filesystem::path(path).parent_path() / game)
                .lexically_normal()
                .string());
    google::protobuf::util::JsonPrintOptions print;
    print.preserve_proto_field_names = true;
    std::string text;
    (void)google::protobuf::util::MessageToJsonString(config, &text, print);
    return py::module_::import("json").attr("loads")(text);
}

// The numbers of `value` (a dict of message `type`) as their fields' Python types: every
// 64-bit integer (which the JSON writer wrote as a string) as an int, and every double or float
// as a float: a whole one was read as an int, and one that is not finite ("Infinity",
// "-Infinity", "NaN": the interval of a figure with too few samples) as a string.
void json_numbers(py::handle value, const Descriptor& type) {
    if (!py::isinstance<py::dict>(value)) return;
    py::dict d = py::reinterpret_borrow<py::dict>(value);
    const py::object builtins = py::module_::import("builtins");
    const py::object to_int = builtins.attr("int");
    const py::object to_float = builtins.attr("float");
    for (int i = 0; i < type.field_count(); ++i) {
        const FieldDescriptor& field = *type.field(i);
        const char* key = field.name().c_str();
        if (!d.contains(key)) continue;
        if (field.cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
            if (field.is_repeated())
                for (const py::handle item : d[key])
                    json_numbers(item, *field.message_type());
            else
                json_numbers(d[key], *field.message_type());
            continue;
        }
        const bool int64 = field.cpp_type() == FieldDescriptor::CPPTYPE_INT64 ||
                           field.cpp_type() == FieldDescriptor::CPPTYPE_UINT64;
        const bool real = field.cpp_type() == FieldDescriptor::CPPTYPE_DOUBLE ||
                          field.cpp_type() == FieldDescriptor::CPPTYPE_FLOAT;
        if (!int64 && !real) continue;
        const auto number = [&](const py::handle item) -> py::object {
            return int64 ? to_int(item) : to_float(item);
        };
        if (field.is_repeated()) {
            py::list numbers;
            for (const py::handle item : d[key])
                numbers.append(number(item));
            d[key] = numbers;
        } else {
            d[key] = number(d[key]);
        }
    }
}

py::dict report_dict(const sim::Report& report) {
    std::ostringstream text;
    sim::write_report_json(report, text);
    py::dict d = py::module_::import("json").attr("loads")(text.str());
    json_numbers(d, *sim::Report::descriptor());
    return d;
}

// The factories of the bots that are classes (null for specs), and their entries in fields;
// the classes' factories also in `classes`.
std::vector<std::shared_ptr<const BotFactory>> add_bots(
    const std::vector<GivenBot>& bots, py::dict& fields,
    const std::shared_ptr<RunInterrupt>& interrupt,
    std::vector<std::shared_ptr<PythonBotFactory>>& classes) {
    std::vector<std::shared_ptr<const BotFactory>> factories;
    py::list entries;
    for (std::size_t i = 0; i < bots.size(); ++i) {
        const GivenBot& bot = bots[i];
        py::dict entry;
        if (py::isinstance<py::str>(bot.bot)) {
            entry["spec"] = bot.bot;
            factories.push_back(nullptr);
        } else {
            const std::string spec = python_class_spec(bot.bot);
            std::shared_ptr<PythonBotFactory> factory;
            try {
                factory = std::make_shared<PythonBotFactory>(bot.bot, bot.config, spec, interrupt);
            } catch (const std::invalid_argument& e) {
                throw py::value_error("bots[" + std::to_string(i) + "] (" +
                                      (bot.name.empty() ? spec : bot.name) + "): " + e.what());
            }
            entry["spec"] = spec;
            entry["name"] = bot.name.empty() ? factory->bot_name() : bot.name;
            classes.push_back(factory);
            factories.push_back(std::move(factory));
        }
        if (!bot.name.empty()) entry["name"] = bot.name;
        entries.append(entry);
    }
    fields["bots"] = entries;
    return factories;
}

// Ctrl-C while the run plays: the calling thread checks Python's signals at every progress
// call (every half second), so a KeyboardInterrupt stops the run even when no bot is Python.
// Each is a stop request (another exception from a signal handler of the program's too): the
// first lets the units in play finish, the second gives them up.
void check_signals(RunInterrupt& interrupt) {
    py::gil_scoped_acquire hold;
    if (PyErr_CheckSignals() == 0) return;
    interrupt.take_signal();
}

// A call into a bot that has not returned for a long time, as `pokerarena run` names it.
void warn_of_stall(const sim::Stall& stall) {
    std::string where = "unit " + std::to_string(stall.unit);
    if (stall.hand >= 0) where += ", hand " + std::to_string(stall.hand);
    if (stall.seat >= 0) where += ", seat " + std::to_string(stall.seat);
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.0f", stall.seconds);
    py::gil_scoped_acquire hold;
    const py::object err = py::module_::import("sys").attr("stderr");
    err.attr("write")("pokerarena: warning: bot '" + stall.bot + "' has been in " + stall.call +
                      " for " + seconds + " s (" + where +
                      "); the run waits for it: a call into a bot in this process cannot be "
                      "stopped (Ctrl-C twice gives up the units in play once it returns)\n");
    err.attr("flush")();
}

// The report written to out= and json= (ReportError's message kept in `problem`).
void write_outputs(const sim::Report& report, const py::object& out, const py::object& json_out,
                   std::string& problem) {
    try {
        if (!out.is_none()) sim::write_report(report, py::str(out).cast<std::string>());
        if (!json_out.is_none())
            sim::write_report_json_file(report, py::str(json_out).cast<std::string>());
    } catch (const sim::ReportError& e) {
        problem = e.what();
    }
}

// deals / tournaments against the format, as `pokerarena run` takes --deals and --tournaments:
// one of them, the one that counts what the format plays.
void check_count(const sim::TournamentConfig& config, const py::kwargs& options) {
    const bool deals = options.contains("deals") && !options["deals"].is_none();
    const bool tournaments = options.contains("tournaments") && !options["tournaments"].is_none();
    const auto given = [&](const char* name) { return py::str(options[name]).cast<std::string>(); };
    if (deals && tournaments)
        throw py::value_error(
            "deals and tournaments: give one (tournaments=N for a sit-and-go, "
            "deals=N for the cash formats)");
    const bool sit_and_go = config.format() == sim::SIT_AND_GO;
    if (deals && sit_and_go)
        throw py::value_error(
            "deals=" + given("deals") +
            ": a sit-and-go counts tournaments; give tournaments=" + given("deals"));
    if (tournaments && !sit_and_go)
        throw py::value_error(
            "tournaments=" + given("tournaments") +
            ": only a sit-and-go plays tournaments; give deals=" + given("tournaments") +
            " (deals a pairing heads-up, a seat group in a ring)");
}

py::dict run(const py::object& bots, const py::object& config_path, const py::object& threads_given,
             const py::object& tables_given, const py::object& out, const py::object& json_out,
             const py::object& resume_path, const py::object& stall_given,
             const py::kwargs& options) {
    if (in_bot_code())
        throw std::runtime_error(
            "run(): called from a bot's code while a run plays it; a bot cannot start a "
            "tournament of its own (the thread the inner run would need waits for this bot's "
            "answer): play it before or after the run, or from another Python thread");
    // `pokerarena run`'s bounds for --threads (0 here: every core) and --tables.
    const auto threads = static_cast<int>(integer_argument(threads_given, "threads", 0, 4096));
    const auto tables = static_cast<int>(integer_argument(tables_given, "tables", 1, 1 << 20));
    // Seconds as any real number but a bool: a Python or numpy int or float (numpy's integers
    // are no int, but they have __index__).
    const bool seconds_given =
        !py::isinstance<py::bool_>(stall_given) && !is_numpy_bool(stall_given) &&
        (py::isinstance<py::int_>(stall_given) || py::isinstance<py::float_>(stall_given) ||
         PyIndex_Check(stall_given.ptr()));
    double stall_warning = 0;  // out of range: refused below
    if (seconds_given) {
        PyObject* seconds = PyNumber_Float(stall_given.ptr());  // fails on an int too large
        if (seconds != nullptr) {
            stall_warning = PyFloat_AsDouble(seconds);
            Py_DECREF(seconds);
        } else {
            PyErr_Clear();
        }
    }
    if (!(stall_warning >= 0.001 && stall_warning <= 86400))
        throw py::value_error("stall_warning: expected seconds from 0.001 to 86400, got " +
                              py::repr(stall_given).cast<std::string>());
    spdlog::set_level(spdlog::level::warn);
    std::filesystem::path plugin_folder;
    py::dict fields;
    if (!config_path.is_none()) {
        const std::string path = py::str(config_path).cast<std::string>();
        try {
            fields = file_fields(path);
        } catch (const std::exception& e) {
            throw py::value_error(e.what());
        }
        if (bots.is_none()) plugin_folder = std::filesystem::path(path).parent_path();
    } else if (bots.is_none())
        throw py::value_error(
            "bots: none given; give a list of bots (run([\"tag\", \"call\"])) or a "
            "configuration file (config=...)");
    const auto interrupt = std::make_shared<RunInterrupt>();
    std::vector<std::shared_ptr<const BotFactory>> factories;
    std::vector<std::shared_ptr<PythonBotFactory>> classes;
    if (!bots.is_none()) factories = add_bots(given_bots(bots), fields, interrupt, classes);
    apply_options(options, fields);
    set_hero_by_name(fields, options);
    const sim::TournamentConfig config = config_of(fields);
    check_count(config, options);
    // A process bot's default limit when the configuration gives none.
    constexpr double kDefaultDecisionTimeout = 10;
    for (const auto& c : classes)
        c->set_time_limit(config.decision_timeout() > 0 ? config.decision_timeout()
                                                        : kDefaultDecisionTimeout);
    classes.clear();

    // Destroyed with the GIL held (after the release below ends): the classes' objects.
    sim::Tournament tournament;
    try {
        sim::check_new_config(config);
        tournament = sim::make_tournament(config, sim::BotLoading::Load, plugin_folder, {}, nullptr,
                                          factories);
    } catch (const std::exception& e) {
        throw py::value_error(e.what());
    }
    factories.clear();
    // resume="r.pb": the units it holds (and its journal's) are kept, the others played.
    std::optional<sim::Report> resumed;
    if (!resume_path.is_none()) {
        const std::string path = py::str(resume_path).cast<std::string>();
        try {
            sim::check_report_summary(sim::read_report(path), path);
            std::vector<std::string> notes;
            std::int64_t journal_units = -1;
            resumed = sim::read_report_with_journal(path, notes, journal_units);
            for (const std::string& note : notes)
                PyErr_WarnEx(PyExc_RuntimeWarning, note.c_str(), 1);
            for (const std::string& note : sim::check_resumable(tournament, *resumed, {}))
                PyErr_WarnEx(PyExc_RuntimeWarning, note.c_str(), 1);
        } catch (const std::exception& e) {
            throw py::value_error("resume: " + std::string(e.what()));
        }
    }
    sim::RunOptions run_options;
    run_options.threads = threads;
    run_options.tables = tables;
    run_options.resume = resumed ? &*resumed : nullptr;
    run_options.stop = &interrupt->stop();
    run_options.progress = [&interrupt](const sim::RunProgress&) { check_signals(*interrupt); };
    run_options.stall_warning_seconds = stall_warning;
    run_options.stall = warn_of_stall;
    // A second Ctrl-C: the units finished so far are written now, as `pokerarena run` writes
    // them, and the classes are called no more, so that the units in play end at once (a lane's
    // fail; those of a blocking decide end with faults) and are dropped.
    std::string write_problem;
    run_options.abandon = [&](const sim::Report& partial, const std::string&) {
        py::gil_scoped_acquire hold;
        write_outputs(partial, out, json_out, write_problem);
        interrupt->give_up();
        std::string text = "pokerarena: interrupted again: the units in play are given up; " +
                           std::to_string(partial.units_done()) + " of " +
                           std::to_string(partial.units_total()) + " work units finished";
        if (!out.is_none() && write_problem.empty())
            text += ", written to " + py::str(out).cast<std::string>();
        const py::object err = py::module_::import("sys").attr("stderr");
        err.attr("write")(text + "\n");
        err.attr("flush")();
    };
    sim::Report report;
    std::string failure;
    {
        py::gil_scoped_release release;
        try {
            report = sim::run_tournament(tournament, run_options);
        } catch (const sim::UnitFailure& e) {
            failure = e.what();
            report = e.report();
        } catch (const std::exception& e) {
            failure = e.what();
            report.Clear();
        }
    }
    // What is written: every finished unit (a resumable report) of a run done, stopped by
    // Ctrl-C or failed; nothing more once the units in play were given up (the report of those
    // finished before is written), or when a class's own KeyboardInterrupt or SystemExit
    // stopped it (the decision it was raised in has no answer).
    if (!interrupt->given_up() && !interrupt->spoilt() && report.has_config())
        write_outputs(report, out, json_out, write_problem);
    interrupt->rethrow();
    if (!failure.empty()) throw std::runtime_error("run(): " + failure);
    if (!write_problem.empty()) throw py::value_error(write_problem);
    return report_dict(report);
}

// The report's lists of records as DataFrames, their nested fields as dotted columns.
py::dict report_frames(const py::dict& report) {
    py::object normalize;
    try {
        normalize = py::module_::import("pandas").attr("json_normalize");
    } catch (py::error_already_set& e) {
        if (!e.matches(PyExc_ImportError)) throw;
        throw py::import_error(
            "report_frames() needs pandas (pip install pandas, or Debian's python3-pandas)");
    }
    py::dict frames;
    for (const char* key : {"bots", "pairs", "units"}) {
        const py::list rows = report.contains(key) ? py::list(report[key]) : py::list();
        frames[key] = normalize(rows);
    }
    return frames;
}

}  // namespace

void add_run(py::module_& m) {
    m.def(
        "run", &run, py::arg("bots") = py::none(), py::arg("config") = py::none(), py::kw_only(),
        py::arg("threads") = 0, py::arg("tables") = 2048, py::arg("out") = py::none(),
        py::arg("json") = py::none(), py::arg("resume") = py::none(),
        py::arg("stall_warning") = 60.0,
        "Plays a tournament as `pokerarena run` does and returns its report as a dict (the "
        "JSON report's content, 64-bit integers as ints).\n\n"
        "bots: a list of bots or (name, bot) pairs, or a dict name -> bot; a bot is a spec "
        "as the command line takes it (\"tag\", \"equity:samples=500\", \"PATH.so:config\", "
        "\"proc:python3 bot.py\"), a subclass of pokerarena_bot.Bot (played in this process), "
        "or a dict {\"bot\": ..., \"name\": ..., \"config\": ...} (config: a class's "
        "configuration text). config: a configuration file (text format or .json) that the "
        "options go over. Options: the configuration's fields by name (format, deals, seed, "
        "seats, betting, small_blind, big_blind, ante, stack_big_blinds, hero, duplicate, "
        "allin_ev, aivat, sprt, match_deals, deals_per_unit, hh_out, hh_sample, "
        "decision_timeout, sit_and_go, acpc_game), the command line's stack, bot_timeout, "
        "tournaments and hero=NAME, and blinds=(small, big); deals for a cash format, "
        "tournaments for a sit-and-go, as the command line takes them. threads (0: every "
        "core, up to 4096) and tables (1 to 1048576) as --threads and --tables; out / json: "
        "also write the report there (also the finished units of a run stopped by Ctrl-C or "
        "a failing unit); resume: a report (or partial report) of this tournament whose "
        "units are kept; stall_warning: seconds after which a call into a bot that has not "
        "returned is named on stderr (default 60). ValueError for a bad option or bot (the command "
        "line's message, naming the option), RuntimeError when a work unit fails or when "
        "called from a bot's code during a run, KeyboardInterrupt after Ctrl-C. See "
        "docs/python.md, \"Tournaments\".");
    m.def("report_frames", &report_frames, py::arg("report"),
          "The records of a report (run()'s dict) as pandas DataFrames: a dict with \"bots\", "
          "\"pairs\" and \"units\", nested fields as dotted columns (\"mbb_per_hand.mean\"). "
          "ImportError without pandas.");
}

}  // namespace pokerarena::python
