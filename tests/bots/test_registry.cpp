#include <catch2/catch.hpp>

#include <sstream>

#include "pokerarena/bots/plugin.hpp"
#include "pokerarena/bots/registry.hpp"

using namespace pokerarena;

namespace {

std::string spec_error(const std::string& spec) {
    try {
        make_bot_factory(spec);
    } catch (const BotSpecError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("every built-in bot is made from its bare name and from explicit parameters") {
    for (const BuiltinBotInfo& b : builtin_bots()) {
        const auto factory = make_bot_factory(b.name);
        REQUIRE(factory->spec() == b.name);
        REQUIRE(factory->create(7) != nullptr);
    }
    REQUIRE(make_bot("equity:samples=2000,aggression=0.7", 1) != nullptr);
    REQUIRE(make_bot("tag:tightness=0,aggression=1,bet_size=0.5", 1) != nullptr);
    REQUIRE(make_bot("equity:", 1) != nullptr);  // an empty parameter list means every default
}

TEST_CASE("parameters default, parse and keep their declared order") {
    const BotParams defaults = parse_bot_params("equity", "");
    REQUIRE(defaults[0] == 1000);  // samples
    const BotParams p = parse_bot_params("equity", "bluff=0.25,samples=64");
    REQUIRE(p[0] == 64);
    REQUIRE(p[1] == 0.5);  // aggression keeps its default
    REQUIRE(p[2] == 0.25);
}

TEST_CASE("bot specification errors name the problem and what exists") {
    REQUIRE(spec_error("tagg") ==
            "unknown bot 'tagg'; built-in bots are: random, call, fold, allin, tag, equity, cfr; a "
            "plugin is given as PATH.so[:config]");
    REQUIRE(spec_error("equity:sample=10") ==
            "bot 'equity' has no parameter 'sample'; its parameters are: samples, aggression, "
            "bluff, bet_size, omaha_samples");
    REQUIRE(spec_error("call:x=1") == "bot 'call' has no parameter 'x'; it takes no parameters");
    REQUIRE(spec_error("equity:samples") ==
            "bot 'equity': expected key=value, got 'samples'; its parameters are: samples, "
            "aggression, bluff, bet_size, omaha_samples");
    REQUIRE(spec_error("equity:samples=abc") == "bot 'equity': samples = 'abc' is not a number");
    REQUIRE(spec_error("equity:samples=10x") == "bot 'equity': samples = '10x' is not a number");
    REQUIRE(spec_error("equity:samples=") == "bot 'equity': samples = '' is not a number");
    REQUIRE(spec_error("equity:samples=0") == "bot 'equity': samples = 0 is outside 1..1e+06");
    REQUIRE(spec_error("equity:samples=2.5") ==
            "bot 'equity': samples = 2.5 must be a whole number");
    REQUIRE(spec_error("tag:aggression=1.5") == "bot 'tag': aggression = 1.5 is outside 0..1");
    REQUIRE(spec_error("tag:aggression=0.5,aggression=0.6") ==
            "bot 'tag': parameter 'aggression' is given twice");
}

TEST_CASE("plugin specifications are told apart from built-ins and split at .so") {
    REQUIRE(is_plugin_spec("./my_bot.so"));
    REQUIRE(is_plugin_spec("bots/my_bot.so:level=3,x=a:b"));
    REQUIRE(is_plugin_spec("/opt/bots/libfoo:cfg"));
    REQUIRE_FALSE(is_plugin_spec("equity:samples=10"));
    REQUIRE_FALSE(is_plugin_spec("tag"));
    const PluginSpec s = split_plugin_spec("bots/my_bot.so:level=3,x=a:b");
    REQUIRE(s.path == "bots/my_bot.so");
    REQUIRE(s.config == "level=3,x=a:b");
    REQUIRE(split_plugin_spec("/opt/bots/libfoo:cfg").path == "/opt/bots/libfoo");
    REQUIRE(split_plugin_spec("x.so").config.empty());
}

TEST_CASE("list_bots prints every built-in with its parameters, defaults and ranges") {
    std::ostringstream out;
    list_bots(out);
    const std::string text = out.str();
    for (const BuiltinBotInfo& b : builtin_bots()) {
        REQUIRE(text.find(std::string("\n  ") + b.name + "  " + b.description) !=
                std::string::npos);
        for (const BotParamDef& p : b.params) {
            REQUIRE(text.find(std::string("      ") + p.key + " = ") != std::string::npos);
        }
    }
    REQUIRE(text.find("samples = 1000  (integer 1..1e+06) Monte Carlo deals per decision") !=
            std::string::npos);
    REQUIRE(text.find("(no parameters)") != std::string::npos);
}
