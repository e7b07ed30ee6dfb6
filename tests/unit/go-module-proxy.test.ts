/**
 * The Go module proxy a release writes for the Go SDK (scripts/go-module-proxy.ts): the protocol's files under the
 * escaped module path, and a module zip made by golang.org/x/mod/zip (gomodzip, built by scripts/toolchain.sh),
 * read back here entry by entry and downloaded from the proxy by the go command.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import * as zlib from "node:zlib";

import { goModuleTag, writeGoModuleProxy } from "../../scripts/go-module-proxy";

const modulePath = "github.com/Example/Mod/sub/go/pkg";

/** The entries of a zip archive, from its central directory, each inflated and checked against its size. */
function readZip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const [compressed, size] = [zip.readUInt32LE(at + 20), zip.readUInt32LE(at + 24)];
    const [nameLength, extraLength, commentLength] = [28, 30, 32].map((o) => zip.readUInt16LE(at + o));
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const body = zip.subarray(start, start + compressed);
    const data = method === 8 ? zlib.inflateRawSync(body) : body;
    expect(data.length).toBe(size);
    entries.set(name, data.toString("utf8"));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "go-module-proxy-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
}

/**
 * `go` in `cwd` with only the proxy at `proxy` and a module cache of its own below the test's folder, so no module
 * of an earlier run answers in the proxy's place; its output.
 */
function goFromProxy(proxy: string, args: string[], cwd: string = dir): string {
  return execFileSync("go", args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      GOPROXY: pathToFileURL(proxy).href,
      GOSUMDB: "off",
      GOMODCACHE: path.join(dir, "gomod"),
      // A writable module cache, which afterEach can remove; go.sum written as downloads complete it.
      GOFLAGS: "-modcacherw -mod=mod",
      GOTOOLCHAIN: "local",
      GOWORK: "off",
    },
  });
}

const goMod = `module ${modulePath}\n\ngo 1.25\n`;

/** A module's sources with what a module zip leaves out beside what it holds. */
function writeSource(source: string): void {
  writeFiles(source, {
    "go.mod": goMod,
    "main.go": "package pkg\n".repeat(100),
    "empty.txt": "",
    "config/config.go": "package config\n",
    // Since Go 1.24 (this go.mod's language version is later) vendor/modules.txt is left out like the vendored
    // packages beside it.
    "vendor/modules.txt": "# vendored\n",
    "vendor/example.com/dep/dep.go": "package dep\n",
    "nested/go.mod": "module example.com/nested\n",
    "nested/nested.go": "package nested\n",
    ".git/HEAD": "ref: refs/heads/main\n",
  });
  fs.symlinkSync("main.go", path.join(source, "link.go"));
}

test("the proxy holds list, info, mod and a zip of the module's files under module@version/", () => {
  const source = path.join(dir, "source");
  writeSource(source);
  const out = path.join(dir, "proxy");
  expect(writeGoModuleProxy(out, modulePath, "0.1.0", source)).toBe(out);

  const versions = path.join(out, "github.com", "!example", "!mod", "sub", "go", "pkg", "@v");
  expect(fs.readdirSync(versions).sort()).toEqual(["list", "v0.1.0.info", "v0.1.0.mod", "v0.1.0.zip"]);
  expect(fs.readFileSync(path.join(versions, "list"), "utf8")).toBe("v0.1.0\n");
  expect(JSON.parse(fs.readFileSync(path.join(versions, "v0.1.0.info"), "utf8"))).toEqual({
    Version: "v0.1.0",
    Time: "1980-01-01T00:00:00Z",
  });
  expect(fs.readFileSync(path.join(versions, "v0.1.0.mod"), "utf8")).toBe(goMod);

  const zip = fs.readFileSync(path.join(versions, "v0.1.0.zip"));
  const entries = readZip(zip);
  const prefix = `${modulePath}@v0.1.0/`;
  expect([...entries.keys()].sort()).toEqual(
    ["config/config.go", "empty.txt", "go.mod", "main.go"].map((f) => prefix + f),
  );
  expect(entries.get(`${prefix}go.mod`)).toBe(goMod);
  expect(entries.get(`${prefix}main.go`)).toBe("package pkg\n".repeat(100));
  expect(entries.get(`${prefix}empty.txt`)).toBe("");

  // The same sources give the same bytes, whatever the files' times; a second version joins the list.
  fs.utimesSync(path.join(source, "main.go"), new Date(2001, 1, 1), new Date(2001, 1, 1));
  writeGoModuleProxy(out, modulePath, "0.1.0", source);
  expect(fs.readFileSync(path.join(versions, "v0.1.0.zip")).equals(zip)).toBe(true);
  writeGoModuleProxy(out, modulePath, "0.2.0", source);
  expect(fs.readFileSync(path.join(versions, "list"), "utf8")).toBe("v0.1.0\nv0.2.0\n");
});

test("the go command lists and downloads the module from the proxy, and builds against it", () => {
  const source = path.join(dir, "source");
  writeSource(source);
  const proxy = writeGoModuleProxy(path.join(dir, "proxy"), modulePath, "0.1.0", source);
  writeGoModuleProxy(proxy, modulePath, "0.2.0", source);

  const listed = JSON.parse(goFromProxy(proxy, ["list", "-m", "-versions", "-json", `${modulePath}@latest`])) as {
    Versions?: string[];
  };
  expect(listed.Versions).toEqual(["v0.1.0", "v0.2.0"]);
  // `go mod download` unpacks the zip with the same checks as for any module: a zip Go refuses fails here.
  const downloaded = JSON.parse(goFromProxy(proxy, ["mod", "download", "-json", `${modulePath}@v0.1.0`])) as {
    Dir: string;
    Sum: string;
    Error?: string;
  };
  expect(downloaded.Error).toBeUndefined();
  expect(downloaded.Sum).toMatch(/^h1:/);
  expect(fs.readdirSync(downloaded.Dir).sort()).toEqual(["config", "empty.txt", "go.mod", "main.go"]);

  // A program requiring the module at the version builds from it.
  const program = path.join(dir, "program");
  writeFiles(program, {
    "go.mod": `module example.com/program\n\ngo 1.25\n\nrequire ${modulePath} v0.1.0\n`,
    "main.go": `package main\n\nimport _ "${modulePath}/config"\n\nfunc main() {}\n`,
  });
  goFromProxy(proxy, ["build", "-o", path.join(dir, "program-bin"), "."], program);
  expect(fs.readFileSync(path.join(program, "go.sum"), "utf8")).toContain(`${modulePath} v0.1.0 ${downloaded.Sum}`);
});

test("the zip is made only through scripts/toolchain.sh's gomodzip, and sources Go refuses list no version", () => {
  const source = path.join(dir, "source");
  writeSource(source);
  const out = path.join(dir, "proxy");
  const gomodzip = process.env.PULUMI_STREAMKAP_GOMODZIP;
  try {
    delete process.env.PULUMI_STREAMKAP_GOMODZIP;
    expect(() => writeGoModuleProxy(out, modulePath, "0.1.0", source)).toThrow(/scripts\/toolchain\.sh/);
  } finally {
    process.env.PULUMI_STREAMKAP_GOMODZIP = gomodzip;
  }

  writeFiles(source, { "Main.go": "package pkg\n" });
  expect(() => writeGoModuleProxy(out, modulePath, "0.1.0", source)).toThrow(/main\.go/i);
  expect(fs.readdirSync(path.join(out, "github.com", "!example", "!mod", "sub", "go", "pkg", "@v"))).toEqual([]);
});

test("a source directory whose go.mod declares another module is refused", () => {
  writeFiles(dir, { "go.mod": "module example.com/other\n" });
  expect(() => writeGoModuleProxy(path.join(dir, "proxy"), modulePath, "0.1.0", dir)).toThrow(/example\.com\/other/);
});

test("a module in a repository's subfolder is published by a tag with that subfolder as prefix", () => {
  expect(goModuleTag("github.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap", "0.1.0")).toBe(
    "sdk-gen/go/streamkap/v0.1.0",
  );
  expect(goModuleTag("github.com/streamkap-com/pulumi-streamkap", "1.2.3")).toBe("v1.2.3");
});
