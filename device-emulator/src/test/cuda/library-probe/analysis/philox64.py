import os
# Checks the Philox 64-bit output layout against probe3.cu's capture (PROBE3_RESULTS names its results folder) and
# writes reference windows from it at the end of the emulator's capture file, after the marker line.
import numpy as np
OUT=os.path.join(os.path.dirname(__file__), '..', '..', '..', 'resources', 'io', 'gpurelay', 'emulator', 'rand', 'curand-10.4-h100.txt')
RES=os.environ.get('PROBE3_RESULTS', os.path.join(os.path.dirname(__file__), '..', 'results3')) + '/'
MARKER='# Philox 64-bit outputs past 65536 groups and at large offsets, captured by library-probe/probe3.cu.'
M=np.uint64(0xffffffff)
T=65536
def philox(c0,c1,c2,c3,k0,k1):
    c=[np.asarray(x,dtype=np.uint64)&M for x in (c0,c1,c2,c3)]
    k0=np.uint64(k0); k1=np.uint64(k1)
    for r in range(10):
        p0=np.uint64(0xD2511F53)*c[0]; p1=np.uint64(0xCD9E8D57)*c[2]
        c=[((p1>>np.uint64(32))^c[1]^k0)&M, p1&M, ((p0>>np.uint64(32))^c[3]^k1)&M, p0&M]
        k0=(k0+np.uint64(0x9E3779B9))&M; k1=(k1+np.uint64(0xBB67AE85))&M
    return c
def blocks(o,n):
    # group g = e div 4 of subsequence g mod T; the thread's first group g0 in the call starts at block g0 div T and
    # each group takes two blocks
    e=np.arange(o,o+n,dtype=np.int64); g=e>>2; s=g%T
    q0=o>>2; g0=q0+((s-q0)%T)
    return e, g0//T+2*((g-g0)//T)+((e>>1)&1), s
def fifty_three(lo,hi):
    return ((lo^(hi<<np.uint64(21)))&np.uint64((1<<53)-1)).astype(np.float64)
def expected(kind,o,n,seed=1234):
    e,blk,s=blocks(o,n)
    w=philox(blk,blk>>32,s,0,seed&0xffffffff,seed>>32)
    if kind=='uniformd':
        odd=(e&1)==1
        return fifty_three(np.where(odd,w[2],w[0]),np.where(odd,w[3],w[1]))*2.0**-53+2.0**-54
    u=fifty_three(w[0],w[1])*2.0**-53+2.0**-54; v=fifty_three(w[2],w[3])*2.0**-52+2.0**-53
    r=np.sqrt(-2*np.log(u))
    return np.where((e&1)==0,r*np.sin(np.pi*v),r*np.cos(np.pi*v))
def hexes(arr):
    return ' '.join('%016x' % v for v in np.asarray(arr,dtype='<f8').view('<u8'))
lines=[MARKER]
for line in open(RES+'philox-d.idx'):
    name,kind,mode,o,n,f,b=line.split(); o=int(o); n=int(n); b=int(b)
    got=np.fromfile(RES+f,dtype='<f8',count=n,offset=b)
    exp=expected(kind,o,n)
    if kind=='uniformd':
        bad=int((exp.view(np.uint64)!=got.view(np.uint64)).sum())
    else:
        bad=int((np.abs(exp-got)>1e-12*np.maximum(1,np.abs(got))).sum())
    print(name,kind,mode,o,n,'mismatches',bad)
    if mode=='floats-stream' or (o==0 and n<=200000):
        continue
    starts={0,max(0,n-16)}
    for m in range(0,o+n+1,T*4):
        for s in (m-o-8,m-o+T*4//2-8):
            if 0<=s<n:
                starts.add(s)
    prefix='philox 101 1234 %d %s:%d 0'%(o,kind,n) if mode=='set' else \
           'philox 101 1234 0 uniform:%d,%s:%d 1'%(o,kind,n)
    for s in sorted(starts):
        length=32 if s==0 else 16
        lines.append('%s %s %d %s'%(prefix,kind,s,hexes(got[s:s+length])))
text=open(OUT).read()
if MARKER in text:
    text=text[:text.index(MARKER)]
if not text.endswith('\n'):
    text+='\n'
open(OUT,'w').write(text+'\n'.join(lines)+'\n')
print(len(lines)-1,'windows')
