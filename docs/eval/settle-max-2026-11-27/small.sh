#!/bin/bash
# usage: small2.sh OUT REPS: alternated arms (new default settle.max 5000 vs old 300) on the small topics
out=$1; reps=$2; mkdir -p $out
declare -A R=([pg-replication-en]=23 [pg-textsearch-en]=12 [py-concurrency-en]=11 [py-networking-en]=47 [py-text-en]=9 [pg-libpq-en]=64 [pg-plang-en]=61)
cd "${EVAL_TREE:-.}"
for i in $(seq $reps); do for arm in new old; do for t in py-text-en py-concurrency-en pg-textsearch-en pg-replication-en py-networking-en pg-plang-en pg-libpq-en; do
  conf=""; [ $arm = old ] && conf="--conf docs/eval/settle-max-2026-11-27/settle-max-300.yaml"
  bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned --pages ${R[$t]} --errors 0 --out $out/$arm-$i-$t $conf > $out/$arm-$i-$t.log 2>&1
  grep -E "^learned +[0-9]" $out/$arm-$i-$t.log | sed "s/^/$arm $i $t /" >> $out/summary.txt
done; done; done
