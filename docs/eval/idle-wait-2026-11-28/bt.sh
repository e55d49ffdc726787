#!/bin/bash
# DIR: a scratch directory for the logs
# usage: bt.sh LEVEL2 TAG  — bench throughput with the bolts' level-2 wait count LEVEL2
export TOPICSTORM_CORPORA=/work/main/topicstorm-cli/target/corpora
cd /work/main
bin/topicstorm bench throughput --max-time 60s --bare-threads 4 --es-url http://127.0.0.1:9200 --set topology.bolt.wait.progressive.level2.count=$1 > DIR/bt-$2-$(date +%s).log 2>&1
