#!/bin/sh
# `pokerarena play` reading a pipe echoes each line and quotes a command it refuses: a control
# byte or a byte that is not UTF-8 in the input must come back escaped (\x1B), never raw, or a
# terminal would take it for an escape sequence (here: one that sets the window title).
# Usage: play_escaped_input.sh POKERARENA FOLDER. Prints what play wrote, then ok when no raw byte
# came back.
pokerarena=$1
folder=$2
mkdir -p "$folder"
out=$folder/play_escaped_input.txt
printf 'x\033]0;title\007\377\nq\n' |
    "$pokerarena" play --vs call --hands 1 --compact --delay 0 --seed 1 >"$out" 2>&1
cat "$out"
if LC_ALL=C grep -q "$(printf '[\033\007\377]')" "$out"; then
    echo "raw control or non-UTF-8 bytes in the output"
    exit 1
fi
echo ok
