// The list of bots a flag takes (run --bots, play --vs): one grammar for both, so that a spec
// means the same bot on either command (internal to the pokerarena command).
#pragma once

#include <string>
#include <vector>

namespace pokerarena::cli {

// One bot of a list (--bots, --vs): NAME=SPEC gives its name; a bare SPEC leaves the name to the
// spec.
struct FlagBot {
    std::string name;
    std::string spec;
};

// "tag,equity:samples=500,aggression=0.7" -> {"tag", "equity:samples=500,aggression=0.7"}: a
// built-in's parameters are comma-separated too, so a key=value piece continues the bot before
// it in the same --bots value when it can be one of that bot's parameters: the bot has a
// parameter part (after ':') and the value is a number (every built-in parameter is), or the
// bot is a plugin (its configuration is free text) and the value is not itself a bot (a
// built-in's name or a ".so" library: "a=x.so:k=v,b=y.so" is two plugins). Any other piece
// with '=' before its first ':', '/' or '[' is NAME=SPEC: "a=tag,b=tag" is two tags named a
// and b, "a=equity:samples=500,b=tag" names both, and "proc[procs=2]:./bot" is unnamed (its
// '=' is inside the options' brackets). A new --bots flag always starts a new bot, which
// lets a plugin's configuration hold anything: --bots a=x.so:opponent=tag --bots b=tag.
//
// After a plugin with a configuration, in the same value, both readings of a piece are
// plausible, so `warnings` gets one line for each piece read as a new bot there
// ("./aggro.so:range=0.3,style=call,tag" is three bots) and for each piece taken
// into the configuration that looks like a bot of its own (NAME=proc:..., NAME=dir/bot), with
// how to write it so that it means one thing.
// Throws std::invalid_argument naming `flag` for an empty entry or a NAME= with no name.
std::vector<FlagBot> split_bot_list(const std::vector<std::string>& lists, const std::string& flag,
                                    std::vector<std::string>& warnings);

}  // namespace pokerarena::cli
