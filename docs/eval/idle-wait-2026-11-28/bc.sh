#!/bin/bash
# DIR: a scratch directory for the logs
# usage: bc.sh LEVEL2 TAG  — bench crawl, 50 hosts, with the bolts' level-2 wait count LEVEL2
cd /work/main
bin/topicstorm bench crawl --hosts 50 --pages-per-host 200 --max-time 60s --es-url http://127.0.0.1:9200 --set topology.bolt.wait.progressive.level2.count=$1 > DIR/bc-$2-$(date +%s).log 2>&1
