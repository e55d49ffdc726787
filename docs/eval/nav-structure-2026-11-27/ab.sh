#!/bin/bash
# usage: ab.sh OUT REPS OLD_TREE NEW_TREE: the Python topics (the only labelled corpus whose pages keep links in
# navigation elements), strategy learned, |R| pages, the two builds alternated topic by topic.
out=$1; reps=$2; old=$3; new=$4; mkdir -p $out
declare -A R=([py-concurrency-en]=11 [py-networking-en]=47 [py-text-en]=9)
for i in $(seq $reps); do for t in py-text-en py-concurrency-en py-networking-en; do for arm in old new; do
  tree=$old; [ $arm = new ] && tree=$new
  (cd $tree && bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned --pages ${R[$t]} --errors 0 \
    --out $out/$arm-$i-$t > $out/$arm-$i-$t.log 2>&1)
  grep -E "^learned +[0-9]" $out/$arm-$i-$t.log | sed "s/^/$arm $i $t /" >> $out/summary.txt
done; done; done
