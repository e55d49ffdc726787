#!/bin/bash
# usage: arm.sh REPO_DIR OUT_DIR -- learned and best-first per labelled topic at |R| pages; summary of recall@|R|
repo=$1; out=$2; mkdir -p $out
declare -A R=([lo-basic-en]=420 [lo-calc-en]=480 [lo-calc-zh]=480 [lo-impress-en]=246 [lo-writer-zh]=406 [pg-catalogs-en]=168 [pg-libpq-en]=64 [pg-plang-en]=61 [py-networking-en]=47)
cd $repo
for t in lo-basic-en lo-calc-en lo-calc-zh lo-impress-en lo-writer-zh pg-catalogs-en pg-libpq-en pg-plang-en py-networking-en; do
  bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned,best-first --pages ${R[$t]} --errors 0 --out $out/$t > $out/$t.log 2>&1
  grep -E "^(learned|best-first) +[0-9]" $out/$t.log | sed "s/^/$t /" >> $out/summary.txt
done
