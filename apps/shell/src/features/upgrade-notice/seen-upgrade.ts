import { create } from 'zustand';
import { getStore, setStore } from '../../shared/storage';
import { UPGRADE_SEEN_STORE_NAME } from '../../shared/storage-names';

/** The shell's page of the update announcement (shell spec §2). */
export const UPDATE_ANNOUNCEMENT_PAGE = '/updateAnnouncement';

/** Which announcement (its picture) this browser has opened: a new picture brings the dot back. */
const useSeen = create<{ picture: string | undefined }>(() => ({ picture: getStore<string>(UPGRADE_SEEN_STORE_NAME) }));

export const useSeenUpgrade = (picture: string | undefined) => useSeen((s) => !!picture && s.picture === picture);

export function markUpgradeSeen(picture: string): void {
  setStore(UPGRADE_SEEN_STORE_NAME, picture);
  useSeen.setState({ picture });
}
