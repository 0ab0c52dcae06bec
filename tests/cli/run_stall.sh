#!/bin/sh
# `pokerarena run` with a plugin whose decide() never returns: the stall warning must name the
# unit, the hand, the seat, the bot and the call, and say how to stop; SIGINT must be answered
# at once (the run goes on waiting for the table in play), then SIGTERM (a second stop request:
# another signal, which cannot merge with the first as two SIGINTs sent at once may) must write
# the finished units and end the run with exit code 130.
# Usage: run_stall.sh POKERARENA BAD_BOT_PLUGIN FOLDER. Prints the exit code, then the output.
pokerarena=$1
plugin=$2
folder=$3
mkdir -p "$folder"
rm -f "$folder/stall.err" "$folder/stall.out" "$folder/stall.fifo"
mkfifo "$folder/stall.fifo"
"$pokerarena" run --bots "$plugin:hang,call" --deals 10 --stall-warning 1 \
    --out "$folder/stall.pb" >"$folder/stall.out" 2>"$folder/stall.fifo" &
pid=$!
# The run's messages are read as they come, with no polling: the read blocks until the next
# line. A run that never warns leaves the test blocked until ctest's TIMEOUT ends it, a failure.
exec 3<"$folder/stall.fifo"
while IFS= read -r line <&3; do
    printf '%s\n' "$line" >>"$folder/stall.err"
    case $line in *"has not returned"*) break ;; esac
done
kill -INT $pid
while IFS= read -r line <&3; do
    printf '%s\n' "$line" >>"$folder/stall.err"
    case $line in *"stopping:"*) break ;; esac
done
kill -TERM $pid
cat <&3 >>"$folder/stall.err"
wait $pid
echo "exit $?"
exec 3<&-
rm -f "$folder/stall.fifo"
cat "$folder/stall.err" "$folder/stall.out"
