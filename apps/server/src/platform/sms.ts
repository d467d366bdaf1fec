import { and, count, eq, gt, sql } from 'drizzle-orm';
import { SMS_MESSAGES, SMS_PROVIDERS } from '@wb/contracts/resources/sms';
import type { Db } from '../db/client';
import { sms, smsOutbox } from '../db/schema/index';
import { badRequest } from './envelope';
import type { Outbound } from './outbound';
import type { SecretBox } from './secrets';

/** A text to send: the words for providers that take text, the template and its values for those that take templates. */
export interface SmsMessage {
  content: string;
  templateId?: string;
  params: Record<string, string>;
}

/** Sends one text message; throws SmsRefused with the reason, in this server's words, when it did not go. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, message: SmsMessage): Promise<void>;
}

export class SmsRefused extends Error {}

/** The default provider: nothing leaves the machine; the record the sender writes is the message. */
const outbox: SmsProvider = { name: 'outbox', send: async () => undefined };

/**
 * Yunpian's HTTP API (v2): a template message (tpl_single_send, values as `#name#=value`) when
 * the configuration names a template, else a text with the signature in front (single_send).
 * The API key is the configuration's secret key; `endpoint` replaces https://sms.yunpian.com.
 * Requests go through the outbound guard. What the provider says (its msg and detail, or
 * whatever a service at that address answers) goes to the server's log only: the tenant reads
 * the HTTP status and Yunpian's numeric code.
 */
export class YunpianSms implements SmsProvider {
  readonly name = 'yunpian';
  constructor(
    private readonly c: { apiKey: string; signName: string; endpoint: string },
    private readonly outbound: Outbound,
  ) {}

  async send(phone: string, m: SmsMessage): Promise<void> {
    const form = new URLSearchParams({ apikey: this.c.apiKey, mobile: phone });
    if (m.templateId) {
      form.set('tpl_id', m.templateId);
      form.set('tpl_value', new URLSearchParams(Object.entries(m.params).map(([k, v]) => [`#${k}#`, v])).toString());
    } else {
      // the signature is part of a Yunpian text; a text carrying one already keeps its own
      form.set('text', m.content.startsWith('【') || !this.c.signName ? m.content : `【${this.c.signName}】${m.content}`);
    }
    const base = (this.c.endpoint || 'https://sms.yunpian.com').replace(/\/+$/, '');
    let status: number;
    let answer: { code?: unknown };
    try {
      const res = await this.outbound.fetch(`${base}/v2/sms/${m.templateId ? 'tpl_single_send' : 'single_send'}.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json;charset=utf-8' },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      answer = ((await res.json().catch(() => null)) ?? {}) as typeof answer;
    } catch (err) {
      throw new SmsRefused(`短信服务无法连接 (${this.outbound.failure(err, 'sms yunpian')})`);
    }
    if (answer.code === 0) return;
    this.outbound.failure(Object.assign(new Error('the SMS provider refused'), { answer, status }), 'sms yunpian');
    const code = Number.isInteger(answer.code) ? `, 错误码 ${String(answer.code)}` : '';
    throw new SmsRefused(`短信服务拒绝发送 (HTTP ${status}${code})`);
  }
}

/** A phone receives at most this many messages in SMS_WINDOW_MS, from any tenant (it is one person's phone). */
export const SMS_PER_PHONE = 5;
export const SMS_WINDOW_MS = 10 * 60_000;
/** messages of one send-message in flight at once */
const SEND_PARALLEL = 5;

type SmsConfig = typeof sms.$inferSelect;

/**
 * Sends a tenant's text messages: through the configuration named by its code, else the
 * tenant's enabled one, else the outbox. Every message is recorded (sms_outbox) with how it
 * went, and each phone has its allowance, counted under a lock of the phone so that parallel
 * sends cannot both take the last one.
 */
export class SmsSender {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
    /** the providers are reached through it */
    private readonly outbound: Outbound,
  ) {}

  /** The provider a configuration speaks to; a category not yet spoken to is refused (400, category). */
  providerOf(c: SmsConfig): SmsProvider {
    if (SMS_PROVIDERS[c.category as keyof typeof SMS_PROVIDERS] !== 'yunpian') throw badRequest(SMS_MESSAGES.unsupported.zh, 'category');
    const apiKey = c.secretKey ? this.secrets.open(c.secretKey) : '';
    if (!apiKey) throw badRequest('secretKey 未填写或无法解密 (SECRET_KEY 已更换?), 请重新输入', 'secretKey');
    return new YunpianSms({ apiKey, signName: c.signName, endpoint: c.endpoint }, this.outbound);
  }

  private async configOf(tenantId: string, code: string | undefined): Promise<SmsConfig | undefined> {
    const live = and(eq(sms.tenantId, tenantId), eq(sms.isDeleted, 0));
    const [c] = await this.db
      .select()
      .from(sms)
      .where(and(live, code ? eq(sms.smsCode, code) : eq(sms.status, 2)))
      .limit(1);
    if (code && !c) throw badRequest(SMS_MESSAGES.unknownCode.zh, 'code');
    return c;
  }

  /** Sends `message` to each phone; the answer says which failed and why (a refused phone does not stop the others). */
  async send(tenantId: string, phones: string[], message: SmsMessage, code?: string): Promise<{ phone: string; error?: string }[]> {
    const config = await this.configOf(tenantId, code);
    const provider = config ? this.providerOf(config) : outbox;
    const templated = { ...message, templateId: message.templateId ?? (config?.templateId || undefined) };
    const one = async (phone: string): Promise<{ phone: string; error?: string }> => {
      const row = await this.reserve(tenantId, phone, { content: message.content, provider: provider.name, smsCode: config?.smsCode ?? '', templateId: templated.templateId ?? '' });
      if (!row) return { phone, error: SMS_MESSAGES.tooMany.zh };
      const error = await provider.send(phone, templated).then(
        () => undefined,
        (err: unknown) => (err instanceof SmsRefused ? err.message : '短信服务出错'),
      );
      if (error) await this.db.update(smsOutbox).set({ sent: 0, error }).where(eq(smsOutbox.id, row));
      return { phone, error };
    };
    // a few at a time: a hundred phones to a slow provider must not hold the request for minutes
    const results: { phone: string; error?: string }[] = new Array(phones.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(SEND_PARALLEL, phones.length) }, async () => {
        while (next < phones.length) {
          const i = next++;
          results[i] = await one(phones[i]);
        }
      }),
    );
    return results;
  }

  /** Records the message about to go to `phone`, unless the phone has had its allowance; the row's id, or null. */
  private async reserve(tenantId: string, phone: string, values: Omit<typeof smsOutbox.$inferInsert, 'tenantId' | 'phone'>): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.phone, phone), gt(smsOutbox.createTime, new Date(Date.now() - SMS_WINDOW_MS))));
      if (Number(n) >= SMS_PER_PHONE) return null;
      const [row] = await tx
        .insert(smsOutbox)
        .values({ tenantId, phone, ...values })
        .returning({ id: smsOutbox.id });
      return row.id;
    });
  }
}
