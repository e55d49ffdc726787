#!/bin/bash
# DIR: a scratch directory holding storm-default-1000.yaml and l2zero.yaml (and the runs' logs)
# usage: run.sh CONF TAG
export TOPICSTORM_CORPORA=/work/main/topicstorm-cli/target/corpora
n=$(date +%s%N)
/usr/bin/time -f "$2 wall %e user %U sys %S" /work/main/bin/topicstorm eval --topic /work/main/seeds/eval/lo-impress-en.yaml --strategy learned --pages 246 --errors 0 --conf DIR/$1 --out DIR/out-$2-$n > DIR/log-$2-$n 2>&1
tail -1 DIR/log-$2-$n >> DIR/times.txt
grep -E '^learned' DIR/out-$2-$n/table.txt >> DIR/times.txt 2>/dev/null
