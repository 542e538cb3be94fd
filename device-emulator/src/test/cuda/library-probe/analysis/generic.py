import numpy as np, sys
from model import load
import xw3, mrg3
NORM=2.3283065498378288e-10
def f32(x): return float(np.float32(x))
class Xor:
    T=4096; name='xorwow'
    def draws(self,s,pos,cnt): return xw3.thread_seq(1234,s,pos+cnt)[pos:pos+cnt]
    def bits(self,d): return d[0]
    def uniform(self,d): return f32(np.float32(d[0])*np.float32(2**-32)+np.float32(2**-33))
    def uniformd(self,d): return (int(d[0])^(int(d[1])<<21))*1.1102230246251565e-16+1.1102230246251565e-16/2
    def normal(self,d):
        u=f32(np.float32(d[0])*np.float32(2**-32)+np.float32(2**-33)); v=f32(np.float32(d[1])*np.float32(2.3283064e-10*6.2831855)+np.float32(2.3283064e-10*6.2831855/2))
        s=np.sqrt(-2*np.log(u)); return (s*np.sin(v), s*np.cos(v))
    def normald(self,d):
        u=(int(d[0])^(int(d[1])<<21))*1.1102230246251565e-16+1.1102230246251565e-16/2
        v=(int(d[2])^(int(d[3])<<21))*(1.1102230246251565e-16*2)+1.1102230246251565e-16
        s=np.sqrt(-2*np.log(u)); return (s*np.sin(np.pi*v), s*np.cos(np.pi*v))
    per={'bits':1,'uniform':1,'uniformd':2,'normal':2,'normald':4}
class Mrg(Xor):
    T=81920; name='mrg32k3a'
    cache={}
    def draws(self,s,pos,cnt):
        key=s
        seq=self.cache.get(key)
        if seq is None or len(seq)<pos+cnt:
            a,c=mrg3.state_sub(1234,s); seq,_,_=mrg3.gen(a,c,pos+cnt+8); self.cache[key]=seq
        return seq[pos:pos+cnt]
    def bits(self,d): return mrg3.bits(d[0])
    def uniform(self,d): return f32(d[0]*NORM)
    def uniformd(self,d): return d[0]*NORM
    def normal(self,d):
        x=f32(d[0]*NORM); y=f32(np.float32(f32(d[1]*NORM))*np.float32(6.2831855))
        s=np.sqrt(-2*np.log(x)); return (s*np.sin(y), s*np.cos(y))
    def normald(self,d):
        x=d[0]*NORM; y=d[1]*NORM*2.0
        s=np.sqrt(-2*np.log(x)); return (s*np.sin(np.pi*y), s*np.cos(np.pi*y))
    per={'bits':1,'uniform':1,'uniformd':1,'normal':2,'normald':2}
def model(g, kind, o, idxs):
    T=g.T; d=g.per[kind]; pair=kind in ('normal','normald')
    out=[]
    for k in idxs:
        P=k//2 if pair else k
        tid=P%T; j=P//T; s=(o+tid)%T; base=(o+tid)//T
        dr=g.draws(s, base+d*j, d)
        v=getattr(g,kind)(dr)
        out.append(v[k%2] if pair else v)
    return np.array(out)
def advance(kind,n): return n//2 if kind in ('normal','normald') else n
def compare(g, name, kind, o, arr, idxs=None):
    if idxs is None: idxs=range(len(arr))
    idxs=list(idxs)
    ref=model(g,kind,o,idxs); a=np.array([arr[i] for i in idxs],dtype=np.float64)
    tol=0 if kind in ('bits','uniform','uniformd') else (1e-5 if kind=='normal' else 1e-12)
    bad=np.sum(np.abs(ref.astype(np.float64)-a)>tol*np.maximum(1,np.abs(a)))
    print('%-10s %-22s %-9s o=%-8d %s'%(g.name,name,kind,o,'OK' if bad==0 else 'BAD %d/%d'%(bad,len(idxs))))
for g in (Xor(),Mrg()):
    get=load(g.name)
    for kind in ('bits','uniform','uniformd','normal','normald'):
        arr=get('o101#0',kind); compare(g,'o101',kind,0,arr,range(0,len(arr),7))
    compare(g,'offset7','bits',7,get('offset7#0','bits'))
    compare(g,'offset5000','bits',5000,get('offset5000#0','bits'))
    compare(g,'offset7normal','normal',7,get('offset7normal#0','normal'))
    compare(g,'offset7uniformd','uniformd',7,get('offset7uniformd#0','uniformd'))
    compare(g,'seq-normal#1','normal',1,get('seq-normal#1','normal'))
    o=0
    for i,kind,n in [(0,'uniform',3),(1,'uniformd',10),(2,'bits',10),(3,'normald',4),(4,'bits',10)]:
        compare(g,'seq-mixed#%d'%i,kind,o,get('seq-mixed#%d'%i,kind)); o+=advance(kind,n)
    compare(g,'big#2500000','bits',2500000,get('big#2500000','bits'),range(0,16384,331))
    compare(g,'bignormal#0','normal',3000000,get('bignormal#0','normal'),range(0,16384,331))
    arr=get('bignormal#2500000','normal')
    ref=model(g,'normal',3000000,[2500000+k for k in range(0,16384,331)])
    a=np.array([arr[k] for k in range(0,16384,331)])
    print(g.name,'bignormal#2500000', 'OK' if np.all(np.abs(ref-a)<1e-5*np.maximum(1,np.abs(a))) else 'BAD %d'%np.sum(np.abs(ref-a)>=1e-5*np.maximum(1,np.abs(a))))
