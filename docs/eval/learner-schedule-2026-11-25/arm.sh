#!/bin/bash
# usage: arm.sh REPO OUT [--set ...] -- learned per labelled topic at |R| pages
repo=$1; out=$2; shift 2; mkdir -p $out
declare -A R=([lo-basic-en]=420 [lo-calc-en]=480 [lo-calc-zh]=480 [lo-impress-en]=246 [lo-writer-zh]=406 [pg-catalogs-en]=168 [pg-libpq-en]=64 [pg-plang-en]=61 [py-networking-en]=47)
cd $repo
for t in lo-basic-en lo-calc-en lo-calc-zh lo-impress-en lo-writer-zh pg-catalogs-en pg-libpq-en pg-plang-en py-networking-en; do
  bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned --pages ${R[$t]} --errors 0 --out $out/$t "$@" > $out/$t.log 2>&1
  grep -E "^learned +[0-9]" $out/$t.log | sed "s/^/$t /" >> $out/summary.txt
done
