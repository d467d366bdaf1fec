import { queryOptions } from '@tanstack/react-query';
import { parseUpgradeInfo, UPGRADE_INFO_KEY, type UpgradeInfo } from '@wb/contracts/resources/param';
import { http } from '../../../shared/request';

/** GET /us-system/param/detail?paramKey=upgrade_info: the version notice (title and picture); null when unset or not that JSON. */
export const upgradeInfoQuery = queryOptions({
  queryKey: ['param', UPGRADE_INFO_KEY],
  queryFn: async (): Promise<UpgradeInfo | null> => {
    const param = await http.get<{ paramValue?: string } | null>('/us-system/param/detail', { paramKey: UPGRADE_INFO_KEY }, { silent: true });
    return parseUpgradeInfo(param?.paramValue);
  },
  staleTime: 10 * 60_000,
});
