#!/bin/bash
# Real evaluation crawls of two arms, alternated topic by topic (A B, A B, ...), and each arm's mean recall@|R|.
# The arms are two checkouts, or one checkout with different eval arguments or JVM options; everything else is the
# same machine at the same time, which is what makes a difference between them readable on a shared machine.
#
# usage: ab-real.sh OUT REPS OLD_TREE NEW_TREE TOPIC:PAGES [TOPIC:PAGES ...]
#   OLD_TREE, NEW_TREE  checkouts (the same one is fine when the arms differ only by the variables below)
#   TOPIC:PAGES         a file of seeds/eval/ without .yaml (or DIR/NAME for seeds/DIR/NAME.yaml, e.g.
#                       holdout/pg-spi-en), and its |R| (the suite table or GroundTruth says it)
# environment (optional):
#   OLD_ARGS, NEW_ARGS  extra `topicstorm eval` arguments of an arm, e.g. "--conf /tmp/x.yaml"
#   OLD_JVM, NEW_JVM    JVM options of an arm (JAVA_TOOL_OPTIONS; the local cluster runs in the eval's JVM)
#   OLD_OPTS, NEW_OPTS  JVM options of an arm after the launcher's own (added to TOPICSTORM_JAVA_OPTS: they win over
#                       the launcher's -XX:TieredStopAtLevel=1, which JAVA_TOOL_OPTIONS cannot override)
#   STRATEGY            default learned
# writes OUT/ARM-REP-TOPIC.log and their eval directories, OUT/summary.txt (one line per crawl: arm, rep, topic,
# recall@|R|) and OUT/means.txt. Needs TOPICSTORM_CORPORA like any eval.
set -euo pipefail
if [ $# -lt 5 ]; then sed -n 5,17p "$0" >&2; exit 2; fi
out=$1; reps=$2; old=$3; new=$4; shift 4
mkdir -p "$out"
for rep in $(seq "$reps"); do
  for tp in "$@"; do
    topic=${tp%%:*}; pages=${tp##*:}
    case $topic in */*) file=seeds/$topic.yaml; topic=${topic##*/} ;; *) file=seeds/eval/$topic.yaml ;; esac
    for arm in old new; do
      if [ $arm = old ]; then tree=$old; args=${OLD_ARGS:-}; jvm=${OLD_JVM:-}; opts="${TOPICSTORM_JAVA_OPTS:-} ${OLD_OPTS:-}"
      else tree=$new; args=${NEW_ARGS:-}; jvm=${NEW_JVM:-}; opts="${TOPICSTORM_JAVA_OPTS:-} ${NEW_OPTS:-}"; fi
      log=$out/$arm-$rep-$topic.log
      # shellcheck disable=SC2086 # the extra arguments are words
      (cd "$tree" && JAVA_TOOL_OPTIONS="$jvm" TOPICSTORM_JAVA_OPTS="$opts" bin/topicstorm eval --topic "$file" \
        --strategy "${STRATEGY:-learned}" --pages "$pages" --errors 0 --out "$out/$arm-$rep-$topic" $args) \
        > "$log" 2>&1 || echo "$arm $rep $topic: eval failed, see $log" >&2
      # the recall@|R| column, found by its header (its place depends on |R| and --at)
      awk -v arm=$arm -v rep="$rep" -v topic="$topic" '
        /^strategy / { for (i = 1; i <= NF; i++) if ($i ~ /^recall@\|R\|/) col = i }
        col && /^[a-z-]+ +[0-9]+ / { v = $col; sub("%", "", v); print arm, rep, topic, v; exit }
      ' "$log" >> "$out/summary.txt"
    done
  done
done
awk '{ k = $3 " " $1; s[k] += $4; n[k]++; v[k] = v[k] " " $4; a[$1] += $4; an[$1]++ }
  END { for (k in s) printf "%-24s mean %5.1f :%s\n", k, s[k] / n[k], v[k]
        for (x in a) printf "ALL %-20s mean %5.1f over %d crawls\n", x, a[x] / an[x], an[x] }' \
  "$out/summary.txt" | sort > "$out/means.txt"
cat "$out/means.txt"
