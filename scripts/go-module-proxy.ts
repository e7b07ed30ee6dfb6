/**
 * The Go SDK (sdk-gen/go/streamkap) as a Go module proxy would serve it (https://go.dev/ref/mod#goproxy-protocol):
 * `<module>/@v/list`, `<version>.info`, `<version>.mod` and `<version>.zip` below a root that `GOPROXY=file://<root>`
 * reads. A release writes it so a Go program can require the SDK at the release's version without a `replace`; a
 * real publication instead pushes the tag `goModuleTag` names, from which proxy.golang.org makes the same files.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as zlib from "node:zlib";

/** A module path as the proxy protocol spells it in URLs and file names: each upper-case letter as `!` + lower case. */
export function escapeModulePath(modulePath: string): string {
  return modulePath.replace(/[A-Z]/g, (letter) => `!${letter.toLowerCase()}`);
}

/**
 * The git tag that publishes `version` (without `v`) of the module at `modulePath`: a module in a subfolder of its
 * repository is tagged with that subfolder as prefix (https://go.dev/ref/mod#vcs-version), e.g.
 * `sdk-gen/go/streamkap/v0.1.0` for github.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap.
 */
export function goModuleTag(modulePath: string, version: string): string {
  const parts = modulePath.split("/");
  // github.com/<owner>/<repository>/<subfolder…>: the repository's root is its first three elements.
  if (parts[0] !== "github.com" || parts.length < 3) throw new Error(`${modulePath} is not a GitHub module path`);
  const subfolder = parts.slice(3).join("/");
  return subfolder ? `${subfolder}/v${version}` : `v${version}`;
}

/**
 * The files of the module zip (https://go.dev/ref/mod#zip-files) of the module rooted at `dir`, as sorted paths
 * relative to it with `/` separators: regular files only, not below `.git`/`.hg`/`.svn`/`.bzr`, not in a nested
 * module (a subdirectory with its own go.mod), and not in a package below a vendor directory.
 */
export function moduleZipFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if ([".bzr", ".git", ".hg", ".svn"].includes(entry.name)) continue;
        if (fs.existsSync(path.join(dir, name, "go.mod"))) continue;
        walk(name);
      } else if (entry.isFile() && !isVendoredPackage(name)) {
        files.push(name);
      }
    }
  };
  walk("");
  if (!files.includes("go.mod")) throw new Error(`${dir} has no go.mod`);
  const folded = new Map<string, string>();
  for (const file of files) {
    const other = folded.get(file.toLowerCase());
    if (other) throw new Error(`${dir}: ${other} and ${file} differ only in case`);
    folded.set(file.toLowerCase(), file);
  }
  return files.sort();
}

/** Go's rule (golang.org/x/mod/zip): a file directly in a vendor directory stays, one in a package below it does not. */
function isVendoredPackage(name: string): boolean {
  let rest: string;
  if (name.startsWith("vendor/")) rest = name.slice("vendor/".length);
  else if (name.includes("/vendor/")) rest = name.slice(name.indexOf("/vendor/") + "/vendor/".length);
  else return false;
  return rest.includes("/");
}

/** Node 22.2+ has zlib.crc32; this table version is for older runtimes. */
let crcTable: Uint32Array | undefined;
function crc32(data: Buffer): number {
  if (typeof zlib.crc32 === "function") return zlib.crc32(data) >>> 0;
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip archive of `entries` (name, contents) in that order, deflated, with a fixed timestamp: the same bytes each time. */
export function zipArchive(entries: { name: string; data: Buffer }[]): Buffer {
  // 1980-01-01 00:00:00, the first DOS date: no file's mtime gets into the archive.
  const dosTime = 0;
  const dosDate = (0 << 9) | (1 << 5) | 1;
  const utf8Flag = 0x0800;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, "utf8");
    const deflated = zlib.deflateRawSync(data, { level: 9 });
    // An empty file, or one deflate does not shrink, is stored as is.
    const method = deflated.length < data.length ? 8 : 0;
    const body = method === 8 ? deflated : data;
    const crc = crc32(data);
    if (data.length >= 0xffffffff || offset >= 0xffffffff) throw new Error("module zip too large for zip32");
    // The local header and the central directory entry share these fields, in this order, from "version needed".
    const shared = (header: Buffer, at: number): void => {
      header.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
      header.writeUInt16LE(utf8Flag, at + 2);
      header.writeUInt16LE(method, at + 4);
      header.writeUInt16LE(dosTime, at + 6);
      header.writeUInt16LE(dosDate, at + 8);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(body.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(nameBytes.length, at + 22);
    };
    const local = Buffer.alloc(30); // extra field length: 0
    local.writeUInt32LE(0x04034b50, 0);
    shared(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, 2.0
    shared(central, 6);
    // extra, comment, disk number, internal attributes: 0
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // external attributes: a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  if (entries.length >= 0xffff) throw new Error("module zip has too many files for zip32");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}

/**
 * Writes version `version` (package.json's, without `v`) of the module at `modulePath`, whose sources are
 * `sourceDir`, into the Go module proxy rooted at `out`, and answers `out`. A version already there is replaced.
 */
export function writeGoModuleProxy(out: string, modulePath: string, version: string, sourceDir: string): string {
  const tag = `v${version}`;
  const goMod = fs.readFileSync(path.join(sourceDir, "go.mod"), "utf8");
  const declared = /^module\s+"?([^\s"]+)"?\s*$/m.exec(goMod)?.[1];
  if (declared !== modulePath) throw new Error(`${sourceDir}/go.mod declares module ${declared}, not ${modulePath}`);
  const versions = path.join(out, escapeModulePath(modulePath), "@v");
  fs.mkdirSync(versions, { recursive: true });
  const listFile = path.join(versions, "list");
  const listed = fs.existsSync(listFile) ? fs.readFileSync(listFile, "utf8").split("\n").filter(Boolean) : [];
  fs.writeFileSync(listFile, [...new Set([...listed, tag])].map((v) => `${v}\n`).join(""));
  // A fixed time, not a file's mtime or the clock: the same sources give the same proxy files. Go only shows it
  // (`go list -m -json`'s Time); a real publication's time is its tag's commit's.
  fs.writeFileSync(path.join(versions, `${tag}.info`), JSON.stringify({ Version: tag, Time: "1980-01-01T00:00:00Z" }));
  fs.writeFileSync(path.join(versions, `${tag}.mod`), goMod);
  const prefix = `${modulePath}@${tag}/`;
  const entries = moduleZipFiles(sourceDir).map((file) => ({
    name: prefix + file,
    data: fs.readFileSync(path.join(sourceDir, ...file.split("/"))),
  }));
  fs.writeFileSync(path.join(versions, `${tag}.zip`), zipArchive(entries));
  return out;
}
