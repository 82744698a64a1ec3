import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JobRunner } from './job-runner.js';

/** Starts the job runner once every module has declared its jobs (in their constructors), and stops it at shutdown. */
@Injectable()
export class JobsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(private readonly jobs: JobRunner) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }
}
