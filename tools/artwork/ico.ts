/**
 * A minimal ICO container: sharp cannot write .ico, but since Windows Vista an ICO entry may hold a
 * whole PNG. The file is a 6-byte header, one 16-byte directory entry per image, then the PNG bytes.
 */
export interface IcoImage {
  /** Pixel size, 1..256 (256 is stored as 0). */
  size: number;
  png: Uint8Array;
}

const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;

export function encodeIco(images: readonly IcoImage[]): Buffer {
  if (images.length === 0) throw new Error('An ICO file needs at least one image');
  const header = Buffer.alloc(HEADER_BYTES + ENTRY_BYTES * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, index) => {
    if (!Number.isInteger(image.size) || image.size < 1 || image.size > 256) {
      throw new Error(`ICO image size must be 1..256, got ${image.size}`);
    }
    const entry = HEADER_BYTES + index * ENTRY_BYTES;
    header.writeUInt8(image.size === 256 ? 0 : image.size, entry); // width
    header.writeUInt8(image.size === 256 ? 0 : image.size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(image.png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += image.png.length;
  });
  return Buffer.concat([header, ...images.map((image) => Buffer.from(image.png))]);
}

export interface IcoEntry {
  width: number;
  height: number;
  bitsPerPixel: number;
  bytes: number;
  offset: number;
}

/** Reads the directory back (used by the tests and to check a committed favicon). */
export function readIcoDirectory(file: Uint8Array): IcoEntry[] {
  const view = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (view.length < HEADER_BYTES || view.readUInt16LE(0) !== 0 || view.readUInt16LE(2) !== 1) {
    throw new Error('Not an ICO file');
  }
  const count = view.readUInt16LE(4);
  const entries: IcoEntry[] = [];
  for (let index = 0; index < count; index++) {
    const entry = HEADER_BYTES + index * ENTRY_BYTES;
    entries.push({
      width: view.readUInt8(entry) || 256,
      height: view.readUInt8(entry + 1) || 256,
      bitsPerPixel: view.readUInt16LE(entry + 6),
      bytes: view.readUInt32LE(entry + 8),
      offset: view.readUInt32LE(entry + 12),
    });
  }
  return entries;
}
