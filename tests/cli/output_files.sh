#!/bin/sh
# Every file a command writes, against a symbolic link planted at its name and against a full
# disk. A link must be replaced by the file, its target left as it was (the writes followed
# links: a hand-history temporary with a fixed name overwrote the file it pointed to, -o and
# --json overwrote a link's target); a full disk must end in a non-zero exit naming the file and
# leave no file, whole or half, under its name, and no temporary (run --json left a truncated
# file, report --csv an empty bots.csv). Full disks are a 64 KiB tmpfs filled to the brim, in a
# user and mount namespace of their own (unshare -rm), which needs no privilege.
# Usage: output_files.sh POKERARENA PROCESS_BOT FOLDER KIND, KIND one of out, run-json,
# report-json, csv, run-hh, play-hh, logs, stale. Prints what it checks; the last line is "ok"
# when every check passed, else "FAILED: what".
pokerarena=$1
process_bot=$2
folder=$3
kind=$4
rm -rf "$folder"
mkdir -p "$folder"
cd "$folder" || exit 1

fail() {
    echo "FAILED: $*"
    exit 1
}
# A file the writes must leave alone, and a link to it at $1.
plant_link() {
    echo precious >victim
    ln -s "$folder/victim" "$1"
}
# The victim unchanged, and $1 a regular file now (the link replaced).
check_link_replaced() {
    [ "$(cat victim)" = precious ] || fail "$1: the link's target was written"
    [ -f "$1" ] && [ ! -L "$1" ] || fail "$1: still a link, or no file"
}
# Runs the shell command line $1 (in which $d is the full folder) with $d a full disk and prints
# its output, its exit code, what $after prints and what the full folder holds then. $prepare
# runs first, on the empty disk; $room bytes are left free (none when empty).
on_full_disk() {
    mkdir -p full
    export pokerarena folder prepare room after
    unshare -rm sh -c '
        d=$1
        mount -t tmpfs -o size=64k none "$d" || exit 1
        eval "$prepare" >/dev/null || exit 1
        dd if=/dev/zero of="$d/filler" bs=4096 2>/dev/null
        [ -z "$room" ] || truncate -s "-$room" "$d/filler"
        eval "$2" 2>&1
        echo "exit $?"
        eval "$after"
        echo "holds:" $(cd "$d" && LC_ALL=C ls -A | grep -v "^filler$")' \
        sh "$folder/full" "$1"
}
prepare=''
room=''
after=''
# The output of on_full_disk: the exit code not 0, the message naming $1 and the reason, and
# the folder holding $2 alone (or nothing).
check_full_disk() {
    printf '%s\n' "$output"
    printf '%s\n' "$output" | grep -q "$1: cannot write: No space left on device" ||
        fail "no message naming $1"
    printf '%s\n' "$output" | grep -q '^exit 0$' && fail "exit code 0 on a full disk"
    printf '%s\n' "$output" | grep -qx "holds: *$2" || fail "the full disk holds more than '$2'"
}
report() {
    "$pokerarena" run --bots tag,call --deals 10 --seed 1 --quiet -o "$1" >/dev/null ||
        fail "run -o $1"
}

case $kind in
out)
    plant_link r.pb
    report r.pb
    check_link_replaced r.pb
    "$pokerarena" report r.pb >/dev/null || fail "the report does not read back"
    output=$(on_full_disk '"$pokerarena" run --bots tag,call --deals 10 --quiet -o "$d/r.pb"')
    check_full_disk full/r.pb ""
    ;;
run-json)
    plant_link r.json
    "$pokerarena" run --bots tag,call --deals 10 --quiet -o r.pb --json r.json >/dev/null ||
        fail "run --json"
    check_link_replaced r.json
    grep -q '"units_done"' r.json || fail "r.json holds no report"
    # Room for part of the JSON, which a writer writing in place would leave under the name.
    room=4096
    output=$(on_full_disk \
        '"$pokerarena" run --bots tag,call --deals 10 --quiet -o "$folder/s.pb" --json "$d/r.json"')
    check_full_disk full/r.json ""
    ;;
report-json)
    report r.pb
    plant_link r.json
    "$pokerarena" report r.pb --json r.json || fail "report --json"
    check_link_replaced r.json
    room=4096
    output=$(on_full_disk '"$pokerarena" report "$folder/r.pb" --json "$d/r.json"')
    check_full_disk full/r.json ""
    ;;
csv)
    report r.pb
    mkdir csv
    plant_link csv/bots.csv
    "$pokerarena" report r.pb --csv csv || fail "report --csv"
    check_link_replaced csv/bots.csv
    [ "$(head -c 4 csv/bots.csv)" = "bot," ] || fail "bots.csv holds no table"
    prepare='mkdir "$d/csv"'
    after='echo "csv holds:" $(ls -A "$d/csv")'
    output=$(on_full_disk '"$pokerarena" report "$folder/r.pb" --csv "$d/csv"')
    check_full_disk full/csv/bots.csv "csv"
    printf '%s\n' "$output" | grep -qx 'csv holds:' || fail "csv/ holds a file"
    ;;
run-hh)
    # A link at the name the unit's temporary had (the reproduction: the run wrote through
    # it, then renamed the link), and links to nowhere at the unit's file and the folder's
    # marker (links to a file would be taken for hands of another run and refused).
    mkdir hh
    echo precious >victim
    ln -s "$folder/victim" hh/unit-00000000.phhs.tmp
    ln -s "$folder/nowhere" hh/unit-00000000.phhs
    ln -s "$folder/nowhere" hh/config.txtpb
    "$pokerarena" run --bots tag,call --deals 10 --seed 1 --quiet -o r.pb --hh-out hh >/dev/null ||
        fail "run --hh-out"
    [ "$(cat victim)" = precious ] || fail "the link at the old temporary name was written"
    [ -L hh/unit-00000000.phhs.tmp ] || fail "the link at the old temporary name is gone"
    [ -e nowhere ] && fail "a link's target was created"
    [ -f hh/unit-00000000.phhs ] && [ ! -L hh/unit-00000000.phhs ] || fail "the unit's file"
    [ -f hh/config.txtpb ] && [ ! -L hh/config.txtpb ] || fail "the marker"
    "$pokerarena" replay hh/unit-00000000.phhs | tail -n 1
    # The marker on a full disk: refused before anything is played.
    after='echo "hh holds:" $(ls -A "$d/hh")'
    output=$(on_full_disk '"$pokerarena" run --bots tag,call --deals 10 --seed 1 --quiet -o "$folder/s.pb" --hh-out "$d/hh"')
    check_full_disk full/hh/config.txtpb hh
    printf '%s\n' "$output" | grep -qx 'hh holds:' || fail "hh/ holds a file"
    # The units on a full disk: a folder of the same run (so its marker stands) whose unit files
    # were written whole by a run before the disk filled up. They must stay whole.
    prepare='"$pokerarena" run --bots tag,call --deals 10 --seed 1 --quiet -o "$d/first.pb" --hh-out "$d/hh" && sha256sum "$d"/hh/* >"$d/sums"'
    after='sha256sum -c --quiet "$d/sums" && echo "units intact"; echo "hh holds:" $(LC_ALL=C ls -A "$d/hh")'
    output=$(on_full_disk '"$pokerarena" run --bots tag,call --deals 10 --seed 1 --quiet --threads 1 -o "$folder/t.pb" --hh-out "$d/hh"')
    check_full_disk full/hh/unit-00000000.phhs "first.pb hh sums"
    printf '%s\n' "$output" | grep -qx 'units intact' || fail "a unit's file changed"
    printf '%s\n' "$output" | grep -qx 'hh holds: config.txtpb unit-00000000.phhs' ||
        fail "hh/ holds other files"
    ;;
play-hh)
    plant_link s.phhs
    "$pokerarena" play --vs tag --hands 1 --delay 0 --seed 1 --hh-out s.phhs </dev/null >/dev/null ||
        fail "play --hh-out"
    check_link_replaced s.phhs
    "$pokerarena" replay s.phhs | tail -n 1
    output=$(on_full_disk '"$pokerarena" play --vs tag --hands 1 --delay 0 --seed 1 --hh-out "$d/s.phhs" </dev/null >/dev/null')
    check_full_disk full/s.phhs ""
    ;;
logs)
    # A link at a log's name is refused naming the log; the link and its target stay.
    plant_link r.1-b.stderr.log
    "$pokerarena" run --bots "a=proc:$process_bot,b=proc:$process_bot" --deals 10 --quiet \
        -o r.pb 2>&1 | sed "s|$folder/||g"
    [ "$(cat victim)" = precious ] || fail "the log's link was followed"
    [ -L r.1-b.stderr.log ] || fail "the log's link is gone"
    [ -e r.pb ] && fail "a run that could not open its log wrote a report"
    # Names that agree once made safe: one log each.
    "$pokerarena" run --bots "a b=proc:$process_bot,a_b=proc:$process_bot" --deals 10 --quiet \
        -o s.pb >/dev/null || fail "run with two process bots"
    LC_ALL=C ls s.*.stderr.log
    ;;
stale)
    # Temporaries of a writer killed while writing (a process that is gone) on this machine go
    # at the next write into their folder; those of a live process (this shell), those made on
    # another machine (the folder may be shared) and other files stay.
    sh -c 'exit 0' &
    dead=$!
    wait
    host=$(/usr/bin/python3 -c '
import socket
h = 2166136261
for c in socket.gethostname().encode():
    h = ((h ^ c) * 16777619) & 0xffffffff
print("%08x" % h)')
    other=00000000
    [ "$host" = 00000000 ] && other=00000001
    touch ".r.pb.tmp.$host.$dead.0123456789abcdef" ".unit.phhs.tmp.$host.$dead.fedcba9876543210" \
        ".r.pb.tmp.$host.$$.0123456789abcdef" ".r.pb.tmp.$other.$dead.0123456789abcdef" \
        "r.pb.tmp.$dead.7" ".r.pb.tmp.$host.$dead.notrandom"
    report r.pb
    ls -A | sed "s/\.$host\./.HOST./; s/\.$other\./.OTHER./; s/\.$dead\./.DEAD./; s/\.$$\./.LIVE./" |
        LC_ALL=C sort
    ;;
*)
    fail "unknown kind '$kind'"
    ;;
esac
echo ok
