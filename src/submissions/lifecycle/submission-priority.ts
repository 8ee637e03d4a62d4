/** How urgent staff consider a submission: `normal` on arrival, then whatever staff set. */
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const DEFAULT_PRIORITY: Priority = 'normal';
