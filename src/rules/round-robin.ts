import { Injectable } from '@nestjs/common';
import type { Transaction } from '../database/transactions';
import type { RoundRobinValue } from './rule-definition';
import { AgentStanding, RuleTurnsRepository } from './rule-turns.repository';

/** Why an agent's turn was passed over. */
export type PassedOver = 'unknown' | 'disabled' | 'away' | 'at capacity';

/** The turn taken: the agent, or nobody, with why each agent was passed over. */
export interface Turn {
  agentId: string | null;
  passedOver: Record<string, PassedOver>;
}

/**
 * The next agent after `last` in the rule's list (from the first when `last` is not in it), going round
 * once: the first one not unknown, disabled, away or holding `maxOpen` new or open submissions.
 */
export function nextAgent(
  agents: readonly string[],
  last: string | null,
  standing: ReadonlyMap<string, AgentStanding>,
  open: ReadonlyMap<string, number> | null,
  maxOpen: number | null,
): Turn {
  const start = last === null ? 0 : agents.indexOf(last) + 1;
  const passedOver: Record<string, PassedOver> = {};
  for (let i = 0; i < agents.length; i++) {
    const id = agents[(start + i) % agents.length];
    const agent = standing.get(id);
    const reason: PassedOver | null = !agent
      ? 'unknown'
      : agent.disabled
        ? 'disabled'
        : agent.away
          ? 'away'
          : maxOpen !== null && (open?.get(id) ?? 0) >= maxOpen
            ? 'at capacity'
            : null;
    if (reason === null) {
      return { agentId: id, passedOver };
    }
    passedOver[id] = reason;
  }
  return { agentId: null, passedOver };
}

/**
 * Round-robin assignment, fair across every process: the rule's turn row is locked in the change's
 * transaction while the next agent is chosen and recorded, so concurrent changes in any number of API
 * processes and workers take turns one after the other from the same row.
 */
@Injectable()
export class RoundRobin {
  constructor(private readonly turns: RuleTurnsRepository) {}

  async take(ruleId: string, value: RoundRobinValue, tx: Transaction): Promise<Turn> {
    const last = await this.turns.lockLast(ruleId, tx);
    const standing = new Map((await this.turns.standingOf(value.agents, tx)).map((agent) => [agent.id, agent]));
    const open = value.max_open === null ? null : await this.turns.openCountsOf(value.agents, tx);
    const turn = nextAgent(value.agents, last, standing, open, value.max_open);
    if (turn.agentId !== null) {
      await this.turns.recordLast(ruleId, turn.agentId, tx);
    }
    return turn;
  }
}
