// Links this checkout into its own node_modules as `pulumi-streamkap`, so example and test programs in this
// repository resolve the package (and the dynamic provider's `pulumi-streamkap/provider-runtime`) exactly as a
// user's project would, with one copy of @pulumi/pulumi.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const link = path.join(root, "node_modules", "pulumi-streamkap");
if (fs.existsSync(path.join(root, "node_modules"))) {
  try {
    fs.rmSync(link, { recursive: false, force: true });
  } catch {
    // a stale directory rather than a link: leave it to rmSync below
  }
  fs.symlinkSync("..", link, "dir");
}
