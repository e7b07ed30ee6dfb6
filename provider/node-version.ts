/**
 * Fails early and clearly on a Node.js the runtime cannot work on (undici 8, p-retry 9 and current @pulumi/pulumi
 * need 22 or newer), instead of a TypeError from deep inside a dependency. Imported first by the runtime.
 */
const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  const error = new Error(
    `pulumi-streamkap needs Node.js 22 or newer, but pulumi runs it with Node.js ${process.versions.node}. ` +
      "Install Node.js 22+ (or 24 LTS) and make it the first `node` on PATH.",
  );
  error.stack = error.message;
  throw error;
}

export {};
