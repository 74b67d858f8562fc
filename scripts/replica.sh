#!/usr/bin/env bash
# A local hot-standby replica of this machine's PostgreSQL, for DATABASE_READ_URL and
# test/replica.test.ts. Debian's cluster tools; run as root. Idempotent.
#
#   scripts/replica.sh [start]  create cluster 15/replica on port 5433 if it does not exist
#                               (pg_basebackup -R from 127.0.0.1:5432), start it, wait until
#                               it is in recovery and streaming
#   scripts/replica.sh stop     stop it (kept: the next start resumes streaming)
#   scripts/replica.sh remove   stop and delete it
#   scripts/replica.sh status   one line; exit 0 when it answers in recovery
#
# The primary must have wal_level replica (or logical) and max_wal_senders > 0 (PostgreSQL 15's
# defaults); the script refuses otherwise, since changing them needs a restart of the primary.
# It lets user postgres make replication connections from 127.0.0.1 (trust, as the rest of
# this machine's pg_hba.conf) and reloads the primary when it had to add that line.
# No replication slot: a replica stopped for long may no longer find the WAL it needs; then
# `remove` and `start` again (a fresh copy takes seconds on a test machine).
set -euo pipefail

VERSION="${PG_VERSION:-15}"
NAME=replica
HOST=127.0.0.1
PRIMARY_PORT="${PRIMARY_PORT:-5432}"
PORT="${REPLICA_PORT:-5433}"
DATA="/var/lib/postgresql/${VERSION}/${NAME}"
CONF="/etc/postgresql/${VERSION}/${NAME}"

say() { printf 'replica: %s\n' "$*"; }
die() { printf 'replica: %s\n' "$*" >&2; exit 1; }
as_postgres() { runuser -u postgres -- "$@"; }
primary_sql() { psql -X -q -At -h "$HOST" -p "$PRIMARY_PORT" -U postgres -d postgres -c "$1"; }
replica_sql() { psql -X -q -At -h "$HOST" -p "$PORT" -U postgres -d postgres -c "$1" 2>/dev/null; }
exists() { [ -f "${CONF}/postgresql.conf" ]; }
running() { pg_lsclusters -h "$VERSION" "$NAME" 2>/dev/null | awk '{print $4}' | grep -q online; }

[ "$(id -u)" -eq 0 ] || die "run as root (it creates a cluster owned by postgres)"

replication_allowed() {
  psql -X -q -At "host=${HOST} port=${PRIMARY_PORT} user=postgres replication=true" -c 'IDENTIFY_SYSTEM' >/dev/null 2>&1
}

check_primary() {
  pg_isready -q -h "$HOST" -p "$PRIMARY_PORT" || die "the primary does not answer at ${HOST}:${PRIMARY_PORT}"
  local wal_level senders
  wal_level=$(primary_sql 'show wal_level')
  senders=$(primary_sql 'show max_wal_senders')
  case "$wal_level" in replica | logical) ;; *) die "the primary has wal_level=${wal_level}: set it to replica and restart it" ;; esac
  [ "$senders" -gt 0 ] || die "the primary has max_wal_senders=0: raise it and restart it"
  if ! replication_allowed; then
    local hba
    hba=$(primary_sql 'show hba_file')
    say "allowing replication connections of postgres from ${HOST} in ${hba}"
    printf '\n# added by scripts/replica.sh: streaming replica on this machine\nhost replication postgres %s/32 trust\n' "$HOST" >>"$hba"
    primary_sql 'select pg_reload_conf()' >/dev/null
    for _ in $(seq 1 20); do replication_allowed && break; sleep 0.2; done
    replication_allowed || die "replication connections to ${HOST}:${PRIMARY_PORT} are still refused (see ${hba})"
  fi
}

create() {
  say "creating cluster ${VERSION}/${NAME} on port ${PORT} from ${HOST}:${PRIMARY_PORT}"
  pg_createcluster "$VERSION" "$NAME" -p "$PORT" -o hot_standby=on \
    -- --auth-local=trust --auth-host=trust >/dev/null
  # The configuration stays in ${CONF} (port, authentication); the data is the primary's.
  find "$DATA" -mindepth 1 -delete
  if ! as_postgres pg_basebackup -h "$HOST" -p "$PRIMARY_PORT" -U postgres -D "$DATA" -R -X stream -c fast; then
    pg_dropcluster "$VERSION" "$NAME" >/dev/null 2>&1 || true
    die "pg_basebackup failed"
  fi
}

start() {
  check_primary
  if ! start_once; then
    # A standby left stopped while the primary wrote much may have lost the WAL it needs (no
    # replication slot): a fresh copy is the way back.
    say "the standby does not stream: making a fresh copy"
    remove
    start_once || die "the standby at ${HOST}:${PORT} does not stream from the primary (see /var/log/postgresql/postgresql-${VERSION}-${NAME}.log)"
  fi
  say "streaming replica ready: postgres://postgres@${HOST}:${PORT}/<database> (in recovery, streaming from ${HOST}:${PRIMARY_PORT})"
}

start_once() {
  if exists && [ ! -f "${DATA}/standby.signal" ]; then
    die "${VERSION}/${NAME} exists but is not a standby (promoted?): run '$0 remove' first"
  fi
  exists || create
  if ! running; then
    say "starting ${VERSION}/${NAME}"
    pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$NAME" start
  fi
  local in_recovery=''
  for _ in $(seq 1 60); do
    in_recovery=$(replica_sql 'select pg_is_in_recovery()' || true)
    [ "$in_recovery" = t ] && break
    sleep 0.5
  done
  [ "$in_recovery" = t ] || die "no standby answers at ${HOST}:${PORT} (see /var/log/postgresql/postgresql-${VERSION}-${NAME}.log)"
  local receiver=''
  for _ in $(seq 1 40); do
    receiver=$(replica_sql 'select status from pg_stat_wal_receiver' || true)
    [ "$receiver" = streaming ] && break
    sleep 0.5
  done
  [ "$receiver" = streaming ]
}

stop() {
  if exists && running; then
    pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$NAME" stop -m fast
    say "stopped"
  else
    say "not running"
  fi
}

remove() {
  if exists; then
    running && pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$NAME" stop -m fast
    pg_dropcluster "$VERSION" "$NAME"
    say "removed"
  else
    say "no cluster ${VERSION}/${NAME}"
  fi
}

status() {
  if [ "$(replica_sql 'select pg_is_in_recovery()' || true)" = t ]; then
    say "up at ${HOST}:${PORT}, in recovery, wal receiver: $(replica_sql 'select status from pg_stat_wal_receiver' || true)"
  else
    say "not answering at ${HOST}:${PORT}"
    return 1
  fi
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  remove) remove ;;
  status) status ;;
  *) die "usage: $0 [start|stop|remove|status]" ;;
esac
