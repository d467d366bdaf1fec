import { QR_SOURCE, type QrTicket, type TokenResponse } from '@wb/contracts/auth';
import { authFetch } from './auth-fetch';

/** POST /us-user/qr/ticket: a code to show; its key stays with this page. */
export const requestQrTicket = (tenantId: string) => authFetch<QrTicket>('/us-user/qr/ticket', { json: { tenantId }, envelope: true });

/** POST /us-user/customLoginByZytQr: the session once the phone confirmed, else how far it got (0 not scanned, 1 scanned). */
export const pollQrLogin = (tenantId: string, t: QrTicket) =>
  authFetch<TokenResponse | { qrStatus: number }>('/us-user/customLoginByZytQr', {
    json: { tenantId, extras: `${t.ticket}.${t.key}`, source: QR_SOURCE, scopes: 'all' },
    envelope: true,
  });
