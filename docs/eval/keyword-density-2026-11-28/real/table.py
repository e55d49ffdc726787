# Reads the eval logs of docs/eval/ab-real.sh (OUT/ARM-1-TOPIC.log, not kept: crawls.csv holds what it read) and prints table.md.
import re,glob,os,collections,statistics as st
R=collections.defaultdict(lambda: collections.defaultdict(list))
for d in ['/tmp/s22/ab-r1','/tmp/s22/ab-r2','/tmp/s22/ab-r3']:
    for f in sorted(glob.glob(d+'/*.log')):
        m=re.match(r'(old|new)-1-(.*)\.log',os.path.basename(f))
        if not m: continue
        arm,topic=m.groups()
        lines=open(f).read().split('\n')
        for i,l in enumerate(lines):
            if l.startswith('strategy '):
                hdr=l.split(); 
                for j in range(i+1,len(lines)):
                    if lines[j].startswith('learned '):
                        a=lines[j].split(); rc=[k for k,h in enumerate(hdr) if h.startswith('recall@|R|')][0]
                        # header tokens: 'crawler P' splits into two tokens; compute from the end
                        R[topic][arm].append((float(a[rc].rstrip('%')), float(a[-4].rstrip('%')), float(a[-3].rstrip('%'))))
                        break
                break
order=['py-text-en','py-concurrency-en','pg-textsearch-en','pg-replication-en','py-networking-en','pg-plang-en','pg-libpq-en','lo-math-en','lo-base-en','pg-catalogs-en','lo-impress-en','lo-writer-en','lo-writer-zh','lo-basic-en','lo-calc-en','lo-calc-zh']
reach={'lo-base-en':62.4,'lo-basic-en':96.4,'lo-calc-en':86.0,'lo-calc-zh':86.0,'lo-impress-en':82.9,'lo-math-en':96.3,'lo-writer-en':90.1,'lo-writer-zh':90.1}
print('| topic | before: recall@\\|R\\| per crawl | mean | crawler P | after: recall@\\|R\\| per crawl | mean | crawler P | after / reachable |')
print('|---|---|---|---|---|---|---|---|')
allo=[];alln=[];po=[];pn=[];ok=[]
for t in order:
    o=R[t]['old']; n=R[t]['new']
    if not o or not n: continue
    mo=st.mean(x[0] for x in o); mn=st.mean(x[0] for x in n)
    allo+= [x[0] for x in o]; alln+=[x[0] for x in n]; po+=[x[1] for x in o]; pn+=[x[1] for x in n]
    share=mn/reach.get(t,100.0)
    if share>=0.8: ok.append(t)
    print('| %s | %s | %.1f | %.1f | %s | **%.1f** | %.1f | %.2f |'%(t,' '.join('%.1f'%x[0] for x in o),mo,st.mean(x[1] for x in o),' '.join('%.1f'%x[0] for x in n),mn,st.mean(x[1] for x in n),share))
print('| **mean** | | **%.1f** (%d crawls) | %.1f | | **%.1f** (%d crawls) | %.1f | |'%(st.mean(allo),len(allo),st.mean(po),st.mean(alln),len(alln),st.mean(pn)))
print('topics at >= 0.8 of reachable (after):',len(ok),ok)
tm_o=[st.mean(x[0] for x in R[t]['old']) for t in order]; tm_n=[st.mean(x[0] for x in R[t]['new']) for t in order]
print('mean of topic means: old %.1f new %.1f'%(st.mean(tm_o),st.mean(tm_n)))
for rnd in (0,1):
    print('round %d: old %.1f new %.1f'%(rnd+1, st.mean(R[t]['old'][rnd][0] for t in order), st.mean(R[t]['new'][rnd][0] for t in order)))
print('crawler P, mean of topic means: old %.1f new %.1f'%(st.mean(st.mean(x[1] for x in R[t]['old']) for t in order), st.mean(st.mean(x[1] for x in R[t]['new']) for t in order)))
print('crawler R, mean of topic means: old %.1f new %.1f'%(st.mean(st.mean(x[2] for x in R[t]['old']) for t in order), st.mean(st.mean(x[2] for x in R[t]['new']) for t in order)))
