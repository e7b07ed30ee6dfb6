// Links this checkout into its own node_modules as `pulumi-streamkap`, so example and test programs in this
// repository resolve the package (and the dynamic provider's `pulumi-streamkap/provider-runtime`) exactly as a
// user's project would, with one copy of @pulumi/pulumi.
//
// It also puts the command on node_modules/.bin as a small shell script that runs dist/cli/main.js with node.
// Without it, `npx pulumi-streamkap` in a checkout installs the checkout into npm's npx cache once and marks
// dist/cli/main.js executable then; a later clone at the same path (or a rebuilt dist/) finds that cache entry,
// is never marked, and fails with "Permission denied". The script needs no executable bit on what tsc wrote.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const modules = path.join(root, "node_modules");
if (fs.existsSync(modules)) {
  const link = path.join(modules, "pulumi-streamkap");
  try {
    fs.rmSync(link, { recursive: false, force: true });
  } catch {
    // a stale directory rather than a link: leave it to rmSync below
  }
  fs.symlinkSync("..", link, "dir");

  const command = path.join(modules, ".bin", "pulumi-streamkap");
  fs.mkdirSync(path.dirname(command), { recursive: true });
  fs.rmSync(command, { force: true });
  fs.writeFileSync(
    command,
    [
      "#!/bin/sh",
      "# Written by scripts/link-self.js (npm ci): this checkout's pulumi-streamkap command.",
      "# The physical directory: node_modules may be reached through a symbolic link (a project linking this one's).",
      'main="$(cd "$(dirname "$0")" && pwd -P)/../../dist/cli/main.js"',
      'if [ ! -f "$main" ]; then',
      '  echo "pulumi-streamkap: $main is not built yet: run \\`npm run build\\` in this checkout first." >&2',
      "  exit 1",
      "fi",
      'exec node "$main" "$@"',
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
}
