#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "pokerarena/bots/registry.hpp"

using pokerarena::resolve_plugin_spec;

TEST_CASE("resolve_plugin_spec: a relative plugin path is made absolute from the folder") {
    // The configuration after the path is kept byte for byte, ':' and all.
    CHECK(resolve_plugin_spec("bot.so:depth=3,x=1", "/cfg") == "/cfg/bot.so:depth=3,x=1");
    CHECK(resolve_plugin_spec("sub/../bots/bot.so", "/cfg/") == "/cfg/bots/bot.so");
    CHECK(resolve_plugin_spec("./bot.so", "/cfg") == "/cfg/bot.so");
    // An absolute path and a built-in are left as they are.
    CHECK(resolve_plugin_spec("/opt/bot.so:a", "/cfg") == "/opt/bot.so:a");
    CHECK(resolve_plugin_spec("tag:tightness=0.3", "/cfg") == "tag:tightness=0.3");
    // No folder: the current directory, as for --bots.
    CHECK(resolve_plugin_spec("bot.so", {}) ==
          (std::filesystem::current_path() / "bot.so").string());
    // A relative folder is taken from the current directory too.
    CHECK(resolve_plugin_spec("bot.so", "cfg") ==
          (std::filesystem::current_path() / "cfg" / "bot.so").string());
}
