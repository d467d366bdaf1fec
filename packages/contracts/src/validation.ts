/**
 * Validation rules both sides apply: the shell checks as the user
 * types, the server checks again and answers with the same message.
 */
import { PASSWORD_MIN_LENGTH } from './constants';

/** At least 8 characters, letters and digits only, with at least one of each. */
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]{${PASSWORD_MIN_LENGTH},}$`);

export const PASSWORD_MESSAGES = {
  newFormat: '新密码格式不正确',
  repeatFormat: '再次输入新密码格式不正确',
  mismatch: '两次新密码不一致',
  sameAsOld: '新密码不能与旧密码一致',
  oldWrong: '原密码不正确',
  changed: '修改密码成功!',
} as const;

/** The first rule a password change breaks, checked in the order below, or null. */
export function passwordChangeError(oldPassword: string, newPassword: string, newPassword1: string): string | null {
  if (!PASSWORD_PATTERN.test(newPassword)) return PASSWORD_MESSAGES.newFormat;
  if (!PASSWORD_PATTERN.test(newPassword1)) return PASSWORD_MESSAGES.repeatFormat;
  if (newPassword !== newPassword1) return PASSWORD_MESSAGES.mismatch;
  if (newPassword === oldPassword) return PASSWORD_MESSAGES.sameAsOld;
  return null;
}

/** The form field a password-change message is about: the confirmation's own rules name it, the rest the new password. */
export const passwordErrorField = (message: string): 'newPassword' | 'newPassword1' =>
  message === PASSWORD_MESSAGES.repeatFormat || message === PASSWORD_MESSAGES.mismatch ? 'newPassword1' : 'newPassword';

export const PHONE_MESSAGES = {
  empty: '手机号码不能为空',
  length: '手机号码长度不为11位',
  format: '手机号码格式不正确',
} as const;

/**
 * The evident intent of the original phone rule: 11 digits forming a mainland mobile
 * number. (The original checked a landline pattern, which inverted the rule.)
 */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export function phoneError(phone: string | undefined | null): string | null {
  if (!phone) return PHONE_MESSAGES.empty;
  if (phone.length !== 11) return PHONE_MESSAGES.length;
  if (!MOBILE_PATTERN.test(phone)) return PHONE_MESSAGES.format;
  return null;
}

export const REGISTER_MESSAGES = {
  tenantId: '请先输入租户编号',
  account: '请先输入账号名称',
  password: '请先输入密码',
  mismatch: '两次密码输入不一致',
  submitted: '注册申请已提交,请耐心等待管理员通过!',
  failed: '提交失败',
  pending: '账号正在等待管理员审核',
} as const;

export const AVATAR_LIMIT_BYTES = 500 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
export const AVATAR_MESSAGES = { type: '头像只能是 JPG 或 PNG 格式', size: '头像大小不能超过 500KB' } as const;
