import { Processor } from '@nestjs/bullmq';
import { applyDecorators, Injectable, OnModuleInit, SetMetadata } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { JobData, JobKindName, JOBS, QueueName } from './job-catalogue';

const WORKS_QUEUE = 'queue:works-queue';
const ON_JOB = 'queue:on-job';

/** The kinds of the catalogue whose jobs go to queue Q. */
export type KindOfQueue<Q extends QueueName> = {
  [K in JobKindName]: (typeof JOBS)[K]['queue'] extends Q ? K : never;
}[JobKindName];

/** What runs one job of kind K: the job (its data typed by the catalogue) and the worker's lock token. */
export type JobHandler<K extends JobKindName> = (job: Job<JobData<K>>, token?: string) => Promise<void>;

/** A handler as the dispatcher holds it: the kind is known by the job's name. */
export type AnyJobHandler = (job: Job, token?: string) => Promise<void>;

/** A JobProcessor's class: `@Processor(queue)` for @nestjs/bullmq, and the queue its handlers are checked against. */
export function WorksQueue(queue: QueueName): ClassDecorator {
  return applyDecorators(Processor(queue), SetMetadata(WORKS_QUEUE, queue));
}

/**
 * The method that runs every job of this kind (one per kind of the processor's queue); its type must
 * take the kind's job (it may leave out what it does not use).
 */
export function OnJob<K extends JobKindName>(kind: K) {
  return (target: object, key: string | symbol, descriptor: { value?: JobHandler<K> }): void => {
    SetMetadata(ON_JOB, kind)(target, key, descriptor);
  };
}

const reflector = new Reflector();
const scanner = new MetadataScanner();

/**
 * The queue a processor works and its handler per job name, checked: the class is `@WorksQueue`, every
 * kind the catalogue puts on that queue has exactly one `@OnJob` method, and none handles a kind of
 * another queue. Throws otherwise, so a worker that would drop or misroute a kind does not start.
 */
export function jobHandlersOf(processor: object): { queue: QueueName; handlers: Map<string, AnyJobHandler> } {
  const className = processor.constructor.name;
  const queue = reflector.get<QueueName | undefined>(WORKS_QUEUE, processor.constructor);
  if (!queue) {
    throw new Error(`${className} works no queue: declare it with @WorksQueue(queue) rather than @Processor`);
  }
  const methodsOf = new Map<JobKindName, string[]>();
  for (const method of scanner.getAllMethodNames(Object.getPrototypeOf(processor) as object)) {
    const kind = reflector.get<JobKindName | undefined>(
      ON_JOB,
      (processor as Record<string, unknown>)[method] as () => unknown,
    );
    if (kind === undefined) {
      continue;
    }
    if (JOBS[kind].queue !== queue) {
      throw new Error(
        `${className}.${method}() handles '${kind}', whose jobs go to queue ${JOBS[kind].queue}, but ${className} works queue ${queue}`,
      );
    }
    methodsOf.set(kind, [...(methodsOf.get(kind) ?? []), method]);
  }
  const handlers = new Map<string, AnyJobHandler>();
  for (const kind of Object.keys(JOBS) as JobKindName[]) {
    if (JOBS[kind].queue !== queue) {
      continue;
    }
    const methods = methodsOf.get(kind) ?? [];
    if (methods.length === 0) {
      throw new Error(
        `${className} works queue ${queue} but has no handler for its job kind '${kind}' (job name ${JOBS[kind].name}): ` +
          `add @OnJob('${kind}') to the method that runs it`,
      );
    }
    if (methods.length > 1) {
      throw new Error(
        `${className} has ${methods.length} handlers for job kind '${kind}' (${methods.map((m) => `${m}()`).join(', ')}): one only`,
      );
    }
    const handler = (processor as Record<string, AnyJobHandler>)[methods[0]];
    handlers.set(JOBS[kind].name, handler.bind(processor));
  }
  return { queue, handlers };
}

/**
 * A kind has one handler in the process, so a queue has one processor: two would share its jobs, each
 * with its own handler for every kind. Throws naming them.
 */
export function checkOneProcessorPerQueue(processors: readonly object[]): void {
  const byQueue = new Map<QueueName, string[]>();
  for (const processor of processors) {
    const queue = reflector.get<QueueName | undefined>(WORKS_QUEUE, processor.constructor);
    if (queue) {
      byQueue.set(queue, [...(byQueue.get(queue) ?? []), processor.constructor.name]);
    }
  }
  for (const [queue, names] of byQueue) {
    if (names.length > 1) {
      throw new Error(
        `Queue ${queue} is worked by ${names.join(' and ')}: one processor per queue, one handler per kind`,
      );
    }
  }
}

/** Runs checkOneProcessorPerQueue over this process's processors at start-up (each checks its own handlers). */
@Injectable()
export class JobHandlerCheck implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    checkOneProcessorPerQueue(
      this.discovery
        .getProviders()
        .map((wrapper) => wrapper.instance as unknown)
        .filter((instance): instance is object => typeof instance === 'object' && instance !== null),
    );
  }
}
