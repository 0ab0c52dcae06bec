#!/bin/sh
# `pokerarena run` with a plugin whose decide() never returns: the stall warning must name the
# unit, the hand, the seat, the bot and the call, and say how to stop; SIGINT then SIGTERM (two
# stop requests: two different signals, which cannot merge into one as two SIGINTs sent at
# once may) must then write the finished units and end the run with exit code 130.
# Usage: run_stall.sh POKERARENA BAD_BOT_PLUGIN FOLDER. Prints the exit code, then the output.
pokerarena=$1
plugin=$2
folder=$3
mkdir -p "$folder"
rm -f "$folder/stall.err" "$folder/stall.out"
"$pokerarena" run --bots "$plugin:hang,call" --hands 10 --stall-warning 1 \
    --out "$folder/stall.pb" >"$folder/stall.out" 2>"$folder/stall.err" &
pid=$!
# Waits for the warning, for at most a minute so that a run that never warns cannot hang the
# test (it then fails on the missing text).
tries=0
until grep -q "has not returned" "$folder/stall.err" || [ $tries -ge 600 ]; do
    sleep 0.1
    tries=$((tries + 1))
done
kill -INT $pid
kill -TERM $pid
wait $pid
echo "exit $?"
cat "$folder/stall.err" "$folder/stall.out"
