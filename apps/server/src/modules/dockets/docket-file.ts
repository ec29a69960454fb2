import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { docketForDocument } from './docket-detail.service';

/** What the docket documents (label, report, export) share: the file they answer with, address lines. */

/** A file to send: body, MIME type and download name. */
export interface FileOut {
  /** The whole file, or a stream of it as it is made. */
  body: Buffer | Readable;
  type: string;
  filename: string;
}

/** Sends a generated file as a download under its name. */
export const sendFile = (reply: FastifyReply, f: FileOut) =>
  reply.type(f.type).header('content-disposition', `attachment; filename="${f.filename}"`).send(f.body);

type Doc = Awaited<ReturnType<typeof docketForDocument>>;

/** A docket address on one line: company, building, street … postcode, the empty parts left out. */
export const addressLines = (a: Doc['addresses'][number]) =>
  [
    a.dadd_companyname,
    a.dadd_build,
    a.dadd_street,
    a.dadd_locality,
    a.dadd_town,
    a.dadd_county,
    a.dadd_postalcode,
  ]
    .filter(Boolean)
    .join(', ');
