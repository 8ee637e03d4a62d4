import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { providerInstances } from '../submissions/facts/provider-instances';
import {
  PersonalDataHolder,
  PersonalDataPort,
  personalDataHolderOf,
} from '../submissions/personal-data/personal-data-port';

/**
 * The order the rooms' ports run in: deleting, in the deletion's transaction, and their fields in an
 * export. Report days first: they are marked from the rows before the rows go. The submissions
 * themselves (with their channel records) go after every port, so no row is left pointing at one;
 * merged sources are relinked before any port runs (SubmissionDeletion). The other rooms' rows do not
 * depend on one another (each points at its submission only), so their order is the export's.
 */
export const PERSONAL_DATA_ORDER: readonly PersonalDataHolder[] = [
  'report days',
  'submissions',
  'webhooks',
  'conversations',
  'attachments',
  'ratings',
];

export interface FoundPort {
  holder: PersonalDataHolder;
  port: PersonalDataPort;
}

/**
 * The found ports in PERSONAL_DATA_ORDER; throws, naming them, when one is missing, found twice, or
 * not in the order, so a role that would leave a room's rows behind on an erasure does not start.
 */
export function portsInOrder(found: readonly FoundPort[], order = PERSONAL_DATA_ORDER): FoundPort[] {
  const problems: string[] = [];
  for (const holder of new Set(found.map((f) => f.holder))) {
    if (found.filter((f) => f.holder === holder).length > 1) {
      problems.push(`${holder} has more than one port`);
    }
    if (!order.includes(holder)) {
      problems.push(`${holder} is not in PERSONAL_DATA_ORDER`);
    }
  }
  const missing = order.filter((holder) => !found.some((f) => f.holder === holder));
  if (missing.length > 0) {
    problems.push(`no port found for ${missing.join(', ')} (import the room's module in this role)`);
  }
  if (problems.length > 0) {
    throw new Error(`Personal data ports: ${problems.join('; ')}`);
  }
  return order.map((holder) => found.find((f) => f.holder === holder)!);
}

/**
 * Every room's PersonalDataPort (a provider marked @HoldsPersonalData), found once at start-up as
 * submission fact handlers are, and checked against PERSONAL_DATA_ORDER: in every role that deletes
 * submissions (API, worker, CLI) the same ports, or the process stops here.
 */
@Injectable()
export class PersonalDataPorts implements OnModuleInit {
  private ports: FoundPort[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const found: FoundPort[] = [];
    for (const instance of providerInstances(this.discovery)) {
      const holder = personalDataHolderOf(instance.constructor);
      if (holder) {
        found.push({ holder, port: instance as PersonalDataPort });
      }
    }
    this.ports = portsInOrder(found);
  }

  /** The ports in the order they run (PERSONAL_DATA_ORDER). */
  inOrder(): readonly FoundPort[] {
    return this.ports;
  }

  /** The rooms whose ports were found, in order (what a test compares between roles). */
  holders(): PersonalDataHolder[] {
    return this.ports.map((found) => found.holder);
  }
}
