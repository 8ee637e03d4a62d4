import { useShortcuts } from '../shortcuts';

/** What the open submission's shortcuts do. */
export interface DetailActions {
  /** `e`: closes it. */
  close: () => void;
  /** `a`: assigns it to me. */
  assignToMe: () => void;
  /** `p`: moves focus to the priority select. */
  focusPriority: () => void;
  /** `c`: opens the reply box's canned replies. */
  openCannedReplies: () => void;
  /** `u`: shows the newer version someone else made. */
  showNew: () => void;
  /** `!`: spam -> new ("Not spam"), anything else -> spam. */
  toggleSpam: () => void;
}

/** The open submission's keyboard shortcuts, listened for while the detail is shown. */
export function useDetailKeys(actions: DetailActions): void {
  useShortcuts((event) => {
    if (event.key === 'e') {
      actions.close();
    } else if (event.key === 'a') {
      actions.assignToMe();
    } else if (event.key === 'p') {
      event.preventDefault();
      actions.focusPriority();
    } else if (event.key === 'c') {
      event.preventDefault();
      actions.openCannedReplies();
    } else if (event.key === 'u') {
      actions.showNew();
    } else if (event.key === '!') {
      actions.toggleSpam();
    }
  });
}
