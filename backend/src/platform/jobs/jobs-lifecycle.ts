import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JobRunner } from './job-runner.js';

/** Starts the job runner once every module has declared its jobs (in their constructors), and stops it at shutdown. */
@Injectable()
export class JobsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(private readonly jobs: JobRunner) {}

  /**
   * Not awaited: the server listens at once. A job's start may take long (the read models' first store, a
   * snapshot's load, a checkpoint read queued behind other work) and none is needed to answer; `jobs.started` says
   * when the first round has ended.
   */
  onApplicationBootstrap(): void {
    void this.jobs.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }
}
