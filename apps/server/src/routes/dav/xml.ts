import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom';
import type { IncomingMessage } from 'node:http';
import { DAV_MESSAGES } from '@cloudstash/contract';
import { DavError } from '../../services/dav/errors';

export const DAV_NS = 'DAV:';

/** Request bodies are property names and small values: anything larger than this is refused. */
const MAX_XML_BYTES = 1024 * 1024;

/** The request's body as text (PROPFIND, PROPPATCH, LOCK), empty when it has none; 413 past MAX_XML_BYTES. */
export async function readXmlBody(raw: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_XML_BYTES) throw new DavError(413, DAV_MESSAGES.bodyTooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A namespace-aware parse of a request body; 400 unless it is well-formed XML with valid namespaces. */
export function parseXml(text: string): Element {
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new DavError(400, `${DAV_MESSAGES.badXml}: ${message}`);
    },
  });
  try {
    const doc = parser.parseFromString(text, 'application/xml');
    if (!doc.documentElement) throw new DavError(400, DAV_MESSAGES.badXml);
    return doc.documentElement;
  } catch (error) {
    if (error instanceof DavError) throw error;
    throw new DavError(400, DAV_MESSAGES.badXml);
  }
}

/** The element children of `node`, optionally only those named `{ns}name`. */
export function childElements(node: Element, ns?: string, name?: string): Element[] {
  const out: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== 1) continue;
    const el = child as Element;
    if (ns !== undefined && (el.namespaceURI ?? '') !== ns) continue;
    if (name !== undefined && el.localName !== name) continue;
    out.push(el);
  }
  return out;
}

export const isDav = (el: Element, name: string) => el.namespaceURI === DAV_NS && el.localName === name;

/** An element as self-contained XML text (it declares every namespace it uses), for storing a dead property. */
export function serialize(el: Element): string {
  return new XMLSerializer().serializeToString(el);
}

export function textOf(el: Element): string {
  return el.textContent ?? '';
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A property name: its namespace and local name. */
export interface PropName {
  ns: string;
  name: string;
}

/** `<name xmlns="ns"/>` for any namespace (DAV: ones with the d: prefix the answers declare). */
export function emptyProp({ ns, name }: PropName): string {
  if (ns === DAV_NS) return `<d:${name}/>`;
  if (ns === '') return `<${name} xmlns=""/>`;
  return `<x:${name} xmlns:x="${escapeXml(ns)}"/>`;
}

export const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';
export const MULTISTATUS_OPEN = `${XML_HEAD}<d:multistatus xmlns:d="DAV:">`;
export const MULTISTATUS_CLOSE = '</d:multistatus>\n';

/** The DAV:error body of a refusal with a precondition (RFC 4918 section 16). */
export function errorBody(condition: string): string {
  return `${XML_HEAD}<d:error xmlns:d="DAV:"><d:${condition}/></d:error>\n`;
}

const REASONS: Record<number, string> = {
  200: 'OK',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  423: 'Locked',
  424: 'Failed Dependency',
};

export const statusLine = (status: number) => `HTTP/1.1 ${status} ${REASONS[status] ?? ''}`.trim();
