#!/bin/bash
# usage: bf.sh OUT: every labelled topic at |R|, best-first (real crawls)
out=$1; mkdir -p $out
declare -A R=([lo-base-en]=85 [lo-basic-en]=420 [lo-calc-en]=480 [lo-calc-zh]=480 [lo-impress-en]=246
  [lo-math-en]=81 [lo-writer-en]=406 [lo-writer-zh]=406 [pg-catalogs-en]=168 [pg-libpq-en]=64 [pg-plang-en]=61
  [pg-replication-en]=23 [pg-textsearch-en]=12 [py-concurrency-en]=11 [py-networking-en]=47 [py-text-en]=9)
cd "${EVAL_TREE:-.}"
for t in $(echo "${!R[@]}" | tr ' ' '\n' | sort); do
  bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy best-first --pages ${R[$t]} --errors 0 --out $out/$t > $out/$t.log 2>&1
  grep -E "^best-first +[0-9]" $out/$t.log | sed "s/^/$t /" >> $out/summary.txt
done
echo done >> $out/summary.txt
