#!/bin/bash
# The rank cut under a politeness delay: every URL counts towards frontier.query.max.rank (main) against each host
# counting what it can be fetched in a second (rankcut.patch applied to TREE, whose RankCut.forPoliteness also
# honoured the JVM property ts.rankcut.urls=true to count every URL: the "old" arm). Real crawls with a 1 s delay
# between two requests to a host (eval --politeness 1), alternated, two rounds.
# usage: ab.sh OUT TREE [TOPIC PAGES]   (default lo-impress-en 246; needs TOPICSTORM_CORPORA)
set -euo pipefail
out=$1; tree=$2; topic=${3:-lo-impress-en}; pages=${4:-246}
mkdir -p "$out"
for r in 1 2; do
  for arm in old new; do
    jvm=""; [ $arm = old ] && jvm="-Dts.rankcut.urls=true"
    (cd "$tree" && JAVA_TOOL_OPTIONS="$jvm" bin/topicstorm eval --topic "seeds/eval/$topic.yaml" --strategy learned \
      --pages "$pages" --politeness 1 --errors 0 --out "$out/$arm-$r") > "$out/$arm-$r.txt" 2>&1
    echo "$arm $r $topic $(grep '^learned  ' "$out/$arm-$r.txt")" >> "$out/summary.txt"
  done
done
