#!/bin/bash
# usage: all.sh OUT: every labelled topic at |R|, learned; arms new (settle.max 5000) and old (300) alternated per topic
out=$1; mkdir -p $out
declare -A R=([lo-base-en]=85 [lo-basic-en]=420 [lo-calc-en]=480 [lo-calc-zh]=480 [lo-impress-en]=246
  [lo-math-en]=81 [lo-writer-en]=406 [lo-writer-zh]=406 [pg-catalogs-en]=168 [pg-libpq-en]=64 [pg-plang-en]=61
  [pg-replication-en]=23 [pg-textsearch-en]=12 [py-concurrency-en]=11 [py-networking-en]=47 [py-text-en]=9)
cd "${EVAL_TREE:-.}"
i=0
for t in $(echo "${!R[@]}" | tr ' ' '\n' | sort); do
  i=$((i+1)); if [ $((i%2)) = 0 ]; then arms="new old"; else arms="old new"; fi
  for arm in $arms; do
    conf=""; [ $arm = old ] && conf="--conf docs/eval/settle-max-2026-11-27/settle-max-300.yaml"
    bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned --pages ${R[$t]} --errors 0 --out $out/$arm-$t $conf > $out/$arm-$t.log 2>&1
    grep -E "^learned +[0-9]" $out/$arm-$t.log | sed "s/^/$arm $t /" >> $out/summary.txt
  done
done
echo done >> $out/summary.txt
