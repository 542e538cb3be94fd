from xw import *
import functools
T=4096
@functools.lru_cache(None)
def thread_states(seed):
    v,d=init(seed); x=pack(v); st=[]
    for t in range(T):
        st.append(unpack(x)); x=matvec(J67,x)
    return st,d
seqcache={}
def thread_seq(seed,t,upto):
    key=(seed,t)
    s=seqcache.get(key)
    if s is None or len(s)<upto:
        st,d=thread_states(seed)
        s,_,_=gen(st[t],d,upto)
        seqcache[key]=s
    return s
def host_bits(seed,start,n):
    out=np.empty(n,dtype=np.uint32)
    for k in range(n):
        g=start+k; t=g%T; p=g//T
        out[k]=thread_seq(seed,t,p+1)[p]
    return out
if __name__=='__main__':
    get=load('xorwow')
    def chk(name, arr, ref):
        print(name, 'OK' if np.array_equal(arr,ref) else 'MISMATCH %d/%d'%((arr!=ref).sum(),len(arr)))
    chk('o101', get('o101#0','bits'), host_bits(1234,0,16384))
    chk('n5000', get('n5000#0','bits'), host_bits(1234,0,5000))
    chk('offset7', get('offset7#0','bits'), host_bits(1234,7,100))
    chk('offset5000', get('offset5000#0','bits'), host_bits(1234,5000,100))
    chk('legacy-offset7', get('legacy-offset7#0','bits'), host_bits(1234,7,100))
    chk('seq1', get('seq-bits#1','bits'), host_bits(1234,3,100))
    for s,name in [(0,'seed0'),(1,'seed1'),(0xFFFFFFFFFFFFFFFF,'seedmax'),(0x123456789ABCDEF0,'seedbig')]:
        chk(name, get(name+'#0','bits'), host_bits(s,0,100))
    chk('big2.5M', get('big#2500000','bits')[:300], host_bits(1234,2500000,300))
    bits=host_bits(1234,0,16384)
    u=get('o101#0','uniform')
    chk('uniform', u, (bits.astype(np.float32)*np.float32(2**-32)+np.float32(2**-33)).astype(np.float32))
    ud=get('o101#0','uniformd')
    b64=bits.astype(np.uint64)
    single=b64.astype(np.float64)*2.3283064365386963e-10+2.3283064365386963e-10
    print('ud', ud[:4], single[:4])
    chk('uniformd single', ud, single[:8192])
