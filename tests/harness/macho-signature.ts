/**
 * What macOS checks of an ad-hoc signed executable before it runs it, read from the file: the Mach-O's code
 * signature load command points at a SuperBlob whose CodeDirectory hashes every page of the file up to the
 * signature, and the special slots hash the other blobs. `rcodesign verify` cannot judge an ad-hoc signature (it
 * fails on the empty CMS blob that `codesign --sign -` writes as well), and Apple's own tools do not run here, so
 * the test reads the structure as the kernel does (Apple's xnu: osfmk/kern/cs_blobs.h).
 */
import * as crypto from "node:crypto";

const MH_MAGIC_64 = 0xfeedfacf;
const LC_CODE_SIGNATURE = 0x1d;
const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CSSLOT_CODEDIRECTORY = 0;
const CS_ADHOC = 0x2;
const CS_HASHTYPE_SHA256 = 2;

export interface MachOSignature {
  cpu: "arm64" | "x86_64";
  identifier: string;
  adHoc: boolean;
  /** Pages whose hash in the CodeDirectory is not the hash of the file's page. */
  badPages: number;
  pages: number;
  /** Special slots (other blobs: requirements, entitlements) whose hash does not match the blob. */
  badSpecialSlots: number[];
  /** The signature covers the whole file before it. */
  coversFile: boolean;
}

const cpuTypes: Record<number, MachOSignature["cpu"]> = { 0x0100000c: "arm64", 0x01000007: "x86_64" };

/** The embedded signature of a thin 64-bit Mach-O, checked page by page; throws when there is none. */
export function readMachOSignature(file: Buffer): MachOSignature {
  if (file.readUInt32LE(0) !== MH_MAGIC_64) throw new Error("not a thin 64-bit Mach-O file");
  const cpu = cpuTypes[file.readUInt32LE(4)];
  if (!cpu) throw new Error(`unknown Mach-O CPU type 0x${file.readUInt32LE(4).toString(16)}`);
  const commands = file.readUInt32LE(16);
  let offset = 32;
  let signature: { dataOffset: number; dataSize: number } | undefined;
  for (let index = 0; index < commands; index += 1) {
    const command = file.readUInt32LE(offset);
    if (command === LC_CODE_SIGNATURE)
      signature = { dataOffset: file.readUInt32LE(offset + 8), dataSize: file.readUInt32LE(offset + 12) };
    offset += file.readUInt32LE(offset + 4);
  }
  if (!signature) throw new Error("no LC_CODE_SIGNATURE load command: the file is not signed");

  // Signature blobs are big-endian.
  const superBlob = file.subarray(signature.dataOffset, signature.dataOffset + signature.dataSize);
  if (superBlob.readUInt32BE(0) !== CSMAGIC_EMBEDDED_SIGNATURE) throw new Error("no embedded signature SuperBlob");
  const blobs = new Map<number, Buffer>();
  for (let index = 0; index < superBlob.readUInt32BE(8); index += 1) {
    const type = superBlob.readUInt32BE(12 + index * 8);
    const at = superBlob.readUInt32BE(16 + index * 8);
    blobs.set(type, superBlob.subarray(at, at + superBlob.readUInt32BE(at + 4)));
  }
  const directory = blobs.get(CSSLOT_CODEDIRECTORY);
  if (!directory || directory.readUInt32BE(0) !== CSMAGIC_CODEDIRECTORY) throw new Error("no CodeDirectory");
  const flags = directory.readUInt32BE(12);
  const hashOffset = directory.readUInt32BE(16);
  const identOffset = directory.readUInt32BE(20);
  const specialSlots = directory.readUInt32BE(24);
  const codeSlots = directory.readUInt32BE(28);
  const codeLimit = directory.readUInt32BE(32);
  const hashSize = directory.readUInt8(36);
  const hashType = directory.readUInt8(37);
  const pageSize = 2 ** directory.readUInt8(39);
  if (hashType !== CS_HASHTYPE_SHA256 || hashSize !== 32) throw new Error(`hash type ${hashType} is not SHA-256`);

  const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest();
  let badPages = 0;
  for (let page = 0; page < codeSlots; page += 1) {
    const start = page * pageSize;
    const expected = directory.subarray(hashOffset + page * hashSize, hashOffset + (page + 1) * hashSize);
    if (!sha256(file.subarray(start, Math.min(start + pageSize, codeLimit))).equals(expected)) badPages += 1;
  }
  const badSpecialSlots: number[] = [];
  for (let slot = 1; slot <= specialSlots; slot += 1) {
    const expected = directory.subarray(hashOffset - slot * hashSize, hashOffset - (slot - 1) * hashSize);
    const blob = blobs.get(slot);
    // An empty slot holds zeros.
    const matches = blob ? sha256(blob).equals(expected) : expected.equals(Buffer.alloc(hashSize));
    if (!matches) badSpecialSlots.push(slot);
  }
  const identifierEnd = directory.indexOf(0, identOffset);
  return {
    cpu,
    identifier: directory.subarray(identOffset, identifierEnd).toString("utf8"),
    adHoc: (flags & CS_ADHOC) !== 0,
    badPages,
    pages: codeSlots,
    badSpecialSlots,
    coversFile: codeLimit === signature.dataOffset && codeSlots === Math.ceil(codeLimit / pageSize),
  };
}
