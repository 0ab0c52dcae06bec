// The text of `pokerarena --version`.
#pragma once

#include <string>

namespace pokerarena::cli {

// "pokerarena 0.1.0 (git 1a2b3c4d5e6f)": the project version and, when the build was configured
// in a git checkout, its commit; "pokerarena 0.1.0" without git.
std::string version_text();

}  // namespace pokerarena::cli
