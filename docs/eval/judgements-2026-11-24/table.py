import os,re,sys
root=sys.argv[1] if len(sys.argv)>1 else '/tmp/jt'
names={'A':'keywords, 0 judgements','B':'classifier, 25','C':'classifier, 50','D':'classifier, 100','F':'self-tuning, 100','G':'classifier + self-tuning, 100','H':'classifier, 100, no URL words'}
topics=['lo-basic-en','lo-calc-en','lo-calc-zh','lo-impress-en','lo-writer-zh','pg-catalogs-en','pg-libpq-en','pg-plang-en','py-networking-en']
rows={}
for v in names:
    for t in topics:
        f=f'{root}/{v}/{t}/log.txt'
        if not os.path.exists(f): continue
        txt=open(f).read()
        m=re.search(r'^strategy.*\n(link-topology.*)$',txt,re.M)
        if not m: continue
        cols=m.group(1).split()
        # strategy fetched HR@x recall@x recall@|R| P R hosts  (HR@|R|/2 may be absent)
        hdr=re.search(r'^(strategy.*)$',txt,re.M).group(1).split()
        d=dict(zip(hdr,cols))
        rec=[k for k in hdr if k.startswith('recall@|R|')][0]
        hr=[k for k in hdr if k.startswith('HR@')][0]
        o=re.search(r'Oracle: (\d+) judgements',txt)
        rows[(v,t)]=(d[hr],d[rec],d['crawler'] if False else cols[hdr.index('crawler')] ,cols[hdr.index('crawler')+1] if False else None, o.group(1) if o else '0')
        # crawler P and R: header has 'crawler P' 'crawler R' split into words
        p=cols[-3]; r=cols[-2]
        rows[(v,t)]=(cols[2],d[rec],p,r,o.group(1) if o else '0')
print('| topic | setting | judgements | HR@first point | recall@\\|R\\| | crawler P | crawler R |')
print('|---|---|---|---|---|---|---|')
for t in topics:
    for v in names:
        if (v,t) in rows:
            hr,rec,p,r,j=rows[(v,t)]
            print(f'| {t} | {names[v]} | {j} | {hr} | {rec} | {p} | {r} |')
# means
print()
print('| setting | topics | mean recall@\\|R\\| | mean crawler P | mean crawler R | min P | min R |')
print('|---|---|---|---|---|---|---|')
for v in names:
    vals=[rows[(v,t)] for t in topics if (v,t) in rows]
    if not vals: continue
    f=lambda s: float(s.rstrip('%'))
    rec=[f(x[1]) for x in vals]; P=[f(x[2]) for x in vals]; R=[f(x[3]) for x in vals]
    print(f'| {names[v]} | {len(vals)} | {sum(rec)/len(rec):.1f}% | {sum(P)/len(P):.1f}% | {sum(R)/len(R):.1f}% | {min(P):.1f}% | {min(R):.1f}% |')
