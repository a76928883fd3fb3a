#!/bin/bash
# Resident memory at idle of two builds of the console, taking turns, two rounds (bench/memory.sh BEFORE_DIR [AFTER_DIR]):
# each directory is a checkout with its server built (node scripts/build-server.mjs). A first start on an empty database,
# then a second start on it, each measured after 20 s idle (ps -o rss): embedded with the demo, embedded without, and
# PostgreSQL without (a scratch database it4u_memcmp on the local server). Figures in docs/benchmarks.md.
measure() { # dir label envs...
  local dir=$1 label=$2; shift 2
  local d=$(mktemp -d)
  local out=""
  [ -n "$PGDB" ] && psql -h 127.0.0.1 -U postgres -qc "drop database if exists $PGDB" -c "create database $PGDB" >/dev/null 2>&1
  for run in first second; do
    (cd $dir && env DATA_DIR=$d PORT=8398 HOST=127.0.0.1 BACKUP_HOURS=0 LOG_LEVEL=warn ADMIN_PASSWORD=Admin-pass-123 "$@" node apps/server/dist/main.mjs >/dev/null 2>&1) &
    sleep 1; local pid=$(pgrep -f "node apps/server/dist/main.mjs" | head -1)
    for i in $(seq 1 120); do curl -sf http://127.0.0.1:8398/api/health >/dev/null && break; sleep 0.5; done
    sleep 20
    out="$out $run=$(( $(ps -o rss= -p $pid)/1024 ))MB"
    kill -TERM $pid; while kill -0 $pid 2>/dev/null; do sleep 0.2; done
  done
  echo "$label$out"
  rm -rf $d
}
BEFORE=${1:?usage: bench/memory.sh BEFORE_DIR [AFTER_DIR]}; AFTER=${2:-$(cd "$(dirname "$0")/.." && pwd)}
for round in 1 2; do
  for side in before:$BEFORE after:$AFTER; do
    name=${side%%:*}; dir=${side#*:}
    measure $dir "$name embedded+demo" 
    measure $dir "$name embedded" UNIFI_DEMO=off
    PGDB=it4u_memcmp measure $dir "$name postgres" UNIFI_DEMO=off DATABASE_URL=postgres://postgres@127.0.0.1:5432/it4u_memcmp
  done
done
