#!/bin/bash
# bench frontier: the spout query with the crawl's rank cut (10: a first page of 20 hits) against none (500 hits)
export TOPICSTORM_CORPORA=/work/main/topicstorm-cli/target/corpora
for i in 1 2; do
  for r in 10 0; do
    (cd /work/exp-fb && bin/topicstorm bench frontier --urls 200000 --updates 20000 --warmup-urls 50000 --max-rank $r) > /tmp/ab-fp/fb-$r-$i.log 2>&1
    echo "rank $r run $i: $(grep -A2 '^spout query' /tmp/ab-fp/fb-$r-$i.log | tr '\n' ' ')" >> /tmp/ab-fp/fb-summary.txt
    echo "   after updates: $(grep -i 'spout.*after\|after the updates' -A1 /tmp/ab-fp/fb-$r-$i.log | tr '\n' ' ')" >> /tmp/ab-fp/fb-summary.txt
  done
done
