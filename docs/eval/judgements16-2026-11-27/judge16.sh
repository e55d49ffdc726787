#!/bin/bash
# usage: judge16.sh OUT SETTING... : every labelled topic, learned, |R| pages; G = classifier + self-tuning + 100
# oracle judgements, 0 = keywords without judgements; settings alternated per topic
out=$1; shift
declare -A R=([lo-base-en]=85 [lo-basic-en]=420 [lo-calc-en]=480 [lo-calc-zh]=480 [lo-impress-en]=246
  [lo-math-en]=81 [lo-writer-en]=406 [lo-writer-zh]=406 [pg-catalogs-en]=168 [pg-libpq-en]=64 [pg-plang-en]=61
  [pg-replication-en]=23 [pg-textsearch-en]=12 [py-concurrency-en]=11 [py-networking-en]=47 [py-text-en]=9)
cd "${EVAL_TREE:-.}"
for t in $(echo "${!R[@]}" | tr ' ' '\n' | sort); do
  for s in "$@"; do
    o=$out/$s/$t; mkdir -p $o
    echo "$(date +%T) $s $t" >> $out/progress.log
    case $s in
      G*) extra="--model classifier --self-tuning --judgements 100";;
      *) extra="";;
    esac
    bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned --pages ${R[$t]} $extra --errors 5 --out $o > $o/log.txt 2>&1
  done
done
echo "$(date +%T) done" >> $out/progress.log
