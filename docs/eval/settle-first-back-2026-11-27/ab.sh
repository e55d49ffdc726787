#!/bin/bash
# usage: ab.sh OUT REPS OLD_TREE NEW_TREE: the seven small topics, strategy learned, |R| pages, the two builds
# alternated topic by topic (old: the start's wait bounded 2 s after the query; new: 2 s after the first page back).
out=$1; reps=$2; old=$3; new=$4; mkdir -p $out
declare -A R=([pg-replication-en]=23 [pg-textsearch-en]=12 [py-concurrency-en]=11 [py-networking-en]=47 [py-text-en]=9 [pg-libpq-en]=64 [pg-plang-en]=61)
for i in $(seq $reps); do for t in py-text-en py-concurrency-en pg-textsearch-en pg-replication-en py-networking-en pg-plang-en pg-libpq-en; do
  for arm in old new; do
    tree=$old; [ $arm = new ] && tree=$new
    (cd $tree && bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned --pages ${R[$t]} --errors 0 \
      --out $out/$arm-$i-$t > $out/$arm-$i-$t.log 2>&1)
    grep -E "^learned +[0-9]" $out/$arm-$i-$t.log | sed "s/^/$arm $i $t /" >> $out/summary.txt
  done
done; done
