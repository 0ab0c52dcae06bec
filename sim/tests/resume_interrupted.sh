#!/bin/sh
# `pokerarena run` interrupted by SIGINT at a point the test fixes, not the clock: the run plays
# one unit at a time (--threads 1 --tables 1) and the hand-history file of one unit (GATE, its
# .phhs.tmp) is a FIFO. The unit's open() of it blocks until this script opens the FIFO too, so
# when that open returns, every earlier unit has finished and no later one has started. The
# unit then writes its hands into the FIFO, whose buffer (64 KiB with 4 KiB pages) holds far
# less than a unit's hands: it cannot finish before the script reads them. So the script sends SIGINT, waits for
# the run to answer it ("stopping:", read from the run's standard error as it comes, with no
# polling), and only then reads the unit's hands (into CAPTURE). The run finishes that unit,
# starts no other, writes the finished units and exits 130.
# A run that ends or misbehaves before it reaches GATE leaves the script blocked in the open:
# the caller's timeout ends it (and the run, blocked on a FIFO without a reader, with it).
# Usage: resume_interrupted.sh POKERARENA GATE CAPTURE FOLDER RUN_ARGUMENTS...
# Prints the exit code, then the standard error, then the standard output.
pokerarena=$1
gate=$2
capture=$3
folder=$4
shift 4
mkdir -p "$folder"
rm -f "$folder/interrupted.err" "$folder/interrupted.out" "$folder/interrupted.fifo" "$gate" \
    "$capture"
mkfifo "$folder/interrupted.fifo" "$gate"
"$pokerarena" run "$@" >"$folder/interrupted.out" 2>"$folder/interrupted.fifo" &
pid=$!
exec 3<"$folder/interrupted.fifo"
exec 4<"$gate"
kill -INT $pid
while IFS= read -r line <&3; do
    printf '%s\n' "$line" >>"$folder/interrupted.err"
    case $line in *"stopping:"*) break ;; esac
done
cat <&4 >"$capture"
exec 4<&-
cat <&3 >>"$folder/interrupted.err"
wait $pid
echo "exit $?"
exec 3<&-
rm -f "$folder/interrupted.fifo"
cat "$folder/interrupted.err" "$folder/interrupted.out"
