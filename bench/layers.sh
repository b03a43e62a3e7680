#!/bin/sh
# Measures what each server layer costs (docs/decisions/011-server-layers.md):
# the same bench against /healthz and the signed-in /dashboard with one layer
# switched off at a time. Results in bench/results/layers-*.json.
set -e
cd "$(dirname "$0")/.."
for variant in baseline compression logging static; do
  if [ "$variant" = baseline ]; then env=""; else env="RAMPART_LAYERS_OFF=$variant"; fi
  echo "== $variant"
  BENCH_ONLY=healthz,landing,dashboard BENCH_ENV="$env" BENCH_OUT="bench/results/layers-$variant.json" npx tsx bench/server.ts | grep -v "^met\|^MISS"
done
