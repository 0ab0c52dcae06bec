#!/usr/bin/env bash
# The cluster scripts for real: a tournament in shards through scripts/slurm_array.sh on a
# single-node Slurm cluster started here (munged, slurmctld and slurmd from Debian's packages),
# or through scripts/gnu_parallel.sh with Debian's GNU parallel, then the merged report's table
# against one run of the whole tournament on this machine: they must be equal.
#
#   cluster_real.sh slurm|parallel POKERARENA SCRIPTS_DIR WORK_DIR
#
# Slurm needs root (slurmd runs jobs as their user) and the packages munge, slurmctld, slurmd
# and slurm-client (scripts/setup.sh installs them); without them the test is skipped (exit 77)
# with a line saying what is missing. The daemons get a configuration, ports, sockets, state
# and logs of their own under WORK_DIR (nothing of the machine's Slurm is read or touched), and
# are stopped when the script ends, however it ends. Waiting polls squeue and the files the
# jobs write, with a time limit: no sleep stands for "it is done".
set -euo pipefail

mode=$1
pokerarena=$2
scripts=$3
work=$4
skip=77
timeout_seconds=120

fail() {
  echo "cluster_real.sh ($mode): $*" >&2
  exit 1
}

# Polls `condition` (a command) every 0.2 s until it succeeds, at most timeout_seconds.
wait_for() {
  local what=$1
  shift
  local deadline=$((SECONDS + timeout_seconds))
  until "$@"; do
    ((SECONDS < deadline)) || fail "timed out after ${timeout_seconds} s waiting for $what"
    sleep 0.2
  done
}

rm -rf "$work"
mkdir -p "$work"
sockets=$work

# Four bots give six units, two a shard of three: a shard holding the wrong units, or two
# shards the same one, changes the merged table.
config=$work/tournament.txtpb
cat >"$config" <<'EOF'
format: ROUND_ROBIN
bots { spec: "tag" }
bots { spec: "call" }
bots { spec: "random" }
bots { spec: "allin" }
deals: 50
seed: 7
EOF
shards=3

# The table without what depends on the machine (report_table.hpp) or on the file's name.
table_of() {
  "$pokerarena" report "$1" | grep -Ev '^(Speed|Latency µs|Report):'
}

cleanup_slurm() {
  local status=$?
  set +e
  if [[ -n "${SLURM_CONF:-}" && -f "$SLURM_CONF" ]]; then
    scancel --quiet --user=root >/dev/null 2>&1
  fi
  # Each daemon by the process id it wrote, then waited for (bounded), so that no daemon of
  # this test outlives it, and nothing else is signalled.
  local pid_file pid
  for pid_file in "$work/slurmd.pid" "$work/slurmctld.pid" "$sockets/munged.pid"; do
    [[ -s "$pid_file" ]] || continue
    pid=$(<"$pid_file")
    kill "$pid" 2>/dev/null || continue
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  if ((status != 0)); then
    for log in "$work"/log/*.log "$work"/out/*.log; do
      [[ -f "$log" ]] && { echo "--- $log"; tail -n 20 "$log"; } >&2
    done
  fi
  [[ "$sockets" != "$work" ]] && rm -rf "$sockets"
  exit "$status"
}

run_slurm() {
  local missing=()
  local program
  for program in munged slurmctld slurmd sbatch squeue scancel python3; do
    command -v "$program" >/dev/null || [[ -x /usr/sbin/$program ]] || missing+=("$program")
  done
  if ((${#missing[@]} > 0)); then
    echo "SKIPPED: no ${missing[*]}: install munge, slurmctld, slurmd and slurm-client" \
      "(scripts/setup.sh does) to run the Slurm cluster test" >&2
    exit $skip
  fi
  if (($(id -u) != 0)); then
    echo "SKIPPED: the Slurm cluster test starts slurmd, which runs jobs as their user: run it as root" >&2
    exit $skip
  fi
  export PATH=$PATH:/usr/sbin
  # Unix sockets take at most 107 bytes of path: a deep build folder gets a short one instead
  # (made only now, after the checks that skip, so that cleanup_slurm always removes it).
  ((${#work} > 60)) && sockets=$(mktemp -d /tmp/pokerarena-cluster.XXXXXX)
  trap cleanup_slurm EXIT

  # Munge: a key and a socket of our own; --force because it runs as root.
  mkdir -p "$work/log" "$work/state" "$work/spool" "$work/out"
  head -c 1024 /dev/urandom >"$work/munge.key"
  chmod 400 "$work/munge.key"
  munged --force --key-file="$work/munge.key" --socket="$sockets/munge.socket" \
    --pid-file="$sockets/munged.pid" --log-file="$work/log/munged.log" \
    --seed-file="$work/munge.seed"
  wait_for "munged's socket" test -S "$sockets/munge.socket"

  # Two ports nobody listens on, chosen by the kernel.
  local ports
  ports=$(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))')
  local ctld_port=${ports% *} slurmd_port=${ports#* }
  local node
  node=$(hostname -s)
  # slurm_array.sh asks for 8 CPUs a task; the node claims 24 (config_overrides: slurmd does
  # not check them against the machine), so the three tasks run at once.
  export SLURM_CONF=$work/slurm.conf
  cat >"$SLURM_CONF" <<EOF
ClusterName=pokerarena-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$sockets/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SlurmdParameters=config_overrides
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=$node NodeAddr=127.0.0.1 CPUs=24 State=UNKNOWN
PartitionName=pokerarena Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  slurmctld -i
  slurmd
  node_idle() { [[ "$(sinfo -h -N -o %t 2>/dev/null)" == idle ]]; }
  wait_for "the node to come up idle" node_idle

  local out=$work/out
  POKERARENA=$pokerarena bash "$scripts/slurm_array.sh" "$config" "$out" "$shards" \
    >"$work/submit.log"
  cat "$work/submit.log"
  grep -q "^submitted array [0-9]* ($shards shards)" "$work/submit.log" ||
    fail "slurm_array.sh did not submit the array"
  # Done when the queue is empty (the merge job depends on the whole array), or holds only a
  # merge job that can never run (a task failed: afterok is never satisfied).
  # A failing squeue (the controller died) fails the test rather than passing for "settled".
  queue_settled() {
    local reasons
    reasons=$(squeue -h -o %r) || fail "squeue failed (slurmctld.log says why)"
    [[ -z "$(grep -v '^DependencyNeverSatisfied$' <<<"$reasons")" ]]
  }
  wait_for "the array and its merge job to leave the queue" queue_settled
  local k
  for ((k = 1; k <= shards; ++k)); do
    [[ -f "$out/shard-$k.pb" ]] || fail "array task $k wrote no shard-$k.pb (shard-$k.log says why)"
  done
  [[ -f "$out/all.pb" ]] || fail "the merge job wrote no all.pb (merge.log says why)"
  compare "$out/all.pb"
}

run_parallel() {
  if ! command -v parallel >/dev/null; then
    echo "SKIPPED: no GNU parallel: install parallel (scripts/setup.sh does) to run this test" >&2
    exit $skip
  fi
  local out=$work/out
  POKERARENA=$pokerarena bash "$scripts/gnu_parallel.sh" "$config" "$out" "$shards"
  local k
  for ((k = 1; k <= shards; ++k)); do
    [[ -f "$out/shard-$k.pb" ]] || fail "no shard-$k.pb"
  done
  compare "$out/all.pb"
}

compare() {
  "$pokerarena" run "$config" --threads 2 --quiet --out "$work/whole.pb" >/dev/null
  local merged whole
  merged=$(table_of "$1")
  whole=$(table_of "$work/whole.pb")
  echo "$merged"
  [[ "$merged" == "$whole" ]] ||
    fail "the merged shards' table differs from the one run's:"$'\n'"$whole"
  [[ "$merged" == "Round robin, no-limit, 4 bots, 50 deals a pair, 600 hands, seed 7, complete"* ]] ||
    fail "the merged shards are not the whole tournament"
  echo "cluster_real.sh ($mode): the $shards merged shards give the table of one run"
}

case $mode in
  slurm) run_slurm ;;
  parallel) run_parallel ;;
  *) fail "unknown mode '$mode': expected slurm or parallel" ;;
esac
