export { createScheduler, SCHEDULER_COLLECTION, type ScheduledTimer, type Scheduler, type SchedulerLogger, type SchedulerOptions, type TimerHandler } from './scheduler';
