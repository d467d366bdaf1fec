import { Modal } from 'antd';
import '../shared/i18n/shell-texts';
import { i18n } from '../shared/i18n/i18n';

/**
 * On a retired address (env.ts obsoleteRedirect): an alert titled '温馨提示！'
 * says the address is offline and names the new one; confirming moves there.
 * It cannot be dismissed otherwise: the old host no longer serves the API.
 */
export function showObsoleteDomainAlert(target: string): void {
  Modal.warning({
    title: i18n.t('obsolete.title'),
    content: i18n.t('obsolete.content', { url: new URL(target).origin }),
    okText: i18n.t('common.ok'),
    keyboard: false,
    onOk: () => window.location.replace(target),
  });
}
