#!/bin/bash
# usage: run.sh VARIANT... ; runs every labelled topic with each variant, link-topology, |R| pages
cd /work/wt/evalrun
declare -A R=([py-networking-en]=47 [pg-plang-en]=61 [pg-libpq-en]=64 [pg-catalogs-en]=168 [lo-impress-en]=246 [lo-writer-zh]=406 [lo-basic-en]=420 [lo-calc-en]=480 [lo-calc-zh]=480)
declare -A V=(
 [A]=""
 [B]="--model classifier --judgements 25"
 [C]="--model classifier --judgements 50"
 [D]="--model classifier --judgements 100"
 [F]="--self-tuning --judgements 100"
 [G]="--model classifier --self-tuning --judgements 100"
 [H]="--model classifier --judgements 100 --set relevance.classifier.url-words=false"
)
for t in py-networking-en pg-plang-en pg-libpq-en pg-catalogs-en lo-impress-en lo-writer-zh lo-basic-en lo-calc-en lo-calc-zh; do
  for v in "$@"; do
    out=/tmp/jt/$v/$t; mkdir -p $out
    echo "$(date +%T) $v $t" >> /tmp/jt/progress.log
    bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy link-topology --pages ${R[$t]} ${V[$v]} --errors 5 --out $out > $out/log.txt 2>&1
  done
done
echo "$(date +%T) done $*" >> /tmp/jt/progress.log
