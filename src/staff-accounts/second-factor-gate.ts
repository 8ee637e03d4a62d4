import { Injectable } from '@nestjs/common';

/** The second factors an account can complete sign-in with (the contract's names). */
export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery_code';

/** What staff-identity/ tells sign-in of an account: the second factors it has (none: a password signs in). */
export interface SecondFactorVerdicts {
  methodsOf(accountId: string): Promise<SecondFactorMethod[]>;
}

/**
 * Where staff-identity/ gives sign-in its verdict (it registers here at start): staff-accounts/ asks
 * which second factors an account has without knowing how they are kept, so the arrow points one way.
 * Without a registration (a process with no staff-identity), no account has one.
 */
@Injectable()
export class SecondFactorGate {
  private verdicts?: SecondFactorVerdicts;

  register(verdicts: SecondFactorVerdicts): void {
    this.verdicts = verdicts;
  }

  methodsOf(accountId: string): Promise<SecondFactorMethod[]> {
    return this.verdicts?.methodsOf(accountId) ?? Promise.resolve([]);
  }
}
