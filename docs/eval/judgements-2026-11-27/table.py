# usage: python3 table.py DIR  (DIR = OUT/G or OUT/0 of run-new7.sh): recall@|R| / crawler P / crawler R per topic
import os, re, sys
root = sys.argv[1]
topics = ['py-text-en', 'py-concurrency-en', 'pg-textsearch-en', 'pg-replication-en', 'lo-math-en', 'lo-base-en',
          'lo-writer-en']
rs, ps, rr = [], [], []
for t in topics:
    f = f'{root}/{t}/log.txt'
    if not os.path.exists(f):
        continue
    txt = open(f).read()
    m = re.search(r'^(learned .*)$', txt, re.M)
    if not m:
        print(t, 'no result')
        continue
    hdr = re.search(r'^(strategy.*)$', txt, re.M).group(1).split()
    cols = m.group(1).split()
    rec = cols[hdr.index([k for k in hdr if k.startswith('recall@|R|')][0])]
    p, r = cols[-4], cols[-3]  # the last columns: crawler P, crawler R, rel. hosts, dup. rate
    o = re.search(r'Oracle: (\d+) judgements', txt)
    print(f'| {t} | {rec} / {p} / {r} ({o.group(1) if o else 0}) |')
    rs.append(float(rec.rstrip('%'))); ps.append(float(p.rstrip('%'))); rr.append(float(r.rstrip('%')))
print(f'mean recall {sum(rs)/len(rs):.1f}, mean P {sum(ps)/len(ps):.1f}, mean R {sum(rr)/len(rr):.1f}, '
      f'min P {min(ps)}, min R {min(rr)}')
