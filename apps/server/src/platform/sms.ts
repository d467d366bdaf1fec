import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema/index';

/** Sends a text message. Real providers (Aliyun, Tencent …) implement this one call. */
export interface SmsProvider {
  readonly name: string;
  send(tenantId: string, phone: string, content: string): Promise<void>;
}

/**
 * The default provider: nothing leaves the machine; each message is recorded in
 * sms_outbox, where an administrator reads it (GET /us-resource/sms/outbox).
 */
export class OutboxSms implements SmsProvider {
  readonly name = 'outbox';
  constructor(private readonly db: Db) {}

  async send(tenantId: string, phone: string, content: string): Promise<void> {
    await this.db.insert(smsOutbox).values({ tenantId, phone, content, provider: this.name });
  }
}
