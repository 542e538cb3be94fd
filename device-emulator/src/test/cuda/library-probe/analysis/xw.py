import numpy as np
from model import load
M32=0xffffffff
def init(seed):
    s0=(seed&M32)^0xaad26b49; s1=((seed>>32)&M32)^0xf7dcefdd
    t0=(1099087573*s0)&M32; t1=(2591861531*s1)&M32
    d=(6615241+t1+t0)&M32
    v=[(123456789+t0)&M32, 362436069^t0, (521288629+t1)&M32, 88675123^t1, (5783321+t0)&M32]
    return v,d
def pack(v): return sum(x<<(32*i) for i,x in enumerate(v))
def unpack(s): return [(s>>(32*i))&M32 for i in range(5)]
def step_v(v):
    t=v[0]^(v[0]>>2)
    v4=(v[4]^((v[4]<<4)&M32))^(t^((t<<1)&M32))
    return [v[1],v[2],v[3],v[4],v4&M32]
# matrix: columns
def step_matrix():
    cols=[pack(step_v(unpack(1<<i))) for i in range(160)]
    return cols
def matvec(cols,x):
    r=0; i=0
    while x:
        if x&1: r^=cols[i]
        x>>=1; i+=1
    return r
def matmul(a,b):  # a*b : columns of a*b = a * (columns of b)
    return [matvec(a,c) for c in b]
def matpow2(cols,k):
    for _ in range(k): cols=matmul(cols,cols)
    return cols
STEP=step_matrix()
J67=matpow2(STEP,67)
def state_for(seed, sub, off):
    v,d=init(seed); x=pack(v)
    for _ in range(sub): x=matvec(J67,x)
    # offset by stepping
    v=unpack(x)
    for _ in range(off): v=step_v(v); d=(d+362437)&M32
    return v,d
def gen(v,d,n):
    out=[]
    for _ in range(n):
        v=step_v(v); d=(d+362437)&M32; out.append((v[4]+d)&M32)
    return out,v,d
if __name__=='__main__':
    for sub,off in [(0,0),(1,0),(0,1),(3,10),(4095,2)]:
        v,d=state_for(1234,sub,off); print(sub,off,' '.join('%08x'%x for x in gen(v,d,8)[0]))
