import { useEffect, useRef, useState } from 'react';
import { toString as qrSvg } from 'qrcode';
import { QR_CONFIRM_PAGE, QR_POLL_MS, QR_STATUS, type QrTicket, type TokenResponse } from '@wb/contracts/auth';
import type { zh } from '../../../shared/i18n/zh';
import { AuthCallError } from '../api/auth-fetch';
import { pollQrLogin, requestQrTicket } from '../api/qr-login';

type State = { step: 'loading' } | { step: 'shown'; ticket: QrTicket; image: string; scanned: boolean } | { step: 'failed'; message: string };

/**
 * 扫码登录 (its own chunk, with the QR encoder): shows a code of the confirm page for a new
 * ticket, asks every QR_POLL_MS whether a signed-in phone confirmed it, and signs in with the
 * session that answers. An expired or cancelled code says so and offers a new one.
 */
export default function QrLoginPanel({ tenantId, texts, onEnter }: { tenantId: string; texts: (typeof zh)['login']; onEnter(token: TokenResponse): Promise<void> }) {
  const [state, setState] = useState<State>({ step: 'loading' });
  const [round, setRound] = useState(0);
  // the latest of these, without starting a new code when the parent renders again
  const latest = useRef({ texts, onEnter });
  latest.current = { texts, onEnter };

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (error: unknown) => !stopped && setState({ step: 'failed', message: error instanceof AuthCallError ? error.message : latest.current.texts.qrFailed });
    const poll = (ticket: QrTicket, image: string) => {
      timer = setTimeout(() => {
        pollQrLogin(tenantId, ticket).then((answer) => {
          if (stopped) return;
          if ('access_token' in answer) return void latest.current.onEnter(answer).catch(fail);
          setState({ step: 'shown', ticket, image, scanned: answer.qrStatus === QR_STATUS.scanned });
          poll(ticket, image);
        }, fail);
      }, QR_POLL_MS);
    };
    setState({ step: 'loading' });
    requestQrTicket(tenantId).then(async (ticket) => {
      const url = `${window.location.origin}${QR_CONFIRM_PAGE}?ticket=${ticket.ticket}`;
      const image = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await qrSvg(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))}`;
      if (stopped) return;
      setState({ step: 'shown', ticket, image, scanned: false });
      poll(ticket, image);
    }, fail);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [tenantId, round]);

  return (
    <div className="login-qr" aria-live="polite">
      {state.step === 'loading' && <div className="login-qr__code login-qr__code--empty" />}
      {state.step === 'shown' && (
        <img
          className={`login-qr__code${state.scanned ? ' login-qr__code--scanned' : ''}`}
          src={state.image}
          alt={texts.qrLogin}
          data-ticket-url={`${window.location.origin}${QR_CONFIRM_PAGE}?ticket=${state.ticket.ticket}`}
          width={200}
          height={200}
        />
      )}
      {state.step === 'failed' ? (
        <div className="login-failure" role="alert">
          {state.message}
        </div>
      ) : (
        <div className="login-qr__hint">{state.step === 'shown' && state.scanned ? texts.qrScanned : texts.qrHint}</div>
      )}
      {state.step === 'failed' && (
        <button type="button" className="login-link-button" onClick={() => setRound((n) => n + 1)}>
          {texts.qrRefresh}
        </button>
      )}
    </div>
  );
}
