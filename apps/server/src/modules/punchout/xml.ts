import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../../lib/errors.ts';

/** The largest punchout document read (docs/decisions/0247); Fastify answers 413 past it, unread. */
export const XML_BODY_LIMIT = 1024 * 1024;

/** The document type line every cXML document carries: a name and an outside DTD, never fetched. */
const PLAIN_DOCTYPE = /<!DOCTYPE\s+[A-Za-z_][\w.-]*\s+(?:SYSTEM\s+("[^"<>[\]]*"|'[^'<>[\]]*')\s*)?>/g;

/** Elements that may repeat, read as arrays even when there is one. */
const REPEATED = new Set(['ItemOut', 'ItemIn', 'Credential', 'Extrinsic', 'Description']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // With every DOCTYPE refused but the plain line, only XML's five own entities and character
  // references can occur: decoded, never declared by the sender.
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  suppressEmptyNode: true,
});

export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[] | undefined;

/**
 * Reads a document sent to us (docs/decisions/0247): a DOCTYPE with an internal subset, or any ENTITY
 * declaration, is refused before parsing (no entity is ever expanded: no billion laughs); the plain
 * `<!DOCTYPE cXML SYSTEM "…">` line is dropped, its DTD never fetched. Malformed XML is a 400.
 */
export function parseXml(text: string): XmlNode {
  if (/<!ENTITY/i.test(text)) throw badRequest('XML documents with entity declarations are refused.');
  const withoutDoctype = text.replace(PLAIN_DOCTYPE, '');
  if (/<!DOCTYPE/i.test(withoutDoctype))
    throw badRequest('XML documents with a DOCTYPE beyond a plain SYSTEM line are refused.');
  const valid = XMLValidator.validate(withoutDoctype);
  if (valid !== true) throw badRequest(`The XML document is not well formed: ${valid.err.msg}`);
  try {
    return parser.parse(withoutDoctype) as XmlNode;
  } catch {
    throw badRequest('The XML document could not be read.');
  }
}

/** Writes a document: the XML declaration, the DOCTYPE line given, and the tree (text escaped). */
export function buildXml(doctype: string, tree: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n${builder.build(tree) as string}`;
}

/** The node at `path` under `node`, the first of a repeated element; undefined when absent. */
export function nodeAt(node: XmlValue, ...path: string[]): XmlValue {
  let at: XmlValue = node;
  for (const step of path) {
    if (Array.isArray(at)) at = at[0];
    if (!at || typeof at !== 'object') return undefined;
    at = (at as XmlNode)[step];
  }
  return Array.isArray(at) ? at[0] : at;
}

/** The text of an element (or of an attribute, '@name'), trimmed; '' when absent. */
export function textAt(node: XmlValue, ...path: string[]): string {
  const at = nodeAt(node, ...path);
  if (typeof at === 'string') return at.trim();
  if (at && typeof at === 'object' && !Array.isArray(at) && typeof at['#text'] === 'string')
    return at['#text'].trim();
  return '';
}

/** Every node of a repeated element under `node`. */
export function nodesAt(node: XmlValue, ...path: string[]): XmlNode[] {
  const parent = nodeAt(node, ...path.slice(0, -1));
  if (!parent || typeof parent !== 'object' || Array.isArray(parent)) return [];
  const at = parent[path[path.length - 1]!];
  const list = Array.isArray(at) ? at : at === undefined ? [] : [at];
  return list.filter((n): n is XmlNode => typeof n === 'object' && n !== null && !Array.isArray(n));
}
