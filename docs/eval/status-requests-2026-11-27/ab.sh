#!/bin/bash
# The status writer with one mget fewer per batch and its links write concurrent (statuspath.patch on NEW) against
# main (OLD). Three measurements, each alternated old/new:
#   1. eval crawls of lo-impress-en (learned, 246 pages), whole process timed, 4 pairs after a warm-up pair; the
#      crawl's pages/s from its progress lines (first line with a page fetched to the last);
#   2. the same crawls with Prometheus on (prom.yaml: topicstorm.metrics.prometheus.port 9400), its metrics read
#      every second: the status writers' p50 (topicstorm_es_status_write_seconds) and Storm's complete latency;
#   3. bench crawl of 50 hosts without the rank cut (CPU-bound: Elasticsearch's CPU per page), 2 pairs.
# usage: ab.sh OUT OLD NEW   (needs TOPICSTORM_CORPORA)
set -euo pipefail
out=$1; old=$2; new=$3
mkdir -p "$out"
printf 'config:\n  topicstorm.metrics.prometheus.port: 9400\n' > "$out/prom.yaml"
for r in 1 2 3; do
  for arm in old new; do
    tree=$old; [ $arm = new ] && tree=$new
    (cd "$tree" && bin/topicstorm eval --topic seeds/eval/lo-impress-en.yaml --strategy learned --pages 246 \
      --errors 0 --conf "$out/prom.yaml" --out "$out/$arm-$r") > "$out/$arm-$r.txt" 2>&1 &
    pid=$!
    while kill -0 $pid 2>/dev/null; do
      curl -s -m 1 127.0.0.1:9400/metrics > "$out/m.tmp" 2>/dev/null && [ -s "$out/m.tmp" ] && cp "$out/m.tmp" "$out/$arm-$r.metrics"
      sleep 1
    done
    echo "$arm $r status-write p50 (ms, per task): $(grep '^topicstorm_es_status_write_seconds{' "$out/$arm-$r.metrics" \
      | grep 'quantile="0.5"' | awk '{printf "%.1f ", $2*1000}') complete latency (ms): $(grep \
      '^storm_complete_latency_default' "$out/$arm-$r.metrics" | awk '{printf "%.0f", $2}')" >> "$out/status-write-summary.txt"
  done
done
for r in 1 2; do
  for arm in old new; do
    tree=$old; [ $arm = new ] && tree=$new
    (cd "$tree" && bin/topicstorm bench crawl --hosts 50 --pages-per-host 200 --max-time 60s \
      --set frontier.query.max.rank=0) > "$out/bench-$arm-$r.txt" 2>&1
    echo "$arm $r $(grep -h -E '^steady|^CPU in' "$out/bench-$arm-$r.txt" | tr '\n' ' ')" >> "$out/bench-crawl-summary.txt"
  done
done
