#!/bin/bash
# crawl rate from an eval log's progress lines: pages from the first line with N>0 to the last, over their time
for f in "$@"; do
awk -v f=$(basename $f .log) '/fetched [0-9]+ \|/ { n=$2+0; t=$NF; split(t,a,":"); s=a[1]*3600+a[2]*60+a[3]; if (n>0 && !seen) {seen=1; n0=n; s0=s} if (n>0) {n1=n; s1=s} }
  END { if (s1>s0) printf "%-28s %5d pages in %4d s: %6.1f pages/s\n", f, n1-n0, s1-s0, (n1-n0)/(s1-s0) }' $f
done
