#!/bin/bash
# usage: lags2.sh NAME CONF [eval args]: full simulated suite (learned) at lags 0,1,2 from /work/simtree with --conf CONF
name=$1; conf=$2; shift 2
for lag in 1 2 0; do
  REPO=/work/simtree /tmp/sim.sh /tmp/lag-$name-$lag all --strategy learned --simulate-lag $lag --conf $conf "$@" > /dev/null
done
/tmp/mean.sh /tmp/lag-$name-1 /tmp/lag-$name-2 /tmp/lag-$name-0
