// The lines a process bot writes (docs/bot-protocol.md), as the host reads them: the answer to
// hello and the answers to decide. Bad lines must come back as a refused hello or a BadLine,
// never as a crash or an exception.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "process/protocol.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    pokerarena::process::parse_hello(line);
    static std::string scratch;
    pokerarena::process::parse_answer(line, scratch);
    return 0;
}
