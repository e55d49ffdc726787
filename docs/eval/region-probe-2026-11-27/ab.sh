#!/bin/bash
# usage: ab.sh OUT REPS TREE: real crawls of the region probe (a temporary build switched by -Dts.probe=true, not
# kept) against the same build without it, alternated topic by topic; strategy learned, |R| pages.
out=$1; reps=$2; tree=$3; mkdir -p $out
declare -A R=([lo-base-en]=85 [py-networking-en]=47 [pg-textsearch-en]=12 [pg-replication-en]=23 [lo-writer-en]=311 [pg-plang-en]=61)
for i in $(seq $reps); do for t in lo-base-en py-networking-en pg-textsearch-en pg-replication-en pg-plang-en; do
  for arm in old new; do
    opts=""; [ $arm = new ] && opts="-Dts.probe=true"
    (cd $tree && JAVA_TOOL_OPTIONS="$opts" bin/topicstorm eval --topic seeds/eval/$t.yaml --strategy learned \
      --pages ${R[$t]} --errors 0 --out $out/$arm-$i-$t > $out/$arm-$i-$t.log 2>&1)
    grep -E "^learned +[0-9]" $out/$arm-$i-$t.log | sed "s/^/$arm $i $t /" >> $out/summary.txt
  done
done; done
