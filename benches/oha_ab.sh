#!/bin/bash
# Before and after, read from outside: two builds of tourney, each as two replicas on one fresh
# Postgres database (the demo's data, four API keys of its space), read in turn by `oha`
# (`cargo install oha --locked`): one process per key, two per replica, 16 connections each
# (32 per replica), `--latency-correction`, after 2 s of warm-up at the same rate. Rounds
# alternate old, new, old, new… so that the machine's moods fall on both. docs/PERFORMANCE.md
# quotes it ("Before and after, same run, alternating").
#
# Usage: benches/oha_ab.sh ROUNDS RATE SECONDS OLD_BINARY NEW_BINARY [LOG_LEVEL]
#   PG (default postgres://postgres@127.0.0.1:55432) names a server where databases may be made.
# Example: benches/oha_ab.sh 3 5000 8 ../before/target/release/tourney target/release/tourney
set -u
ROUNDS=${1:-3}; RATE=${2:-5000}; SECS=${3:-8}; OLD=$4; NEW=$5; LOG=${6:-warn}
PG=${PG:-postgres://postgres@127.0.0.1:55432}
DBN=tourney_oha_ab
OUT=$(mktemp -d)
psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS $DBN" -c "CREATE DATABASE $DBN" >/dev/null
DB=$PG/$DBN
"$NEW" --database-url "$DB" demo >/dev/null 2>&1
KEYS=()
for _ in 1 2 3 4; do
  KEYS+=("$("$NEW" --database-url "$DB" keys create --space demo 2>/dev/null | grep '^tk_')")
done
EACH=$(python3 -c "print($RATE/4)")

start() { # binary port
  TOURNEY_LOG=$LOG TOURNEY_DATABASE_URL=$DB "$1" serve --listen "127.0.0.1:$2" \
    --rate-limit 1000000 --no-dispatch >/dev/null 2>"$OUT/serve-$2.log" &
  echo $!
}
wait_oha() { while pgrep -x oha >/dev/null; do sleep 0.2; done; }
load() { # seconds output-prefix
  for i in 0 1 2 3; do
    port=$((18081 + i % 2))
    oha --no-tui --output-format json -z "$1s" -q "$EACH" -c 16 --latency-correction \
      -H "Authorization: Bearer ${KEYS[$i]}" "http://127.0.0.1:$port/api/v1/tournaments" \
      >"$OUT/$2-$i.json" 2>/dev/null &
  done
  wait_oha
}
run() { # label binary
  local a b
  a=$(start "$2" 18081); b=$(start "$2" 18082)
  for port in 18081 18082; do
    for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
  done
  load 2 warm
  load "$SECS" run
  kill "$a" "$b"; wait "$a" "$b" 2>/dev/null
  python3 - "$1" "$OUT" <<'PY'
import json, statistics, sys
label, out = sys.argv[1], sys.argv[2]
runs = [json.load(open(f"{out}/run-{i}.json")) for i in range(4)]
ms = lambda k: [r["latencyPercentiles"][k] * 1e3 for r in runs]
codes = {}
for r in runs:
    for code, n in r["statusCodeDistribution"].items():
        codes[code] = codes.get(code, 0) + n
errors = {}
for r in runs:
    for e, n in r["errorDistribution"].items():
        errors[e] = errors.get(e, 0) + n
print(f"{label:4} p50 {statistics.median(ms('p50')):.2f} ms  p90 {max(ms('p90')):.2f}  "
      f"p99 {min(ms('p99')):.2f}-{max(ms('p99')):.2f} ms  p99.9 {max(ms('p99.9')):.2f}  "
      f"answered/s {sum(r['summary']['requestsPerSec'] for r in runs):.0f}  statuses {codes}  errors {errors}")
PY
}
for _ in $(seq "$ROUNDS"); do run old "$OLD"; run new "$NEW"; done
psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS $DBN" >/dev/null
rm -rf "$OUT"
