import { useState } from 'preact/hooks';
import { api, Me } from './api';

/**
 * The header's "Away" switch (`PATCH /staff/api/me {"away"}`): while it is on, round-robin rules give
 * this agent nothing new. It shows the change at once and goes back if the API refuses it.
 */
export function AwaySwitch({ me, onChanged }: { me: Me; onChanged: (me: Me) => void }) {
  const [away, setAway] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = away ?? me.away;

  const change = async (next: boolean) => {
    setAway(next);
    setError(null);
    try {
      onChanged(await api<Me>('me', { method: 'PATCH', body: { away: next } }));
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setAway(null);
    }
  };

  return (
    <>
      <label class="check away" title={shown ? 'Rules assign you nothing new' : 'Rules may assign to you'}>
        <input
          type="checkbox"
          role="switch"
          checked={shown}
          aria-describedby={error ? 'away-error' : undefined}
          onChange={(e) => void change(e.currentTarget.checked)}
        />
        Away
      </label>
      {error && (
        <span id="away-error" class="error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
