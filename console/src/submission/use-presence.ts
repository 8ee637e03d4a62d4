import { useEffect, useState } from 'preact/hooks';
import { api, Ref } from '../api';
import { useLiveEvents } from '../live';
import { usePolling } from '../use-polling';

/** How often an open submission says it is still open (the server lets "viewing" lapse after 45 s). */
const PRESENCE_MS = 20_000;

/**
 * Who else has submission `id` open. "I have it open" is said now, every PRESENCE_MS while the tab is
 * visible, and "left" on closing it; a presence event asks who is viewing again.
 */
export function usePresence(id: string): Ref[] {
  const [viewers, setViewers] = useState<Ref[]>([]);
  const announce = (viewing: boolean) =>
    api<{ viewers: Ref[] }>(`submissions/${id}/viewing`, { method: 'POST', body: { viewing }, keepalive: !viewing });
  const announceViewing = () =>
    void announce(true).then(
      ({ viewers }) => setViewers(viewers),
      () => undefined,
    );
  useEffect(() => {
    setViewers([]);
    announceViewing();
    const leave = () => void announce(false).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [id]);
  usePolling(announceViewing, PRESENCE_MS);
  useLiveEvents((event) => {
    if (event.id === id && event.type === 'presence') {
      void api<{ viewers: Ref[] }>(`submissions/${id}/viewing`).then(
        ({ viewers }) => setViewers(viewers),
        () => undefined,
      );
    }
  });
  return viewers;
}
