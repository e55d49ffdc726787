#!/bin/bash
# usage: sim.sh OUT "topics" [eval args]: simulated suite over the named topics (all if "all")
out=$1; topics=$2; shift 2
export TOPICSTORM_CORPORA=/work/corpora
d=$(mktemp -d)
if [ "$topics" = all ]; then cp /work/main/seeds/eval/*.yaml $d/; else for t in $topics; do cp /work/main/seeds/eval/$t.yaml $d/; done; fi
cd ${REPO:-/work/main}
bin/topicstorm eval --suite $d --simulate --out $out "$@" > $out.log 2>&1
grep -E "^[a-z-]+ +(learned|link-topology|best-first) " $out/table.txt | awk '{printf "%-18s %-14s %s %s\n", $1, $2, $5, $6}'
grep -A8 "^strategy  " $out.log | head -8
