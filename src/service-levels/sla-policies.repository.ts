import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SlaPolicyEntity } from './entities/sla-policy.entity';

/** Every query of the `sla_policies` table. */
@Injectable()
export class SlaPoliciesRepository {
  constructor(@InjectRepository(SlaPolicyEntity) private readonly policies: Repository<SlaPolicyEntity>) {}

  /** Every policy in the order they are tried: by position, then name. */
  list(): Promise<SlaPolicyEntity[]> {
    return this.policies.find({ order: { position: 'ASC', name: 'ASC' } });
  }

  findById(id: string): Promise<SlaPolicyEntity | null> {
    return this.policies.findOneBy({ id });
  }

  count(): Promise<number> {
    return this.policies.count();
  }

  /** Stores a new policy; a name already taken fails as a duplicate key. */
  async insert(policy: SlaPolicyEntity): Promise<void> {
    await this.policies.insert(policy);
  }

  /** Saves a policy's new values; a name already taken fails as a duplicate key. */
  async update(policy: SlaPolicyEntity): Promise<void> {
    const { id, createdAt: _createdAt, ...values } = policy;
    await this.policies.update({ id }, values);
  }

  /** Deletes one; answers whether it was there. */
  async delete(id: string): Promise<boolean> {
    return ((await this.policies.delete({ id })).affected ?? 0) === 1;
  }
}
