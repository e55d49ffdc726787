import yaml,re,html,os,sys,glob
C='/work/main/topicstorm-cli/target/corpora'
roots={'python3.11-doc':C+'/python3.11-doc/package/usr/share/doc/python3.11/html',
       'postgresql-doc-15':C+'/postgresql-doc-15/package/usr/share/doc/postgresql-doc-15/html',
       'libreoffice-help-en-us':C+'/libreoffice-help-en-us/package/usr/share/libreoffice/help'}
def stem(w):
    for suf in ('ing','es','s','ed'):
        if len(w)>4 and w.endswith(suf): return w[:-len(suf)]
    return w
def text_of(path):
    s=open(path,encoding='utf-8',errors='replace').read()
    s=re.sub(r'(?is)<(script|style)[^>]*>.*?</\1>',' ',s)
    s=re.sub(r'(?s)<[^>]+>',' ',s)
    return html.unescape(s).lower()
def auc(xs,ys):
    pos=[x for x,y in zip(xs,ys) if y]; neg=[x for x,y in zip(xs,ys) if not y]
    if not pos or not neg: return float('nan')
    n=0
    for p in pos:
        for q in neg: n+= 1 if p>q else 0.5 if p==q else 0
    return n/len(pos)/len(neg)
res=[]
for yf in sorted(glob.glob('/work/main/seeds/eval/*-en.yaml')):
    t=yaml.safe_load(open(yf)); name=t['name']
    kws=[[stem(w) for w in re.findall(r'\w+',k.lower())] for k in t['keywords']]
    tr='/tmp/s22/base/%s/trace-learned.tsv'%name
    rows=[l.rstrip('\n').split('\t') for l in open(tr)][1:]
    S=[];D=[];Y=[]
    for r in rows:
        if r[2]!='relevant': continue
        url=r[9]; path=re.sub(r'^http://[^/]+/','',url)
        if path=='' : continue
        cands=[]
        for c in t['evaluation']['corpora']:
            p=os.path.join(roots[c],path)
            if os.path.isfile(p): cands.append(p)
        if not cands: continue
        words=[stem(w) for w in re.findall(r'\w+',text_of(cands[0]))]
        n=len(words) or 1
        hits=0
        for k in kws:
            L=len(k)
            for i in range(len(words)-L+1):
                if words[i:i+L]==k: hits+=1
        S.append(float(r[3])); D.append(hits/n); Y.append(r[1]=='1')
    import math
    a1=auc(S,Y); a2=auc(D,Y); a3=auc([s*math.sqrt(d) for s,d in zip(S,D)],Y); a4=auc([s*d for s,d in zip(S,D)],Y)
    res.append((name,len(Y),sum(Y),a1,a2,a3,a4))
    print("%-18s n %4d pos %4d  AUC score %.3f density %.3f score*sqrt(d) %.3f score*d %.3f"%res[-1])
import statistics
print("mean", *["%.3f"%statistics.mean(r[i] for r in res) for i in (3,4,5,6)])
