#!/bin/sh
# Files from outside that are not regular files, given to every command that reads one: a named
# pipe (whose open waited for a writer forever: replay, run --bots, check-bot), a link to
# /dev/zero (which replay read until memory ran out) and a loop of symbolic links (reported as
# a missing file), and an ACPC game definition that is a named pipe. Each must be refused at
# once, naming the file and what it is.
# Usage: special_files.sh POKERARENA FOLDER. Prints each command's output and exit code.
pokerarena=$1
folder=$2
rm -rf "$folder"
mkdir -p "$folder"
cd "$folder" || exit 1
mkfifo fifo.phh fifo.so fifo.txtpb fifo.pb fifo.game
ln -s /dev/zero zero.phh
ln -s loop.so loop.so
ln -s loop.phh loop.phh
ln -s loop.txtpb loop.txtpb
ln -s loop.pb loop.pb
for command in "replay fifo.phh" "replay zero.phh" "replay loop.phh" \
    "run --bots ./fifo.so,call -q" "run --bots ./loop.so,call -q" "check-bot ./fifo.so" \
    "run fifo.txtpb -q" "run loop.txtpb -q" "report fifo.pb" "report loop.pb" \
    "merge fifo.pb loop.pb -o merged.pb" "run --resume fifo.pb -q" \
    "run --game fifo.game --bots random,call -q" "exploitability --game fifo.game --bot random"; do
    echo "\$ $command"
    # shellcheck disable=SC2086  # the words of the command
    "$pokerarena" $command 2>&1
    echo "exit $?"
done
