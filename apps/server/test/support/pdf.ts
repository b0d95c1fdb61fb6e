import { expect } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';

/** A PDF's text as pdf.js reads it, line breaks where the page has them (a wrap shows as one). */
export async function pdfText(buffer: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(buffer)), { mergePages: true });
  return text;
}

/**
 * The same text as a person reads it, every run of spaces and line breaks as one space: for sentences
 * whose wrap depends on what stands before them (a payment reference, an id made by the test).
 */
export const pdfProse = async (buffer: Buffer | Uint8Array) => (await pdfText(buffer)).replace(/\s+/g, ' ');

/** Checks that a document's text holds every one of `pieces`, naming the first one it lacks. */
export function expectTextToHold(text: string, pieces: readonly string[]) {
  for (const piece of pieces) expect(text).toContain(piece);
}
