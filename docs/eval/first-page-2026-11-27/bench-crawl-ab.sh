#!/bin/bash
# alternated bench crawl, old vs new
export TOPICSTORM_CORPORA=/work/main/topicstorm-cli/target/corpora
for i in 1 2 3; do
  for arm in old new; do
    (cd /work/exp-$arm && bin/topicstorm bench crawl --hosts 50 --pages-per-host 200 --max-time 60s) > /tmp/ab-fp/bc-$arm-$i.log 2>&1
    echo "$arm $i $(grep -E '^steady|^CPU' /tmp/ab-fp/bc-$arm-$i.log | tr '\n' ' ')" >> /tmp/ab-fp/bc-summary.txt
  done
done
