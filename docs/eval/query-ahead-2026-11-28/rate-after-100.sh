#!/bin/bash
# rate after the first 100 pages: from the progress lines (fetched N ... | HH:MM:SS)
for f in "$@"; do
awk -v f=$(basename $f) '/^fetched [0-9]+ \|/ { n=$2; split($NF,t,":"); s=t[1]*3600+t[2]*60+t[3]; if (n>=100 && !s0) {s0=s; n0=n}; if (n>=100){s1=s; n1=n} ; if (n>0 && !sf) sf=s } END { printf "%s first-fetch %ds, 100 at %ds, end %d at %ds, rate after 100: %.1f pages/s\n", f, sf, s0, n1, s1, (s1>s0)?(n1-n0)/(s1-s0):0 }' $f
done
