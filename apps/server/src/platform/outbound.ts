import { lookup as dnsLookup } from 'node:dns';
import { Agent as HttpAgent, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { Agent, buildConnector, fetch, type RequestInit, type Response } from 'undici';
import { badRequest } from './envelope';

/**
 * Where the server may connect on a tenant's or an administrator's behalf: a tenant's object
 * storage (对象存储) and SMS provider (短信配置), a datasource (数据源管理, code generation), a
 * sub-app's 测试加载. Each of those reaches the network only through this class, which checks
 * the address every connection is made to, after DNS (a name resolving to 127.0.0.1 is caught)
 * and on every redirect hop (each hop is a connection of its own): it may not be the machine,
 * its networks or its cloud (INTERNAL) unless the operator lists it in OUTBOUND_ALLOW. Checking
 * the connection, not the configured text, is what holds against a name that changes its
 * answer, a redirect, or a bucket name the S3 client puts in front of the endpoint's host.
 *
 * The operator's own settings are trusted and do not pass here: the base store of S3_*, the
 * identity providers of SOCIAL_PROVIDERS, DATABASE_URL.
 *
 * A remote service's answer may be anything an internal service says, so a failure is told to
 * the tenant only as its status or a reason of this server's (`reasonOf`); the whole error goes
 * to the server's log (`failure`). One exception: a failed datasource connection or catalogue
 * read (platform/datasource-client.ts: 测试连接, code generation) is told in the PostgreSQL
 * driver's words ('password authentication failed for user …', 'database … does not exist'), the
 * password masked. Datasources are written by the default tenant only, so their address is the
 * platform administrator's choice, never a tenant's, and the words come only once the guard
 * allowed that address: a database server the operator lets this server reach, or the driver
 * itself (a refused connection, a timeout).
 */

/** the start of the message of a refused address: a 400 naming the field, or the reason of a failed call */
export const OUTBOUND_REFUSED = '地址不允许: ';

/** no connection waits longer for its peer */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * How long a tenant's bucket may stay silent on an open connection (no byte sent or received)
 * before its request fails: an endpoint that accepts and never answers would otherwise hold an
 * import or export job's slot, which every tenant shares, for ever. It is the AWS SDK's
 * `socketTimeout` (an inactivity timeout in @smithy/node-http-handler 4; its `requestTimeout`
 * bounds the whole request and only warns unless `throwOnRequestTimeout`), so a large upload
 * that keeps moving is not cut. The SDK retries twice: a stalled bucket fails within about three
 * times this.
 */
const SILENCE_TIMEOUT_MS = 30_000;

/** Addresses of the machine, the networks it sits in and its cloud's services. */
const INTERNAL = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // 'this network': 0.0.0.0 reaches the machine itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud's metadata service 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  INTERNAL.addSubnet(network, bits, 'ipv4');
for (const [network, bits] of [
  ['::', 96], // unspecified, loopback and the IPv4-compatible forms
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): a translator turns it into any IPv4 address
  ['64:ff9b::', 96], // NAT64: a gateway translates it to any IPv4 address, private ones too
  ['64:ff9b:1::', 48], // local-use NAT64, the same
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: the tunnel's server and client addresses are in it
  ['2002::', 16], // 6to4: the IPv4 address inside may be any, private ones too
  ['fc00::', 7], // unique local
  ['fec0::', 10], // site-local (deprecated, still routed by some networks)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  INTERNAL.addSubnet(network, bits, 'ipv6');
// IPv4-mapped IPv6 (::ffff:127.0.0.1) needs no rule: BlockList checks it against the IPv4 rules

/** '[::1]' (a URL's hostname) as an address. */
const unbracket = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** A connection the guard did not let happen; its message is OUTBOUND_REFUSED and the host ('::1', not '[::1]': the same at save and at use). */
export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUND';
  constructor(host: string) {
    super(`${OUTBOUND_REFUSED}${unbracket(host)}`);
  }
}

/** An error and its causes (fetch wraps the connection's failure in 'fetch failed'). */
interface Failure {
  name?: string;
  code?: unknown;
  cause?: unknown;
  $metadata?: { httpStatusCode?: number };
  $response?: { statusCode?: number };
}

function* causes(err: unknown): Generator<Failure> {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Failure).cause, depth++) yield e as Failure;
}

/** The refusal behind a failed call, if that is why it failed. */
export function refusalOf(err: unknown): OutboundRefused | undefined {
  for (const e of causes(err)) if (e instanceof OutboundRefused) return e;
  return undefined;
}

/**
 * What a tenant may read of a failed call: the refusal, the HTTP status, the connection's
 * error code or 'timeout', never the service's own words (its body, an S3 error's message).
 */
export function reasonOf(err: unknown): string {
  for (const e of causes(err)) {
    if (e instanceof OutboundRefused) return e.message;
    const status = e.$metadata?.httpStatusCode ?? e.$response?.statusCode;
    if (status) return `HTTP ${status}`;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'timeout';
    if (typeof e.code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(e.code)) return e.code;
  }
  return '无法识别的应答';
}

/** The host name of an http(s) address, or undefined when it is none ('ftp://x', 'http://[x', a port past 65535). */
export function hostOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) ? u.hostname : undefined;
  } catch {
    return undefined;
  }
}

export class Outbound {
  private readonly allowed = new BlockList();
  private readonly allowedNames = new Set<string>();
  /** the dispatcher of `fetch` */
  private readonly dispatcher: Agent;
  /** the agents of a tenant's bucket */
  private readonly agents: { httpAgent: HttpAgent; httpsAgent: HttpAgent };
  /** the AWS SDK's request handler options for a tenant's bucket (S3Client's requestHandler) */
  readonly s3Handler: S3ClientConfig['requestHandler'];

  constructor(
    /** OUTBOUND_ALLOW: CIDRs, addresses and host names (checked by loadConfig) */
    allow: readonly string[],
    /** the server's log: where a failure's whole story goes */
    private readonly log: (detail: object, msg: string) => void,
    /** how long a tenant's bucket may stay silent (tests shorten it) */
    { silenceTimeoutMs = SILENCE_TIMEOUT_MS }: { silenceTimeoutMs?: number } = {},
  ) {
    for (const entry of allow) {
      const [address, bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (!isIP(address)) this.allowedNames.add(entry.toLowerCase());
      else if (bits === undefined) this.allowed.addAddress(address, family);
      else this.allowed.addSubnet(address, Number(bits), family);
    }
    const connect = buildConnector({ lookup: this.lookup, timeout: CONNECT_TIMEOUT_MS });
    this.dispatcher = new Agent({
      connect: (options, callback) => {
        const refused = this.refusedLiteral(options.hostname);
        if (refused) callback(refused, null);
        else connect(options, callback);
      },
    });
    this.agents = { httpAgent: new (guardedAgent(HttpAgent, this))(), httpsAgent: new (guardedAgent(HttpsAgent, this))() };
    this.s3Handler = { ...this.agents, connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: silenceTimeoutMs };
  }

  /** Whether a connection may go to `address` (an IP address). */
  permits(address: string): boolean {
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    try {
      return this.allowed.check(address, family) || !INTERNAL.check(address, family);
    } catch {
      // what BlockList cannot read (a zone id: fe80::1%eth0) goes nowhere
      return false;
    }
  }

  /**
   * DNS as net and tls connect with it, every address of the answer checked (a name with one
   * internal address among public ones is refused as a whole). A name the operator lists is
   * looked up as usual. Addresses given as such never come here: see refusedLiteral.
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      if (!this.allowedNames.has(hostname.toLowerCase().replace(/\.$/, '')) && addresses.some((a) => !this.permits(a.address))) return callback(new OutboundRefused(hostname), '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };

  /** The refusal of a host given as an address ('127.0.0.1', '[::1]'), which net connects to without a lookup. */
  refusedLiteral(host: string): OutboundRefused | undefined {
    const address = unbracket(host);
    return isIP(address) && !this.permits(address) ? new OutboundRefused(host) : undefined;
  }

  /**
   * The address to connect to for `host`, checked; throws OutboundRefused, or DNS's error. It is
   * the first of DNS's answer (every one of which was checked): a caller connecting to it does not
   * fall back to the next address or the other family when it fails, as net's own connect would.
   * That is the datasource's case, whose host names one database server.
   */
  async resolve(host: string): Promise<string> {
    const refused = this.refusedLiteral(host);
    if (refused) throw refused;
    const address = unbracket(host);
    if (isIP(address)) return address;
    return new Promise((resolve, reject) => this.lookup(address, {}, (err, found) => (err ? reject(err) : resolve(found as string))));
  }

  /**
   * A configuration being saved: 400 '地址不允许: <host>' naming `field` when `host` is, or
   * resolves to, an address the guard refuses. A name that does not resolve (yet) is kept: its
   * calls are checked when they connect.
   */
  async refuseInternal(host: string, field: string): Promise<void> {
    try {
      await this.resolve(host);
    } catch (err) {
      if (err instanceof OutboundRefused) throw badRequest(err.message, field);
    }
  }

  /**
   * The endpoint of a configuration being saved (对象存储, 短信配置): 400 naming `field` when it
   * is no http(s) address (`invalid`) or its host is refused (refuseInternal); else its host.
   */
  async refuseEndpoint(url: string, field: string, invalid: string): Promise<string> {
    const host = hostOf(url);
    if (!host) throw badRequest(invalid, field);
    await this.refuseInternal(host, field);
    return host;
  }

  /** fetch through the guard; a redirect is followed only to where a connection may go. */
  fetch(url: string, init: RequestInit = {}): Promise<Response> {
    return fetch(url, { ...init, dispatcher: this.dispatcher });
  }

  /** Ends the connections kept for reuse (the server is closing). */
  async close(): Promise<void> {
    this.agents.httpAgent.destroy();
    this.agents.httpsAgent.destroy();
    await this.dispatcher.close();
  }

  /** The reason a tenant may read of a failed call (reasonOf); the whole error goes to the server's log. */
  failure(err: unknown, what: string): string {
    this.log({ err, what }, 'outbound call failed');
    return reasonOf(err);
  }
}

/** http(s).Agent whose connections go through the guard: names by its lookup, addresses checked here. */
function guardedAgent(Base: typeof HttpAgent, outbound: Outbound) {
  return class extends Base {
    constructor() {
      super({ keepAlive: true, lookup: outbound.lookup });
    }

    override createConnection(options: ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
      const refused = outbound.refusedLiteral(String(options.host ?? options.hostname ?? ''));
      if (!refused) return super.createConnection(options, callback);
      // the Agent hands the error to the request, which fails with it
      callback?.(refused, undefined as unknown as Duplex);
      return undefined;
    }
  };
}
