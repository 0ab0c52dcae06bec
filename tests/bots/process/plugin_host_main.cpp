// The plugin host as a program of its own, for the plugin host tests (test_plugin_host.cpp):
// `test_plugin_host PATH.so[:config]` serves the protocol on standard input and output, as
// `pokerarena plugin-host` does.
#include <iostream>

#include "pokerarena/bots/plugin_host.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " PATH.so[:config]\n";
        return 2;
    }
    return pokerarena::run_plugin_host(argv[1]);
}
