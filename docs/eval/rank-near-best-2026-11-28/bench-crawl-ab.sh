#!/bin/bash
# bench crawl of 50 hosts, the count alone (frontier.query.rank.near.best=0, the default until session 25) against
# frontier.query.rank.near.best=RATIO, alternated A B A B.
# usage: bench-crawl-ab.sh RATIO OUT   (from the repository's root, with `bin/topicstorm es start` running: the
# benchmark then uses that node, warm, instead of a throwaway one)
set -euo pipefail
ratio=$1; out=$2
mkdir -p "$out"
for i in 1 2; do
  for arm in A B; do
    if [ $arm = A ]; then set=(--set frontier.query.rank.near.best=0); else set=(--set "frontier.query.rank.near.best=$ratio"); fi
    bin/topicstorm bench crawl --hosts 50 --pages-per-host 200 --max-time 60s --es-url http://127.0.0.1:9200 \
      "${set[@]}" > "$out/bench-$ratio-$arm$i.txt" 2>&1
    echo "$arm$i $(grep -E '^steady state|^CPU in' "$out/bench-$ratio-$arm$i.txt" | tr '\n' ' ')"
  done
done
