import koffi from "koffi";

const SCHED_FIFO = 1;

/**
 * Puts the calling thread (Linux: the policy is per thread) under the real-time SCHED_FIFO policy at
 * `priority` (1–99), as Asterisk (`-p`) and FreeSWITCH (`-rp`) do for their media threads: on a busy host a
 * woken thread of the normal policy may wait tens of milliseconds for a core, a real-time one does not.
 * Answers false where the system does not allow it (it needs CAP_SYS_NICE, or RLIMIT_RTPRIO at least
 * `priority`: systemd `LimitRTPRIO=`, docker `--ulimit rtprio=`); the thread then stays as it was. Only for a
 * thread that sleeps between short bursts of work: the kernel keeps 5% of each second for other threads.
 */
export function tryRealtimeThread(priority: number): boolean {
  if (process.platform !== "linux") return false;
  try {
    const libc = koffi.load("libc.so.6");
    // struct sched_param is one int; pid 0 is the calling thread.
    const setScheduler = libc.func("int sched_setscheduler(int pid, int policy, const int *param)");
    return setScheduler(0, SCHED_FIFO, [priority]) === 0;
  } catch {
    return false;
  }
}
