#!/bin/bash
# Session 26: real crawls of every labelled topic, main at 514dc70 (OLD_TREE) against the same tree with the learner's
# new order (NEW_TREE), alternated topic by topic: one round in order, one reversed. Run from the repository's root
# with OLD_TREE, NEW_TREE, OUT1 and OUT2 replaced; each round wrote OUT/summary.txt, joined in real-summary.txt.
export TOPICSTORM_CORPORA=./topicstorm-cli/target/corpora
T="py-text-en:9 py-concurrency-en:11 pg-textsearch-en:12 pg-replication-en:23 py-networking-en:47 pg-plang-en:61 pg-libpq-en:64 lo-math-en:81 lo-base-en:85 pg-catalogs-en:168 lo-impress-en:246 lo-writer-en:406 lo-writer-zh:406 lo-basic-en:420 lo-calc-en:480 lo-calc-zh:480"
R=$(echo $T | tr ' ' '\n' | tac | tr '\n' ' ')
./docs/eval/ab-real.sh OUT1 1 OLD_TREE NEW_TREE $T
./docs/eval/ab-real.sh OUT2 1 OLD_TREE NEW_TREE $R
