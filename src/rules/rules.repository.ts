import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RuleEntity } from './entities/rule.entity';

/** Every query of the `rules` table. */
@Injectable()
export class RulesRepository {
  constructor(@InjectRepository(RuleEntity) private readonly rules: Repository<RuleEntity>) {}

  /** Every rule in the order they run: by position, then name. */
  list(): Promise<RuleEntity[]> {
    return this.rules.find({ order: { position: 'ASC', name: 'ASC' } });
  }

  findById(id: string): Promise<RuleEntity | null> {
    return this.rules.findOneBy({ id });
  }

  count(): Promise<number> {
    return this.rules.count();
  }

  /** Stores a new rule; a name already taken fails as a duplicate key. */
  async insert(rule: RuleEntity): Promise<void> {
    // simple-json columns are serialised by TypeORM; its insert typing cannot see through them.
    await this.rules.insert(rule);
  }

  /** Saves a rule's new values; a name already taken fails as a duplicate key. */
  async update(rule: RuleEntity): Promise<void> {
    const { id, createdAt: _createdAt, ...values } = rule;
    await this.rules.update({ id }, values);
  }

  /** Deletes one; answers whether it was there. */
  async delete(id: string): Promise<boolean> {
    return ((await this.rules.delete({ id })).affected ?? 0) === 1;
  }
}
