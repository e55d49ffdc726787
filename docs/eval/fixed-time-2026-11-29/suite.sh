#!/bin/bash
# usage: suite.sh TREE LABEL  -- the held-out suite, learned (the suite adds best-first and breadth-first: 18 crawls), one run; log in ${OUT:-/tmp/ft}/LABEL-N.log
mkdir -p ${OUT:-/tmp/ft}
tree=$1; label=$2
export TOPICSTORM_CORPORA=${TOPICSTORM_CORPORA:?}
n=$(ls ${OUT:-/tmp/ft}/$label-*.log 2>/dev/null | wc -l)
cd $tree && /usr/bin/time -f "WALL %e CPU %U %S" bin/topicstorm eval --suite seeds/holdout/ --strategy learned --out ${OUT:-/tmp/ft}/$label-$n > ${OUT:-/tmp/ft}/$label-$n.log 2>&1
