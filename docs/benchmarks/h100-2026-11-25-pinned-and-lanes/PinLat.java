// Per-call medians (us) of small calls and pinned copies through JCuda: run plainly for local CUDA, or with the agent
import jcuda.*; import jcuda.driver.*; import jcuda.runtime.*;
import static jcuda.driver.JCudaDriver.*;
import java.util.Arrays;
public class PinLat {
  interface Op { void run(); }
  static double med(int n, Op op){ for(int i=0;i<Math.min(n,500);i++) op.run(); long[] t=new long[n]; for(int i=0;i<n;i++){ long a=System.nanoTime(); op.run(); t[i]=System.nanoTime()-a;} Arrays.sort(t); return t[n/2]/1000.0; }
  public static void main(String[] a){
    JCudaDriver.setExceptionsEnabled(true);
    cuInit(0); CUdevice d=new CUdevice(); cuDeviceGet(d,0); CUcontext c=new CUcontext(); cuCtxCreate(c,0,d);
    int[] cnt=new int[1];
    long max=4<<20; CUdeviceptr dp=new CUdeviceptr(); cuMemAlloc(dp,max); Pointer h=new Pointer(); cuMemAllocHost(h,max);
    for(int round=0;round<3;round++){
      StringBuilder sb=new StringBuilder("round "+round+":");
      sb.append(String.format(" count %.2f", med(20000, ()->JCuda.cudaGetDeviceCount(cnt))));
      sb.append(String.format(" ctxsync %.2f", med(20000, ()->cuCtxSynchronize())));
      for(long n: new long[]{4, 65536, 1<<20, 4<<20}){
        final long nn=n; int it = n>=(1<<20)?2000:20000;
        sb.append(String.format(" h2d%d %.2f", n, med(it, ()->cuMemcpyHtoD(dp,h,nn))));
        sb.append(String.format(" d2h%d %.2f", n, med(it, ()->cuMemcpyDtoH(h,dp,nn))));
      }
      System.out.println(sb);
    }
  }
}
