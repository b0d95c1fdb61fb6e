import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A file name safe to keep and to send back in a header: no path, only letters, digits, spaces, dots,
 * dashes, underscores and brackets, at most 80 characters, and the extension the content proved.
 */
export const safeFileName = (name: string | undefined, extension: string, fallback: string) => {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/[^\w.() -]+/g, '_')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 80);
  return `${base || fallback}.${extension}`;
};

/**
 * Sends a stored file as a download that no browser renders as HTML in our origin: the type the server
 * chose from the content (never HTML), no sniffing, no shared caches. An attachment unless `inline` (a PDF
 * meant to be printed from the browser's viewer, such as a packing slip).
 */
export function sendDownload(
  reply: FastifyReply,
  file: {
    body: string | Buffer | Readable;
    fileName: string;
    contentType: string;
    size?: number;
    inline?: boolean;
  },
) {
  if (file.size !== undefined) reply.header('content-length', file.size);
  const disposition = file.inline ? 'inline' : 'attachment';
  return reply
    .type(file.contentType)
    .header('content-disposition', `${disposition}; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
