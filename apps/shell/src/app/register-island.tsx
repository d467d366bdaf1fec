import { createRoot, type Root } from 'react-dom/client';
import { currentLanguage, setLanguage } from '../shared/i18n/i18n';
import { storedLanguage } from '../shared/i18n/language';
import RegisterDialog, { type RegisterDialogProps } from '../features/auth/register-dialog';
import { Providers } from './providers';

type Props = Omit<RegisterDialogProps, 'onClose'>;

let root: Root | undefined;

/**
 * 账号注册 opened from the login document, which has no antd, query client or
 * i18next of its own: the dialog comes with them in a root of its own. The root
 * stays when the dialog closes, so the message it leaves ('注册申请已提交…') stays too.
 */
export function showRegister(props: Props): void {
  // the login page may have switched the language since i18next started
  if (currentLanguage() !== storedLanguage()) void setLanguage(storedLanguage());
  root ??= createRoot(document.body.appendChild(document.createElement('div')));
  const render = (dialog?: Props) => root!.render(<Providers>{dialog && <RegisterDialog {...dialog} onClose={() => render()} />}</Providers>);
  render(props);
}
