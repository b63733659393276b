// s3rver (a local S3-compatible server for tests) ships no types: the part of its API tests/support/s3-server.ts uses.
declare module "s3rver" {
  export default class S3rver {
    constructor(opts: {
      port: number;
      address: string;
      silent: boolean;
      directory: string;
      configureBuckets: { name: string }[];
    });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
