#!/bin/sh
# Bot processes end with the run, whatever they do and however the run ends, and SIGHUP stops a
# run as SIGTERM does. Each case learns a process id from the bot itself (MISBEHAVE_PID_FILE of
# tests/bots/process/misbehaving_bot.c, written at its first decision); where the run must be
# at a known point first, that file is a FIFO, whose open() holds the bot (and so the run)
# until this script reads it. Nothing waits on the clock: a process that should end is waited
# for through its pidfd (see gone() below), which becomes readable the moment it exits.
# Usage: bot_processes.sh POKERARENA MISBEHAVING_BOT FOLDER
# Prints "ok" and exits 0 when every case passes; else names the case and exits 1.
pokerarena=$1
bot=$2
folder=$3
rm -rf "$folder"
mkdir -p "$folder"
fail() {
    echo "FAILED: $*"
    exit 1
}
# Whether process $1 has ended (or ends within $2 seconds: a bound on a kernel's delivery of a
# signal, never reached when the test passes, so that a failure does not hold ctest for its
# whole timeout).
gone() {
    /usr/bin/python3 - "$1" "$2" <<'EOF'
import os, select, sys
try:
    fd = os.pidfd_open(int(sys.argv[1]))
except ProcessLookupError:
    sys.exit(0)
ready, _, _ = select.select([fd], [], [], float(sys.argv[2]))
sys.exit(0 if ready else 1)
EOF
}

# 1. SIGHUP is a request to stop, as SIGTERM is: the first lets the tables in play finish
# (here they cannot: the bot hangs from its second decision), the second writes the finished
# units at once. Exit code 130 and a report that reads, not the signal's 129 and no report.
mkfifo "$folder/hup.fifo" "$folder/hup.err"
MISBEHAVE_PID_FILE="$folder/hup.fifo" "$pokerarena" run --bots "h=proc:$bot hang 2,call" \
    --deals 2000 --bot-timeout 3600 --threads 1 --tables 1 --out "$folder/hup.pb" \
    >"$folder/hup.out" 2>"$folder/hup.err" &
host=$!
exec 3<"$folder/hup.err"
read -r bot_pid <"$folder/hup.fifo"
kill -HUP $host
while IFS= read -r line <&3; do
    case $line in *"stopping:"*) break ;; esac
done
kill -HUP $host
cat <&3 >/dev/null
wait $host
code=$?
exec 3<&-
[ $code -eq 130 ] || fail "SIGHUP: exit $code, expected 130"
"$pokerarena" report "$folder/hup.pb" >/dev/null || fail "SIGHUP: the report does not read"
gone "$bot_pid" 0 || fail "SIGHUP: bot process $bot_pid still running after the run"

# 2. A bot's child that leaves its process group (setsid) and ignores SIGTERM and SIGHUP ends
# with the run: the run is its subreaper, so it is the run's child once the bot ends, and the
# run kills and reaps it before it exits. So it is gone when the run has returned.
MISBEHAVE_PID_FILE="$folder/setsid.pid" "$pokerarena" run \
    --bots "s=proc:$bot setsid_child,call" --deals 200 --quiet --out "$folder/setsid.pb" \
    >/dev/null || fail "setsid: the run failed"
read -r child <"$folder/setsid.pid"
if kill -0 "$child" 2>/dev/null; then
    kill -9 "$child"
    fail "setsid: the bot's child $child outlived the run"
fi

# 3. The run killed with SIGKILL runs no code of its own; the kernel kills the bot
# (PR_SET_PDEATHSIG), though it ignores SIGTERM and SIGHUP and the end of its input.
mkfifo "$folder/kill.fifo"
MISBEHAVE_PID_FILE="$folder/kill.fifo" "$pokerarena" run --bots "i=proc:$bot ignore_eof,call" \
    --deals 1000000 --bot-timeout 3600 --quiet --out "$folder/kill.pb" >/dev/null 2>&1 &
host=$!
read -r bot_pid <"$folder/kill.fifo"
kill -9 $host
wait $host
if ! gone "$bot_pid" 60; then
    kill -9 "$bot_pid"
    fail "kill -9: bot process $bot_pid outlived the run"
fi
echo ok
