#!/usr/bin/env bash
# Starts (or stops) a real single-node Slurm cluster for tests: munge + slurmctld + slurmd,
# started by hand (no systemd), with its configuration and state in one folder.
#   scripts/slurm-cluster.sh start DIR   -> prints "export SLURM_CONF=DIR/slurm.conf"
#   scripts/slurm-cluster.sh stop DIR    -> stops the daemons started for DIR (by pid)
# Installs the Debian packages when they are missing (root or sudo). Needs root: slurmd runs
# jobs as the submitting user and munged runs as the munge user.
set -euo pipefail
cmd="${1:-}"; DIR="${2:-}"
[ -n "$cmd" ] && [ -n "$DIR" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"

stop_cluster() {
  for name in slurmd slurmctld munged; do
    if [ -f "$DIR/$name.pid" ]; then
      pid=$(cat "$DIR/$name.pid" 2>/dev/null || true)
      [ -n "$pid" ] && $SUDO kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; } || break; sleep 0.1; done
      rm -f "$DIR/$name.pid"
    fi
  done
}

if [ "$cmd" = stop ]; then stop_cluster; exit 0; fi
[ "$cmd" = start ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }

missing=()
for p in slurmctld slurmd slurm-client munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "slurm-cluster: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "$DIR"/{state,spool,log,munge}
DIR="$(cd "$DIR" && pwd)"
HOST="$(hostname -s)"
CPUS="$(nproc)"
MEM_MB=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))

# munge: its own key and socket in DIR so a machine's existing munge setup is not touched.
if [ ! -f "$DIR/munge/munge.key" ]; then
  dd if=/dev/urandom of="$DIR/munge/munge.key" bs=1 count=1024 status=none
fi
chown -R munge:munge "$DIR/munge"; chmod 700 "$DIR/munge"; chmod 400 "$DIR/munge/munge.key"
SOCK="$DIR/munge/munge.socket"
runuser -u munge -- /usr/sbin/munged --key-file="$DIR/munge/munge.key" --socket="$SOCK" \
  --pid-file="$DIR/munge/munged.pid" --log-file="$DIR/munge/munged.log" \
  --seed-file="$DIR/munge/munged.seed" --force
for _ in $(seq 50); do [ -S "$SOCK" ] && break; sleep 0.1; done
cp "$DIR/munge/munged.pid" "$DIR/munged.pid"

cat > "$DIR/slurm.conf" <<CONF
ClusterName=domainlens-test
SlurmctldHost=$HOST
AuthType=auth/munge
AuthInfo=socket=$SOCK
CryptoType=crypto/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SlurmctldPort=${SLURMCTLD_PORT:-16817}
SlurmdPort=${SLURMD_PORT:-16818}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MaxArraySize=1001
ReturnToService=2
MpiDefault=none
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=300
KillWait=5
Waittime=0
NodeName=$HOST CPUs=$CPUS RealMemory=$MEM_MB State=UNKNOWN
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
export SLURM_CONF="$DIR/slurm.conf"
/usr/sbin/slurmctld -f "$SLURM_CONF" -i
/usr/sbin/slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do
  if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
    echo "export SLURM_CONF=$SLURM_CONF"; exit 0
  fi
  sleep 0.2
done
echo "slurm-cluster: the node did not become idle; logs in $DIR/log" >&2
sinfo >&2 || true
exit 1
