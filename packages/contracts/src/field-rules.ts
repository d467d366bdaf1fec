/**
 * The rules a resource field's value follows beyond its type, read by both sides from the field's
 * definition: the form shows the message under the field as the user types, the server refuses
 * the same value with the same message (platform/crud/wire.ts). Empty values are the `required`
 * rule's to judge.
 */
import { CLIENT_SECRET_MIN_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import type { FieldDef, Text } from './resource';
import { MOBILE_PATTERN, PASSWORD_PATTERN, PHONE_MESSAGES } from './validation';

/** An address with one @, something before it and a dotted domain after it, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const FIELD_RULE_MESSAGES = {
  phoneLength: { zh: PHONE_MESSAGES.length, en: 'The phone number must have 11 digits' },
  phoneFormat: { zh: PHONE_MESSAGES.format, en: 'The phone number is not valid' },
  email: { zh: '电子邮箱格式不正确', en: 'The e-mail address is not valid' },
} as const satisfies Record<string, Text>;

/** The password rule in the words of the field's label ('密码至少 8 位, 须同时包含字母和数字'). */
export const passwordRuleMessage = (label: Text): Text => ({
  zh: `${label.zh}至少 ${PASSWORD_MIN_LENGTH} 位, 须同时包含字母和数字`,
  en: `${label.en} needs at least ${PASSWORD_MIN_LENGTH} characters, letters and digits both`,
});

/** The secret rule in the words of the field's label ('应用密钥至少 16 位'). */
export const secretRuleMessage = (label: Text): Text => ({
  zh: `${label.zh}至少 ${CLIENT_SECRET_MIN_LENGTH} 位`,
  en: `${label.en} needs at least ${CLIENT_SECRET_MIN_LENGTH} characters`,
});

/** The rules of field-rules.ts by name: the form's texts are registered under these names (resource-ui). */
export type FieldRule = keyof typeof FIELD_RULE_MESSAGES | 'password' | 'secret';

/** The rule a non-empty value of the field breaks, or null. */
export function brokenRule(f: FieldDef, value: unknown): FieldRule | null {
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  if (text === '') return null;
  if (f.format === 'phone') {
    if (text.length !== 11) return 'phoneLength';
    return MOBILE_PATTERN.test(text) ? null : 'phoneFormat';
  }
  if (f.format === 'email') return EMAIL_PATTERN.test(text) ? null : 'email';
  // a secret another system is given (a client secret): long, whatever its characters
  if (f.format === 'secret') return text.length >= CLIENT_SECRET_MIN_LENGTH ? null : 'secret';
  // a sealed password is a key someone else made (an access secret): it follows their rules
  if (f.kind === 'password' && !f.sealed) return PASSWORD_PATTERN.test(text) ? null : 'password';
  return null;
}

/** What the rule says, in the words of the field's label. */
export const ruleMessage = (f: Pick<FieldDef, 'label'>, rule: FieldRule): Text =>
  rule === 'password' ? passwordRuleMessage(f.label) : rule === 'secret' ? secretRuleMessage(f.label) : FIELD_RULE_MESSAGES[rule];

/** The message of the rule a non-empty value of the field breaks, or null (what the server answers). */
export function fieldRuleError(f: FieldDef, value: unknown): Text | null {
  const rule = brokenRule(f, value);
  return rule ? ruleMessage(f, rule) : null;
}
