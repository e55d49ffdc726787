#!/bin/bash
# (the --conf files are settle0.yaml and settle100.yaml beside this script; /work/armtree2 was a checkout of 24cdf04's code)
# Real crawls, the learned strategy on every labelled topic at |R| pages: the new build with frontier.query.settle.pages
# at its default 100 (S1) and 0 (S0, the behaviour before), alternated S1 S0 (then S0 S1 if time allows)
export TOPICSTORM_CORPORA=/work/corpora
arm=/work/armtree/docs/eval/regions-2026-11-27/arm.sh
cd /work/arms
for a in S1a:/tmp/settle100.yaml S0a:/tmp/settle0.yaml S0b:/tmp/settle0.yaml S1b:/tmp/settle100.yaml; do
  name=${a%%:*}; conf=${a##*:}
  start=$(date +%s)
  bash $arm /work/armtree2 /work/arms/$name --conf $conf
  echo "$name $conf $(( $(date +%s) - start )) s" >> /work/arms/times.txt
done
