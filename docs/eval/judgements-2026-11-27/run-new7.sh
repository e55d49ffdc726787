#!/bin/bash
# usage: EVAL_TREE=CHECKOUT OUT=DIR run-new7.sh : the seven topics added in session 14, strategy learned, |R| pages,
# the page classifier with self-tuning and 100 oracle judgements (setting G of ../judgements-2026-11-24/run.sh), and
# the same without judgements (keywords, setting 0); then ../judgements-2026-11-24/table-learned.py OUT/G and OUT/0
cd "${EVAL_TREE:-.}"
declare -A R=([py-text-en]=9 [py-concurrency-en]=11 [pg-textsearch-en]=12 [pg-replication-en]=23 [lo-math-en]=81 [lo-base-en]=85 [lo-writer-en]=406)
for t in py-text-en py-concurrency-en pg-textsearch-en pg-replication-en lo-math-en lo-base-en lo-writer-en; do
  for s in G 0; do
    out=${OUT:-/tmp/jt7}/$s/$t; mkdir -p $out
    echo "$(date +%T) $s $t" >> ${OUT:-/tmp/jt7}/progress.log
    if [ $s = G ]; then
      bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned --pages ${R[$t]} --model classifier --self-tuning --judgements 100 --errors 5 --out $out > $out/log.txt 2>&1
    else
      bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned --pages ${R[$t]} --errors 5 --out $out > $out/log.txt 2>&1
    fi
  done
done
echo "$(date +%T) done" >> ${OUT:-/tmp/jt7}/progress.log
