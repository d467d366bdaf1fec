import type { AnyResourceDef } from '../resource';
import * as mdm from './mdm';
import * as org from './org';
import * as param from './param';
import * as smsOutbox from './sms-outbox';
import * as subApp from './sub-app';

const isResource = (x: unknown): x is AnyResourceDef => typeof x === 'object' && x !== null && 'basePath' in x && 'fields' in x && 'permissions' in x;

/**
 * Every resource of the product: each definition exported by these modules, in
 * the order they declare them (a new definition in one of them joins by itself).
 * The server checks each is registered, the menu seed adds a page for each one
 * with `page`, and the shell shows the generic page at that path unless it
 * registers a page of its own.
 */
export const RESOURCES: AnyResourceDef[] = [org, param, subApp, smsOutbox, mdm].flatMap((m) => Object.values(m).filter(isResource));

export const resourceByName = (name: string): AnyResourceDef | undefined => RESOURCES.find((r) => r.name === name);
export const resourceByPage = (path: string): AnyResourceDef | undefined => RESOURCES.find((r) => r.page?.path === path);
