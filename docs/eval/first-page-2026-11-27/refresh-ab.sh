#!/bin/bash
# alternated bench crawl: refresh before a query at most every 250 ms (default) against 1000 ms
export TOPICSTORM_CORPORA=/work/main/topicstorm-cli/target/corpora
for i in 1 2 3; do
  for ms in 250 1000; do
    (cd /work/exp-cur && bin/topicstorm bench crawl --hosts 50 --pages-per-host 200 --max-time 60s --set frontier.query.refresh.ms=$ms) > /tmp/ab-fp/rf-$ms-$i.log 2>&1
    echo "$ms $i $(grep -E '^steady|^CPU' /tmp/ab-fp/rf-$ms-$i.log | tr '\n' ' ')" >> /tmp/ab-fp/rf-summary.txt
  done
done
