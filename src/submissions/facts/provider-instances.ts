import type { DiscoveryService } from '@nestjs/core';

/**
 * Every provider of the application as found at start-up, one instance per class (a provider listed by
 * two modules is one: it must not handle a fact twice, nor be one room's port twice), singletons only
 * (a request-scoped provider has no instance to call). What the fact recorder and privacy's personal
 * data ports look their marked classes up in.
 */
export function providerInstances(discovery: DiscoveryService): object[] {
  const instances: object[] = [];
  const seen = new Set<unknown>();
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as object | undefined;
    if (
      !instance ||
      typeof instance !== 'object' ||
      seen.has(instance.constructor) ||
      !wrapper.isDependencyTreeStatic()
    ) {
      continue;
    }
    seen.add(instance.constructor);
    instances.push(instance);
  }
  return instances;
}
