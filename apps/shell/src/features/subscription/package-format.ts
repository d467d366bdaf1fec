import { UNLIMITED, type SubscribePackage } from '@wb/contracts/resources/subscription';
import type { TFunction } from 'i18next';

/** A count of the package as shown: -1 is 不限. */
export const countText = (n: number, t: TFunction): string => (n === UNLIMITED ? t('subscription.unlimited') : String(n));

/** 1 按人员, 2 按设备, 3 不限; an unknown type as it came. */
export const typeText = (type: number, t: TFunction): string => t(`subscription.types.${type}`, { defaultValue: String(type) });

/** The systems the package opens, joined by '、' as the server sends them; none named: every system. */
export const systemsText = (pkg: Pick<SubscribePackage, 'systemAccess'>, t: TFunction): string => pkg.systemAccess || t('subscription.allSystems');

/** Which projects the package is for: the project, or the whole company. */
export const scopeText = (pkg: Pick<SubscribePackage, 'projectName' | 'companyName'>, t: TFunction): string =>
  pkg.projectName || t('subscription.wholeCompany', { company: pkg.companyName });
