#!/bin/bash
# bench throughput, old (3a576c4) and new (session 19) alternated
export TOPICSTORM_CORPORA=/work/main/topicstorm-cli/target/corpora
for i in 1 2; do
  for arm in old fb; do
    (cd /work/exp-$arm && bin/topicstorm bench throughput) > /tmp/ab-fp/tp-$arm-$i.log 2>&1
    echo "== $arm $i" >> /tmp/ab-fp/tp-summary.txt
    grep -E "topology|bare|ratio|pages/s" /tmp/ab-fp/tp-$arm-$i.log | tail -8 >> /tmp/ab-fp/tp-summary.txt
  done
done
