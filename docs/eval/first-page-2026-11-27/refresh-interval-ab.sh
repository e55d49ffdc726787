#!/bin/bash
# alternated bench crawl: first page (exp-new) against first page + status refresh_interval 5s (exp-r5)
export TOPICSTORM_CORPORA=/work/main/topicstorm-cli/target/corpora
for i in 1 2 3; do
  for arm in new r5; do
    (cd /work/exp-$arm && bin/topicstorm bench crawl --hosts 50 --pages-per-host 200 --max-time 60s) > /tmp/ab-fp/r5-$arm-$i.log 2>&1
    echo "$arm $i $(grep -E '^steady|^CPU' /tmp/ab-fp/r5-$arm-$i.log | tr '\n' ' ')" >> /tmp/ab-fp/r5-summary.txt
  done
done
