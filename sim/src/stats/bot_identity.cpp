#include "stats/bot_identity.hpp"

#include "pokerarena/sim/utf8.hpp"

namespace pokerarena::sim::detail {

PluginIdentity plugin_identity(const BotIdentity& identity) {
    PluginIdentity out;
    out.set_sha256(identity.library.sha256);
    out.set_size(identity.library.size);
    out.set_api_name(to_valid_utf8(identity.api_name));
    return out;
}

ProcessInfo process_info(const BotIdentity& identity) {
    ProcessInfo out;
    for (const std::string& word : identity.command)
        out.add_command(word);
    for (const BotFile& file : identity.files) {
        FileIdentity& f = *out.add_files();
        f.set_path(file.path);
        f.set_sha256(file.sha256);
        f.set_size(file.size);
    }
    const ProcessStats& s = identity.stats;
    out.set_api_name(to_valid_utf8(s.api_name));
    out.set_restarts(s.restarts);
    out.set_crashes(s.crashes);
    out.set_timeouts(s.timeouts);
    out.set_bad_lines(s.bad_lines);
    out.set_stderr_bytes_dropped(s.stderr_bytes_dropped);
    out.set_out(s.out);
    out.set_first_problem(s.first_problem);
    out.set_stderr_log(s.stderr_log);
    return out;
}

void record_identity(const BotIdentity& identity, BotResult& result) {
    switch (identity.kind) {
        case BotIdentity::Kind::BuiltIn:
            return;
        case BotIdentity::Kind::Plugin:
            *result.mutable_plugin() = plugin_identity(identity);
            return;
        case BotIdentity::Kind::Process:
            *result.mutable_process() = process_info(identity);
            return;
    }
}

}  // namespace pokerarena::sim::detail
