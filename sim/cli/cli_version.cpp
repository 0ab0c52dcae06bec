// Alone in its file because its generated header changes with every commit: only this small
// file is compiled again, not main.cpp and the command-line library it includes.
#include "cli_version.hpp"

#include "pokerarena_version.hpp"

namespace pokerarena::cli {

std::string version_text() {
    std::string text = std::string("pokerarena ") + POKERARENA_VERSION_TEXT;
    if (*POKERARENA_GIT_COMMIT) text += " (git " POKERARENA_GIT_COMMIT ")";
    return text;
}

}  // namespace pokerarena::cli
