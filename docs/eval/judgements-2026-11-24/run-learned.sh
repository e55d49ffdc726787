#!/bin/bash
# usage: EVAL_TREE=CHECKOUT OUT=DIR run-learned.sh ; every labelled topic, strategy learned, |R| pages, the page
# classifier with self-tuning and 100 oracle judgements (setting G of run.sh); then table-learned.py OUT/G
cd "${EVAL_TREE:-.}"   # a checkout of the commit to measure
declare -A R=([py-networking-en]=47 [pg-plang-en]=61 [pg-libpq-en]=64 [pg-catalogs-en]=168 [lo-impress-en]=246 [lo-writer-zh]=406 [lo-basic-en]=420 [lo-calc-en]=480 [lo-calc-zh]=480)
for t in py-networking-en pg-plang-en pg-libpq-en pg-catalogs-en lo-impress-en lo-writer-zh lo-basic-en lo-calc-en lo-calc-zh; do
  out=${OUT:-/tmp/jtl}/G/$t; mkdir -p $out
  echo "$(date +%T) G $t" >> ${OUT:-/tmp/jtl}/progress.log
  bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned --pages ${R[$t]} --model classifier --self-tuning --judgements 100 --errors 5 --out $out > $out/log.txt 2>&1
done
echo "$(date +%T) done" >> ${OUT:-/tmp/jtl}/progress.log
