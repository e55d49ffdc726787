#!/bin/bash
cd /work/main
for i in 1 2 3 4 5 6; do
  bin/topicstorm eval --topic seeds/eval/lo-calc-en.yaml --strategy learned,best-first --pages 150 --keep-indices --errors 0 --out /work/diag/flaky/l$i > /work/diag/flaky/l$i.log 2>&1
  grep -E "^(learned|best-first) " /work/diag/flaky/l$i.log | sed "s/^/run$i /"
done
