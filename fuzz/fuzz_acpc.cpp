// What an ACPC dealer or client sends (docs/acpc.md): state lines, actions and game definition
// files, as pokerarena reads them, and a state replayed for a bot as acpc-client does. Bad input
// must come back as a refusal (false, or std::invalid_argument / GameDefinitionError with a
// message), never as a crash, another exception or a sanitizer report.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pokerarena/bots/acpc.hpp"
#include "pokerarena/bots/acpc_client.hpp"
#include "pokerarena/bots/registry.hpp"

namespace {

const pokerarena::acpc::GameDefinition& game(bool limit) {
    static const auto no_limit = pokerarena::acpc::parse_game_definition(
        "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000\nblind = 100 50\n"
        "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
        "numBoardCards = 0 3 1 1\nEND GAMEDEF\n",
        "2p");
    static const auto fixed_limit = pokerarena::acpc::parse_game_definition(
        "GAMEDEF\nlimit\nnumPlayers = 3\nnumRounds = 4\nblind = 5 10 0\nraiseSize = 10 10 20 20\n"
        "firstPlayer = 3 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\n"
        "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n",
        "3p");
    return limit ? fixed_limit : no_limit;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    static pokerarena::acpc::MatchState state;
    std::string error;
    pokerarena::acpc::parse_match_state(text, state, error);
    std::uint32_t hand = 0;
    pokerarena::acpc::state_hand(text, hand);
    pokerarena::acpc::ClientAction action;
    pokerarena::acpc::parse_action(text, false, action, error);
    pokerarena::acpc::parse_action(text, true, action, error);
    try {
        pokerarena::acpc::parse_game_definition(text, "input");
    } catch (const pokerarena::acpc::GameDefinitionError&) {
    }
    static const auto bot = pokerarena::make_bot_factory("allin")->create(1);
    for (const bool limit : {false, true}) {
        std::string answer;
        pokerarena::AcpcClientResult result;
        std::ostringstream err;
        try {
            pokerarena::answer_state(text, game(limit), *bot, answer, result, err);
        } catch (const std::invalid_argument&) {
        }
    }
    return 0;
}
