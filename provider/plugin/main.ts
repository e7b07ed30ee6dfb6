/**
 * pulumi-resource-streamkap's entry (bin/pulumi-resource-streamkap, the release's executable, plugin/index.js).
 * The engine starts it with its own address; a person who runs it gets `--help` and `--version` answered instead
 * of a port number and a wait. The provider itself (serve-plugin.ts) loads only after the Node.js check, so that an
 * old Node.js gets one line saying what to do rather than a dependency's TypeError.
 */
import { exitOnUnsupportedNode } from "../node-version";
import { pluginVersion } from "./plugin-version";

const usage = `Usage: pulumi-resource-streamkap [--help | --version]

The Streamkap provider plugin for Pulumi. The Pulumi engine starts it when a program uses streamkap resources;
it is not run by hand. Install it with

  pulumi plugin install resource streamkap <version>

and write programs with the streamkap SDK of your language (YAML needs none): see
https://github.com/streamkap-com/pulumi-streamkap#install
`;

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  process.stdout.write(usage);
} else if (argv.includes("--version")) {
  process.stdout.write(`${pluginVersion()}\n`);
} else {
  exitOnUnsupportedNode("pulumi-resource-streamkap");
  void import("./serve-plugin.js").then(({ servePlugin }) => servePlugin());
}
