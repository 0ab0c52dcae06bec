#!/bin/sh
# End-to-end tests of the journal of finished units (docs/simulator.md: what a crash can lose)
# and of what a resume says before it runs anything. One scenario per call:
#   run_journal.sh MODE POKERARENA DIR [PROGRAM]
# MODE is segv (PROGRAM: the hostile plugin), kill9, fulldisk, other_run (PROGRAM: the hostile
# plugin) or identity (PROGRAM: a process bot's program). Each stops the run at a point the
# test fixes, not the clock: a plugin that crashes at its Nth decision (one thread, one table
# at a time), or a process bot (tests/bots/process/misbehaving_bot.c, PROGRAM of kill9 and
# identity) that announces its first decision through a FIFO and is held there (every earlier
# unit has finished then, no later one has started). Prints "ok: MODE" and exits 0 when every
# check holds; otherwise names the check.
set -u
mode=$1
pokerarena=$2
dir=$3
program=${4:-}
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir" || exit 1
ulimit -c 0

fail() {
    echo "FAILED: $mode: $*"
    exit 1
}

# The figures of two reports are the same: their JSON without what differs between two runs of
# one tournament (run, timing, decision times; report.proto says which) and the bots' log
# names, which follow the report's.
same_figures() {
    "$pokerarena" report "$1" --json "$1.json" >/dev/null || fail "report $1"
    "$pokerarena" report "$2" --json "$2.json" >/dev/null || fail "report $2"
    /usr/bin/python3 - "$1.json" "$2.json" <<'EOF' || fail "$1 and $2 differ in their figures"
import json, sys
varying = {"run", "timing", "mean_decision_us", "decision_ns", "timing_decision_ns", "stderr_log"}
def strip(x):
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if k not in varying}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x
a, b = (strip(json.load(open(f))) for f in sys.argv[1:3])
if not a["units"]:
    sys.exit("no units: the figures compared would be none")
sys.exit(0 if a == b else "the figures differ")
EOF
}

# Starts `pokerarena run ARGS...` in the background and kills it with SIGKILL at its process
# bot's first decision: the bot writes its process id to the FIFO gate there (which this script
# reads) and then waits for gate.hold, which nobody opens, so its unit cannot finish first.
kill_at_gate() {
    mkfifo gate gate.hold || fail "mkfifo"
    MISBEHAVE_PID_FILE=gate MISBEHAVE_HOLD_FILE=gate.hold \
        "$pokerarena" run "$@" >killed.out 2>killed.err &
    pid=$!
    cat gate >/dev/null
    kill -KILL $pid
    wait $pid
    status=$?
    rm -f gate gate.hold
    [ $status -eq 137 ] || fail "the killed run exited $status, not 137 (SIGKILL)"
}

case $mode in
segv)
    # A plugin that crashes in a short run (no checkpoint due for 30 s) left no report at all.
    run="--bots h=$program:segv --bots tag --deals 3000 --seed 7 --threads 1 --tables 1 --quiet"
    HOSTILE_OFF=1 "$pokerarena" run $run -o full.pb >/dev/null 2>&1 || fail "the run without crash"
    HOSTILE_GAT=10000 "$pokerarena" run $run -o crashed.pb >crashed.out 2>crashed.err
    status=$?
    [ $status -eq 139 ] || fail "the crashed run exited $status, not 139 (SIGSEGV)"
    unit=$(sed -n 's/.*crashed (SIGSEGV) in decide (unit \([0-9]*\),.*/\1/p' crashed.err)
    [ -n "$unit" ] && [ "$unit" -ge 1 ] || fail "no crash line naming a unit after unit 0"
    grep -q "only the units in play are lost (the finished ones are in [^ ]*crashed.pb.journal); resume with: .* run --resume [^ ]*crashed.pb" crashed.err ||
        fail "the crash line does not say what is kept and how to resume"
    [ -f crashed.pb.journal ] || fail "no journal beside the report"
    # report shows the finished units from the journal, before any resume.
    "$pokerarena" report crashed.pb >shown.out 2>shown.err || fail "report of the crashed run"
    grep -q "INCOMPLETE: $unit of " shown.out || fail "report does not show the $unit units of the journal: $(cat shown.out)"
    grep -q "crashed.pb.journal: $unit units finished after the report was last written, shown from the journal" shown.err ||
        fail "report does not say it took units from the journal: $(cat shown.err)"
    # Every unit before the crashing one comes back from the journal.
    HOSTILE_OFF=1 "$pokerarena" run --resume crashed.pb >resumed.out 2>resumed.err ||
        fail "the resume failed: $(cat resumed.err)"
    grep -q "crashed.pb.journal: $unit units finished after the report was last written, taken from the journal" resumed.err ||
        fail "the resume did not take units 0..$((unit - 1)) from the journal: $(cat resumed.err)"
    same_figures crashed.pb full.pb
    [ ! -e crashed.pb.journal ] || fail "the journal was not removed after the final report"
    # --no-journal: only the report of the start is left, and the crash line says so.
    HOSTILE_GAT=10000 "$pokerarena" run $run --no-journal -o bare.pb >/dev/null 2>bare.err
    [ ! -e bare.pb.journal ] || fail "--no-journal wrote a journal"
    grep -q "results since the last checkpoint are lost (--no-journal); resume with: .* run --resume [^ ]*bare.pb --no-journal" bare.err ||
        fail "the crash line with --no-journal: $(cat bare.err)"
    ;;
kill9)
    # kill -9 at unit 3 (of 9), the first the process bot plays: units 0 to 2 are in the
    # journal only (no checkpoint is due). (--match-deals 512: units of 512 deals, 9 of them.)
    run="--bots tag,call,held=proc:$program --deals 1500 --seed 4 --match-deals 512
        --threads 1 --tables 1 --hh-out hh --quiet"
    "$pokerarena" run $run -o full.pb >/dev/null 2>&1 || fail "the uninterrupted run"
    mv hh hh_full
    mkdir hh
    kill_at_gate $run -o killed.pb
    # The report written at the start holds no unit; report shows the journal's three with it.
    "$pokerarena" report killed.pb 2>/dev/null | grep -q "INCOMPLETE: 3 of 9 units" ||
        fail "report does not show the start report with the journal's 3 of 9 units"
    "$pokerarena" run --resume killed.pb >resumed.out 2>resumed.err ||
        fail "the resume failed: $(cat resumed.err)"
    grep -q "killed.pb.journal: 3 units finished after the report was last written" resumed.err ||
        fail "the resume did not take units 0 to 2 from the journal: $(cat resumed.err)"
    # Before anything runs, the resume says what it writes, every path absolute.
    here=$(pwd -P)
    grep -q "^resuming $here/killed.pb runs:$" resumed.err || fail "no 'resuming ... runs:' line"
    grep -q "^  bots\[2\] 'held': starts \`$program\` in " resumed.err ||
        fail "no line for the process bot: $(cat resumed.err)"
    grep -q "^  $here/killed.pb (the report)$" resumed.err || fail "the report's path is not shown"
    grep -q "^  $here/killed.pb.journal (the journal of finished units)$" resumed.err ||
        fail "the journal's path is not shown"
    grep -q "^  $here/hh/ (hand histories, the report's hh_out 'hh')$" resumed.err ||
        fail "hh_out is not shown resolved"
    same_figures killed.pb full.pb
    for f in hh_full/*.phhs; do
        cmp -s "$f" "hh/${f#hh_full/}" || fail "hand histories differ: $f"
    done
    ;;
fulldisk)
    # A disk that fills at the end: the final report cannot be written, the journal holds every
    # unit. 300 units of one deal: the journal (about 36 KB) and the report written at the start
    # fit in 64 KB, the final report (about 41 KB) does not fit beside them. The tmpfs exists
    # only in this mount namespace, so the files are copied out there.
    printf 'bots { spec: "call" }\nbots { spec: "tag" }\ndeals: 300\ndeals_per_unit: 1\nseed: 5\n' >tiny.txtpb
    run="tiny.txtpb --threads 1 --quiet"
    "$pokerarena" run $run -o full.pb >/dev/null 2>&1 || fail "the run on a disk with room"
    mkdir small kept
    unshare -rm sh -c 'mount -t tmpfs -o size=64k none small || exit 99
        "$0" run '"$run"' -o small/r.pb >full_disk.out 2>full_disk.err
        echo $? >full_disk.status
        cp small/r.pb small/r.pb.journal kept/ 2>/dev/null
        exit 0' "$pokerarena" || fail "the tmpfs could not be set up (unshare -rm, mount -t tmpfs)"
    [ -f kept/r.pb ] && [ -f kept/r.pb.journal ] || fail "no report and journal left on the full disk"
    [ "$(cat full_disk.status)" = 1 ] || fail "the run on a full disk exited $(cat full_disk.status), not 1"
    grep -q "No space left on device" full_disk.err || fail "the failure does not say why: $(cat full_disk.err)"
    grep -q "The finished units are kept in small/r.pb and small/r.pb.journal; once there is room, write the report with:" full_disk.err ||
        fail "the failure does not say where the units are and how to resume"
    grep -q "Win rates" full_disk.out || grep -q "mbb" full_disk.out || fail "the table was not printed"
    "$pokerarena" report kept/r.pb 2>&1 >/dev/null | grep -q "kept/r.pb.journal: [0-9]* units finished after the report was last written, shown from the journal" ||
        fail "report does not show the kept units of the journal"
    "$pokerarena" run --resume kept/r.pb >resumed.out 2>resumed.err ||
        fail "the resume failed: $(cat resumed.err)"
    total=$("$pokerarena" report full.pb | sed -n 's/.*: \([0-9]*\) of \1 units.*/\1/p' | head -1)
    grep -q "r.pb.journal: [0-9]* units finished after" resumed.err || fail "no journal note"
    got=$(sed -n 's/.*r.pb.journal: \([0-9]*\) units finished after.*/\1/p' resumed.err)
    [ -n "$total" ] || total=$got
    [ "$got" = "$total" ] || fail "the journal held $got units, not all $total"
    same_figures kept/r.pb full.pb
    ;;
other_run)
    # Two runs of different seeds crash; each journal beside the other's report is refused.
    run="--bots h=$program:segv --bots tag --deals 3000 --threads 1 --tables 1 --quiet"
    HOSTILE_GAT=10000 "$pokerarena" run $run --seed 1 -o a.pb >/dev/null 2>&1
    HOSTILE_GAT=10000 "$pokerarena" run $run --seed 2 -o b.pb >/dev/null 2>&1
    [ -f a.pb.journal ] && [ -f b.pb.journal ] || fail "the crashed runs left no journals"
    mv a.pb.journal b.pb.journal.a
    mv b.pb.journal a.pb.journal
    HOSTILE_OFF=1 "$pokerarena" run --resume a.pb >resumed.out 2>resumed.err
    status=$?
    [ $status -eq 2 ] || fail "a resume with another run's journal exited $status, not 2"
    grep -q "^pokerarena run: a.pb.journal: the journal of another run ([^)]*), so its units are not applied" resumed.err ||
        fail "the refusal does not name the journal: $(cat resumed.err)"
    "$pokerarena" report a.pb 2>report.err | grep -q "INCOMPLETE: 0 of" || fail "the refused resume changed a.pb"
    grep -q "a.pb.journal: the journal of another run .*; the report is shown without it" report.err ||
        fail "report does not say it leaves another run's journal out: $(cat report.err)"
    ;;
identity)
    # A report with no units yet records the process bot's program; a changed program is
    # refused before it is started (the replacement would leave a file behind if it ran).
    cp "$program" bot.orig
    cp "$program" bot
    run="--bots p=proc:./bot,call --deals 400 --seed 3 --threads 1 --tables 1 --hh-out hh --quiet"
    mkdir hh
    kill_at_gate $run -o zero.pb
    "$pokerarena" report zero.pb | grep -q "INCOMPLETE: 0 of" || fail "no report with 0 units"
    here=$(pwd -P)
    rm bot
    printf '#!/bin/sh\ntouch %s/ran\nexec %s/bot.orig "$@"\n' "$here" "$here" >bot
    chmod +x bot
    "$pokerarena" run --resume zero.pb >resumed.out 2>resumed.err
    status=$?
    [ $status -eq 2 ] || fail "the resume with a changed program exited $status, not 2"
    [ ! -e ran ] || fail "the changed program was started"
    grep -q "^  bots\[0\] 'p': starts \`\./bot\` in $here, standard error to $here/zero.0-p.stderr.log$" resumed.err ||
        fail "the resume does not print the command it runs: $(cat resumed.err)"
    grep -q "the process bot bots\[0\] 'p' is not the program the report recorded: '.*bot' has changed" resumed.err ||
        fail "the refusal does not name the program: $(cat resumed.err)"
    # The program put back, the resume goes on.
    cp bot.orig bot
    "$pokerarena" run --resume zero.pb >resumed.out 2>resumed.err || fail "the resume with the program put back"
    [ ! -e ran ] || fail "the changed program ran"
    ;;
*)
    fail "unknown mode"
    ;;
esac
echo "ok: $mode"
