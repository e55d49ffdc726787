#!/bin/bash
for run in 1 2 3; do
  for arm in old new; do
    cd /work/wt/$arm
    for t in lo-calc-zh:480 py-networking-en:47; do
      bin/topicstorm eval --topic seeds/eval/${t%%:*}.yaml --strategy learned --pages ${t##*:} --errors 0 --out /work/diag/rank/two-$arm$run-${t%%:*} > /work/diag/rank/two-$arm$run-${t%%:*}.log 2>&1
      echo "$arm $run ${t%%:*} $(grep -E '^learned +[0-9]' /work/diag/rank/two-$arm$run-${t%%:*}.log)" >> /work/diag/rank/two.txt
    done
  done
done
