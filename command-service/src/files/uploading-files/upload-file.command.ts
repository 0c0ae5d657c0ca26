import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { extensionAccepted, maxUploadBytesOf, extensionOf, sanitizeFileName, type UploadedFileAnswer } from '@cn/contracts';
import { DomainError, type CommandContext } from '@cn/domain';
import { createPrivateBlobStorage, FileTooLargeError, HttpProblem, InjectPort, type FileStorage, type KeyStore, type PersonalDataCipher, type PrivateBlobStorage } from '@cn/platform';
import { EXECUTABLE_TYPES, sniffContentType } from '../content-type';
import { FileCommands } from '../file-commands';
import { publishedFileAbilities, refuse, type UploadedBlob } from '../file.decider';
import type { MultipartReader } from '../multipart';

export const UPLOAD_FILE = 'UploadFile';
export const ADD_FILE_VERSION = 'AddFileVersion';

/** the largest upload in bytes (FILES_MAX_UPLOAD_MB, default 100) */
export const maxUploadBytes = (env: NodeJS.ProcessEnv = process.env): number => maxUploadBytesOf(env);

/** an office suite's save (WOPI PutFile): the raw bytes of a new version and the lock id the suite names (null: none) */
export interface WopiSave {
  bytes: Readable;
  wopi_lock: string | null;
}

/**
 * A multipart body with one `file` part (and optional `name`, `type`, `external_id`, `description` fields),
 * read as a stream; or, for a new version, an office suite's raw bytes (`wopi`), kept under the file's name.
 */
export class UploadFileCommand extends Command<UploadedFileAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { body: MultipartReader; file_id?: string } | { wopi: WopiSave; file_id: string },
  ) {
    super();
  }
}

const refusedUpload = (key: string, status = 400): HttpProblem => new HttpProblem(status, status === 413 ? 'payload_too_large' : 'validation_failed', [{ field: 'file', key }]);

/**
 * Stores the bytes first (streamed, the size limit enforced as they arrive), then appends the event that
 * makes them a file: a crash in between leaves bytes no event names, which nobody sees and the sweep
 * removes. The type is sniffed from the bytes; executables are refused whatever their name. A new upload
 * is the uploader's alone until it is published (or forever, as a message attachment): its bytes are
 * sealed with the uploader's key, so erasing them leaves the bytes unreadable. A new version of a
 * published file is the scope's and stored plain.
 */
@CommandHandler(UploadFileCommand)
export class UploadFileHandler implements ICommandHandler<UploadFileCommand> {
  private readonly privateBlobs: PrivateBlobStorage;

  constructor(
    private readonly files: FileCommands,
    @InjectPort('fileStorage') private readonly storage: FileStorage,
    @InjectPort('keyStore') keyStore: KeyStore,
    @InjectPort('cipher') private readonly cipher: PersonalDataCipher,
    @InjectPort('clock') private readonly clock: () => Date,
  ) {
    this.privateBlobs = createPrivateBlobStorage(storage, keyStore);
  }

  private async storeVersionBytes(bytes: Readable | AsyncIterable<Buffer>): Promise<{ key: string; size: number; head: Buffer }> {
    try {
      return await this.storage.put(bytes, { maxBytes: maxUploadBytes() });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw refusedUpload('file_too_large', 413);
      throw error;
    }
  }

  async execute({ issuer, payload }: UploadFileCommand): Promise<UploadedFileAnswer> {
    const member = await this.files.lookup.issuer(issuer);
    const settings = await this.files.settings();
    // a version's file is checked before any byte is stored: nobody writes into a file they may not see
    let versionOf = '';
    if (payload.file_id) {
      const state = await this.files.fileState(payload.file_id);
      const now = this.clock().toISOString();
      const context = await this.files.context(issuer, state.scope);
      const can = publishedFileAbilities(state, context, now);
      // the suite's own lock is checked with its lock id by the decider
      if (!can.add_version && !('wopi' in payload)) refuse(state, context, now);
      versionOf = state.name;
    }
    const fields: Record<string, string> = {};
    let stored: { key: string; size: number; head: Buffer } | null = null;
    let filename = '';
    const body = 'wopi' in payload ? null : payload.body;
    if ('wopi' in payload) {
      filename = sanitizeFileName(versionOf);
      if (!extensionAccepted(settings, filename)) throw refusedUpload('file_type_not_accepted');
      stored = await this.storeVersionBytes(payload.wopi.bytes);
    }
    for (let part = body ? await body.next() : null; body && part !== null; part = await body.next()) {
      if (part.name === 'file' && part.filename !== null && stored === null) {
        filename = sanitizeFileName(part.filename);
        // a name the filter refuses is refused before its bytes are stored
        if (!extensionAccepted(settings, fields['name'] ?? filename)) throw refusedUpload('file_type_not_accepted');
        try {
          stored = payload.file_id ? await this.storeVersionBytes(body.body()) : await this.privateBlobs.put(member._id, body.body(), { maxBytes: maxUploadBytes() });
        } catch (error) {
          if (error instanceof FileTooLargeError) throw refusedUpload('file_too_large', 413);
          throw error;
        }
      } else if (['name', 'type', 'external_id', 'description'].includes(part.name) && part.filename === null) {
        fields[part.name] = await body.text();
      } else {
        for await (const _ of body.body()) {
          // parts the route does not know are skipped
        }
      }
    }
    if (!stored) throw refusedUpload('required');
    const name = sanitizeFileName(fields['name']?.trim() ? fields['name'] : filename);
    const extension = extensionOf(name);
    if (!extensionAccepted(settings, name)) throw refusedUpload('file_type_not_accepted');
    const contentType = sniffContentType(stored.head, extension);
    if (EXECUTABLE_TYPES.has(contentType)) throw refusedUpload('file_type_not_accepted');
    const blob: UploadedBlob = { version_id: randomUUID(), blob_key: stored.key, size: stored.size, content_type: contentType, original_filename: name, extension };

    if (payload.file_id) {
      const state = await this.files.fileState(payload.file_id);
      if (!state.scope) throw new DomainError('not_found', 'not_found');
      const context = await this.files.context(issuer, state.scope);
      const description = await this.cipher.encrypt(member._id, (fields['description'] ?? '').slice(0, 2000));
      const handled = await this.files.runFile(ADD_FILE_VERSION, payload.file_id, issuer, {
        type: 'AddVersion',
        blob,
        description,
        settings,
        context,
        now: this.clock().toISOString(),
        ...('wopi' in payload ? { wopi_lock: payload.wopi.wopi_lock } : {}),
      });
      return { id: payload.file_id, name, size: stored.size, extension, content_type: contentType, state: 'published', position: handled.position };
    }
    const fileId = randomUUID();
    const handled = await this.files.runFile(UPLOAD_FILE, fileId, issuer, { type: 'UploadFile', file_id: fileId, blob: { ...blob, sealed_for: member._id }, uploader_id: member._id });
    return { id: fileId, name, size: stored.size, extension, content_type: contentType, state: 'volatile', position: handled.position };
  }
}
