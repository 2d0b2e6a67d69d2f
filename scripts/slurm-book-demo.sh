#!/usr/bin/env bash
# A small opening-book build run as a real Slurm job array on this one machine, checked to give
# the very book one process builds (docs/sharding.md has the recipe for a real cluster).
#
#   sudo scripts/slurm-book-demo.sh [shards]        (default 4 shards)
#
# What it does:
#   1. installs Debian's slurm-wlm (and munge) with apt-get if slurmctld, slurmd or sbatch is missing
#      (needs root; a clear message when that is impossible);
#   2. writes a one-node slurm.conf and a fresh munge key in a temporary folder, and starts munged,
#      slurmctld and slurmd on localhost from it (their own ports, sockets and state: a Slurm or
#      munge already on the machine is left alone);
#   3. submits `tabletop connect-four book build --shard i/n` as `sbatch --array=1-n`; kills shard
#      KILL_SHARD (default 1; 0: none) with SIGKILL once its journal holds a record, and when the
#      array is over submits that shard again, which resumes its journal; then merges the shards' journals with `tabletop connect-four book merge`, builds the same book in
#      one process and compares the two files byte for byte;
#   4. stops the daemons it started and removes the folder (KEEP=1 keeps it, to read the logs).
#
# The build: every position 6 stones below a 10-stone opening (BOOK_ROOT, BOOK_DEPTH), about
# 11,000 positions, a few CPU seconds: small enough for a demo, large enough to need every shard.
# The repository must be built (npm run build). Exit status: 0 if the books are identical.
set -euo pipefail

SHARDS="${1:-4}"
KILL_SHARD="${KILL_SHARD:-1}"
BOOK_ROOT="${BOOK_ROOT:-2125377453}"
BOOK_DEPTH="${BOOK_DEPTH:-16}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLI="$REPO/dist/cli/main.js"
NODE="$(command -v node || true)"

say() { printf 'slurm-book-demo: %s\n' "$*"; }
die() { printf 'slurm-book-demo: %s\n' "$*" >&2; exit 1; }

[[ "$SHARDS" =~ ^[1-9][0-9]*$ ]] || die "the shard count must be a positive whole number, got '$SHARDS'"
[ -n "$NODE" ] || die "node is not on the PATH (Node 20 is needed)"
[ -f "$CLI" ] || die "$CLI is missing: run 'npm run build' in $REPO first"

# 1. Slurm and munge.
missing=()
for tool in slurmctld slurmd sbatch squeue munged; do
  command -v "$tool" > /dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
  say "not installed: ${missing[*]}; installing Debian's slurm-wlm and munge with apt-get"
  [ "$(id -u)" -eq 0 ] || die "installing needs root: run this script as root (sudo), or install them first: apt-get install slurm-wlm munge"
  command -v apt-get > /dev/null 2>&1 || die "apt-get is not available: install Slurm (slurmctld, slurmd, sbatch) and munge with this system's package manager, then run this again"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q > /dev/null || die "apt-get update failed (no network or no package sources?)"
  apt-get install -y -q --no-install-recommends slurm-wlm munge > /dev/null || die "apt-get install slurm-wlm munge failed"
fi
[ "$(id -u)" -eq 0 ] || die "starting slurmd needs root (it runs the jobs as their users): run this script as root"
say "$(slurmctld -V)"

# 2. A one-node cluster in its own folder.
WORK="$(mktemp -d /tmp/slurm-book-demo.XXXXXX)"
chmod 755 "$WORK"
PIDS=()
cleanup() {
  local status=$?
  for pid in "${PIDS[@]}"; do kill "$pid" 2> /dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
  done
  if [ "${KEEP:-0}" = 1 ] || [ "$status" -ne 0 ]; then say "kept $WORK (logs: munged.log, slurmctld.log, slurmd.log, shard-*.out)"; else rm -rf "$WORK"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Free ports for slurmctld and slurmd (a Slurm already running here keeps 6817 and 6818).
free_port() {
  "$NODE" -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}
CTLD_PORT="$(free_port)"
SLURMD_PORT="$(free_port)"
while [ "$SLURMD_PORT" = "$CTLD_PORT" ]; do SLURMD_PORT="$(free_port)"; done

HOST="$(hostname -s)"
CPUS="$(nproc)"
mkdir -p "$WORK/state" "$WORK/spool" "$WORK/munge"
# A fresh munge key of this cluster only (munged wants it private and owned by its user).
dd if=/dev/urandom bs=1 count=1024 of="$WORK/munge/munge.key" status=none
chmod 700 "$WORK/munge"
chmod 400 "$WORK/munge/munge.key"
munged --force --key-file="$WORK/munge/munge.key" --socket="$WORK/munge/munge.socket" \
  --pid-file="$WORK/munge/munged.pid" --log-file="$WORK/munged.log" --seed-file="$WORK/munge/munged.seed"
for _ in $(seq 50); do [ -s "$WORK/munge/munged.pid" ] && break; sleep 0.1; done
[ -s "$WORK/munge/munged.pid" ] || die "munged did not start (see $WORK/munged.log)"
PIDS+=("$(cat "$WORK/munge/munged.pid")")

export SLURM_CONF="$WORK/slurm.conf"
cat > "$SLURM_CONF" << EOF
ClusterName=bookdemo
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$WORK/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS State=UNKNOWN
PartitionName=demo Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
: > "$WORK/cgroup.conf"

slurmctld -D -i -f "$SLURM_CONF" > "$WORK/slurmctld.out" 2>&1 &
PIDS+=("$!")
slurmd -D -f "$SLURM_CONF" -N "$HOST" > "$WORK/slurmd.out" 2>&1 &
PIDS+=("$!")
say "started munged, slurmctld (port $CTLD_PORT) and slurmd (port $SLURMD_PORT) from $SLURM_CONF"
for _ in $(seq 100); do
  state="$(sinfo -h -n "$HOST" -o %T 2> /dev/null || true)"
  case "$state" in idle*|mixed*|allocated*) break ;; esac
  sleep 0.2
done
case "${state:-}" in idle*|mixed*|allocated*) ;; *) die "the node did not come up (state '${state:-none}'; see $WORK/slurmctld.log and $WORK/slurmd.log)" ;; esac
sinfo

# 3. The build as a job array: task i runs shard i of n, anywhere the cluster puts it.
cat > "$WORK/book-shard.sh" << EOF
#!/bin/sh
#SBATCH --job-name=c4book
#SBATCH --cpus-per-task=1
# A shard that was killed and is run again (scontrol requeue, or by hand) continues its journal.
exec "$NODE" "$CLI" connect-four book build --root "$BOOK_ROOT" --depth "$BOOK_DEPTH" \\
  --shard "\$SLURM_ARRAY_TASK_ID/$SHARDS" --journal "$WORK/part-\$SLURM_ARRAY_TASK_ID.journal" --workers 1
EOF
say "sbatch --array=1-$SHARDS: shards of the book of every position of $BOOK_DEPTH stones below $BOOK_ROOT"
JOB="$(sbatch --parsable --array="1-$SHARDS" --chdir="$WORK" --output="$WORK/shard-%a.out" "$WORK/book-shard.sh")"
say "submitted job array $JOB"
sleep 1
squeue
killed=0
if [ "$KILL_SHARD" != 0 ]; then
  # A hard kill, as the OOM killer or a lost node gives: SIGKILL to the shard's process (named by
  # the lock it holds on its journal) once the journal holds a record; Slurm sees the task fail.
  journal="$WORK/part-$KILL_SHARD.journal"
  for _ in $(seq 3000); do
    pid="$(sed -n 's/.*"pid":\([0-9]*\).*/\1/p' "$journal.lock" 2> /dev/null || true)"
    if [ -s "$journal" ] && [ -n "$pid" ] && kill -KILL "$pid" 2> /dev/null; then
      killed=1
      say "killed shard $KILL_SHARD (kill -KILL $pid) with $(wc -l < "$journal") records in its journal"
      break
    fi
    [ -n "$(squeue -h -j "${JOB}_$KILL_SHARD" 2> /dev/null)" ] || break
    sleep 0.1
  done
  [ "$killed" = 1 ] || say "shard $KILL_SHARD finished before it could be killed: nothing to resume"
fi
while [ -n "$(squeue -h -j "$JOB" 2> /dev/null)" ]; do sleep 1; done
if [ "$killed" = 1 ]; then
  say "shard $KILL_SHARD again (sbatch --array=$KILL_SHARD): it resumes its journal"
  sbatch --wait --parsable --array="$KILL_SHARD" --chdir="$WORK" --output="$WORK/shard-%a.resumed.out" "$WORK/book-shard.sh" > /dev/null
fi
failed=0
for i in $(seq "$SHARDS"); do
  out="$WORK/shard-$i.out"
  [ "$killed" = 1 ] && [ "$i" = "$KILL_SHARD" ] && { printf -- '--- shard %s, killed (%s)\n' "$i" "$out"; cat "$out" 2> /dev/null || true; out="$WORK/shard-$i.resumed.out"; }
  printf -- '--- shard %s (%s)\n' "$i" "$out"
  cat "$out" 2> /dev/null || true
  grep -q "shard $i/$SHARDS: done" "$out" 2> /dev/null || failed=1
done
[ "$failed" -eq 0 ] || die "a shard did not finish (its output is above; $WORK is kept)"

"$NODE" "$CLI" connect-four book merge "$WORK"/part-*.journal --out "$WORK/merged.c4book"
say "the same build in one process, for comparison"
"$NODE" "$CLI" connect-four book build --root "$BOOK_ROOT" --depth "$BOOK_DEPTH" --out "$WORK/one.c4book" --workers "$CPUS"
ls -l "$WORK/merged.c4book" "$WORK/one.c4book"
sha256sum "$WORK/merged.c4book" "$WORK/one.c4book"
if cmp "$WORK/merged.c4book" "$WORK/one.c4book"; then
  say "identical: the job array's merged book is byte for byte the one-process book"
else
  die "the merged book differs from the one-process book"
fi
