/** One key sign-in attempts are counted under, and how it locks (the policy is login-throttle.ts). */
export type ThrottleRule = {
  key: string;
  limit: number;
  baseLockMs: number;
  maxLockMs: number;
  /** On success: forget earlier failures too (account keys) or only give back this attempt (shared address). */
  forgiveOnSuccess: boolean;
};
