#!/bin/sh
# `pokerarena run` interrupted by SIGINT at a point the test fixes, not the clock: the run plays
# one unit at a time (--threads 1 --tables 1) and a process bot of it
# (tests/bots/process/misbehaving_bot.c) announces its first decision through the FIFO GATE
# (MISBEHAVE_PID_FILE), then waits for the FIFO GATE.hold to be opened and closed
# (MISBEHAVE_HOLD_FILE). When the script's open of GATE returns, every unit before the bot's
# first has finished and no later one has started; the unit in play cannot finish while the bot
# is held. So the script sends SIGINT, waits for the run to answer it ("stopping:", read from
# the run's standard error as it comes, with no polling), and only then lets the bot go. The run
# finishes that unit, starts no other, writes the finished units and exits 130.
# A run that ends or misbehaves before it reaches the bot's first decision leaves the script
# blocked in the open: the caller's timeout ends it.
# Usage: resume_interrupted.sh POKERARENA GATE FOLDER RUN_ARGUMENTS...
# Prints the exit code, then the standard error, then the standard output.
pokerarena=$1
gate=$2
folder=$3
shift 3
mkdir -p "$folder"
rm -f "$folder/interrupted.err" "$folder/interrupted.out" "$folder/interrupted.fifo" "$gate" \
    "$gate.hold"
mkfifo "$folder/interrupted.fifo" "$gate" "$gate.hold"
MISBEHAVE_PID_FILE=$gate MISBEHAVE_HOLD_FILE=$gate.hold \
    "$pokerarena" run "$@" >"$folder/interrupted.out" 2>"$folder/interrupted.fifo" &
pid=$!
exec 3<"$folder/interrupted.fifo"
cat "$gate" >/dev/null
kill -INT $pid
while IFS= read -r line <&3; do
    printf '%s\n' "$line" >>"$folder/interrupted.err"
    case $line in *"stopping:"*) break ;; esac
done
: >"$gate.hold"
cat <&3 >>"$folder/interrupted.err"
wait $pid
echo "exit $?"
exec 3<&-
rm -f "$folder/interrupted.fifo"
cat "$folder/interrupted.err" "$folder/interrupted.out"
