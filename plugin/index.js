// The entry point Pulumi's Node.js language host loads for the plugin in this directory (see PulumiPlugin.yaml): the
// same provider as bin/pulumi-resource-streamkap. @pulumi/pulumi's plugin runner has already put the engine's
// arguments in process.argv, where the provider reads them.
const fs = require("node:fs");
const path = require("node:path");

const provider = path.join(__dirname, "..", "dist", "provider", "plugin", "main.js");
if (!fs.existsSync(provider)) {
  // The engine shows only "exited prematurely" unless the plugin says why on stderr.
  console.error(
    `pulumi-streamkap: the provider plugin is not built (${provider} is missing). ` +
      "In a checkout, run `npm ci && npm run build`; in a project, reinstall pulumi-streamkap.",
  );
  process.exit(1);
}
require(provider);
