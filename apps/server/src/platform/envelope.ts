import { Type, type TSchema } from '@sinclair/typebox';
import { MSG_SUCCESS, type R } from '@wb/contracts/envelope';

export function ok<T>(data: T, msg: string = MSG_SUCCESS): R<T> {
  return { code: 200, success: true, data, msg };
}

/** An error a user or client caused; the error handler turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** the request field at fault, echoed as data.field */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, field?: string) => new ApiError(400, msg, field);
export const unauthorized = (msg: string) => new ApiError(401, msg);
export const forbidden = (msg: string) => new ApiError(403, msg);
export const notFound = (msg: string) => new ApiError(404, msg);
export const conflict = (msg: string) => new ApiError(409, msg);

/** Response schema of the envelope around `data`, for serialisation and the OpenAPI document. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    code: Type.Integer(),
    success: Type.Boolean(),
    data,
    msg: Type.String(),
  });
}

export const EmptyEnvelope = Envelope(Type.Union([Type.Null(), Type.Boolean(), Type.String(), Type.Object({ field: Type.String() })]));

/** A page of records in the shape PageOf describes. */
export function pageOf<T>(records: T[], total: number, current: number, size: number) {
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

export function PageOf<T extends TSchema>(record: T) {
  return Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    pages: Type.Integer(),
  });
}

/** 'yyyy-MM-dd HH:mm:ss' in the server's time zone: how times travel on the wire. */
export function formatTime(d: Date | null | undefined): string {
  if (!d) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Ids travel as strings; null ids as ''. */
export const idStr = (v: number | null | undefined): string => (v === null || v === undefined ? '' : String(v));
