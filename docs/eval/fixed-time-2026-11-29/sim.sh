#!/bin/bash
# usage: sim.sh TREE LABEL  -- the held-out suite simulated, learned (plus the two baselines), one run; log in ${OUT:-/tmp/ft}/sim-LABEL-N.log
tree=$1; label=$2
mkdir -p ${OUT:-/tmp/ft}
export TOPICSTORM_CORPORA=${TOPICSTORM_CORPORA:?}
n=$(ls ${OUT:-/tmp/ft}/sim-$label-*.log 2>/dev/null | wc -l)
cd $tree && /usr/bin/time -f "WALL %e CPU %U %S" bin/topicstorm eval --suite seeds/holdout/ --simulate --strategy learned --out ${OUT:-/tmp/ft}/sim-$label-$n > ${OUT:-/tmp/ft}/sim-$label-$n.log 2>&1
