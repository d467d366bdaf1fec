import { SMS_MESSAGES } from '@wb/contracts/resources/sms';
import { phoneError } from '@wb/contracts/validation';
import { sms } from '../../db/schema/index';
import type { ResourceOptions } from '../../platform/crud/routes';
import { enableOne } from '../../platform/enable-one';
import { badRequest } from '../../platform/envelope';
import { secretFollowsAddress } from '../../platform/secrets';
import type { Db } from '../../db/client';
import type { SmsSender } from '../../platform/sms';
import type { Outbound } from '../../platform/outbound';

/** at most this many phones in one send-message */
const MAX_PHONES = 100;

/** The phones of a send-message, split on commas (either width), semicolons or spaces; each checked. */
function phonesOf(given: string): string[] {
  const phones = [...new Set(given.split(/[,，;；\s]+/).filter(Boolean))];
  // only separators is not no phones: what was given is not a phone number
  if (!phones.length) throw badRequest(given.trim() ? SMS_MESSAGES.phones.zh : '请输入手机号码', 'phones');
  if (phones.length > MAX_PHONES) throw badRequest(`一次最多发送 ${MAX_PHONES} 个手机号码`, 'phones');
  for (const p of phones) {
    const wrong = phoneError(p);
    if (wrong) throw badRequest(`${p}: ${wrong}`, 'phones');
  }
  return phones;
}

/** The template's values: a JSON object of texts (numbers are taken as their text). */
function paramsOf(given: unknown): Record<string, string> {
  if (given === undefined || given === null || given === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(given));
  } catch {
    throw badRequest(SMS_MESSAGES.params.zh, 'params');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest(SMS_MESSAGES.params.zh, 'params');
  const values = Object.entries(parsed as Record<string, unknown>);
  if (values.some(([k, v]) => (typeof v !== 'string' && typeof v !== 'number') || `${k}${v}`.includes('\u0000'))) throw badRequest(SMS_MESSAGES.params.zh, 'params');
  return Object.fromEntries(values.map(([k, v]) => [k, String(v)]));
}

/**
 * SMS configurations: an address of the provider's own is http(s) and one the server may
 * connect to (the outbound guard); enable makes one the tenant's only enabled one;
 * send-message sends through the sender.
 */
export function smsOptions(db: Db, sender: SmsSender, outbound: Outbound): ResourceOptions {
  return {
    hooks: {
      async beforeSubmit(_ctx, values, existing) {
        secretFollowsAddress(values, existing, ['endpoint', 'category']);
        const endpoint = String({ ...existing, ...values }.endpoint ?? '').trim();
        if (!endpoint) return;
        await outbound.refuseEndpoint(endpoint, 'endpoint', '服务地址应为 http(s) 地址');
      },
    },
    actions: {
      // a provider not spoken to, or a key that cannot be read, is refused before it becomes the one in use
      enable: async ({ keys, scope }) => enableOne(db, sms, scope, Number(keys[0]), '短信配置不存在', (row) => sender.providerOf(row as typeof sms.$inferSelect)),
      send: async ({ body, scope }) => {
        const phones = phonesOf(String(body.phones ?? ''));
        const params = paramsOf(body.params);
        const code = String(body.code ?? '').trim() || undefined;
        // a provider without templates sends the params' `content`, else the values as a line
        const content =
          params.content ??
          Object.entries(params)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ');
        const results = await sender.send(String(scope.tenantId), phones, { content, params }, code);
        const failed = results.filter((r) => r.error);
        if (failed.length === results.length) throw badRequest(failed[0].error!, 'phones');
        if (failed.length) return `已发送 ${results.length - failed.length} 条, 未发送: ${failed.map((f) => `${f.phone} (${f.error})`).join('; ')}`;
      },
    },
  };
}
